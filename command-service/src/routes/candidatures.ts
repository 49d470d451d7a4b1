import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import {
  cleanFileName,
  NOT_A_PIECE,
  parseAllocation,
  parseCandidature,
  parseNewCandidature,
  parsePayment,
  parseRejection,
  PIECE_MAX_BYTES,
  pieceKind,
  ValidationError,
} from '@examens-pro/domain';
import { commandRoute } from '../commandRoute.js';
import { allocationCommands, candidatureCommands, officeTimeZone } from '@examens-pro/platform';
import type { RouteDeps } from './deps.js';

/** The caller's centre de dépôt (an enrôleur's): their dossiers are that centre's only. */
const scopeOf = (request: FastifyRequest): string | null =>
  request.principal?.user.centreDepotId ?? null;

/**
 * POST /api/candidatures (creer), PUT /:id, DELETE /:id (a brouillon), and the steps
 * POST /:id/soumettre, /:id/valider, /:id/rejeter { motifId, commentaire }, /:id/desister, each under
 * the route table's permissions for that action.
 */
export const candidaturesRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore, storage },
) => {
  const candidatures = candidatureCommands(eventStore, officeTimeZone(), readStore);
  const allocation = allocationCommands(eventStore, readStore);
  const resource = 'candidatures';

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

  // A pièce justificative: the file's raw bytes (PDF, JPEG or PNG, ≤ 5 MB, recognised from its
  // bytes), stored under its SHA-256; its name as the sender gave it in `X-Nom-Fichier`.
  app.addContentTypeParser(
    ['application/pdf', 'image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: PIECE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const pieceOf = (request: FastifyRequest) => (request.params as { pieceId: string }).pieceId;
  commandRoute(app, {
    method: 'POST',
    url: '/:id/pieces/:pieceId',
    resource,
    access: { action: 'deposer' },
    input: (body) => {
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new ValidationError(NOT_A_PIECE, { fichier: NOT_A_PIECE });
      const kind = pieceKind(body);
      if (!kind) throw new ValidationError(NOT_A_PIECE, { fichier: NOT_A_PIECE });
      return { bytes: body, kind };
    },
    run: async ({ id, input: { bytes, kind }, revision, context, request }) => {
      if (!storage) throw new Error('stockage des documents absent');
      const fichier = `piece-${createHash('sha256').update(bytes).digest('hex')}.${kind.ext}`;
      if (!storage.exists(fichier))
        await storage.write(fichier, async (out) => {
          await new Promise<void>((resolve, reject) =>
            out.end(bytes, () => resolve()).on('error', reject),
          );
        });
      const file = {
        fichier,
        nomFichier: cleanFileName(request.headers['x-nom-fichier'], `piece.${kind.ext}`),
        type: kind.type,
        taille: bytes.length,
      };
      return candidatures.depositPiece(
        id,
        pieceOf(request),
        file,
        revision,
        scopeOf(request),
        context,
      );
    },
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
  commandRoute(app, {
    method: 'POST',
    url: '/:id/paiements',
    resource,
    access: { action: 'payer' },
    input: parsePayment,
    run: ({ id, input, revision, context, request }) =>
      candidatures.recordPayment(id, input, revision, scopeOf(request), context),
  });

  // Allocation by hand: to a site (or moved to another), and de-allocation.
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
