import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  IDENTITY_DOCUMENT_PREFIX,
  IDENTITY_MESSAGES,
  parseIdentityCorrection,
  parseAllocation,
  parseCandidature,
  parseNewCandidature,
  parsePayment,
  parseRejection,
  PIECE_MAX_BYTES,
} from '@examens-pro/domain';
import { acceptFiles, storedUpload, storeUpload, uploadedFile } from '../uploads.js';
import { commandRoute } from '../commandRoute.js';
import { officeTimeZone } from '@examens-pro/platform';
import { allocationCommands, candidatureCommands } from '@examens-pro/application';
import type { RouteDeps } from '../routeDeps.js';

/** The caller's centre de dépôt (an enrôleur's): their dossiers are that centre's only. */
const scopeOf = (request: FastifyRequest): string | null =>
  request.principal?.user.centreDepotId ?? null;

type Candidatures = ReturnType<typeof candidatureCommands>;
type Storage = RouteDeps['storage'];
const resource = 'candidatures';

/** POST / (creer), PUT /:id, DELETE /:id (a brouillon). */
const dossierRoutes = (app: FastifyInstance, candidatures: Candidatures) => {
  commandRoute(app, {
    method: 'POST',
    url: '/',
    resource,
    access: { action: 'creer' },
    input: parseNewCandidature,
    run: ({ id, input: { confirmerHomonyme, ...input }, context, request }) =>
      candidatures.create(id, input, scopeOf(request), context, confirmerHomonyme),
  });
  commandRoute(app, {
    method: 'PUT',
    url: '/:id',
    resource,
    access: 'write',
    input: parseCandidature,
    run: ({ id, input, revision, context, request }) =>
      candidatures.modify(id, input, revision, scopeOf(request), context),
  });
  commandRoute(app, {
    method: 'DELETE',
    url: '/:id',
    resource,
    access: 'remove',
    run: ({ id, revision, context, request }) =>
      candidatures.remove(id, revision, scopeOf(request), context),
  });
};

/**
 * The steps of the life cycle: POST /:id/soumettre, /:id/valider, /:id/rejeter
 * { motifId, commentaire }, /:id/desister.
 */
const stepRoutes = (app: FastifyInstance, candidatures: Candidatures) => {
  for (const action of ['soumettre', 'valider', 'desister'] as const)
    commandRoute(app, {
      method: 'POST',
      url: `/:id/${action}`,
      resource,
      access: { action },
      run: ({ id, revision, context, request }) =>
        candidatures.step(id, action, revision, scopeOf(request), context),
    });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/rejeter',
    resource,
    access: { action: 'rejeter' },
    input: parseRejection,
    run: ({ id, input, revision, context, request }) =>
      candidatures.step(id, 'rejeter', revision, scopeOf(request), context, input),
  });
};

/**
 * A pièce justificative: the file's raw bytes (PDF, JPEG or PNG, ≤ 5 MB, recognised from its
 * bytes), stored under its SHA-256; its name as the sender gave it in `X-Nom-Fichier`. Then its
 * check: validated, or rejected with a motif.
 */
const pieceRoutes = (app: FastifyInstance, candidatures: Candidatures, storage: Storage) => {
  acceptFiles(app);
  const pieceOf = (request: FastifyRequest) => (request.params as { pieceId: string }).pieceId;
  commandRoute(app, {
    method: 'POST',
    url: '/:id/pieces/:pieceId',
    resource,
    access: { action: 'deposer' },
    bodyLimit: PIECE_MAX_BYTES,
    input: uploadedFile,
    run: async ({ id, input, revision, context, request }) =>
      candidatures.depositPiece(
        id,
        pieceOf(request),
        await storeUpload(storage, input, request.headers['x-nom-fichier']),
        revision,
        scopeOf(request),
        context,
      ),
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/pieces/:pieceId/valider',
    resource,
    access: { action: 'verifier-piece' },
    run: ({ id, revision, context, request }) =>
      candidatures.checkPiece(id, pieceOf(request), 'valider', revision, scopeOf(request), context),
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/pieces/:pieceId/rejeter',
    resource,
    access: { action: 'verifier-piece' },
    input: parseRejection,
    run: ({ id, input, revision, context, request }) =>
      candidatures.checkPiece(
        id,
        pieceOf(request),
        'rejeter',
        revision,
        scopeOf(request),
        context,
        input,
      ),
  });
};

/** A payment of the dossier's fee, recorded by hand. */
const paymentRoutes = (app: FastifyInstance, candidatures: Candidatures) => {
  commandRoute(app, {
    method: 'POST',
    url: '/:id/paiements',
    resource,
    access: { action: 'payer' },
    input: parsePayment,
    run: ({ id, input, revision, context, request }) =>
      candidatures.recordPayment(id, input, revision, scopeOf(request), context),
  });
};

/**
 * An identity corrected after the exam: its document first (raw bytes, as a pièce's; stored
 * under its SHA-256, no event: the correction names it), then the correction naming it.
 */
const identityCorrectionRoutes = (
  app: FastifyInstance,
  candidatures: Candidatures,
  storage: Storage,
) => {
  // The file alone, stored before the correction names it: no revision asked nor changed, 201.
  commandRoute(app, {
    method: 'POST',
    url: '/:id/correction-identite/document',
    resource,
    access: { action: 'corriger-identite' },
    ifMatch: false,
    status: 201,
    bodyLimit: PIECE_MAX_BYTES,
    input: uploadedFile,
    run: async ({ id, input, request }) => {
      await candidatures.read(id, scopeOf(request));
      return storeUpload(
        storage,
        input,
        request.headers['x-nom-fichier'],
        IDENTITY_DOCUMENT_PREFIX,
      );
    },
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/correction-identite',
    resource,
    access: { action: 'corriger-identite' },
    input: parseIdentityCorrection,
    run: async ({ id, input, revision, context, request }) =>
      candidatures.correctIdentity(
        id,
        {
          ...input,
          document: await storedUpload(
            storage,
            input.document,
            'document',
            IDENTITY_MESSAGES.document,
          ),
        },
        revision,
        scopeOf(request),
        context,
      ),
  });
};

/** Allocation by hand: to a site (or moved to another), and de-allocation. */
const allocationRoutes = (
  app: FastifyInstance,
  allocation: ReturnType<typeof allocationCommands>,
) => {
  commandRoute(app, {
    method: 'POST',
    url: '/:id/affecter',
    resource,
    access: { action: 'affecter' },
    input: parseAllocation,
    run: ({ id, input, revision, context, request }) =>
      allocation.allocate(id, input.siteId, revision, scopeOf(request), context),
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/desaffecter',
    resource,
    access: { action: 'affecter' },
    run: ({ id, revision, context, request }) =>
      allocation.deallocate(id, revision, scopeOf(request), context),
  });
};

/**
 * POST /api/candidatures (creer), PUT /:id, DELETE /:id (a brouillon), and the steps
 * POST /:id/soumettre, /:id/valider, /:id/rejeter { motifId, commentaire }, /:id/desister, each under
 * the route table's permissions for that action; the pièces, the payments, the identity
 * corrections and the allocation by hand.
 */
export const candidaturesRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore, storage },
) => {
  const candidatures = candidatureCommands(eventStore, officeTimeZone(), readStore);
  const allocation = allocationCommands(eventStore, readStore);
  dossierRoutes(app, candidatures);
  stepRoutes(app, candidatures);
  pieceRoutes(app, candidatures, storage);
  paymentRoutes(app, candidatures);
  identityCorrectionRoutes(app, candidatures, storage);
  allocationRoutes(app, allocation);
};
