import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  documentJobId,
  documentsCollection,
  documentRequirement,
  documentsResource,
  NotFoundError,
  type DocumentDocument,
} from '@examens-pro/domain';
import {
  checkAccess,
  type DocumentStorage,
  type JobQueue,
  type ReadStore,
  outboxFile,
} from '@examens-pro/platform';
import { withinCentre } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';

export interface DocumentRoutesOptions {
  readonly readStore: ReadStore;
  readonly jobQueue: JobQueue;
  readonly storage: DocumentStorage;
}

/**
 * GET /api/documents/:id/progression (the progress bar), GET /api/documents/:id/fichier (the
 * download) and GET /api/documents/:id/courriel (the message it was sent with, from the outbox);
 * the list and the record come from the generic resource routes.
 */
export const documentFileRoutes: FastifyPluginAsync<DocumentRoutesOptions> = async (
  app,
  { readStore, jobQueue, storage },
) => {
  const documents = readStore.collection<DocumentDocument>(documentsCollection);
  /** A document, for whoever may open the screen it comes from. */
  const find = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    await checkAccess(request, { anyOf: [] });
    const doc = await documents.get(request.params.id);
    if (!doc) throw new NotFoundError('Ce document est introuvable.');
    await checkAccess(request, { anyOf: documentRequirement(doc.kind) });
    // A centre-attached user reads the documents made of their centre's candidates only: one made
    // for another centre, or for every centre, does not exist for them.
    return withinCentre(documentsResource, doc, request);
  };

  app.get<{ Params: { id: string } }>('/:id/progression', async (request, reply) => {
    await awaitPosition(request, reply, { readStore, projections: documentsResource.projections });
    const doc = await find(request);
    if (doc.statut !== 'demande') {
      return {
        statut: doc.statut,
        progression: doc.statut === 'genere' ? 100 : 0,
        ...(doc.raison ? { raison: doc.raison } : {}),
      };
    }
    const job = await jobQueue.getJob(documentJobId(doc.id));
    return {
      statut: doc.statut,
      progression: job?.progress ?? 0,
      ...(job?.failedReason ? { tentative: job.failedReason } : {}),
    };
  });

  app.get<{ Params: { id: string } }>('/:id/fichier', async (request, reply) => {
    const doc = await find(request);
    if (doc.statut !== 'genere' || !storage.exists(`${doc.id}.pdf`)) {
      throw new NotFoundError('Ce document n’est pas encore prêt.');
    }
    reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${doc.fichier}"`)
      .header('Cache-Control', 'private, max-age=3600');
    if (doc.sha256)
      reply.header('Digest', `sha-256=${Buffer.from(doc.sha256, 'hex').toString('base64')}`);
    return reply.send(storage.read(`${doc.id}.pdf`));
  });

  // The message a document was sent with, as the embedded mode's outbox keeps it (.eml).
  app.get<{ Params: { id: string } }>('/:id/courriel', async (request, reply) => {
    const doc = await find(request);
    const file = outboxFile(doc.id);
    if (doc.envoi !== 'boite-envoi' || !storage.exists(file))
      throw new NotFoundError('Aucun courriel de ce document dans la boîte d’envoi.');
    reply
      .type('message/rfc822')
      .header('Content-Disposition', `attachment; filename="${file}"`)
      .header('Cache-Control', 'private, no-store');
    return reply.send(storage.read(file));
  });
};
