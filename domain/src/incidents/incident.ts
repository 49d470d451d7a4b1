/**
 * What every kind of incident shares (registration and exam incidents): it
 * is recorded with details of its kind and a description, may take one attachment while open, and
 * its statut goes ouvert → en cours → résolu | rejeté, each step with a comment, shown in its
 * suivi and its history. A kind (registration, exam) is a declaration of this part: its stream
 * category, what its recording says, and how its read model and history show that.
 *
 * Every kind writes the same events in streams of its own category; a projection keeps the events
 * of its category (`isIncidentOf`).
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent, RecordedEvent } from '../core/envelope.js';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { describeHistory, type HistoryEvent, type HistoryField } from '../history/history.js';
import type { PieceFile } from '../registration/candidature.js';

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

type Id = { incidentId: string };
/** The centre de dépôt an incident belongs to, for a kind read per centre (registration). */
type Scope = { centreDepotId?: string | null };

/** `D`: what a kind's recording says (its details, and what it named then). */
export type IncidentRecorded<D extends object = Record<string, unknown>> = DomainEvent<
  'IncidentRecorded',
  Id & D
>;
export type IncidentAttachmentAdded = DomainEvent<'IncidentAttachmentAdded', Id & PieceFile>;
export type IncidentStatusChanged = DomainEvent<
  'IncidentStatusChanged',
  Id & Scope & { de: IncidentStatus; vers: IncidentStatus; commentaire: string }
>;
export type IncidentDeleted = DomainEvent<'IncidentDeleted', Id>;
export type IncidentEvent<D extends object = Record<string, unknown>> =
  IncidentRecorded<D> | IncidentAttachmentAdded | IncidentStatusChanged | IncidentDeleted;
export const INCIDENT_EVENT_TYPES: readonly IncidentEvent['type'][] = [
  'IncidentRecorded',
  'IncidentAttachmentAdded',
  'IncidentStatusChanged',
  'IncidentDeleted',
];

export type IncidentCommand<D extends object = Record<string, unknown>> =
  | { type: 'RecordIncident'; data: IncidentRecorded<D>['data'] }
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
      /** Its centre de dépôt, for a kind read per centre; null otherwise. */
      centreDepotId: string | null;
      pieceJointe: PieceFile | null;
    };

const existing = (state: Incident, notFound: string) => {
  if (state.status !== 'present') throw new NotFoundError(notFound);
  return state;
};

/** A kind of incident: its stream category, and whether it is read per centre de dépôt. */
export interface IncidentKind {
  readonly category: string;
  readonly notFoundMessage: string;
  /** Its incidents belong to a centre de dépôt (`centreDepotId` of the recording). */
  readonly scopedByCentre?: boolean;
}

/** The decider of one kind of incident: the shared life cycle. */
export const incidentDeciderOf = <D extends object>(
  kind: IncidentKind,
): Decider<IncidentCommand<D>, IncidentEvent<D>, Incident> => {
  const decide = (command: IncidentCommand<D>, state: Incident): IncidentEvent<D>[] => {
    switch (command.type) {
      case 'RecordIncident':
        if (state.status !== 'absent') throw new ConflictError('Cet incident existe déjà.');
        return [{ type: 'IncidentRecorded', data: command.data }];
      case 'AttachToIncident': {
        const current = existing(state, kind.notFoundMessage);
        if (current.statut === 'resolu' || current.statut === 'rejete')
          throw new ConflictError(
            `Cet incident est « ${INCIDENT_STATUS_LABELS[current.statut]} » : sa pièce jointe ne change plus.`,
          );
        if (current.pieceJointe?.fichier === command.data.fichier) return [];
        return [{ type: 'IncidentAttachmentAdded', data: command.data }];
      }
      case 'ChangeIncidentStatus': {
        const current = existing(state, kind.notFoundMessage);
        const { statut, commentaire } = command.data;
        if (current.statut === statut) return [];
        const next = INCIDENT_NEXT[current.statut];
        if (!next.includes(statut))
          throw new ConflictError(
            `Un incident « ${INCIDENT_STATUS_LABELS[current.statut]} » ne peut pas passer à « ${INCIDENT_STATUS_LABELS[statut]} »${
              next.length
                ? ` (étape suivante : ${next.map((s) => `« ${INCIDENT_STATUS_LABELS[s]} »`).join(' ou ')})`
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
              // Its centre, stated again: the history of a record read per centre follows it.
              ...(kind.scopedByCentre ? { centreDepotId: current.centreDepotId } : {}),
            },
          },
        ];
      }
      case 'DeleteIncident':
        existing(state, kind.notFoundMessage);
        return [{ type: 'IncidentDeleted', data: command.data }];
      default:
        return assertNever(command);
    }
  };
  const evolve = (state: Incident, event: IncidentEvent<D>): Incident => {
    switch (event.type) {
      case 'IncidentRecorded': {
        const centre = (event.data as Scope).centreDepotId;
        return {
          status: 'present',
          id: event.data.incidentId,
          statut: 'ouvert',
          centreDepotId: kind.scopedByCentre && typeof centre === 'string' ? centre : null,
          pieceJointe: null,
        };
      }
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
  return { decide, evolve, initialState: () => ({ status: 'absent' }) };
};

// ---------------------------------------------------------------------------------------------
// Inputs

/** A trimmed text field of a body ('' when absent or not a text). */
export const incidentText = (input: Record<string, unknown>, field: string): string =>
  typeof input[field] === 'string' ? (input[field] as string).trim() : '';

export const INCIDENT_DESCRIPTION_MAX = 4000;

/**
 * The description every kind requires, checked into `errors`; then the first error, if any, is
 * thrown with all of them (`incidentErrors`).
 */
export const incidentDescription = (
  input: Record<string, unknown>,
  errors: Record<string, string>,
): string => {
  const description = incidentText(input, 'description');
  if (!description) errors.description = 'Décrivez l’incident.';
  else if (description.length > INCIDENT_DESCRIPTION_MAX)
    errors.description = `La description ne doit pas dépasser ${INCIDENT_DESCRIPTION_MAX} caractères.`;
  return description;
};

/** Throws the first of `errors` (a French 400 naming every field), if any. */
export const incidentErrors = (errors: Record<string, string>): void => {
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
};

/** `{ statut, commentaire }`: the next step, with its comment. */
export const parseIncidentStatus = (
  body: unknown,
): { statut: IncidentStatus; commentaire: string } => {
  const input = (body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const statut = incidentText(input, 'statut');
  if (!(INCIDENT_STATUSES as readonly string[]).includes(statut))
    errors.statut = 'Choisissez le nouveau statut : en cours, résolu ou rejeté.';
  if (!incidentText(input, 'commentaire')) errors.commentaire = 'Un commentaire est obligatoire.';
  incidentErrors(errors);
  return { statut: statut as IncidentStatus, commentaire: incidentText(input, 'commentaire') };
};

// ---------------------------------------------------------------------------------------------
// Read side

/** What the read model of every kind holds; a kind adds the fields its recording names. */
export interface IncidentDocumentBase extends ReadModelDocument {
  description: string;
  statut: IncidentStatus;
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

/** Whether a stored event belongs to incidents of `category` (every kind writes the same events). */
export const isIncidentOf = (category: string, event: { readonly streamId: string }): boolean =>
  event.streamId.startsWith(`${category}-`);

/**
 * The read model of one kind after one of its events: `recorded` gives the fields its recording
 * names (the description aside); null once deleted.
 */
export const incidentDocumentAfterOf =
  <D extends object, Doc extends IncidentDocumentBase>(
    recorded: (data: IncidentRecorded<D>['data']) => Omit<Doc, keyof IncidentDocumentBase>,
  ) =>
  (current: Doc | null, stored: RecordedEvent): Doc | null => {
    const event = stored as unknown as RecordedEvent<IncidentEvent<D>>;
    const stamp = {
      version: event.revision,
      modifieLe: event.metadata.at,
      modifiePar: event.metadata.actor.name,
    };
    switch (event.type) {
      case 'IncidentRecorded': {
        const data = event.data as IncidentRecorded<D>['data'] & { description: string };
        return {
          ...recorded(data),
          id: data.incidentId,
          ...stamp,
          description: data.description,
          statut: 'ouvert',
          pieceJointe: null,
          suivi: [],
          creeLe: event.metadata.at,
          creeParId: event.metadata.actor.id,
          creePar: event.metadata.actor.name,
        } as unknown as Doc;
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

/**
 * The history of one kind: `recorded` says what its recording shows (the fields `fields` label),
 * then the attachment, each statut with its comment, and the deletion.
 */
export const incidentHistoryOf =
  <D extends object>(
    recorded: (data: IncidentRecorded<D>['data']) => Record<string, unknown>,
    fields: Readonly<Record<string, HistoryField>>,
  ) =>
  (events: readonly HistoryEvent[]) =>
    describeHistory<Record<string, unknown>>(events, {
      initial: {},
      apply: (state, event) => {
        const e = event as unknown as IncidentEvent<D>;
        switch (e.type) {
          case 'IncidentRecorded':
            return {
              ...recorded(e.data),
              description: (e.data as { description?: unknown }).description,
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
        ...fields,
        description: 'Description',
        pieceJointe: 'Pièce jointe',
        statut: 'Statut',
        commentaire: 'Commentaire',
      },
    });

/** The read resource of one kind (its screens' `/api/<name>`), from its declarations. */
export const incidentResourceOf = (
  kind: IncidentKind & {
    readonly collection: CollectionDefinition;
    readonly projection: string;
    readonly fields: ResourceDefinition['fields'];
    readonly history: ResourceDefinition['history'];
  },
): Omit<ResourceDefinition, 'name'> => ({
  collection: kind.collection,
  projections: [kind.projection],
  category: kind.category,
  label: 'incident',
  notFoundMessage: kind.notFoundMessage,
  ...(kind.scopedByCentre ? { scopedBy: 'centreDepotId' } : {}),
  fields: kind.fields,
  history: kind.history,
});
