import {
  GRADE_SHEET_CATEGORY,
  gradeSheetDecider,
  gradeSheetId,
  parseListItem,
  referenceList,
  resultsCollection,
  streamName,
  type Actor,
  type CommandContext,
  type GradeSheetCommand,
  type RosterEntry,
  type DeliberationEpreuve,
} from '@examens-pro/domain';
import { DEMO_NOMS, DEMO_PRENOMS_F } from '@examens-pro/embedded';
import { eventIdFor, type EventStore, type ReadStore } from '@examens-pro/platform';
import { deliberationCommands, listCommands } from '@examens-pro/application';
import { decidedEnvelopes } from './dossiers.js';

/**
 * The deliberation's story, in parts that the `admissions` suite and the national session
 * (`session`) both run: the examen's épreuves and the juries (through the lists' commands), the
 * grade sheets as their decider decides them (opened with their roster, presences, one mark per
 * present candidate), and the juries closed through the product's command until the results' read
 * model holds every result.
 */
type Item = (list: string, code: string, libelle: string, values?: object) => Promise<string>;

/** An épreuve of the story, as the deliberation weighs it. */
export type StoryEpreuve = DeliberationEpreuve;

/** `count` épreuves of `examenId`, for every métier: coefficients 1 to 3, out of 20 or 40, the first eliminatory. */
export const createEpreuves = async (
  item: Item,
  examenId: string,
  count: number,
): Promise<StoryEpreuve[]> => {
  const epreuves: StoryEpreuve[] = [];
  for (let e = 0; e < count; e += 1) {
    const noteMax = e % 3 === 2 ? 40 : 20;
    const code = `E${String(e + 1).padStart(2, '0')}`;
    const libelle = `Épreuve ${e + 1}`;
    const coefficient = 1 + (e % 3);
    const eliminatoire = e === 0;
    const id = await item('epreuves', code, libelle, {
      examenId,
      coefficient,
      noteMax,
      typeEpreuve: e % 2 ? 'pratique' : 'ecrite',
      eliminatoire,
    });
    epreuves.push({ id, code, libelle, coefficient, noteMax, eliminatoire });
  }
  return epreuves;
};

/** The juries' shared items: their type and the president's function. */
export const juryBasics = async (item: Item) => ({
  typeId: await item('types-jurys', 'DELIB', 'Délibération'),
  fonctionId: await item('fonctions-membres-jurys', 'PRES', 'Président'),
});

/**
 * A jury (and its president) through the lists' commands, over `centreExamenIds` and
 * `metierIds`; its id from `key`.
 */
export const createJury = async (
  eventStore: EventStore,
  readStore: ReadStore,
  context: (commandId: string) => CommandContext,
  jury: {
    key: string;
    index: number;
    sessionId: string;
    typeId: string;
    fonctionId: string;
    centreExamenIds: string[];
    metierIds: string[];
  },
): Promise<string> => {
  /** An item of a list without a code (jury members, juries), its id from its key. */
  const uncoded = async (list: string, key: string, values: Record<string, unknown>) => {
    const id = eventIdFor(`mesure-${list}-${key}`, 0);
    const definition = referenceList(list)!;
    const command = context(`mesure-${list}-${key}`);
    await listCommands(eventStore, readStore, definition).create(
      id,
      parseListItem(definition, values, command),
      command,
    );
    return id;
  };
  const j = jury.index;
  const presidentId = await uncoded('membres-jury', `P${jury.key}`, {
    nom: DEMO_NOMS[j % DEMO_NOMS.length]!,
    prenoms: DEMO_PRENOMS_F[j % DEMO_PRENOMS_F.length]!,
    fonctionId: jury.fonctionId,
  });
  return uncoded('jurys', `J${jury.key}`, {
    libelle: `Jury ${j + 1}`,
    typeId: jury.typeId,
    sessionId: jury.sessionId,
    centreExamenIds: jury.centreExamenIds,
    metierIds: jury.metierIds,
    presidentId,
  });
};

/** What one sheet holds: who was absent, and the marks of the others (out of the épreuve's max). */
export type SheetGrades = (
  roster: readonly RosterEntry[],
  epreuveIndex: number,
  sheetIndex: number,
) => { absent: ReadonlySet<string>; marks: { candidatureId: string; note: number }[] };

/**
 * The grade sheets of every site and épreuve, as the grade sheet decider decides them: opened
 * with the site's roster, presences recorded, the marks entered (an import). Returns the marks
 * entered.
 */
export const writeGradeSheets = async (
  eventStore: EventStore,
  input: {
    sessionId: string;
    epreuves: readonly { id: string }[];
    rosters: ReadonlyMap<string, RosterEntry[]>;
    actor: Actor;
    now: string;
    grades: SheetGrades;
  },
): Promise<number> => {
  let marks = 0;
  let k = 0;
  for (const [siteId, roster] of input.rosters)
    for (const [e, epreuve] of input.epreuves.entries()) {
      const feuilleId = gradeSheetId(input.sessionId, epreuve.id, siteId);
      const keys = { feuilleId, sessionId: input.sessionId, epreuveId: epreuve.id, siteId };
      const graded = input.grades(roster, e, k);
      const commands: GradeSheetCommand[] = [
        { type: 'OpenGradeSheet', data: { ...keys, candidats: roster } },
        {
          type: 'RecordPresences',
          data: {
            presences: roster.map((c) => ({
              candidatureId: c.candidatureId,
              presence: graded.absent.has(c.candidatureId) ? 'absent' : 'present',
            })),
          },
        },
        {
          type: 'EnterMarks',
          data: {
            source: 'importation',
            importation: { id: `import-${feuilleId}`, fichier: 'notes.csv' },
            parId: input.actor.id,
            doubleSaisie: false,
            marks: graded.marks,
          },
        },
      ];
      k += 1;
      const envelopes = decidedEnvelopes(gradeSheetDecider, commands, input.actor, input.now);
      marks += graded.marks.length;
      await eventStore.appendToStream(streamName(GRADE_SHEET_CATEGORY, feuilleId), envelopes, {
        expectedRevision: 'no_stream',
      });
    }
  return marks;
};

/**
 * Every jury closed through the product's command, one after the other, then the results' read
 * model counted every 200 ms (a count costs the projection time) until it holds `expected`
 * results of the session. The results' projections must be running (the product's, or a runner
 * of the caller's).
 */
export const closeJuries = async (
  eventStore: EventStore,
  readStore: ReadStore,
  input: {
    sessionId: string;
    juryIds: readonly string[];
    context: (commandId: string) => CommandContext;
    expected: number;
    failed?: () => void;
    timeoutSeconds?: number;
  },
) => {
  const commands = deliberationCommands(eventStore, readStore);
  const started = performance.now();
  for (const juryId of input.juryIds)
    await commands.close(juryId, input.context(`mesure-cloture-${juryId}`));
  const closeSeconds = (performance.now() - started) / 1000;
  const projected = readStore.collection(resultsCollection);
  const deadline = Date.now() + (input.timeoutSeconds ?? 1800) * 1000;
  while ((await projected.count({ sessionId: input.sessionId })) < input.expected) {
    input.failed?.();
    if (Date.now() > deadline) throw new Error('Résultats trop longs à projeter : délai dépassé.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const totalSeconds = (performance.now() - started) / 1000;
  return { closeSeconds, totalSeconds, projectSeconds: totalSeconds - closeSeconds };
};
