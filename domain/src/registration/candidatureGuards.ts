/**
 * What the candidature's deciders share (not exported by the package): the dossier must exist, be
 * in one of some statuses, the pièce be asked for.
 */
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import {
  CANDIDATURE_NOT_FOUND,
  CANDIDATURE_STATUS_LABELS,
  type CandidatureStatus,
} from './candidatureForm.js';
import type { Candidature, CandidatureCommand } from './candidatureEvents.js';
import type { CandidatureDetails, RequiredPiece } from './candidatureTypes.js';

/** The commands of one or more types. */
export type CandidatureCommandOf<T extends CandidatureCommand['type']> = Extract<
  CandidatureCommand,
  { type: T }
>;

/** Dossiers whose candidate was registered for the exam: validated, or allocated to a site. */
export const REGISTERED_FOR_EXAM: readonly CandidatureStatus[] = ['valide', 'affecte'];

export const existing = (state: Candidature) => {
  if (state.status !== 'present') throw new NotFoundError(CANDIDATURE_NOT_FOUND);
  return state;
};

export const inStatus = (
  state: Extract<Candidature, { status: 'present' }>,
  allowed: readonly CandidatureStatus[],
  action: string,
) => {
  if (!allowed.includes(state.statut))
    throw new ConflictError(
      `Ce dossier est à l’état « ${CANDIDATURE_STATUS_LABELS[state.statut]} » : il ne peut pas être ${action}.`,
    );
};

export const sameDetails = (a: CandidatureDetails, b: CandidatureDetails) =>
  a.sessionId === b.sessionId &&
  a.metierId === b.metierId &&
  a.centreDepotId === b.centreDepotId &&
  JSON.stringify(Object.entries(a.values).sort()) ===
    JSON.stringify(Object.entries(b.values).sort());

export const details = ({ sessionId, metierId, centreDepotId, values }: CandidatureDetails) => ({
  sessionId,
  metierId,
  centreDepotId,
  values,
});

export const askedPiece = (pieces: readonly RequiredPiece[], pieceId: string): RequiredPiece => {
  const piece = pieces.find((p) => p.id === pieceId);
  if (!piece)
    throw new ValidationError('Cette pièce n’est pas demandée pour cet examen.', {
      pieceId: 'Cette pièce n’est pas demandée pour cet examen.',
    });
  return piece;
};
