import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  INCIDENT_CATEGORY,
  parseIncident,
  parseIncidentStatus,
  PIECE_MAX_BYTES,
  type Access,
} from '@examens-pro/domain';
import { incidentCommands, type IncidentCommands } from '@examens-pro/application';
import { commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';
import { acceptFiles, storeUpload, uploadedFile } from '../uploads.js';

// The routes every kind of incident shares; its commands are the application's.

/** Who may do what on one kind's routes: the route table's resource and access of each command. */
interface IncidentGuards {
  readonly record: { readonly resource: string; readonly access: Exclude<Access, 'read'> };
  readonly attach: { readonly resource: string; readonly access: Exclude<Access, 'read'> };
  readonly changeStatus: { readonly resource: string; readonly access: Exclude<Access, 'read'> };
  /** Absent: this kind's incidents are not deleted. */
  readonly remove?: { readonly resource: string; readonly access: Exclude<Access, 'read'> };
}

/**
 * POST / (the kind's details and a description), POST /:id/piece-jointe (the file's raw bytes: PDF
 * or image, ≤ 5 MB), POST /:id/statut { statut, commentaire } (« Changer le statut »), and DELETE
 * /:id where the kind has it; `scopeOf` gives the caller's scope for a kind read per centre.
 */
export const incidentRoutesOf = async <Details>(
  app: Parameters<FastifyPluginAsync>[0],
  options: {
    readonly commands: IncidentCommands<Details>;
    readonly parse: (body: unknown) => Details;
    readonly guards: IncidentGuards;
    readonly scopeOf: (request: FastifyRequest) => string | null;
    readonly storage: RouteDeps['storage'];
  },
): Promise<void> => {
  const { commands, guards, scopeOf, storage } = options;
  commandRoute(app, {
    method: 'POST',
    url: '/',
    ...guards.record,
    input: options.parse,
    run: ({ id, input, context, request }) => commands.record(id, input, scopeOf(request), context),
  });
  acceptFiles(app);
  commandRoute(app, {
    method: 'POST',
    url: '/:id/piece-jointe',
    ...guards.attach,
    bodyLimit: PIECE_MAX_BYTES,
    input: uploadedFile,
    run: async ({ id, input, revision, context, request }) =>
      commands.attach(
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
    ...guards.changeStatus,
    input: parseIncidentStatus,
    run: ({ id, input, revision, context, request }) =>
      commands.changeStatus(id, input, revision, scopeOf(request), context),
  });
  if (guards.remove)
    commandRoute(app, {
      method: 'DELETE',
      url: '/:id',
      ...guards.remove,
      run: ({ id, revision, context, request }) =>
        commands.remove(id, revision, scopeOf(request), context),
    });
};

// ---------------------------------------------------------------------------------------------
// Registration incidents

/** The caller's centre de dépôt (an enrôleur's): their centre's incidents only. */
const centreOf = (request: FastifyRequest): string | null =>
  request.principal?.user.centreDepotId ?? null;

/**
 * /api/incidents-inscription: { typeId, candidatureId?, description } (« Enregistrer un
 * incident »), its attachment, « Changer le statut » and « Supprimer un incident ».
 */
export const incidentsRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, storage },
) => {
  const resource = INCIDENT_CATEGORY;
  await incidentRoutesOf(app, {
    commands: incidentCommands(eventStore),
    parse: parseIncident,
    guards: {
      // Recording and attaching are « Mes incidents »' actions: whoever records reads their own.
      record: { resource: 'mes-incidents', access: { action: 'creer' } },
      attach: { resource: 'mes-incidents', access: { action: 'joindre' } },
      changeStatus: { resource, access: 'write' },
      remove: { resource, access: 'remove' },
    },
    scopeOf: centreOf,
    storage,
  });
};
