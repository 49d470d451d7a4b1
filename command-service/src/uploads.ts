import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  checkImagePixels,
  cleanFileName,
  NOT_A_PIECE,
  PIECE_MAX_BYTES,
  pieceKind,
  ValidationError,
  type PieceFile,
} from '@examens-pro/domain';
import type { DocumentStorage } from '@examens-pro/platform';

/** The routes of `app` take a file as their raw body (PDF, JPEG, PNG; at most 5 MB: 413 beyond). */
export const acceptFiles = (app: FastifyInstance): void =>
  app.addContentTypeParser(
    ['application/pdf', 'image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: PIECE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

/**
 * The body as a file recognised from its bytes (PDF, JPEG or PNG), else a French 400; an image of
 * more pixels than IMAGE_MAX_PIXELS (read from its header) is a 400 `fichier-trop-volumineux`.
 */
export const uploadedFile = (body: unknown) => {
  if (!Buffer.isBuffer(body) || body.length === 0)
    throw new ValidationError(NOT_A_PIECE, { fichier: NOT_A_PIECE });
  const kind = pieceKind(body);
  if (!kind) throw new ValidationError(NOT_A_PIECE, { fichier: NOT_A_PIECE });
  if (kind.ext !== 'pdf') checkImagePixels(body);
  return { bytes: body, kind };
};

/**
 * Stores an uploaded file under its SHA-256 (`<prefix>-<sha256>.<ext>`: the same file once), with
 * the name its sender gave (`X-Nom-Fichier`), cleaned.
 */
export const storeUpload = async (
  storage: DocumentStorage | undefined,
  { bytes, kind }: ReturnType<typeof uploadedFile>,
  sentName: unknown,
  prefix = 'piece',
): Promise<PieceFile> => {
  if (!storage) throw new Error('stockage des documents absent');
  const fichier = `${prefix}-${createHash('sha256').update(bytes).digest('hex')}.${kind.ext}`;
  if (!storage.exists(fichier))
    await storage.write(fichier, async (out) => {
      await new Promise<void>((resolve, reject) =>
        out.end(bytes, () => resolve()).on('error', reject),
      );
    });
  return {
    fichier,
    nomFichier: cleanFileName(sentName, `${prefix}.${kind.ext}`),
    type: kind.type,
    taille: bytes.length,
  };
};

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/**
 * A file uploaded before the command naming it (`<prefix>-<sha256>.<ext>`, as `storeUpload` stored
 * it): its type from its name, its size read back; a name the storage does not hold answers the
 * French 400 `missing` under `field`.
 */
export const storedUpload = async (
  storage: DocumentStorage | undefined,
  file: { readonly fichier: string; readonly nomFichier: string },
  field: string,
  missing: string,
): Promise<PieceFile> => {
  if (!storage) throw new Error('stockage des documents absent');
  const ext = /\.(pdf|png|jpg)$/.exec(file.fichier)?.[1];
  if (!ext || !storage.exists(file.fichier))
    throw new ValidationError(missing, { [field]: missing });
  let taille = 0;
  for await (const chunk of storage.read(file.fichier)) taille += (chunk as Buffer).length;
  return {
    fichier: file.fichier,
    nomFichier: cleanFileName(file.nomFichier || undefined, file.fichier),
    type: TYPES[ext]!,
    taille,
  };
};
