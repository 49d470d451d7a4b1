/**
 * The read side of admission decisions: one document per decision (a département's version), its
 * state, its counts, its number, who prepared and signed it, the signature applied and the signed
 * PDF's SHA-256. The candidates themselves are read from the decision's events
 * (`GET /api/decisions-admission/:id/candidats`), so that listing decisions stays light.
 */
import type { RecordedEvent } from '../core/envelope.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { describeHistory, type HistoryEvent } from '../history/history.js';
import {
  DECISION_CATEGORY,
  type AdmissionDecisionEvent,
  type DecisionJury,
} from './admissionDecision.js';

export type DecisionStatus = 'brouillon' | 'signee';
export const DECISION_STATUS_LABELS: Record<DecisionStatus, string> = {
  brouillon: 'En préparation',
  signee: 'Signée',
};

export interface DecisionDocument extends ReadModelDocument {
  sessionId: string;
  departementId: string;
  /** Version 1, 2… of the département's decision in the session. */
  numero: number;
  statut: DecisionStatus;
  /** The signed decision it follows. */
  remplace: string | null;
  effectif: number;
  jurys: DecisionJury[];
  prepareeLe: string;
  prepareePar: string;
  actualiseeLe: string | null;
  /** Signed: its number, when and by whom, the signature applied. */
  reference: string | null;
  signeeLe: string | null;
  signeePar: string | null;
  signature: { numero: number; sha256: string; deposeLe: string; deposePar: string } | null;
  /** The signed PDF: its document, then (once made) its SHA-256, size and pages. */
  documentId: string | null;
  sha256: string | null;
  taille: number | null;
  pages: number | null;
  modifieLe: string;
  modifiePar: string;
}

export const decisionsCollection: CollectionDefinition = {
  name: 'decisions_admission',
  fields: {
    sessionId: 'string',
    departementId: 'string',
    numero: 'number',
    statut: 'string',
    effectif: 'number',
    prepareeLe: 'string',
    signeeLe: 'string',
    modifieLe: 'string',
  },
  searchFields: ['reference'],
  defaultSort: { field: 'modifieLe', order: 'DESC' },
};
export const DECISIONS_PROJECTION = 'decisions-admission';

/** The decision's document after one of its events. */
export const decisionDocumentAfter = (
  current: DecisionDocument | null,
  recorded: RecordedEvent,
): DecisionDocument => {
  const event = recorded as unknown as RecordedEvent<AdmissionDecisionEvent>;
  const stamp = {
    version: event.revision,
    modifieLe: event.metadata.at,
    modifiePar: event.metadata.actor.name,
  };
  switch (event.type) {
    case 'AdmissionDecisionPrepared': {
      const { decisionId, sessionId, departementId, numero, remplace, candidats, jurys } =
        event.data;
      return {
        id: decisionId,
        sessionId,
        departementId,
        numero,
        statut: 'brouillon',
        remplace,
        effectif: candidats.length,
        jurys,
        prepareeLe: event.metadata.at,
        prepareePar: event.metadata.actor.name,
        actualiseeLe: null,
        reference: null,
        signeeLe: null,
        signeePar: null,
        signature: null,
        documentId: null,
        sha256: null,
        taille: null,
        pages: null,
        ...stamp,
      };
    }
    case 'AdmissionDecisionRefreshed':
      return {
        ...current!,
        effectif: event.data.candidats.length,
        jurys: event.data.jurys,
        actualiseeLe: event.metadata.at,
        ...stamp,
      };
    case 'AdmissionDecisionSigned': {
      const { contenu, signature, candidats, documentId } = event.data;
      return {
        ...current!,
        statut: 'signee',
        effectif: candidats.length,
        reference: contenu.reference,
        signeeLe: event.metadata.at,
        signeePar: event.metadata.actor.name,
        signature: {
          numero: signature.numero,
          sha256: signature.sha256,
          deposeLe: signature.deposeLe,
          deposePar: signature.deposePar,
        },
        documentId,
        ...stamp,
      };
    }
    case 'AdmissionDecisionSealed':
      return {
        ...current!,
        sha256: event.data.sha256,
        taille: event.data.taille,
        pages: event.data.pages,
        ...stamp,
      };
    default:
      return current!;
  }
};

const count = (n: number) => `${n} candidat${n > 1 ? 's' : ''}`;

const decisionHistory = (events: readonly HistoryEvent[]) =>
  describeHistory<Record<string, unknown>>(events, {
    initial: {},
    apply: (state, event) => {
      const e = event as unknown as AdmissionDecisionEvent;
      switch (e.type) {
        case 'AdmissionDecisionPrepared':
          return {
            statut: DECISION_STATUS_LABELS.brouillon,
            version: String(e.data.numero),
            candidats: count(e.data.candidats.length),
          };
        case 'AdmissionDecisionRefreshed':
          return {
            ...state,
            candidats: `${count(e.data.candidats.length)} (${e.data.ajoutes} ajouté(s), ${e.data.retires} retiré(s), ${e.data.modifies} modifié(s))`,
          };
        case 'AdmissionDecisionSigned':
          return {
            ...state,
            statut: DECISION_STATUS_LABELS.signee,
            reference: e.data.contenu.reference,
            signature: `Version ${e.data.signature.numero} (SHA-256 ${e.data.signature.sha256.slice(0, 12)}…)`,
            candidats: count(e.data.candidats.length),
          };
        case 'AdmissionDecisionSealed':
          return { ...state, pdf: `SHA-256 ${e.data.sha256}` };
        default:
          return state;
      }
    },
    actions: {
      AdmissionDecisionPrepared: 'Préparation',
      AdmissionDecisionRefreshed: 'Actualisation des candidats',
      AdmissionDecisionSigned: 'Signature apposée',
      AdmissionDecisionSealed: 'Décision signée archivée (PDF)',
    },
    fields: {
      statut: 'Statut',
      version: 'Version',
      candidats: 'Candidats admis',
      reference: 'Numéro',
      signature: 'Signature du ministre',
      pdf: 'PDF signé',
    },
  });

/**
 * « Apposer la signature du ministre » and « Téléchargement des décisions »: the decisions; prepared,
 * refreshed and signed by `POST /api/decisions-admission…` under « Apposer la signature du ministre ».
 */
export const decisionsResource: ResourceDefinition = {
  name: 'decisions-admission',
  collection: decisionsCollection,
  projections: [DECISIONS_PROJECTION],
  category: DECISION_CATEGORY,
  label: 'décision d’admission',
  notFoundMessage: 'Cette décision d’admission est introuvable.',
  history: decisionHistory,
};
