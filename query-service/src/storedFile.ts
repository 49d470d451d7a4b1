import type { FastifyReply } from 'fastify';
import type { DocumentStorage } from '@examens-pro/platform';

/** A stored upload, shown inline under the name its sender gave; never cached. */
export const sendStoredFile = (
  reply: FastifyReply,
  storage: DocumentStorage,
  file: { fichier: string; nomFichier?: string | null; type?: string | null },
) => {
  const name = (file.nomFichier ?? file.fichier).replace(/[^\w.\- ]/g, '_');
  reply
    .type(file.type ?? 'application/octet-stream')
    .header(
      'Content-Disposition',
      `inline; filename="${name}"; filename*=UTF-8''${encodeURIComponent(file.nomFichier ?? file.fichier)}`,
    )
    .header('Cache-Control', 'private, no-store');
  return reply.send(storage.read(file.fichier));
};
