import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_NOT_FOUND,
  candidatureDecider,
  fold,
  INCIDENT_CATEGORY,
  INCIDENT_NOT_FOUND,
  incidentDecider,
  NotFoundError,
  parseIncident,
  parseIncidentStatus,
  streamName,
  ValidationError,
  type CandidatureEvent,
  type Incident,
  type IncidentCommand,
  type IncidentEvent,
  type ListField,
  type Decider,
} from '@examens-pro/domain';
import { checkReferences } from '@examens-pro/platform';
import { aggregateRunner } from '../commands.js';
import { commandRoute } from '../commandRoute.js';
import type { RouteDeps } from './deps.js';
import { acceptFiles, storeUpload, uploadedFile } from './uploads.js';

/** The caller's centre de dépôt (an enrôleur's): their centre's incidents only. */
const scopeOf = (request: FastifyRequest): string | null =>
  request.principal?.user.centreDepotId ?? null;

const TYPE_FIELD: ListField = {
  name: 'typeId',
  label: 'Type d’incident',
  type: 'reference',
  reference: 'types-incidents',
  required: true,
  inactiveMessage: 'Choisissez un type d’incident actif.',
};

/** Another centre's incident does not exist for an enrôleur. */
const scoped = (scope: string | null): Decider<IncidentCommand, IncidentEvent, Incident> => ({
  ...incidentDecider,
  decide: (command, state) => {
    if (scope && state.status === 'present' && state.centreDepotId !== scope)
      throw new NotFoundError(INCIDENT_NOT_FOUND);
    return incidentDecider.decide(command, state);
  },
});

/**
 * POST /api/incidents-inscription { typeId, candidatureId?, description } (« Enregistrer un
 * incident »), POST /:id/piece-jointe (the file's raw bytes: PDF or image, ≤ 5 MB), POST /:id/statut
 * { statut, commentaire } (« Changer le statut »), DELETE /:id (« Supprimer un incident »).
 */
export const incidentsRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, storage },
) => {
  const resource = 'incidents-inscription';
  const runner = (scope: string | null) =>
    aggregateRunner(eventStore, INCIDENT_CATEGORY, scoped(scope));

  commandRoute(app, {
    method: 'POST',
    url: '/',
    // Recording is « Mes incidents »' action: whoever records reads their own.
    resource: 'mes-incidents',
    access: { action: 'creer' },
    input: parseIncident,
    run: async ({ id, input, context, request }) => {
      const scope = scopeOf(request);
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
      return (
        await runner(scope)(
          id,
          {
            type: 'RecordIncident',
            data: {
              incidentId: id,
              ...input,
              centreDepotId: dossier?.centreDepotId ?? scope,
              numeroDossier: dossier?.numeroDossier ?? null,
              candidat: dossier?.candidat ?? null,
            },
          },
          context,
        )
      ).answer;
    },
  });

  acceptFiles(app);
  commandRoute(app, {
    method: 'POST',
    url: '/:id/piece-jointe',
    resource: 'mes-incidents',
    access: { action: 'joindre' },
    input: uploadedFile,
    run: async ({ id, input, revision, context, request }) => {
      const file = await storeUpload(storage, input, request.headers['x-nom-fichier'], 'incident');
      return (
        await runner(scopeOf(request))(
          id,
          { type: 'AttachToIncident', data: { incidentId: id, ...file } },
          context,
          revision,
        )
      ).answer;
    },
  });

  commandRoute(app, {
    method: 'POST',
    url: '/:id/statut',
    resource,
    access: 'write',
    input: parseIncidentStatus,
    run: async ({ id, input, revision, context, request }) =>
      (
        await runner(scopeOf(request))(
          id,
          { type: 'ChangeIncidentStatus', data: { incidentId: id, ...input } },
          context,
          revision,
        )
      ).answer,
  });

  commandRoute(app, {
    method: 'DELETE',
    url: '/:id',
    resource,
    access: 'remove',
    run: async ({ id, revision, context, request }) =>
      (
        await runner(scopeOf(request))(
          id,
          { type: 'DeleteIncident', data: { incidentId: id } },
          context,
          revision,
        )
      ).answer,
  });
};
