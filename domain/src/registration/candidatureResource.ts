/** The candidatures' collection, history and resources (the dossiers, « Inscrits », « Liste d'examen »). */
import type { CollectionDefinition, ResourceDefinition } from '../core/readModels.js';
import {
  describeHistory,
  type HistoryEntry,
  type HistoryEvent,
  type HistoryField,
  type HistoryOptions,
} from '../history/history.js';
import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_FIELDS,
  CANDIDATURE_LIST_FIELDS,
  CANDIDATURE_NOT_FOUND,
  CANDIDATURE_STATUS_LABELS,
  type CandidatureEvent,
  countsTowardFee,
  formatFcfa,
  isDemonstrationPayment,
  PIECE_STATUS_LABELS,
  type RequiredPiece,
} from './candidature.js';
import { candidatureAsAt } from './candidatureDocument.js';

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
    piecesAVerifier: 'number',
    resteAPayer: 'number',
  },
  searchFields: ['numeroDossier', 'numeroCandidat', 'libelle', 'telephone', 'matricule'],
  defaultSort: { field: 'numeroDossier', order: 'DESC' },
  // The one text sorted in French order; the others are codes, ids and ISO dates (their own order).
  sortFields: ['libelle'],
};

export const CANDIDATURES_PROJECTION = 'candidatures';

const pieceName = (asked: readonly RequiredPiece[], id: string) =>
  asked.find((p) => p.id === id)?.libelle ?? 'pièce';

/** How a dossier's events read as its history (its timeline, « Historique des modifications »). */
export const candidatureHistoryOptions: HistoryOptions<Record<string, unknown>> = {
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
};

const candidatureHistory = (events: readonly HistoryEvent[]): HistoryEntry[] =>
  describeHistory(events, candidatureHistoryOptions);

export const candidaturesResource: ResourceDefinition = {
  name: 'candidatures',
  collection: candidaturesCollection,
  projections: [CANDIDATURES_PROJECTION],
  category: CANDIDATURE_CATEGORY,
  label: 'dossier',
  notFoundMessage: CANDIDATURE_NOT_FOUND,
  scopedBy: 'centreDepotId',
  // A page of 25 dossiers with their pièces and payments: 53.8 kB whole, 12.0 kB so.
  listFields: CANDIDATURE_LIST_FIELDS,
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
