import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  enterMarks,
  gradeCommands,
  gradeDeps,
  openGradeWindow,
  setGradeDoubleEntry,
  type GradeDeps,
} from '@examens-pro/application';
import {
  ConflictError,
  GRADE_SHEET_CATEGORY,
  gradeSheetId,
  streamName,
  ValidationError,
  type CommandContext,
} from '@examens-pro/domain';
import { startTestApp } from './testApp.js';
import { composingSession, type ExamFixture } from './examFixture.js';

/**
 * The grade commands called alone, each a named function given its dependencies (no HTTP): the
 * same checks and events as through the routes, and `gradeCommands` mapping its names to them.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let fx: ExamFixture;
let deps: GradeDeps;

const context = (): CommandContext => ({
  commandId: randomUUID(),
  actor: { id: 'agent-notes', name: 'Agent des notes' },
  now: '2027-06-15T08:00:00.000Z',
});
/** THEO at Yaoundé: candidates 0 and 1 compose it there. */
const keys = () => ({
  sessionId: fx.ids.session!,
  epreuveId: fx.ids.theo!,
  siteId: fx.ids.lycee!,
});
const sheetEvents = async () =>
  (
    await t.eventStore.readStream(
      streamName(
        GRADE_SHEET_CATEGORY,
        gradeSheetId(keys().sessionId, keys().epreuveId, keys().siteId),
      ),
    )
  ).map((e) => e.type);

beforeAll(async () => {
  t = await startTestApp();
  fx = await composingSession(t, await t.asAdmin(), 2);
  deps = gradeDeps(t.eventStore, t.readStore);
}, 180_000);
afterAll(async () => t.close());

describe('grade commands as named functions', () => {
  it('refuses a session that does not exist, in French', async () => {
    await expect(setGradeDoubleEntry(deps, 'session-inconnue', true, context())).rejects.toThrow(
      new ValidationError('Cette session est introuvable.'),
    );
  });

  it('refuses marks while the import window is closed, and writes nothing', async () => {
    const refused = enterMarks(
      deps,
      { ...keys(), saisies: [{ candidatureId: fx.candidates[0]!.id, note: 12 }] },
      context(),
    );
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toThrow(
      'La fenêtre d’importation et de saisie des notes est fermée pour cette session : demandez son ouverture à qui en a la permission.',
    );
    expect(await sheetEvents()).toEqual([]);
  });

  it('opens the sheet with its roster at its first marks, once the window is open', async () => {
    await openGradeWindow(deps, keys().sessionId, 'importation', context());
    const answer = await enterMarks(
      deps,
      { ...keys(), saisies: [{ candidatureId: fx.candidates[0]!.id, note: 14 }] },
      context(),
    );
    expect(answer.id).toBe(gradeSheetId(keys().sessionId, keys().epreuveId, keys().siteId));
    expect(await sheetEvents()).toEqual(['GradeSheetOpened', 'MarksEntered']);
  });

  it('names a mark out of the scale by its candidate', async () => {
    const id = fx.candidates[1]!.id;
    const refused = enterMarks(
      deps,
      { ...keys(), saisies: [{ candidatureId: id, note: 25 }] },
      context(),
    );
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({ fields: { [id]: expect.any(String) } });
  });

  it('gradeCommands keeps its names, each running its function', async () => {
    const grades = gradeCommands(t.eventStore, t.readStore);
    await grades.recordPresences(
      { ...keys(), presences: [{ candidatureId: fx.candidates[1]!.id, presence: 'present' }] },
      context(),
    );
    expect(await sheetEvents()).toEqual(['GradeSheetOpened', 'MarksEntered', 'PresencesRecorded']);
  });
});
