import {
  CANDIDATURE_CATEGORY,
  candidatureDecider,
  EXAM_INCIDENT_MESSAGES,
  examIncidentDecider,
  examIncidentKind,
  fold,
  SESSION_CATEGORY,
  sessionDecider,
  streamName,
  ValidationError,
  type CandidatureEvent,
  type ExamIncidentCandidate,
  type ExamIncidentData,
  type ExamIncidentDetails,
  type ListField,
  type SessionEvent,
} from '@examens-pro/domain';
import type { EventStore } from '@examens-pro/platform';
import { incidentCommandsOf } from './incidentCommands.js';
import { checkReferences, readListItem } from '../reference-lists/references.js';

const reference = (name: string, label: string, list: string, inactive: string): ListField => ({
  name,
  label,
  type: 'reference',
  reference: list,
  required: true,
  inactiveMessage: inactive,
});

/** Each reference must name an item that may be chosen now (checked on its own stream). */
const REFERENCES: readonly ListField[] = [
  reference('sessionId', 'Session', 'sessions', 'Choisissez une session qui n’est pas clôturée.'),
  reference(
    'siteId',
    'Site de composition',
    'sites-composition',
    'Choisissez un site de composition actif.',
  ),
  reference('epreuveId', 'Épreuve', 'epreuves', 'Choisissez une épreuve active.'),
  reference(
    'typeId',
    'Type d’incident',
    'types-incidents-examen',
    'Choisissez un type d’incident actif.',
  ),
];

/**
 * The commands on exam incidents: a recording names a session not yet closed, an active site,
 * an active épreuve of the session's examen, an active type, and candidates allocated to that site
 * for that session (named as they are then); anything else is a French 400 naming the field.
 */
export const examIncidentCommands = (eventStore: EventStore) =>
  incidentCommandsOf<ExamIncidentDetails, ExamIncidentData>(
    eventStore,
    examIncidentKind,
    examIncidentDecider,
    async (input) => {
      await checkReferences(eventStore, REFERENCES, input as unknown as Record<string, unknown>);
      const session = fold(
        sessionDecider,
        (await eventStore.readStream(
          streamName(SESSION_CATEGORY, input.sessionId),
        )) as unknown as SessionEvent[],
      );
      const epreuve = await readListItem(eventStore, 'epreuves', input.epreuveId);
      if (session.status !== 'present' || epreuve?.values.examenId !== session.examenId)
        throw new ValidationError(EXAM_INCIDENT_MESSAGES.epreuveOfAnotherExam, {
          epreuveId: EXAM_INCIDENT_MESSAGES.epreuveOfAnotherExam,
        });
      const candidats: ExamIncidentCandidate[] = [];
      const refused: string[] = [];
      for (const candidatureId of input.candidatureIds) {
        const state = fold(
          candidatureDecider,
          (await eventStore.readStream(
            streamName(CANDIDATURE_CATEGORY, candidatureId),
          )) as unknown as CandidatureEvent[],
        );
        const nom =
          state.status === 'present'
            ? [state.values.nom, state.values.prenoms].filter(Boolean).join(' ')
            : '';
        if (
          state.status !== 'present' ||
          state.statut !== 'affecte' ||
          state.sessionId !== input.sessionId ||
          state.siteId !== input.siteId
        ) {
          refused.push(
            state.status === 'present'
              ? `${nom} (dossier ${state.numeroDossier})`
              : 'un dossier introuvable',
          );
          continue;
        }
        candidats.push({ candidatureId, numeroCandidat: state.numeroCandidat, nom });
      }
      if (refused.length > 0) {
        const message = EXAM_INCIDENT_MESSAGES.notAllocated(refused.join(', '));
        throw new ValidationError(message, { candidatureIds: message });
      }
      return { ...input, candidatureIds: [...input.candidatureIds], candidats };
    },
  );
