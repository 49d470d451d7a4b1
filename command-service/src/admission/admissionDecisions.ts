import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  checkImagePixels,
  IMAGE_MAX_BYTES,
  imageKind,
  NOT_AN_IMAGE_MESSAGE,
  parseDecisionTarget,
  parseSignatureApplication,
  ValidationError,
  type RouteId,
} from '@examens-pro/domain';
import { admissionDecisionCommands } from '@examens-pro/application';
import { answerWith, commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

const SIGNATURE: RouteId =
  'espace-examen/gestion-des-admissions/decision-d-admission/signature-du-ministre';

/**
 * A whole PNG or JPEG, told from its bytes: the signature (then an IHDR of a non-empty image and
 * a closing IEND) of a PNG; the start and end markers of a JPEG, with a frame header. A file merely
 * named « .png », or cut short, is refused before anything is stored.
 */
export const wholeImageKind = (bytes: Buffer): 'png' | 'jpg' | undefined => {
  const kind = imageKind(bytes);
  if (kind === 'png') {
    if (bytes.length < 45 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
    if (bytes.readUInt32BE(16) === 0 || bytes.readUInt32BE(20) === 0) return undefined;
    return bytes.toString('latin1', bytes.length - 8, bytes.length - 4) === 'IEND'
      ? 'png'
      : undefined;
  }
  if (kind === 'jpg') {
    if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) return undefined;
    for (let i = 2; i < bytes.length - 1; i += 1)
      if (bytes[i] === 0xff && bytes[i + 1]! >= 0xc0 && bytes[i + 1]! <= 0xc2) return 'jpg';
    return undefined;
  }
  return undefined;
};

/**
 * POST /api/signatures-ministre (the raw bytes of a PNG or JPEG under 1 MB, its name in
 * `X-Nom-Fichier`), under « Déposer la signature du ministre »: the image is checked from its bytes
 * (never its name or claimed type: anything else is a French 400, nothing written), stored under its
 * SHA-256 (`image-<sha256>.png|jpg`, never overwritten), and becomes the signature's new version →
 * 201 `{ id, revision, position, numero, fichier, sha256 }` (200 and the same version when it is
 * the current image again).
 */
export const ministerSignatureRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore, storage },
) => {
  const commands = admissionDecisionCommands(eventStore, readStore);
  // Every kind of body is read as bytes here: a PDF or a text sent as a signature is refused by
  // the check of its bytes (a French 400), not by its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES },
    (_r, body, done) => done(null, body),
  );

  // Who may, before the image is read; an image's limit.
  commandRoute(app, {
    method: 'POST',
    url: '/',
    route: SIGNATURE,
    access: 'write',
    bodyLimit: IMAGE_MAX_BYTES,
    input: (bytes) => {
      const kind = Buffer.isBuffer(bytes) && bytes.length > 0 ? wholeImageKind(bytes) : undefined;
      if (!kind || !Buffer.isBuffer(bytes))
        throw new ValidationError(NOT_AN_IMAGE_MESSAGE, { fichier: NOT_AN_IMAGE_MESSAGE });
      checkImagePixels(bytes);
      return { bytes, kind };
    },
    run: async ({ input: { bytes, kind }, context, request }) => {
      if (!storage) throw new Error('stockage des documents absent');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const fichier = `image-${sha256}.${kind}`;
      if (!storage.exists(fichier))
        await storage.write(fichier, async (out) => {
          await new Promise<void>((resolve, reject) =>
            out.end(bytes, () => resolve()).on('error', reject),
          );
        });
      let nomFichier = `signature.${kind === 'png' ? 'png' : 'jpg'}`;
      const name = request.headers['x-nom-fichier'];
      try {
        if (typeof name === 'string' && name.trim() !== '')
          nomFichier = decodeURIComponent(name).trim().slice(0, 200);
      } catch {
        // A name that is not URI-encoded: the deposit keeps its default name.
      }
      const { nouvelle, ...answer } = await commands.depositSignature(
        {
          fichier,
          sha256,
          taille: bytes.length,
          type: kind === 'png' ? 'image/png' : 'image/jpeg',
          nomFichier,
        },
        context,
      );
      // A new version; the current image again changes nothing.
      return answerWith(nouvelle ? 201 : 200, { ...answer, fichier, sha256 });
    },
  });
};

/**
 * A département's admission decisions (`/api/decisions-admission…`), under « Apposer la signature
 * du ministre »:
 * - POST `/ { sessionId, departementId }`: its first decision, or a new version once the last one
 *   is signed and its admitted candidates have changed (409 otherwise) → 201;
 * - POST `/:id/actualiser` (If-Match): a draft's candidates read again from the results;
 * - POST `/:id/apposer-signature { confirmation: true, signatureVersion? }` (If-Match): the
 *   deposited signature applied, everything printed frozen. A signed decision refuses both (409).
 */
export const admissionDecisionsRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore },
) => {
  const commands = admissionDecisionCommands(eventStore, readStore);
  const resource = 'decisions-admission';
  commandRoute(app, {
    method: 'POST',
    url: '/',
    resource,
    access: 'write',
    input: parseDecisionTarget,
    run: ({ input, context }) => commands.prepare(input, context),
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/actualiser',
    resource,
    access: 'write',
    run: ({ id, revision, context }) => commands.refresh(id, revision, context),
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/apposer-signature',
    resource,
    access: 'write',
    input: parseSignatureApplication,
    run: ({ id, input, revision, context }) => commands.sign(id, input, revision, context),
  });
};
