import {
  GRADE_SETTINGS_CATEGORY,
  GRADE_SHEET_CATEGORY,
  gradeSettingsDecider,
  gradeSheetDecider,
  gradeSheetId,
  streamName,
  type Actor,
} from '@examens-pro/domain';
import { type AggregateSamples, commandsOn } from '../sampleScope.js';
import { examOf } from '../incidents/samples.js';

/**
 * Grades at the exam incidents' site and épreuve: a session's windows opened and closed, the rule
 * of double entry; each story one sheet of four candidates — presences, two entries (equal for some,
 * different for one), a resolution and a modification with their reasons. Written through the
 * deciders and the shared handler, as the grade routes write them (the rosters are the story's own:
 * the generator runs no read model to read them from).
 */
export const grades: AggregateSamples = {
  name: 'notes',
  provides: [],
  writes: [GRADE_SETTINGS_CATEGORY, GRADE_SHEET_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, siteId, epreuveId } = await examOf(scope);
    const settings = commandsOn(
      scope,
      streamName(GRADE_SETTINGS_CATEGORY, sessionId),
      gradeSettingsDecider,
    );
    // A sheet per story: the same site and épreuve in a session of its own name.
    const sheetSession = `${sessionId}-${n}`;
    const feuilleId = gradeSheetId(sheetSession, epreuveId, siteId);
    const keys = { feuilleId, sessionId: sheetSession, epreuveId, siteId };
    const agents: Actor[] = [
      { id: 'agent-saisie-1', name: 'Agent de saisie 1' },
      { id: 'agent-saisie-2', name: 'Agent de saisie 2' },
    ];
    const sheet = commandsOn(scope, streamName(GRADE_SHEET_CATEGORY, feuilleId), gradeSheetDecider);
    await settings({
      type: 'OpenGradeWindow',
      data: { sessionId, fenetre: 'importation', sessionStatut: 'composition' },
    });
    const candidats = [1, 2, 3, 4].map((i) => ({
      candidatureId: `candidature-notes-${n}-${i}`,
      numeroCandidat: `CQP-${String(n * 10 + i).padStart(5, '0')}`,
      nom: 'Candidat',
      prenoms: `Numéro ${i}`,
      sexe: i % 2 ? 'M' : 'F',
      metierId: 'metier',
      centreExamenId: 'centre',
    }));
    await sheet({ type: 'OpenGradeSheet', data: { ...keys, candidats } });
    // One sheet in two is anonymous: its copies numbered before any mark.
    if (n % 2 === 1)
      await sheet({
        type: 'AssignAnonymityNumbers',
        data: {
          numeros: candidats.map((c, i) => ({
            candidatureId: c.candidatureId,
            numeroAnonymat: String(n * 10 + ((i * 3) % 4)).padStart(6, '0'),
          })),
        },
      });
    await sheet({
      type: 'RecordPresences',
      data: {
        presences: candidats.map((c, i) => ({
          candidatureId: c.candidatureId,
          presence: i === 3 ? 'absent' : 'present',
        })),
      },
    });
    const enter = (agent: Actor, notes: number[]) =>
      sheet(
        {
          type: 'EnterMarks',
          data: {
            source: 'saisie',
            importation: null,
            parId: agent.id,
            doubleSaisie: true,
            marks: notes.map((note, i) => ({ candidatureId: candidats[i]!.candidatureId, note })),
          },
        },
        agent,
      );
    await enter(agents[0]!, [12.5, 8, 15 + (n % 5)]);
    await enter(agents[1]!, [12.5, 9, 15 + (n % 5)]);
    await sheet({
      type: 'ResolveDiscrepancy',
      data: { candidatureId: candidats[1]!.candidatureId, note: 8.5, motif: 'Copie revue.' },
    });
    if (n % 2 === 0) {
      await settings({
        type: 'OpenGradeWindow',
        data: { sessionId, fenetre: 'modification', sessionStatut: 'composition' },
      });
      await sheet({
        type: 'ModifyMark',
        data: { candidatureId: candidats[0]!.candidatureId, note: 13, motif: 'Erreur de report.' },
      });
      await settings({ type: 'CloseGradeWindow', data: { sessionId, fenetre: 'modification' } });
    }
    if (n % 3 === 0) {
      await settings({ type: 'CloseGradeWindow', data: { sessionId, fenetre: 'importation' } });
      await settings({
        type: 'SetGradeEntryRule',
        data: { sessionId, doubleSaisie: n % 2 === 0 },
      });
      await settings({ type: 'SetGradeAnonymity', data: { sessionId, anonymat: n % 2 === 0 } });
    }
  },
};
