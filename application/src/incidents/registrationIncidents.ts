import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_NOT_FOUND,
  candidatureDecider,
  fold,
  incidentDecider,
  registrationIncidentKind,
  streamName,
  ValidationError,
  type CandidatureEvent,
  type IncidentDetails,
  type ListField,
  type RegistrationIncidentData,
} from '@examens-pro/domain';
import type { EventStore } from '@examens-pro/platform';
import { incidentCommandsOf } from './incidentCommands.js';
import { checkReferences } from '../reference-lists/references.js';

const TYPE_FIELD: ListField = {
  name: 'typeId',
  label: 'Type d’incident',
  type: 'reference',
  reference: 'types-incidents',
  required: true,
  inactiveMessage: 'Choisissez un type d’incident actif.',
};

/**
 * The commands on registration incidents; `scope` is the caller's centre de dépôt (an enrôleur's):
 * another centre's incident, or dossier, does not exist for them.
 */
export const incidentCommands = (eventStore: EventStore) =>
  incidentCommandsOf<IncidentDetails, RegistrationIncidentData>(
    eventStore,
    registrationIncidentKind,
    incidentDecider,
    async (input, scope) => {
      await checkReferences(eventStore, [TYPE_FIELD], { typeId: input.typeId });
      let dossier: { centreDepotId: string; numeroDossier: string; candidat: string } | null = null;
      if (input.candidatureId) {
        const state = fold(
          candidatureDecider,
          (await eventStore.readStream(
            streamName(CANDIDATURE_CATEGORY, input.candidatureId),
          )) as unknown as CandidatureEvent[],
        );
        if (state.status !== 'present' || (scope && state.centreDepotId !== scope))
          throw new ValidationError(CANDIDATURE_NOT_FOUND, {
            candidatureId: CANDIDATURE_NOT_FOUND,
          });
        dossier = {
          centreDepotId: state.centreDepotId,
          numeroDossier: state.numeroDossier,
          candidat: [state.values.nom, state.values.prenoms].filter(Boolean).join(' '),
        };
      }
      return {
        ...input,
        centreDepotId: dossier?.centreDepotId ?? scope,
        numeroDossier: dossier?.numeroDossier ?? null,
        candidat: dossier?.candidat ?? null,
      };
    },
  );
