import { recordInputSchema } from '../configuration/contracts.js';
import type { CommandContext, RecordedEvent } from '../core/envelope.js';
import { ValidationError } from '../core/errors.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { parseInput } from '../core/validation.js';
import {
  describeHistory,
  type HistoryEntry,
  type HistoryEvent,
  type HistoryField,
} from '../history/history.js';
import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_FIELDS,
  CANDIDATURE_NOT_FOUND,
  CANDIDATURE_STATUS_LABELS,
  checkCandidature,
  type CandidatureDetails,
  type CandidatureEvent,
  type CandidatureStatus,
  type CandidatureValues,
  type CandidatureCreated,
  amountPaid,
  countsTowardFee,
  demonstrationAmount,
  formatFcfa,
  isDemonstrationPayment,
  onlinePaymentOf,
  PIECE_STATUS_LABELS,
  piecesOf,
  piecesState,
  type PaymentState,
  type PieceState,
  type PiecesState,
  type PieceStatus,
  type RequiredPiece,
} from './candidature.js';

/**
 * POST and PUT /api/candidatures: the declared fields, then what each category needs (a date of
 * birth before the day of the command's instant).
 */
export const parseCandidature = (
  body: unknown,
  context: Pick<CommandContext, 'now'>,
): CandidatureDetails => {
  const parsed = parseInput(recordInputSchema(CANDIDATURE_FIELDS), body) as Record<
    string,
    string | null
  >;
  const errors = checkCandidature(parsed, context);
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  const { sessionId, metierId, centreDepotId, ...rest } = parsed;
  // What the category does not use is not kept (an apprenti's matricule, a free candidate's patron).
  const values: CandidatureValues = { ...rest };
  if (values.categorie !== 'apprenti') values.apprentiId = null;
  if (values.categorie !== 'apprenti' && values.categorie !== 'patron') values.patronId = null;
  if (values.categorie !== 'agent') {
    values.matricule = '';
    values.datePremierePriseService = null;
  }
  return { sessionId: sessionId!, metierId: metierId!, centreDepotId: centreDepotId!, values };
};

/**
 * POST /api/candidatures: the form, and whether the registrar confirmed that a near-identical
 * person already registered is another person (`confirmerHomonyme: true`).
 */
export const parseNewCandidature = (
  body: unknown,
  context: Pick<CommandContext, 'now'>,
): CandidatureDetails & { confirmerHomonyme: boolean } => {
  const { confirmerHomonyme, ...rest } = (body ?? {}) as Record<string, unknown>;
  return { ...parseCandidature(rest, context), confirmerHomonyme: confirmerHomonyme === true };
};

/** Largest pièce justificative accepted (PDF, JPEG or PNG). */
export const PIECE_MAX_BYTES = 5 * 1024 * 1024;
export const NOT_A_PIECE = 'La pièce doit être un fichier PDF, JPEG ou PNG.';

/** What a pièce's bytes are (never its name nor the type its sender claims). */
export const pieceKind = (
  bytes: Uint8Array,
): { ext: 'pdf' | 'png' | 'jpg'; type: string } | undefined => {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return { ext: 'pdf', type: 'application/pdf' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { ext: 'png', type: 'image/png' };
  if (starts(0xff, 0xd8, 0xff)) return { ext: 'jpg', type: 'image/jpeg' };
  return undefined;
};

/** A file name as the sender gave it, kept for display only: no path, no control character. */
export const cleanFileName = (name: unknown, fallback: string): string => {
  if (typeof name !== 'string') return fallback;
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // Not URI-encoded: kept as sent.
  }
  const base = decoded.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return clean === '' ? fallback : clean;
};

const field = (name: string, message: string) => new ValidationError(message, { [name]: message });

/** POST /api/candidatures/:id/paiements { montant, date, reference } */
export const parsePayment = (
  body: unknown,
): { montant: number; date: string; reference: string } => {
  const { montant, date, reference } = (body ?? {}) as Record<string, unknown>;
  const amount =
    typeof montant === 'string' ? Number(montant.replace(/[\s\u00a0\u202f]/g, '')) : montant;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > 10_000_000)
    throw field('montant', 'Le montant est un nombre entier de francs CFA, de 1 à 10 000 000.');
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !validDay(date))
    throw field('date', 'La date du paiement est obligatoire (JJ/MM/AAAA).');
  if (typeof reference !== 'string' || reference.trim().length < 3)
    throw field(
      'reference',
      'La référence du reçu ou de la transaction compte au moins 3 caractères.',
    );
  const ref = reference.trim().toUpperCase();
  if (ref.length > 60 || !/^[A-Z0-9][A-Z0-9./_-]*$/.test(ref))
    throw field(
      'reference',
      'La référence compte au plus 60 caractères : lettres, chiffres, « . », « / », « - » et « _ ».',
    );
  return { montant: amount, date, reference: ref };
};

const validDay = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
};

/** POST /api/candidatures/:id/rejeter */
export const parseRejection = (body: unknown): { motifId: string; commentaire: string } => {
  const { motifId, commentaire } = (body ?? {}) as Record<string, unknown>;
  if (typeof motifId !== 'string' || motifId.trim() === '')
    throw new ValidationError('Choisissez le motif du rejet.', {
      motifId: 'Choisissez le motif du rejet.',
    });
  if (commentaire !== undefined && typeof commentaire !== 'string')
    throw new ValidationError('Le commentaire doit être un texte.', {
      commentaire: 'Le commentaire doit être un texte.',
    });
  const text = (commentaire ?? '').trim();
  if (text.length > 1000)
    throw new ValidationError('Le commentaire compte au plus 1 000 caractères.', {
      commentaire: 'Le commentaire compte au plus 1 000 caractères.',
    });
  return { motifId: motifId.trim(), commentaire: text };
};

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

const pieceName = (asked: readonly RequiredPiece[], id: string) =>
  asked.find((p) => p.id === id)?.libelle ?? 'pièce';

const nameOf = (values: Readonly<Record<string, unknown>>): string =>
  [values.nom, values.prenoms].filter((v) => typeof v === 'string' && v !== '').join(' ');

type PiecesAndPayments = Pick<
  CandidatureDocument,
  | 'piecesDemandees'
  | 'pieces'
  | 'etatPieces'
  | 'piecesManquantes'
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

export const candidaturesCollection: CollectionDefinition = {
  name: 'candidatures',
  fields: {
    numeroDossier: 'string',
    sessionId: 'string',
    metierId: 'string',
    centreDepotId: 'string',
    categorie: 'string',
    statut: 'string',
    inscrit: 'boolean',
    siteId: 'string',
    numeroCandidat: 'string',
    numeroTable: 'number',
    sexe: 'string',
    handicapId: 'string',
    langueId: 'string',
    patronId: 'string',
    dateNaissance: 'string',
    libelle: 'string',
    creeLe: 'string',
    modifieLe: 'string',
    etatPieces: 'string',
    piecesManquantes: 'number',
    resteAPayer: 'number',
  },
  searchFields: ['numeroDossier', 'numeroCandidat', 'libelle', 'telephone', 'matricule'],
  defaultSort: { field: 'numeroDossier', order: 'DESC' },
  // The one text sorted in French order; the others are codes, ids and ISO dates (their own order).
  sortFields: ['libelle'],
};

export const CANDIDATURES_PROJECTION = 'candidatures';

const candidatureHistory = (events: readonly HistoryEvent[]): HistoryEntry[] =>
  describeHistory<Record<string, unknown>>(events, {
    initial: {},
    apply: (state, event) => {
      const e = event as unknown as CandidatureEvent;
      switch (e.type) {
        case 'CandidatureCreated':
          return {
            numeroDossier: e.data.numeroDossier,
            sessionId: e.data.sessionId,
            metierId: e.data.metierId,
            centreDepotId: e.data.centreDepotId,
            ...e.data.values,
            statut: CANDIDATURE_STATUS_LABELS.brouillon,
            // Ids, not numbers: another centre's dossier number is not the reader's to see.
            homonymesConfirmes: e.data.homonymesConfirmes?.length
              ? `${e.data.homonymesConfirmes.length} dossier${e.data.homonymesConfirmes.length > 1 ? 's' : ''} au nom proche`
              : null,
          };
        case 'CandidatureModified':
          return {
            ...state,
            metierId: e.data.metierId,
            centreDepotId: e.data.centreDepotId,
            ...e.data.values,
          };
        case 'CandidatureSubmitted':
          return { ...state, statut: CANDIDATURE_STATUS_LABELS.soumis };
        case 'CandidatureValidated':
          return { ...state, statut: CANDIDATURE_STATUS_LABELS.valide };
        case 'CandidatureRejected':
          return {
            ...state,
            statut: CANDIDATURE_STATUS_LABELS.rejete,
            motifRejetId: e.data.motifId,
            commentaireRejet: e.data.commentaire,
          };
        case 'CandidatureWithdrawn':
          return {
            ...state,
            statut: CANDIDATURE_STATUS_LABELS.desiste,
            siteId: null,
            numeroTable: null,
          };
        case 'CandidatureAllocated':
          return {
            ...state,
            statut: CANDIDATURE_STATUS_LABELS.affecte,
            siteId: e.data.siteId,
            numeroCandidat: e.data.numeroCandidat,
            numeroTable: String(e.data.numeroTable),
          };
        case 'CandidatureDeallocated':
          return {
            ...state,
            statut: CANDIDATURE_STATUS_LABELS.valide,
            siteId: null,
            numeroTable: null,
          };
        case 'CandidatureDeleted':
          return {};
        case 'CandidatureIdentityCorrected':
          return {
            ...state,
            ...e.data.apres,
            justificatifCorrection: e.data.document.nomFichier,
          };
        case 'PieceDeposited':
          return {
            ...state,
            [`piece:${e.data.pieceId}`]: `${PIECE_STATUS_LABELS.deposee} (${e.data.nomFichier})`,
            [`pieceMotif:${e.data.pieceId}`]: null,
            [`pieceCommentaire:${e.data.pieceId}`]: null,
            [`pieceNom:${e.data.pieceId}`]: pieceName(e.data.piecesDemandees, e.data.pieceId),
          };
        case 'PieceValidated':
          return {
            ...state,
            [`piece:${e.data.pieceId}`]: PIECE_STATUS_LABELS.validee,
          };
        case 'PieceRejected':
          return {
            ...state,
            [`piece:${e.data.pieceId}`]: PIECE_STATUS_LABELS.rejetee,
            [`pieceMotif:${e.data.pieceId}`]: e.data.motifId,
            [`pieceCommentaire:${e.data.pieceId}`]: e.data.commentaire || null,
          };
        case 'PaymentRecorded': {
          // A demonstration payment not counted leaves the amount paid as it was.
          const counted = countsTowardFee(e.data) ? e.data.montant : 0;
          const demonstration = isDemonstrationPayment(e.data)
            ? counted
              ? 'démonstration comptée, '
              : 'démonstration non comptée, '
            : '';
          return {
            ...state,
            [`paiement:${e.data.paiementId}`]: `${formatFcfa(e.data.montant)} le ${e.data.date.split('-').reverse().join('/')} (${e.data.canal === 'en-ligne' ? `en ligne${e.data.fournisseurLibelle ? ` (${e.data.fournisseurLibelle})` : ''}, ` : ''}${demonstration}référence ${e.data.reference})`,
            montantPaye: formatFcfa(Number(String(state.montantPayeValeur ?? 0)) + counted),
            montantPayeValeur: Number(String(state.montantPayeValeur ?? 0)) + counted,
          };
        }
        default:
          return state;
      }
    },
    dynamicFields: (before, after) => {
      const fields: Record<string, HistoryField> = {};
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
        const [kind, id] = key.split(':') as [string, string | undefined];
        if (!id) continue;
        const name = String(after[`pieceNom:${id}`] ?? before[`pieceNom:${id}`] ?? 'pièce');
        if (kind === 'piece') fields[key] = `Pièce « ${name} »`;
        else if (kind === 'pieceMotif')
          fields[key] = { label: `Motif du rejet de « ${name} »`, reference: 'motifs-rejet' };
        else if (kind === 'pieceCommentaire') fields[key] = `Commentaire sur « ${name} »`;
        else if (kind === 'paiement') fields[key] = 'Paiement';
      }
      return fields;
    },
    actions: {
      CandidatureCreated: 'Création',
      CandidatureModified: 'Modification',
      CandidatureSubmitted: 'Soumission',
      CandidatureValidated: 'Validation',
      CandidatureRejected: 'Rejet',
      CandidatureWithdrawn: 'Désistement',
      CandidatureDeleted: 'Suppression',
      PieceDeposited: 'Dépôt d’une pièce',
      PieceValidated: 'Validation d’une pièce',
      PieceRejected: 'Rejet d’une pièce',
      PaymentRecorded: 'Paiement',
      CandidatureAllocated: 'Affectation à un site',
      CandidatureDeallocated: 'Désaffectation',
      CandidatureIdentityCorrected: 'Correction d’identité',
    },
    fields: {
      numeroDossier: 'Numéro de dossier',
      ...Object.fromEntries(CANDIDATURE_FIELDS.map((f) => [f.name, f.label])),
      statut: 'Statut',
      motifRejetId: 'Motif de rejet',
      commentaireRejet: 'Commentaire du rejet',
      homonymesConfirmes: 'Autre personne que les dossiers',
      montantPaye: 'Montant payé',
      siteId: { label: 'Site de composition', reference: 'sites-composition' },
      numeroCandidat: 'Numéro de candidat',
      numeroTable: 'Numéro de table',
      justificatifCorrection: 'Justificatif de la correction d’identité',
    },
  });

export const candidaturesResource: ResourceDefinition = {
  name: 'candidatures',
  collection: candidaturesCollection,
  projections: [CANDIDATURES_PROJECTION],
  category: CANDIDATURE_CATEGORY,
  label: 'dossier',
  notFoundMessage: CANDIDATURE_NOT_FOUND,
  scopedBy: 'centreDepotId',
  itemKey: 'candidature',
  asAt: (events, instant) => {
    const found = candidatureAsAt(events, instant);
    return found && { revision: found.revision, document: found.candidature };
  },
  fields: [
    ...CANDIDATURE_FIELDS,
    { name: 'motifRejetId', type: 'reference', reference: 'motifs-rejet' },
    { name: 'siteId', type: 'reference', reference: 'sites-composition' },
  ],
  history: candidatureHistory,
};

/**
 * The validated dossiers (« Inscrits »): the same documents, read through a route whose scope is
 * `statut = valide`; read-only (their commands are the dossiers').
 */
export const inscritsResource: ResourceDefinition = {
  ...candidaturesResource,
  name: 'inscrits',
  label: 'inscrit',
  readOnly: true,
};

/**
 * « Liste d'examen »: the allocated candidates with their numbers, read through a route whose scope
 * is `statut = affecte`; read-only.
 */
export const examListResource: ResourceDefinition = {
  ...candidaturesResource,
  name: 'liste-examen',
  label: 'candidat',
  readOnly: true,
};
