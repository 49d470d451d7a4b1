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
  type CommandContext,
  type IncidentDetails,
  type IncidentStatus,
  type PieceFile,
} from '@examens-pro/domain';
import { checkReferences, type EventStore } from '@examens-pro/platform';
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
 * The commands on registration incidents; `scope` is the caller's centre de dépôt (an enrôleur's):
 * another centre's incident, or dossier, does not exist for them.
 */
export const incidentCommands = (eventStore: EventStore) => {
  const runner = (scope: string | null) =>
    aggregateRunner(eventStore, INCIDENT_CATEGORY, scoped(scope));
  return {
    async record(
      id: string,
      input: IncidentDetails,
      scope: string | null,
      context: CommandContext,
    ) {
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
    async attach(
      id: string,
      file: PieceFile,
      revision: number,
      scope: string | null,
      context: CommandContext,
    ) {
      return (
        await runner(scope)(
          id,
          { type: 'AttachToIncident', data: { incidentId: id, ...file } },
          context,
          revision,
        )
      ).answer;
    },
    async changeStatus(
      id: string,
      input: { statut: IncidentStatus; commentaire: string },
      revision: number,
      scope: string | null,
      context: CommandContext,
    ) {
      return (
        await runner(scope)(
          id,
          { type: 'ChangeIncidentStatus', data: { incidentId: id, ...input } },
          context,
          revision,
        )
      ).answer;
    },
    async remove(id: string, revision: number, scope: string | null, context: CommandContext) {
      return (
        await runner(scope)(
          id,
          { type: 'DeleteIncident', data: { incidentId: id } },
          context,
          revision,
        )
      ).answer;
    },
  };
};

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
  const incidents = incidentCommands(eventStore);
  commandRoute(app, {
    method: 'POST',
    url: '/',
    // Recording is « Mes incidents »' action: whoever records reads their own.
    resource: 'mes-incidents',
    access: { action: 'creer' },
    input: parseIncident,
    run: ({ id, input, context, request }) =>
      incidents.record(id, input, scopeOf(request), context),
  });
  acceptFiles(app);
  commandRoute(app, {
    method: 'POST',
    url: '/:id/piece-jointe',
    resource: 'mes-incidents',
    access: { action: 'joindre' },
    input: uploadedFile,
    run: async ({ id, input, revision, context, request }) =>
      incidents.attach(
        id,
        await storeUpload(storage, input, request.headers['x-nom-fichier'], 'incident'),
        revision,
        scopeOf(request),
        context,
      ),
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/statut',
    resource,
    access: 'write',
    input: parseIncidentStatus,
    run: ({ id, input, revision, context, request }) =>
      incidents.changeStatus(id, input, revision, scopeOf(request), context),
  });
  commandRoute(app, {
    method: 'DELETE',
    url: '/:id',
    resource,
    access: 'remove',
    run: ({ id, revision, context, request }) =>
      incidents.remove(id, revision, scopeOf(request), context),
  });
};
