import { PIECE_MAX_BYTES } from '@examens-pro/domain';

/**
 * Where an incident's attachment is read, under its kind's API resource (`incidents-inscription`,
 * `incidents-examen`); same origin: the session cookie goes with it.
 */
export const attachmentUrl = (api: string, incidentId: string): string =>
  `/api/${api}/${encodeURIComponent(incidentId)}/piece-jointe`;

/** The command taking the attachment's raw bytes (If-Match: the incident's revision). */
export const attachmentCommand = (api: string, incidentId: string): string =>
  `${api}/${encodeURIComponent(incidentId)}/piece-jointe`;

export const ATTACHMENT_ACCEPT = 'application/pdf,image/png,image/jpeg';
export const ATTACHMENT_HELP = 'Fichier PDF, JPEG ou PNG de 5 Mo au plus.';
export const ATTACHMENT_FAILED =
  'La pièce jointe n’a pas pu être envoyée. Vérifiez votre connexion et réessayez.';

const KINDS = ['application/pdf', 'image/png', 'image/jpeg'];
const EXTENSIONS = /\.(pdf|png|jpe?g)$/i;

/**
 * What the server would refuse, said before sending: a file that is neither PDF nor an image, or
 * over 5 MB. The server judges the bytes themselves too.
 */
export const attachmentProblem = (file: File): string | undefined => {
  if (!KINDS.includes(file.type) && !EXTENSIONS.test(file.name))
    return 'La pièce jointe doit être un fichier PDF, JPEG ou PNG.';
  if (file.size > PIECE_MAX_BYTES) return 'La pièce jointe ne doit pas dépasser 5 Mo.';
  if (file.size === 0) return 'La pièce jointe est vide.';
  return undefined;
};
