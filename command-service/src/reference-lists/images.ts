import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  checkImagePixels,
  IMAGE_MAX_BYTES,
  imageKind,
  REFERENCE_LISTS,
  resourceRequirement,
  ValidationError,
} from '@examens-pro/domain';
import type { DocumentStorage } from '@examens-pro/platform';
import { commandRoute } from '../commandRoute.js';

export const NOT_AN_IMAGE = 'Le fichier doit être une image PNG ou JPEG.';

/**
 * POST /api/images (the raw bytes of a PNG or JPEG under 1 MB) → 201 `{ fichier }`: the stored name
 * a form then sends (a signatory's signature). The kind comes from the bytes, never from the name
 * or the claimed type; the name from the content, so sending the same image twice stores it once.
 */
export const imagesRoutes: FastifyPluginAsync<{ storage?: DocumentStorage }> = async (
  app,
  { storage },
) => {
  const writers = REFERENCE_LISTS.filter((list) => list.fields.some((f) => f.type === 'image'));
  const requirement = [
    ...new Set(writers.flatMap((list) => resourceRequirement(list.name, 'write'))),
  ];
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  // Who may, before the image is read; an image's limit. A file stored, no event: no revision.
  commandRoute(app, {
    method: 'POST',
    url: '/',
    anyOf: requirement,
    bodyLimit: IMAGE_MAX_BYTES,
    input: (bytes) => {
      if (!Buffer.isBuffer(bytes) || bytes.length === 0)
        throw new ValidationError(NOT_AN_IMAGE, { fichier: NOT_AN_IMAGE });
      const kind = imageKind(bytes);
      if (!kind) throw new ValidationError(NOT_AN_IMAGE, { fichier: NOT_AN_IMAGE });
      checkImagePixels(bytes);
      return { bytes, kind };
    },
    run: async ({ input: { bytes, kind } }) => {
      if (!storage) throw new Error('stockage des documents absent');
      const fichier = `image-${createHash('sha256').update(bytes).digest('hex')}.${kind}`;
      if (!storage.exists(fichier))
        await storage.write(fichier, async (out) => {
          await new Promise<void>((resolve, reject) =>
            out.end(bytes, () => resolve()).on('error', reject),
          );
        });
      return { fichier, taille: bytes.length, type: kind === 'png' ? 'image/png' : 'image/jpeg' };
    },
  });
};
