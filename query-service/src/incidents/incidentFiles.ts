import type { FastifyPluginAsync } from 'fastify';
import {
  incidentsResource,
  NotFoundError,
  type IncidentDocumentBase,
  type ResourceDefinition,
} from '@examens-pro/domain';
import type { DocumentStorage, ReadStore } from '@examens-pro/platform';
import { outsideCentre, permissionReaders } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';
import { sendStoredFile } from '../storedFile.js';

/**
 * GET /api/<incidents>/:id/piece-jointe: an incident's attachment (any kind: `resource`), to
 * whoever may read the incident: a reader of every incident (for a kind read per centre, an
 * enrôleur: their centre's), or the one who recorded it.
 */
export const incidentFileRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly storage: DocumentStorage;
  /** The kind's read resource of every incident (default: the registration incidents). */
  readonly resource?: ResourceDefinition;
  readonly everyIncident: readonly string[];
  readonly ownIncidents: readonly string[];
}> = async (app, { readStore, storage, everyIncident, ownIncidents, resource }) => {
  const kind = resource ?? incidentsResource;
  const incidents = readStore.collection<IncidentDocumentBase & Record<string, unknown>>(
    kind.collection,
  );
  app.get<{ Params: { id: string } }>(
    '/:id/piece-jointe',
    permissionReaders([...new Set([...everyIncident, ...ownIncidents])]),
    async (request, reply) => {
      await awaitPosition(request, reply, {
        readStore,
        projections: kind.projections,
      });
      const doc = await incidents.get(request.params.id);
      const held = request.principal?.permissions ?? new Set<string>();
      const readable =
        doc &&
        !outsideCentre(kind, doc, request) &&
        (everyIncident.some((p) => held.has(p)) || doc.creeParId === request.principal?.user.id);
      if (!readable) throw new NotFoundError(kind.notFoundMessage);
      if (!doc.pieceJointe || !storage.exists(doc.pieceJointe.fichier))
        throw new NotFoundError('Cet incident n’a pas de pièce jointe.');
      return sendStoredFile(reply, storage, doc.pieceJointe);
    },
  );
};
