import type { FastifyPluginAsync } from 'fastify';
import { NotFoundError, SIGNATURE_FILE } from '@examens-pro/domain';
import type { DocumentStorage } from '@examens-pro/platform';
import { permissionReaders } from '../readers.js';

/** GET /api/images/:fichier: an uploaded image (a signature), to whoever may read its list. */
export const imageFileRoutes: FastifyPluginAsync<{
  readonly storage: DocumentStorage;
  readonly requirement: readonly string[];
}> = async (app, { storage, requirement }) => {
  app.get<{ Params: { fichier: string } }>(
    '/:fichier',
    permissionReaders(requirement),
    async (request, reply) => {
      const { fichier } = request.params;
      if (!SIGNATURE_FILE.test(fichier) || !storage.exists(fichier))
        throw new NotFoundError('Cette image est introuvable.');
      reply
        .type(fichier.endsWith('.png') ? 'image/png' : 'image/jpeg')
        // Named after its content: it never changes.
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff');
      return reply.send(storage.read(fichier));
    },
  );
};
