/**
 * The admission decision of a département (« Décision portant admission des candidats… »): one per
 * session × département and version. It is prepared from the frozen results of the département's
 * admitted candidates (every jury concerned closed), refreshed while it is a draft, then signed:
 * the minister's deposited signature is applied (« apposée ») and everything the decision prints is
 * frozen in `AdmissionDecisionSigned` — its number, the visas, the exam's reference, the
 * ampliations, the signature's version and SHA-256, the list of candidates. From then on the
 * decision never changes: a later re-deliberation that changes the département's admitted list
 * makes a new decision (version 2, its own stream) possible, never alters the signed one. The signed
 * PDF is made once by the workers from those frozen data; its SHA-256 is recorded on the decision
 * (`AdmissionDecisionSealed`).
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import type { SignatureVersion } from './ministerSignature.js';

export const DECISION_CATEGORY = 'decisions-admission';

/** A decision's id: its session, its département and its version (1, 2…). */
export const admissionDecisionId = (
  sessionId: string,
  departementId: string,
  numero: number,
): string => `${sessionId}.${departementId}.${numero}`;

/** The document (PDF) of a signed decision: one per decision, under a deterministic id. */
export const DECISION_DOCUMENT_PREFIX = 'decision-';
export const decisionDocumentId = (decisionId: string): string =>
  `${DECISION_DOCUMENT_PREFIX}${decisionId}`;
export const decisionIdOfDocument = (documentId: string): string | undefined =>
  documentId.startsWith(DECISION_DOCUMENT_PREFIX)
    ? documentId.slice(DECISION_DOCUMENT_PREFIX.length)
    : undefined;

/** An admitted candidate as a decision lists them (frozen from the deliberation's results). */
export interface DecisionCandidate {
  readonly candidatureId: string;
  readonly numeroCandidat: string;
  readonly nom: string;
  readonly prenoms: string;
  readonly sexe: string;
  /** YYYY-MM-DD */
  readonly dateNaissance: string;
  readonly lieuNaissance: string;
  readonly metierId: string;
  /** The métier's libellé when the list was read. */
  readonly metier: string;
  readonly juryId: string;
}

/** A frozen result as a decision lists its candidate: the métier named as it is read now. */
export const decisionCandidateOf = (
  r: Omit<DecisionCandidate, 'metier' | 'juryId'>,
  metier: string,
  juryId: string,
): DecisionCandidate => ({
  candidatureId: r.candidatureId,
  numeroCandidat: r.numeroCandidat,
  nom: r.nom,
  prenoms: r.prenoms,
  sexe: r.sexe,
  dateNaissance: r.dateNaissance,
  lieuNaissance: r.lieuNaissance,
  metierId: r.metierId,
  metier,
  juryId,
});

/** A jury whose results the decision lists. */
export interface DecisionJury {
  readonly id: string;
  readonly libelle: string;
}

/** What a decision prints besides its candidates (frozen at signing; read now for a draft). */
export interface DecisionContent {
  /** The decision's number (« Références par département »); empty while none is recorded. */
  readonly reference: string;
  readonly examen: { readonly code: string; readonly libelle: string };
  readonly session: { readonly libelle: string; readonly annee: number };
  readonly departement: { readonly libelle: string; readonly zone: string };
  /** The session's exam reference (arrêté); null while none is recorded. */
  readonly arrete: { readonly numeroArrete: string; readonly dateArrete: string } | null;
  /** The legal references, in order, each printed « Vu … ». */
  readonly visas: readonly string[];
  /** Who receives a copy, in order. */
  readonly ampliations: readonly string[];
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** A decision's order: by name, then first names, then candidate number. */
export const sortDecisionCandidates = (
  candidats: readonly DecisionCandidate[],
): DecisionCandidate[] =>
  [...candidats].sort(
    (a, b) =>
      collator.compare(a.nom, b.nom) ||
      collator.compare(a.prenoms, b.prenoms) ||
      a.numeroCandidat.localeCompare(b.numeroCandidat),
  );

/** What a candidate's line says (a métier renamed is not a change of the decision's candidates). */
const identityKey = (c: DecisionCandidate): string =>
  [
    c.candidatureId,
    c.numeroCandidat,
    c.nom,
    c.prenoms,
    c.sexe,
    c.dateNaissance,
    c.lieuNaissance,
    c.metierId,
  ].join('\u0001');

/** Whether two lists name the same candidates with the same identities. */
export const sameCandidates = (
  a: readonly DecisionCandidate[],
  b: readonly DecisionCandidate[],
): boolean => {
  if (a.length !== b.length) return false;
  const keys = new Set(a.map(identityKey));
  return b.every((c) => keys.has(identityKey(c)));
};

/** How two lists differ: candidates added, removed (by id), and those whose identity changed. */
export const candidateChanges = (
  before: readonly DecisionCandidate[],
  after: readonly DecisionCandidate[],
): { ajoutes: number; retires: number; modifies: number } => {
  const was = new Map(before.map((c) => [c.candidatureId, identityKey(c)]));
  const now = new Map(after.map((c) => [c.candidatureId, identityKey(c)]));
  return {
    ajoutes: [...now.keys()].filter((id) => !was.has(id)).length,
    retires: [...was.keys()].filter((id) => !now.has(id)).length,
    modifies: [...now.entries()].filter(([id, key]) => was.has(id) && was.get(id) !== key).length,
  };
};

type Keys = { decisionId: string };

export type AdmissionDecisionPrepared = DomainEvent<
  'AdmissionDecisionPrepared',
  Keys & {
    sessionId: string;
    departementId: string;
    /** The decision's version for its session and département: 1, 2… */
    numero: number;
    /** The signed decision this one follows (version n − 1), if any. */
    remplace: string | null;
    candidats: DecisionCandidate[];
    jurys: DecisionJury[];
  }
>;
export type AdmissionDecisionRefreshed = DomainEvent<
  'AdmissionDecisionRefreshed',
  Keys & {
    candidats: DecisionCandidate[];
    jurys: DecisionJury[];
    ajoutes: number;
    retires: number;
    modifies: number;
  }
>;
export type AdmissionDecisionSigned = DomainEvent<
  'AdmissionDecisionSigned',
  Keys & {
    sessionId: string;
    departementId: string;
    numero: number;
    contenu: DecisionContent;
    /** The deposited signature applied: its version, file and SHA-256. */
    signature: SignatureVersion;
    /** The candidates as signed. */
    candidats: DecisionCandidate[];
    /** The signed PDF's document, made by the workers from these data. */
    documentId: string;
  }
>;
export type AdmissionDecisionSealed = DomainEvent<
  'AdmissionDecisionSealed',
  Keys & { documentId: string; sha256: string; taille: number; pages: number }
>;
export type AdmissionDecisionEvent =
  | AdmissionDecisionPrepared
  | AdmissionDecisionRefreshed
  | AdmissionDecisionSigned
  | AdmissionDecisionSealed;
export const ADMISSION_DECISION_EVENT_TYPES: readonly AdmissionDecisionEvent['type'][] = [
  'AdmissionDecisionPrepared',
  'AdmissionDecisionRefreshed',
  'AdmissionDecisionSigned',
  'AdmissionDecisionSealed',
];

export type AdmissionDecision =
  | { readonly status: 'absente' }
  | {
      readonly status: 'brouillon' | 'signee';
      readonly decisionId: string;
      readonly sessionId: string;
      readonly departementId: string;
      readonly numero: number;
      readonly candidats: readonly DecisionCandidate[];
      /** Signed: what it printed, the signature, its document and whether its PDF is sealed. */
      readonly contenu: DecisionContent | null;
      readonly signature: SignatureVersion | null;
      readonly documentId: string | null;
      readonly sha256: string | null;
    };

export type AdmissionDecisionCommand =
  | {
      type: 'PrepareDecision';
      data: AdmissionDecisionPrepared['data'];
    }
  | { type: 'RefreshDecision'; data: { candidats: DecisionCandidate[]; jurys: DecisionJury[] } }
  | {
      type: 'SignDecision';
      data: {
        /** The département's admitted candidates now: the draft must still list exactly them. */
        candidatsActuels: readonly DecisionCandidate[];
        contenu: DecisionContent;
        /** The current deposited signature; null: none deposited. */
        signature: SignatureVersion | null;
        /** The version the signer saw (the screen's preview), when told. */
        signatureVue?: number;
        /** The numbers of the département's decisions already signed (earlier versions). */
        referencesSignees: readonly string[];
        documentId: string;
      };
    }
  | { type: 'SealDecision'; data: AdmissionDecisionSealed['data'] };

export const DECISION_NOT_FOUND = 'Cette décision d’admission est introuvable.';
export const SIGNED_DECISION =
  'Cette décision est signée : elle ne change plus. Pour tenir compte d’un changement de ses candidats, établissez une nouvelle décision.';
export const NO_SIGNATURE =
  'Aucune signature du ministre n’a été déposée : déposez-la d’abord (« Signature du ministre »).';
export const NO_ADMITTED =
  'Aucun candidat de ce département n’a été déclaré admis : il n’y a pas de décision d’admission à établir.';

const dayOf = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

export const decideAdmissionDecision = (
  command: AdmissionDecisionCommand,
  state: AdmissionDecision,
): AdmissionDecisionEvent[] => {
  switch (command.type) {
    case 'PrepareDecision': {
      if (state.status !== 'absente')
        throw new ConflictError(
          'Cette décision existe déjà : actualisez-la, ou établissez une nouvelle décision si elle est signée.',
        );
      if (command.data.candidats.length === 0) throw new ConflictError(NO_ADMITTED);
      return [
        {
          type: 'AdmissionDecisionPrepared',
          data: { ...command.data, candidats: sortDecisionCandidates(command.data.candidats) },
        },
      ];
    }
    case 'RefreshDecision': {
      if (state.status === 'absente') throw new NotFoundError(DECISION_NOT_FOUND);
      if (state.status === 'signee') throw new ConflictError(SIGNED_DECISION);
      const { candidats, jurys } = command.data;
      if (candidats.length === 0) throw new ConflictError(NO_ADMITTED);
      if (sameCandidates(state.candidats, candidats)) return [];
      return [
        {
          type: 'AdmissionDecisionRefreshed',
          data: {
            decisionId: state.decisionId,
            candidats: sortDecisionCandidates(candidats),
            jurys,
            ...candidateChanges(state.candidats, candidats),
          },
        },
      ];
    }
    case 'SignDecision': {
      if (state.status === 'absente') throw new NotFoundError(DECISION_NOT_FOUND);
      if (state.status === 'signee') throw new ConflictError(SIGNED_DECISION);
      const { signature, signatureVue, contenu, candidatsActuels, referencesSignees, documentId } =
        command.data;
      if (!signature) throw new ConflictError(NO_SIGNATURE);
      if (signatureVue !== undefined && signatureVue !== signature.numero)
        throw new ConflictError(
          `La signature du ministre a changé : la version ${signature.numero}, déposée le ${dayOf(signature.deposeLe)} par ${signature.deposePar}, est la signature en vigueur. Vérifiez-la avant de l’apposer.`,
        );
      if (!contenu.reference)
        throw new ConflictError(
          'Ce département n’a pas de numéro de décision pour cette session : enregistrez-le d’abord (« Références par département »).',
        );
      if (referencesSignees.includes(contenu.reference))
        throw new ConflictError(
          `Le numéro ${contenu.reference} est celui d’une décision déjà signée de ce département : enregistrez le numéro de la nouvelle décision (« Références par département »).`,
        );
      if (!contenu.arrete)
        throw new ConflictError(
          'La session n’a pas de référence d’examen (numéro et date de l’arrêté) : enregistrez-la d’abord (« Référence d’examen »).',
        );
      if (!sameCandidates(state.candidats, candidatsActuels))
        throw new ConflictError(
          'Les candidats admis de ce département ont changé depuis la préparation de cette décision : actualisez-la, vérifiez-la, puis apposez la signature.',
        );
      return [
        {
          type: 'AdmissionDecisionSigned',
          data: {
            decisionId: state.decisionId,
            sessionId: state.sessionId,
            departementId: state.departementId,
            numero: state.numero,
            contenu,
            signature,
            candidats: [...state.candidats],
            documentId,
          },
        },
      ];
    }
    case 'SealDecision': {
      if (state.status === 'absente') throw new NotFoundError(DECISION_NOT_FOUND);
      if (state.status !== 'signee' || state.documentId !== command.data.documentId)
        throw new ConflictError('Ce document n’est pas celui de cette décision signée.');
      // Recorded once: a redelivered outcome adds nothing.
      if (state.sha256 !== null) return [];
      return [{ type: 'AdmissionDecisionSealed', data: command.data }];
    }
    default:
      return assertNever(command);
  }
};

export const evolveAdmissionDecision = (
  state: AdmissionDecision,
  event: AdmissionDecisionEvent,
): AdmissionDecision => {
  switch (event.type) {
    case 'AdmissionDecisionPrepared': {
      const { decisionId, sessionId, departementId, numero, candidats } = event.data;
      return {
        status: 'brouillon',
        decisionId,
        sessionId,
        departementId,
        numero,
        candidats,
        contenu: null,
        signature: null,
        documentId: null,
        sha256: null,
      };
    }
    case 'AdmissionDecisionRefreshed':
      return state.status === 'absente' ? state : { ...state, candidats: event.data.candidats };
    case 'AdmissionDecisionSigned':
      return state.status === 'absente'
        ? state
        : {
            ...state,
            status: 'signee',
            candidats: event.data.candidats,
            contenu: event.data.contenu,
            signature: event.data.signature,
            documentId: event.data.documentId,
          };
    case 'AdmissionDecisionSealed':
      return state.status === 'absente' ? state : { ...state, sha256: event.data.sha256 };
    default:
      return assertNever(event);
  }
};

export const admissionDecisionDecider: Decider<
  AdmissionDecisionCommand,
  AdmissionDecisionEvent,
  AdmissionDecision
> = {
  decide: decideAdmissionDecision,
  evolve: evolveAdmissionDecision,
  initialState: () => ({ status: 'absente' }),
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** `{ sessionId, departementId }` of a decision to prepare. */
export const parseDecisionTarget = (
  body: unknown,
): { sessionId: string; departementId: string } => {
  const b = (body ?? {}) as Record<string, unknown>;
  const sessionId = text(b.sessionId);
  const departementId = text(b.departementId);
  const errors: Record<string, string> = {};
  if (!sessionId) errors.sessionId = 'Choisissez la session.';
  if (!departementId) errors.departementId = 'Choisissez le département.';
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return { sessionId, departementId };
};

export const CONFIRM_SIGNATURE =
  'Confirmez l’apposition de la signature du ministre : une décision signée ne change plus.';

/** `{ confirmation: true, signatureVersion? }` of an application of the signature. */
export const parseSignatureApplication = (body: unknown): { signatureVue?: number } => {
  const b = (body ?? {}) as Record<string, unknown>;
  if (b.confirmation !== true)
    throw new ValidationError(CONFIRM_SIGNATURE, { confirmation: CONFIRM_SIGNATURE });
  const seen = b.signatureVersion;
  if (seen === undefined || seen === null) return {};
  if (typeof seen !== 'number' || !Number.isInteger(seen) || seen < 1)
    throw new ValidationError('La version de la signature est invalide.', {
      signatureVersion: 'La version de la signature est invalide.',
    });
  return { signatureVue: seen };
};

/** « Vu la loi… ; » as the decision prints a visa typed without its « Vu ». */
export const visaLine = (texte: string): string => {
  const trimmed = texte.trim().replace(/\s*[;.,]\s*$/, '');
  const body = /^vu\b/i.test(trimmed) ? trimmed.replace(/^vu\s*/i, '') : trimmed;
  return `Vu ${body} ;`;
};

/** « Décision n° 0012/MINEFOP/CAB portant admission des candidats à l’examen … session 2027 ». */
export const decisionTitle = (contenu: Pick<DecisionContent, 'reference' | 'examen' | 'session'>) =>
  `Décision n° ${contenu.reference || '……'} portant admission des candidats à l’examen ${contenu.examen.libelle} — session ${contenu.session.libelle}`;
