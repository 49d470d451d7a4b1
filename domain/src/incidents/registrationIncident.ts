/**
 * A registration incident: a type from the configuration, an
 * optional dossier, a description and an optional attachment; its statut goes ouvert → en cours →
 * résolu | rejeté, each step with a comment, shown in its history (the shared life cycle,
 * incidents/incident.ts). Who recorded it and the centre de dépôt it concerns decide who reads it:
 * an enrôleur, their centre's only.
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
  type Incident,
  type IncidentCommand,
  type IncidentDocumentBase,
  type IncidentEvent,
  type IncidentKind,
  type IncidentRecorded,
} from './incident.js';

export const INCIDENT_CATEGORY = 'incidents-inscription';
export const INCIDENT_NOT_FOUND = 'Cet incident est introuvable.';

export interface IncidentDetails {
  readonly typeId: string;
  readonly candidatureId: string | null;
  readonly description: string;
}

/** What a registration incident's recording says. */
export type RegistrationIncidentData = IncidentDetails & {
  /** The centre it concerns: the dossier's, else the recorder's (an enrôleur's); null: none. */
  centreDepotId: string | null;
  /** The dossier as it was named then (its number and candidate), for the lists. */
  numeroDossier: string | null;
  candidat: string | null;
};
export type RegistrationIncidentRecorded = IncidentRecorded<RegistrationIncidentData>;
export type RegistrationIncidentEvent = IncidentEvent<RegistrationIncidentData>;
export type RegistrationIncidentCommand = IncidentCommand<RegistrationIncidentData>;

export const registrationIncidentKind: IncidentKind = {
  category: INCIDENT_CATEGORY,
  notFoundMessage: INCIDENT_NOT_FOUND,
  scopedByCentre: true,
};

export const incidentDecider =
  incidentDeciderOf<RegistrationIncidentData>(registrationIncidentKind);
export const decideIncident = incidentDecider.decide;
export const evolveIncident: (state: Incident, event: RegistrationIncidentEvent) => Incident =
  incidentDecider.evolve;

// ---------------------------------------------------------------------------------------------
// Inputs

/** `{ typeId, candidatureId?, description }`. */
export const parseIncident = (body: unknown): IncidentDetails => {
  const input = (body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (!incidentText(input, 'typeId')) errors.typeId = 'Choisissez le type d’incident.';
  const description = incidentDescription(input, errors);
  incidentErrors(errors);
  return {
    typeId: incidentText(input, 'typeId'),
    candidatureId: incidentText(input, 'candidatureId') || null,
    description,
  };
};

// ---------------------------------------------------------------------------------------------
// Read side

export interface IncidentDocument extends IncidentDocumentBase {
  typeId: string;
  candidatureId: string | null;
  numeroDossier: string | null;
  candidat: string | null;
  centreDepotId: string | null;
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

export const incidentDocumentAfter: (
  current: IncidentDocument | null,
  recorded: RecordedEvent,
) => IncidentDocument | null = incidentDocumentAfterOf<RegistrationIncidentData, IncidentDocument>(
  (d) => ({
    typeId: d.typeId,
    candidatureId: d.candidatureId,
    numeroDossier: d.numeroDossier,
    candidat: d.candidat,
    centreDepotId: d.centreDepotId,
  }),
);

const incidentResourceBase = incidentResourceOf({
  ...registrationIncidentKind,
  collection: incidentsCollection,
  projection: INCIDENTS_PROJECTION,
  fields: [{ name: 'typeId', type: 'reference', reference: 'types-incidents' }],
  history: incidentHistoryOf<RegistrationIncidentData>(
    (d) => ({ typeId: d.typeId, numeroDossier: d.numeroDossier }),
    {
      typeId: { label: 'Type d’incident', reference: 'types-incidents' },
      numeroDossier: 'Dossier',
    },
  ),
});

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
