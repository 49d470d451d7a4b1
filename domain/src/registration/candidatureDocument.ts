/** A dossier's read-model document, made of its events (and as it stood at an instant). */
import type { RecordedEvent } from '../core/envelope.js';
import type { ReadModelDocument } from '../core/readModels.js';
import {
  type CandidatureEvent,
  type CandidatureStatus,
  type CandidatureCreated,
  amountPaid,
  demonstrationAmount,
  onlinePaymentOf,
  piecesOf,
  piecesState,
  type PaymentState,
  type PieceState,
  type PiecesState,
  type PieceStatus,
  type RequiredPiece,
} from './candidature.js';

export interface CandidatureDocument extends ReadModelDocument {
  numeroDossier: string;
  sessionId: string;
  metierId: string;
  centreDepotId: string;
  /** « Nom Prénoms », how lists and titles name the candidate. */
  libelle: string;
  statut: CandidatureStatus;
  motifRejetId: string | null;
  commentaireRejet: string;
  creeLe: string;
  creePar: string;
  modifieLe: string;
  modifiePar: string;
  /** The pièces the session asked for at the dossier's last pièce event (or its creation). */
  piecesDemandees: RequiredPiece[];
  /** Every pièce asked for, with its state (missing ones included), and any other deposited. */
  pieces: PieceView[];
  etatPieces: PiecesState;
  /** Obligatory pièces not validated yet. */
  piecesManquantes: number;
  /** Pièces deposited and not checked yet (« à vérifier »): the pièces' review queue serves these. */
  piecesAVerifier: number;
  paiements: (PaymentState & { enregistreLe: string; enregistrePar: string })[];
  /** The session's fee as the dossier last read it (null: none defined then). */
  montantDu: number | null;
  montantPaye: number;
  resteAPayer: number | null;
  /** The sandbox's payments that do not count toward the fee (« Mode démonstration »), apart. */
  montantDemonstration: number;
  /** Validated, allocated or not (« Inscrits »). */
  inscrit: boolean;
  /** The composition site, once allocated; the numbers an allocation gives. */
  siteId: string | null;
  numeroCandidat: string | null;
  numeroTable: number | null;
  [field: string]: unknown;
}

export interface PieceView {
  pieceId: string;
  libelle: string;
  obligatoire: boolean;
  statut: PieceStatus;
  fichier: string | null;
  nomFichier: string | null;
  type: string | null;
  taille: number | null;
  motifId: string | null;
  commentaire: string;
  deposeLe: string | null;
}

/** The pièces part of a dossier's document, from what it holds and what the session asks. */
const piecesView = (
  asked: readonly RequiredPiece[],
  held: Readonly<Record<string, PieceState & { deposeLe?: string }>>,
) => {
  // A pièce deposited but no longer asked for stays shown (not obligatory).
  const all: RequiredPiece[] = [
    ...asked,
    ...Object.keys(held)
      .filter((id) => !asked.some((p) => p.id === id))
      .map((id) => ({ id, libelle: held[id]!.nomFichier, obligatoire: false })),
  ];
  const pieces: PieceView[] = piecesOf(all, held).map(({ piece, statut }) => {
    const h = held[piece.id];
    return {
      pieceId: piece.id,
      libelle: piece.libelle,
      obligatoire: piece.obligatoire,
      statut,
      fichier: h?.fichier ?? null,
      nomFichier: h?.nomFichier ?? null,
      type: h?.type ?? null,
      taille: h?.taille ?? null,
      motifId: h?.motifId ?? null,
      commentaire: h?.commentaire ?? '',
      deposeLe: h?.deposeLe ?? null,
    };
  });
  return {
    pieces,
    etatPieces: piecesState(all, held),
    piecesManquantes: pieces.filter((p) => p.obligatoire && p.statut !== 'validee').length,
    piecesAVerifier: pieces.filter((p) => p.statut === 'deposee').length,
  };
};

/** The dossier's pièces as held (for the next event), from its document. */
const heldPieces = (doc: CandidatureDocument | null) =>
  Object.fromEntries(
    (doc?.pieces ?? [])
      .filter((p) => p.statut !== 'manquante')
      .map((p) => [
        p.pieceId,
        {
          statut: p.statut as PieceState['statut'],
          fichier: p.fichier ?? '',
          nomFichier: p.nomFichier ?? '',
          type: p.type ?? '',
          taille: p.taille ?? 0,
          motifId: p.motifId,
          commentaire: p.commentaire,
          deposeLe: p.deposeLe ?? undefined,
        },
      ]),
  );

const nameOf = (values: Readonly<Record<string, unknown>>): string =>
  [values.nom, values.prenoms].filter((v) => typeof v === 'string' && v !== '').join(' ');

/** The candidate's name as the lists show it (« NOM Prénoms »): the actions in bulk' results too. */
export const candidateName = nameOf;

type PiecesAndPayments = Pick<
  CandidatureDocument,
  | 'piecesDemandees'
  | 'pieces'
  | 'etatPieces'
  | 'piecesManquantes'
  | 'piecesAVerifier'
  | 'paiements'
  | 'montantDu'
  | 'montantPaye'
  | 'resteAPayer'
  | 'montantDemonstration'
>;

const piecesAndPayments = (doc: CandidatureDocument): PiecesAndPayments => ({
  piecesDemandees: doc.piecesDemandees,
  pieces: doc.pieces,
  etatPieces: doc.etatPieces,
  piecesManquantes: doc.piecesManquantes,
  piecesAVerifier: doc.piecesAVerifier ?? doc.pieces.filter((p) => p.statut === 'deposee').length,
  paiements: doc.paiements,
  montantDu: doc.montantDu,
  montantPaye: doc.montantPaye,
  resteAPayer: doc.resteAPayer,
  montantDemonstration: doc.montantDemonstration ?? 0,
});

const createdPiecesAndPayments = (data: CandidatureEvent['data']): PiecesAndPayments => {
  const created = data as CandidatureCreated['data'];
  const asked = created.piecesDemandees ?? [];
  const montantDu = created.montantDu ?? null;
  return {
    piecesDemandees: asked,
    ...piecesView(asked, {}),
    paiements: [],
    montantDu,
    montantPaye: 0,
    resteAPayer: montantDu,
    montantDemonstration: 0,
  };
};

/**
 * The dossier's read-model document after one of its events (null once deleted): the projection
 * writes it, and the dossier « as it stood » at an instant replays it over the events up to then.
 */
export const candidatureDocumentAfter = (
  current: CandidatureDocument | null,
  event: RecordedEvent<CandidatureEvent>,
): CandidatureDocument | null => {
  const stamp = {
    version: event.revision,
    modifieLe: event.metadata.at,
    modifiePar: event.metadata.actor.name,
  };
  const changed = (changes: Partial<CandidatureDocument>) =>
    current ? { ...current, ...changes, ...stamp } : null;
  switch (event.type) {
    case 'CandidatureCreated':
    case 'CandidatureModified': {
      const { sessionId, metierId, centreDepotId, values } = event.data;
      return {
        ...(current ?? {}),
        ...values,
        id: event.data.candidatureId,
        numeroDossier:
          event.type === 'CandidatureCreated'
            ? event.data.numeroDossier
            : (current?.numeroDossier ?? ''),
        sessionId,
        metierId,
        centreDepotId,
        libelle: nameOf(values),
        statut: current?.statut ?? 'brouillon',
        inscrit: current?.inscrit ?? false,
        siteId: current?.siteId ?? null,
        numeroCandidat: current?.numeroCandidat ?? null,
        numeroTable: current?.numeroTable ?? null,
        motifRejetId: current?.motifRejetId ?? null,
        commentaireRejet: current?.commentaireRejet ?? '',
        creeLe: current?.creeLe ?? event.metadata.at,
        creePar: current?.creePar ?? event.metadata.actor.name,
        ...(current ? piecesAndPayments(current) : createdPiecesAndPayments(event.data)),
        ...stamp,
      };
    }
    case 'PieceDeposited':
    case 'PieceValidated':
    case 'PieceRejected': {
      if (!current) return null;
      const held = heldPieces(current);
      const { pieceId, piecesDemandees } = event.data;
      if (event.type === 'PieceDeposited') {
        const { fichier, nomFichier, type, taille } = event.data;
        held[pieceId] = {
          statut: 'deposee',
          fichier,
          nomFichier,
          type,
          taille,
          motifId: null,
          commentaire: '',
          deposeLe: event.metadata.at,
        };
      } else if (held[pieceId]) {
        const rejected = event.type === 'PieceRejected';
        held[pieceId] = {
          ...held[pieceId]!,
          statut: rejected ? 'rejetee' : 'validee',
          motifId: rejected ? event.data.motifId : null,
          commentaire: rejected ? event.data.commentaire : '',
        };
      }
      return changed({ piecesDemandees, ...piecesView(piecesDemandees, held) });
    }
    case 'PaymentRecorded': {
      if (!current) return null;
      const { paiementId, montant, date, reference, montantDu } = event.data;
      const paiements = [
        ...(current.paiements ?? []),
        {
          paiementId,
          montant,
          date,
          reference,
          // Online payments say so (channel, provider, its reference); staff payments do not.
          ...onlinePaymentOf(event.data),
          enregistreLe: event.metadata.at,
          enregistrePar: event.metadata.actor.name,
        },
      ];
      // A demonstration payment counts only if its session counted them when it was recorded.
      const montantPaye = amountPaid(paiements);
      return changed({
        paiements,
        montantDu,
        montantPaye,
        resteAPayer: Math.max(0, montantDu - montantPaye),
        montantDemonstration: demonstrationAmount(paiements),
      });
    }
    case 'CandidatureSubmitted':
      return changed({ statut: 'soumis' });
    case 'CandidatureValidated':
      return changed({ statut: 'valide', inscrit: true });
    case 'CandidatureAllocated':
      return changed({
        statut: 'affecte',
        inscrit: true,
        siteId: event.data.siteId,
        numeroCandidat: event.data.numeroCandidat,
        numeroTable: event.data.numeroTable,
      });
    case 'CandidatureDeallocated':
      return changed({ statut: 'valide', siteId: null, numeroTable: null });
    case 'CandidatureRejected':
      return changed({
        statut: 'rejete',
        inscrit: false,
        motifRejetId: event.data.motifId,
        commentaireRejet: event.data.commentaire,
      });
    case 'CandidatureWithdrawn':
      return changed({ statut: 'desiste', inscrit: false, siteId: null, numeroTable: null });
    case 'CandidatureIdentityCorrected': {
      if (!current) return null;
      const { apres } = event.data;
      return changed({ ...apres, libelle: nameOf({ ...current, ...apres }) });
    }
    case 'CandidatureDeleted':
      return null;
    default:
      return current;
  }
};

/**
 * The dossier as it stood at `instant`: its events at or before it, replayed; undefined before its
 * creation (or once deleted).
 */
export const candidatureAsAt = (
  events: readonly RecordedEvent[],
  instant: string,
): { revision: number; candidature: CandidatureDocument } | undefined => {
  const limit = Date.parse(instant);
  let document: CandidatureDocument | null = null;
  let revision = -1;
  for (const event of events) {
    if (Date.parse(event.metadata.at) > limit) break;
    document = candidatureDocumentAfter(document, event as RecordedEvent<CandidatureEvent>);
    revision = event.revision;
  }
  return document ? { revision, candidature: document } : undefined;
};
