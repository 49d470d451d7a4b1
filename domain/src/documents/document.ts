import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import { ConflictError, NotFoundError } from '../core/errors.js';

export const DOCUMENT_CATEGORY = 'documents';

/** What the product can generate; each kind has its French name and file name. */
export const DOCUMENT_KINDS = {
  'liste-metiers': { label: 'Liste des métiers', fileName: 'liste-des-metiers.pdf' },
  // The exam lists of a session, for one site, or merged per centre d'examen or département.
  'liste-emargement': {
    label: 'Liste d’émargement',
    fileName: 'liste-emargement.pdf',
    target: true,
  },
  // Posted at a site's door: its file names the site and the session (`namesSession`).
  'liste-porte': {
    label: 'Liste de porte',
    fileName: 'liste-de-porte.pdf',
    target: true,
    namesSession: true,
  },
  // One page per allocated candidate: of one dossier, or of a site, centre or département.
  convocations: { label: 'Convocations', fileName: 'convocations.pdf', target: true },
  // The grade sheets of an épreuve: per site (or merged per centre d'examen or département).
  'fiches-notes': { label: 'Fiches de notes', fileName: 'fiches-de-notes.pdf', target: true },
  // The minutes of a jury's closed deliberation, for one of its centres d'examen.
  'proces-verbal': {
    label: 'Procès-verbal de délibération',
    fileName: 'proces-verbal.pdf',
    target: true,
    signed: true,
  },
  // A session's admitted candidates ranked over a filtered set (« Extraction par rang des admis »).
  'extraction-admis': {
    label: 'Extraction par rang des admis',
    fileName: 'admis-par-rang.pdf',
    target: true,
  },
  // A département's admission decision in a session: a draft (watermarked) from the results of now,
  // or a signed decision's PDF, made once from what its signature froze (`decisionId`).
  'decision-admission': {
    label: 'Décision d’admission',
    fileName: 'decision-admission.pdf',
    target: true,
    signed: true,
  },
  // The admitted candidates' attestations and diplomas, one page each (chosen candidates, or a
  // département or zone merged), asked for through `POST /api/attestations/documents` only.
  attestations: {
    label: 'Attestations de réussite',
    fileName: 'attestations.pdf',
    target: true,
    signed: true,
  },
  diplomes: { label: 'Diplômes', fileName: 'diplomes.pdf', target: true, signed: true },
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

/** Whether a kind's file name names its session besides its target (`cible.session`). */
export const namesSession = (kind: DocumentKind): boolean =>
  (DOCUMENT_KINDS[kind] as { namesSession?: boolean }).namesSession === true;

/**
 * Whether a document is signed with the office's certificate (PAdES): the kinds declared `signed`,
 * but a draft admission decision (no `decisionId`: watermarked, never a proof).
 */
export const isSignedDocument = (kind: DocumentKind, cible?: DocumentTarget): boolean =>
  (DOCUMENT_KINDS[kind] as { signed?: boolean }).signed === true &&
  (kind !== 'decision-admission' || Boolean(cible?.decisionId));

/** Whether a kind is made for a target (a session's site, centre or département). */
export const needsTarget = (kind: DocumentKind): boolean =>
  (DOCUMENT_KINDS[kind] as { target?: boolean }).target === true;

/**
 * What a document is made of: a session and one site, one centre d'examen (its sites, merged) or
 * one département (its sites, merged); `libelle` names it as staff chose it (« Lycée de Douala »).
 */
export interface DocumentTarget {
  readonly sessionId: string;
  readonly siteId?: string;
  readonly centreExamenId?: string;
  readonly departementId?: string;
  /** One candidate's document (a convocation). */
  readonly candidatureId?: string;
  /** The épreuve of a grade sheet. */
  readonly epreuveId?: string;
  /** The jury of a procès-verbal (with one of its centres d'examen). */
  readonly juryId?: string;
  /** The filters and top N of an extraction of the admitted candidates (`extraction-admis`). */
  readonly metierId?: string;
  readonly centreDepotId?: string;
  readonly zoneId?: string;
  readonly sexe?: string;
  readonly top?: number;
  /** A signed admission decision (its PDF, made once from its frozen data). */
  readonly decisionId?: string;
  /** Attestations and diplomas of chosen candidates. */
  readonly candidatureIds?: readonly string[];
  /**
   * Attestations and diplomas: the product's public origin (PUBLIC_URL) when they were asked for;
   * their QR codes carry `<origin>/diplomes?code=<code>`, printed for good.
   */
  readonly adressePublique?: string;
  readonly libelle: string;
  /** The session's libellé, for the kinds whose file name names it (`namesSession`). */
  readonly session?: string;
}

export type DocumentRequested = DomainEvent<
  'DocumentRequested',
  { documentId: string; kind: DocumentKind; cible?: DocumentTarget }
>;
export type DocumentGenerated = DomainEvent<
  'DocumentGenerated',
  {
    documentId: string;
    fileName: string;
    sha256: string;
    size: number;
    pages: number;
    /** The certificate a signed document carries (its version, fingerprint, and whether a demo). */
    signature?: { numero: number; empreinte: string; demonstration: boolean };
  }
>;
export type DocumentFailed = DomainEvent<'DocumentFailed', { documentId: string; reason: string }>;
/** A generated document sent to its addresses (a département's lists): by SMTP, or to the outbox. */
export type DocumentSent = DomainEvent<
  'DocumentSent',
  { documentId: string; destinataires: string[]; envoi: 'smtp' | 'boite-envoi'; reference: string }
>;
export type DocumentEvent = DocumentRequested | DocumentGenerated | DocumentFailed | DocumentSent;

export const DOCUMENT_EVENT_TYPES: readonly DocumentEvent['type'][] = [
  'DocumentRequested',
  'DocumentGenerated',
  'DocumentFailed',
  'DocumentSent',
];

/** The kinds whose département documents are sent to its addresses (config-mail-dep). */
export const SENT_TO_DEPARTEMENT: readonly DocumentKind[] = ['liste-emargement', 'liste-porte'];

export type DocumentCommand =
  | {
      type: 'RequestDocument';
      data: { documentId: string; kind: DocumentKind; cible?: DocumentTarget };
    }
  | { type: 'RecordDocumentGenerated'; data: DocumentGenerated['data'] }
  | { type: 'RecordDocumentFailed'; data: DocumentFailed['data'] }
  | { type: 'RecordDocumentSent'; data: DocumentSent['data'] };

export type DocumentState =
  | { status: 'absent' }
  | { status: 'requested'; kind: DocumentKind }
  | { status: 'generated'; kind: DocumentKind; sha256: string; sent?: boolean }
  | { status: 'failed'; kind: DocumentKind; reason: string };

/**
 * A generated document: requested by staff, then its outcome recorded by the worker that made it
 * (file and SHA-256, or the reason it failed). A generated document never changes.
 */
export const documentDecider: Decider<DocumentCommand, DocumentEvent, DocumentState> = {
  initialState: () => ({ status: 'absent' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'DocumentRequested':
        return { status: 'requested', kind: event.data.kind };
      case 'DocumentGenerated':
        return state.status === 'absent'
          ? state
          : { status: 'generated', kind: state.kind, sha256: event.data.sha256 };
      case 'DocumentFailed':
        return state.status === 'absent'
          ? state
          : { status: 'failed', kind: state.kind, reason: event.data.reason };
      case 'DocumentSent':
        return state.status === 'generated' ? { ...state, sent: true } : state;
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'RequestDocument':
        if (state.status !== 'absent') throw new ConflictError('Ce document a déjà été demandé.');
        return [{ type: 'DocumentRequested', data: command.data }];
      case 'RecordDocumentGenerated':
        if (state.status === 'absent') throw new NotFoundError('Ce document est introuvable.');
        // A worker that retries after a crash records the same outcome again: nothing new.
        if (state.status === 'generated') return [];
        return [{ type: 'DocumentGenerated', data: command.data }];
      case 'RecordDocumentFailed':
        if (state.status === 'absent') throw new NotFoundError('Ce document est introuvable.');
        if (state.status !== 'requested') return [];
        return [{ type: 'DocumentFailed', data: command.data }];
      case 'RecordDocumentSent':
        if (state.status !== 'generated')
          throw new ConflictError('Seul un document généré peut être envoyé.');
        // Sent once: a worker retrying after a crash does not send it again.
        if (state.sent) return [];
        return [{ type: 'DocumentSent', data: command.data }];
      default:
        return assertNever(command);
    }
  },
};
