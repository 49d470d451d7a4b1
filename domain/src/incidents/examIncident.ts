/**
 * An exam incident: during a session's
 * composition, at one site and one épreuve, a type from the configuration (`types-incidents-examen`),
 * the candidates involved (allocated to that site), a description and an optional attachment; its
 * statut follows the shared life cycle (incidents/incident.ts): ouvert → en cours → résolu | rejeté,
 * each step with a comment. Recorded and followed under « Édition des incidents », read under
 * « Liste des incidents d’examen ».
 */
import type { RecordedEvent } from '../core/envelope.js';
import type { CollectionDefinition, ResourceDefinition } from '../core/readModels.js';
import {
  incidentDeciderOf,
  incidentDescription,
  incidentDocumentAfterOf,
  incidentErrors,
  incidentHistoryOf,
  incidentResourceOf,
  incidentText,
  type IncidentCommand,
  type IncidentDocumentBase,
  type IncidentEvent,
  type IncidentKind,
} from './incident.js';

export const EXAM_INCIDENT_CATEGORY = 'incidents-examen';
export const EXAM_INCIDENT_NOT_FOUND = 'Cet incident d’examen est introuvable.';
/** Candidates one incident may name (a whole room at most). */
export const EXAM_INCIDENT_CANDIDATES_MAX = 500;

export interface ExamIncidentDetails {
  readonly sessionId: string;
  readonly siteId: string;
  readonly epreuveId: string;
  readonly typeId: string;
  /** The candidatures involved (none: the incident concerns the room, the site). */
  readonly candidatureIds: readonly string[];
  readonly description: string;
}

/** A candidate involved, as named when the incident was recorded. */
export interface ExamIncidentCandidate {
  readonly candidatureId: string;
  readonly numeroCandidat: string | null;
  readonly nom: string;
}

/** What an exam incident's recording says. */
export type ExamIncidentData = ExamIncidentDetails & {
  readonly candidats: readonly ExamIncidentCandidate[];
};
export type ExamIncidentEvent = IncidentEvent<ExamIncidentData>;
export type ExamIncidentCommand = IncidentCommand<ExamIncidentData>;

export const examIncidentKind: IncidentKind = {
  category: EXAM_INCIDENT_CATEGORY,
  notFoundMessage: EXAM_INCIDENT_NOT_FOUND,
};

export const examIncidentDecider = incidentDeciderOf<ExamIncidentData>(examIncidentKind);

// ---------------------------------------------------------------------------------------------
// Inputs

export const EXAM_INCIDENT_MESSAGES = {
  sessionId: 'Choisissez la session.',
  siteId: 'Choisissez le site de composition.',
  epreuveId: 'Choisissez l’épreuve.',
  typeId: 'Choisissez le type d’incident.',
  candidatureIds: 'Choisissez les candidats concernés dans la liste.',
  tooMany: `Un incident concerne au plus ${EXAM_INCIDENT_CANDIDATES_MAX} candidats.`,
  /** A candidate not (or no longer) allocated to the incident's site for its session. */
  notAllocated: (names: string) =>
    `Ces candidats ne sont pas affectés à ce site pour cette session : ${names}.`,
  epreuveOfAnotherExam: 'Cette épreuve n’appartient pas à l’examen de la session choisie.',
} as const;

/** `{ sessionId, siteId, epreuveId, typeId, candidatureIds?, description }`. */
export const parseExamIncident = (body: unknown): ExamIncidentDetails => {
  const input = (body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  for (const field of ['sessionId', 'siteId', 'epreuveId', 'typeId'] as const)
    if (!incidentText(input, field)) errors[field] = EXAM_INCIDENT_MESSAGES[field];
  const raw = input.candidatureIds ?? [];
  const ids =
    Array.isArray(raw) && raw.every((id) => typeof id === 'string' && id.trim() !== '')
      ? [...new Set((raw as string[]).map((id) => id.trim()))]
      : null;
  if (!ids) errors.candidatureIds = EXAM_INCIDENT_MESSAGES.candidatureIds;
  else if (ids.length > EXAM_INCIDENT_CANDIDATES_MAX)
    errors.candidatureIds = EXAM_INCIDENT_MESSAGES.tooMany;
  const description = incidentDescription(input, errors);
  incidentErrors(errors);
  return {
    sessionId: incidentText(input, 'sessionId'),
    siteId: incidentText(input, 'siteId'),
    epreuveId: incidentText(input, 'epreuveId'),
    typeId: incidentText(input, 'typeId'),
    candidatureIds: ids!,
    description,
  };
};

// ---------------------------------------------------------------------------------------------
// Read side

export interface ExamIncidentDocument extends IncidentDocumentBase {
  sessionId: string;
  siteId: string;
  epreuveId: string;
  typeId: string;
  candidatureIds: string[];
  candidats: ExamIncidentCandidate[];
  nombreCandidats: number;
  /** « 000123 Mballa Ange, … »: what the search reads. */
  candidatsTexte: string;
}

export const examIncidentsCollection: CollectionDefinition = {
  name: 'incidents_examen',
  fields: {
    sessionId: 'string',
    siteId: 'string',
    epreuveId: 'string',
    typeId: 'string',
    statut: 'string',
    nombreCandidats: 'number',
    creeParId: 'string',
    creePar: 'string',
    creeLe: 'string',
    modifieLe: 'string',
  },
  searchFields: ['description', 'candidatsTexte', 'creePar'],
  defaultSort: { field: 'creeLe', order: 'DESC' },
};

export const EXAM_INCIDENTS_PROJECTION = 'incidents-examen';

const candidateText = (c: ExamIncidentCandidate) =>
  [c.numeroCandidat, c.nom].filter(Boolean).join(' ');

export const examIncidentDocumentAfter: (
  current: ExamIncidentDocument | null,
  recorded: RecordedEvent,
) => ExamIncidentDocument | null = incidentDocumentAfterOf<ExamIncidentData, ExamIncidentDocument>(
  (d) => ({
    sessionId: d.sessionId,
    siteId: d.siteId,
    epreuveId: d.epreuveId,
    typeId: d.typeId,
    candidatureIds: [...d.candidatureIds],
    candidats: [...d.candidats],
    nombreCandidats: d.candidats.length,
    candidatsTexte: d.candidats.map(candidateText).join(', '),
  }),
);

/** The referenced fields, shown by libellé in the history and the lists. */
const REFERENCES = {
  sessionId: { label: 'Session', reference: 'sessions' },
  siteId: { label: 'Site de composition', reference: 'sites-composition' },
  epreuveId: { label: 'Épreuve', reference: 'epreuves' },
  typeId: { label: 'Type d’incident', reference: 'types-incidents-examen' },
} as const;

/**
 * « Édition des incidents » and « Liste des incidents d’examen »: every exam incident, recorded
 * and moved on by `incident-examen.enregistrer`, read by `incident-examen.lister` too.
 */
export const examIncidentsResource: ResourceDefinition = {
  ...incidentResourceOf({
    ...examIncidentKind,
    collection: examIncidentsCollection,
    projection: EXAM_INCIDENTS_PROJECTION,
    fields: Object.entries(REFERENCES).map(([name, { reference }]) => ({
      name,
      type: 'reference',
      reference,
    })),
    history: incidentHistoryOf<ExamIncidentData>(
      (d) => ({
        sessionId: d.sessionId,
        siteId: d.siteId,
        epreuveId: d.epreuveId,
        typeId: d.typeId,
        candidats: d.candidats.map(candidateText).join(', '),
      }),
      { ...REFERENCES, candidats: 'Candidats concernés' },
    ),
  }),
  name: 'incidents-examen',
  label: 'incident d’examen',
};
