/**
 * A registration incident (domain.md « Registration incidents »): a type from the configuration, an
 * optional dossier, a description and an optional attachment; its statut goes ouvert → en cours →
 * résolu | rejeté, each step with a comment, shown in its history. Who recorded it and the centre de
 * dépôt it concerns decide who reads it: an enrôleur, their centre's only.
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent, RecordedEvent } from '../core/envelope.js';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { describeHistory, type HistoryEvent } from '../history/history.js';
import type { PieceFile } from './candidature.js';

export const INCIDENT_CATEGORY = 'incidents-inscription';
export const INCIDENT_NOT_FOUND = 'Cet incident est introuvable.';

export const INCIDENT_STATUSES = ['ouvert', 'en-cours', 'resolu', 'rejete'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  ouvert: 'Ouvert',
  'en-cours': 'En cours',
  resolu: 'Résolu',
  rejete: 'Rejeté',
};
/** The steps allowed from each statut. */
export const INCIDENT_NEXT: Record<IncidentStatus, readonly IncidentStatus[]> = {
  ouvert: ['en-cours'],
  'en-cours': ['resolu', 'rejete'],
  resolu: [],
  rejete: [],
};

export interface IncidentDetails {
  readonly typeId: string;
  readonly candidatureId: string | null;
  readonly description: string;
}

type Id = { incidentId: string };
export type IncidentRecorded = DomainEvent<
  'IncidentRecorded',
  Id &
    IncidentDetails & {
      /** The centre it concerns: the dossier's, else the recorder's (an enrôleur's); null: none. */
      centreDepotId: string | null;
      /** The dossier as it was named then (its number and candidate), for the lists. */
      numeroDossier: string | null;
      candidat: string | null;
    }
>;
export type IncidentAttachmentAdded = DomainEvent<'IncidentAttachmentAdded', Id & PieceFile>;
export type IncidentStatusChanged = DomainEvent<
  'IncidentStatusChanged',
  Id & {
    de: IncidentStatus;
    vers: IncidentStatus;
    commentaire: string;
    centreDepotId: string | null;
  }
>;
export type IncidentDeleted = DomainEvent<'IncidentDeleted', Id>;
export type IncidentEvent =
  IncidentRecorded | IncidentAttachmentAdded | IncidentStatusChanged | IncidentDeleted;
export const INCIDENT_EVENT_TYPES: readonly IncidentEvent['type'][] = [
  'IncidentRecorded',
  'IncidentAttachmentAdded',
  'IncidentStatusChanged',
  'IncidentDeleted',
];

export type IncidentCommand =
  | { type: 'RecordIncident'; data: IncidentRecorded['data'] }
  | { type: 'AttachToIncident'; data: Id & PieceFile }
  | { type: 'ChangeIncidentStatus'; data: Id & { statut: IncidentStatus; commentaire: string } }
  | { type: 'DeleteIncident'; data: Id };

export type Incident =
  | { status: 'absent' }
  | { status: 'supprime' }
  | {
      status: 'present';
      id: string;
      statut: IncidentStatus;
      centreDepotId: string | null;
      pieceJointe: PieceFile | null;
    };

const existing = (state: Incident) => {
  if (state.status !== 'present') throw new NotFoundError(INCIDENT_NOT_FOUND);
  return state;
};

export const decideIncident = (command: IncidentCommand, state: Incident): IncidentEvent[] => {
  switch (command.type) {
    case 'RecordIncident':
      if (state.status !== 'absent') throw new ConflictError('Cet incident existe déjà.');
      return [{ type: 'IncidentRecorded', data: command.data }];
    case 'AttachToIncident': {
      const current = existing(state);
      if (current.statut === 'resolu' || current.statut === 'rejete')
        throw new ConflictError(
          `Cet incident est « ${INCIDENT_STATUS_LABELS[current.statut]} » : sa pièce jointe ne change plus.`,
        );
      if (current.pieceJointe?.fichier === command.data.fichier) return [];
      return [{ type: 'IncidentAttachmentAdded', data: command.data }];
    }
    case 'ChangeIncidentStatus': {
      const current = existing(state);
      const { statut, commentaire } = command.data;
      if (current.statut === statut) return [];
      if (!INCIDENT_NEXT[current.statut].includes(statut))
        throw new ConflictError(
          `Un incident « ${INCIDENT_STATUS_LABELS[current.statut]} » ne peut pas passer à « ${INCIDENT_STATUS_LABELS[statut]} »${
            INCIDENT_NEXT[current.statut].length
              ? ` (étape suivante : ${INCIDENT_NEXT[current.statut].map((s) => `« ${INCIDENT_STATUS_LABELS[s]} »`).join(' ou ')})`
              : ' : il est clos'
          }.`,
        );
      return [
        {
          type: 'IncidentStatusChanged',
          data: {
            incidentId: current.id,
            de: current.statut,
            vers: statut,
            commentaire,
            centreDepotId: current.centreDepotId,
          },
        },
      ];
    }
    case 'DeleteIncident':
      existing(state);
      return [{ type: 'IncidentDeleted', data: command.data }];
    default:
      return assertNever(command);
  }
};

export const evolveIncident = (state: Incident, event: IncidentEvent): Incident => {
  switch (event.type) {
    case 'IncidentRecorded':
      return {
        status: 'present',
        id: event.data.incidentId,
        statut: 'ouvert',
        centreDepotId: event.data.centreDepotId,
        pieceJointe: null,
      };
    case 'IncidentAttachmentAdded': {
      if (state.status !== 'present') return state;
      const { fichier, nomFichier, type, taille } = event.data;
      return { ...state, pieceJointe: { fichier, nomFichier, type, taille } };
    }
    case 'IncidentStatusChanged':
      return state.status === 'present' ? { ...state, statut: event.data.vers } : state;
    case 'IncidentDeleted':
      return { status: 'supprime' };
    default:
      return assertNever(event);
  }
};

export const incidentDecider: Decider<IncidentCommand, IncidentEvent, Incident> = {
  decide: decideIncident,
  evolve: evolveIncident,
  initialState: () => ({ status: 'absent' }),
};

// ---------------------------------------------------------------------------------------------
// Inputs

const text = (input: Record<string, unknown>, field: string) =>
  typeof input[field] === 'string' ? (input[field] as string).trim() : '';

export const INCIDENT_DESCRIPTION_MAX = 4000;

/** `{ typeId, candidatureId?, description }`. */
export const parseIncident = (body: unknown): IncidentDetails => {
  const input = (body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (!text(input, 'typeId')) errors.typeId = 'Choisissez le type d’incident.';
  const description = text(input, 'description');
  if (!description) errors.description = 'Décrivez l’incident.';
  else if (description.length > INCIDENT_DESCRIPTION_MAX)
    errors.description = `La description ne doit pas dépasser ${INCIDENT_DESCRIPTION_MAX} caractères.`;
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return {
    typeId: text(input, 'typeId'),
    candidatureId: text(input, 'candidatureId') || null,
    description,
  };
};

/** `{ statut, commentaire }`: the next step, with its comment. */
export const parseIncidentStatus = (
  body: unknown,
): { statut: IncidentStatus; commentaire: string } => {
  const input = (body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const statut = text(input, 'statut');
  if (!(INCIDENT_STATUSES as readonly string[]).includes(statut))
    errors.statut = 'Choisissez le nouveau statut : en cours, résolu ou rejeté.';
  if (!text(input, 'commentaire')) errors.commentaire = 'Un commentaire est obligatoire.';
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return { statut: statut as IncidentStatus, commentaire: text(input, 'commentaire') };
};

// ---------------------------------------------------------------------------------------------
// Read side

export interface IncidentDocument extends ReadModelDocument {
  typeId: string;
  candidatureId: string | null;
  numeroDossier: string | null;
  candidat: string | null;
  description: string;
  statut: IncidentStatus;
  centreDepotId: string | null;
  pieceJointe: (PieceFile & { deposeeLe: string }) | null;
  /** Each change of statut: when, who, from, to, comment. */
  suivi: {
    le: string;
    par: string;
    de: IncidentStatus;
    vers: IncidentStatus;
    commentaire: string;
  }[];
  creeLe: string;
  creeParId: string;
  creePar: string;
  modifieLe: string;
  modifiePar: string;
}

export const incidentsCollection: CollectionDefinition = {
  name: 'incidents_inscription',
  fields: {
    typeId: 'string',
    candidatureId: 'string',
    numeroDossier: 'string',
    statut: 'string',
    centreDepotId: 'string',
    creeParId: 'string',
    creePar: 'string',
    creeLe: 'string',
    modifieLe: 'string',
  },
  searchFields: ['description', 'numeroDossier', 'candidat', 'creePar'],
  defaultSort: { field: 'creeLe', order: 'DESC' },
};

export const INCIDENTS_PROJECTION = 'incidents-inscription';

export const incidentDocumentAfter = (
  current: IncidentDocument | null,
  recorded: RecordedEvent,
): IncidentDocument | null => {
  const event = recorded as unknown as RecordedEvent<IncidentEvent>;
  const stamp = {
    version: event.revision,
    modifieLe: event.metadata.at,
    modifiePar: event.metadata.actor.name,
  };
  switch (event.type) {
    case 'IncidentRecorded': {
      const d = event.data;
      return {
        id: d.incidentId,
        ...stamp,
        typeId: d.typeId,
        candidatureId: d.candidatureId,
        numeroDossier: d.numeroDossier,
        candidat: d.candidat,
        description: d.description,
        statut: 'ouvert',
        centreDepotId: d.centreDepotId,
        pieceJointe: null,
        suivi: [],
        creeLe: event.metadata.at,
        creeParId: event.metadata.actor.id,
        creePar: event.metadata.actor.name,
      };
    }
    case 'IncidentAttachmentAdded': {
      if (!current) return null;
      const { fichier, nomFichier, type, taille } = event.data;
      return {
        ...current,
        ...stamp,
        pieceJointe: { fichier, nomFichier, type, taille, deposeeLe: event.metadata.at },
      };
    }
    case 'IncidentStatusChanged':
      if (!current) return null;
      return {
        ...current,
        ...stamp,
        statut: event.data.vers,
        suivi: [
          ...current.suivi,
          {
            le: event.metadata.at,
            par: event.metadata.actor.name,
            de: event.data.de,
            vers: event.data.vers,
            commentaire: event.data.commentaire,
          },
        ],
      };
    case 'IncidentDeleted':
      return null;
    default:
      return current;
  }
};

const incidentHistory = (events: readonly HistoryEvent[]) =>
  describeHistory<Record<string, unknown>>(events, {
    initial: {},
    apply: (state, event) => {
      const e = event as unknown as IncidentEvent;
      switch (e.type) {
        case 'IncidentRecorded':
          return {
            typeId: e.data.typeId,
            numeroDossier: e.data.numeroDossier,
            description: e.data.description,
            statut: INCIDENT_STATUS_LABELS.ouvert,
          };
        case 'IncidentAttachmentAdded':
          return { ...state, pieceJointe: e.data.nomFichier };
        case 'IncidentStatusChanged':
          return {
            ...state,
            statut: INCIDENT_STATUS_LABELS[e.data.vers],
            commentaire: e.data.commentaire,
          };
        case 'IncidentDeleted':
          return {};
        default:
          return state;
      }
    },
    actions: {
      IncidentRecorded: 'Enregistrement',
      IncidentAttachmentAdded: 'Pièce jointe',
      IncidentStatusChanged: 'Changement de statut',
      IncidentDeleted: 'Suppression',
    },
    fields: {
      typeId: { label: 'Type d’incident', reference: 'types-incidents' },
      numeroDossier: 'Dossier',
      description: 'Description',
      pieceJointe: 'Pièce jointe',
      statut: 'Statut',
      commentaire: 'Commentaire',
    },
  });

const incidentResourceBase = {
  collection: incidentsCollection,
  projections: [INCIDENTS_PROJECTION],
  category: INCIDENT_CATEGORY,
  label: 'incident',
  notFoundMessage: INCIDENT_NOT_FOUND,
  scopedBy: 'centreDepotId',
  fields: [{ name: 'typeId', type: 'reference', reference: 'types-incidents' }],
  history: incidentHistory,
} as const;

/** Every incident (« Liste des incidents »): an enrôleur reads their centre's. */
export const incidentsResource: ResourceDefinition = {
  ...incidentResourceBase,
  name: 'incidents-inscription',
};

/** « Mes incidents »: those the reader recorded. */
export const myIncidentsResource: ResourceDefinition = {
  ...incidentResourceBase,
  name: 'mes-incidents',
  ownedBy: 'creeParId',
  readOnly: true,
};
