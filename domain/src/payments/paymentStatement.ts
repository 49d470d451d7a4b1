/**
 * Payments from a statement (« Paiements depuis un relevé »): a bank's or a mobile-money operator's
 * statement imported for a session, each line matched to a dossier (its exact number, else the
 * candidate's phone and an amount equal to what the dossier still owes), the doubtful ones decided
 * by staff, then applied all or nothing as the dossiers' payments (`PaymentRecorded`, the
 * statement's channel, the line's reference). One stream per statement: `releves-paiement-<id>`.
 */
import type { DomainEvent, RecordedEvent } from '../core/envelope.js';
import { ConflictError, ValidationError } from '../core/errors.js';
import type { CollectionDefinition, ResourceDefinition } from '../core/readModels.js';
import { formatFcfa } from '../registration/candidaturePayments.js';
import { parsePayment } from '../registration/candidatureInput.js';
import type { PaymentChannel } from '../registration/candidatureTypes.js';

export const PAYMENT_STATEMENT_CATEGORY = 'releves-paiement';
export const PAYMENT_STATEMENTS_PROJECTION = 'releves-paiement';
export const PAYMENT_STATEMENT_NOT_FOUND = 'Relevé introuvable.';

/** The statement's columns (French headers, compared without accents nor case). */
export const STATEMENT_COLUMNS = ['date', 'montant', 'reference'] as const;
export const STATEMENT_OPTIONAL_COLUMNS = ['numero_dossier', 'telephone'] as const;
export type StatementColumn =
  (typeof STATEMENT_COLUMNS)[number] | (typeof STATEMENT_OPTIONAL_COLUMNS)[number];
/** Other names banks and operators give them. */
export const STATEMENT_ALIASES: Readonly<Record<string, StatementColumn>> = {
  date_du_paiement: 'date',
  date_operation: 'date',
  date_d_operation: 'date',
  montant_fcfa: 'montant',
  'montant_(fcfa)': 'montant',
  reference_transaction: 'reference',
  reference_de_la_transaction: 'reference',
  numero: 'numero_dossier',
  dossier: 'numero_dossier',
  numero_de_dossier: 'numero_dossier',
  'n°_dossier': 'numero_dossier',
  'n°_de_dossier': 'numero_dossier',
  tel: 'telephone',
  telephone_du_candidat: 'telephone',
};
export const STATEMENT_MAX_ROWS = 50_000;

/** Where the statement comes from: its lines' payments take this channel. */
export const STATEMENT_CHANNELS = ['virement', 'mobile-money'] as const satisfies PaymentChannel[];
export type StatementChannel = (typeof STATEMENT_CHANNELS)[number];

export const MATCH_CONFIDENCES = ['certaine', 'douteuse', 'introuvable'] as const;
export type MatchConfidence = (typeof MATCH_CONFIDENCES)[number];

/** A dossier a doubtful line may be: its id, number and candidate. */
export interface StatementChoice {
  readonly candidatureId: string;
  readonly numeroDossier: string;
  readonly libelle: string;
}

/** One line of the statement as previewed, then decided. */
export interface StatementLine {
  readonly ligne: number;
  readonly date: string;
  readonly montant: number;
  readonly reference: string;
  readonly numeroDossier: string;
  readonly telephone: string;
  readonly confiance: MatchConfidence;
  /** Why, in French. */
  readonly raison: string;
  /** The dossier it pays: matched (certaine), chosen (douteuse), none. */
  readonly candidatureId: string | null;
  readonly dossier: StatementChoice | null;
  /** The dossiers a doubtful line may be. */
  readonly choix: readonly StatementChoice[];
  /** `a-decider` for a doubtful line not decided yet. */
  readonly decision: 'acceptee' | 'ignoree' | 'a-decider';
  /** Why it cannot be applied (its reference already recorded), when so. */
  readonly refus: string | null;
}

/** A dossier of the session as the matching reads it. */
export interface StatementDossier extends StatementChoice {
  readonly telephone: string;
  /** What it still owes (null: no fee defined). */
  readonly resteAPayer: number | null;
}

const ROW_MESSAGES = {
  date: 'La date doit être au format JJ/MM/AAAA.',
} as const;

/** « 25 000 », « 25 000,00 », « 25.000 FCFA » → 25000; not a whole amount: NaN. */
export const frenchAmount = (text: string): number => {
  const cleaned = text
    .replace(/fcfa|f\s*cfa|xaf/gi, '')
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/,00?$/, '')
    .replace(/\.(?=\d{3}(\.|$))/g, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
};

/** « 19/11/2026 » (or an ISO day) → 2026-11-19; otherwise ''. */
const isoDay = (text: string): string => {
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (french) return `${french[3]}-${french[2]!.padStart(2, '0')}-${french[1]!.padStart(2, '0')}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(text.trim()) ? text.trim() : '';
};

/** A phone's comparable part: its last nine digits (country code and spaces aside). */
export const phoneKey = (text: string): string => {
  const digits = text.replace(/\D/g, '');
  return digits.length >= 8 ? digits.slice(-9) : '';
};

export interface StatementRowProblem {
  readonly ligne: number;
  readonly colonne: string;
  readonly message: string;
}

export type ParsedStatementRow = Pick<
  StatementLine,
  'ligne' | 'date' | 'montant' | 'reference' | 'numeroDossier' | 'telephone'
>;

/** A row's values checked as a payment is (amount, day, reference): the row, or its problem. */
export const parseStatementRow = (row: {
  readonly ligne: number;
  readonly values: Partial<Record<StatementColumn, string>>;
}): ParsedStatementRow | StatementRowProblem => {
  const { ligne, values } = row;
  const date = isoDay(values.date ?? '');
  if (!date) return { ligne, colonne: 'date', message: ROW_MESSAGES.date };
  try {
    const payment = parsePayment({
      montant: frenchAmount(values.montant ?? ''),
      date,
      reference: values.reference ?? '',
    });
    const numeroDossier = (values.numero_dossier ?? '').trim().toUpperCase();
    const telephone = (values.telephone ?? '').trim();
    if (!numeroDossier && !phoneKey(telephone))
      return {
        ligne,
        colonne: 'numero_dossier',
        message: 'Indiquez le numéro de dossier ou le téléphone du candidat.',
      };
    return { ligne, ...payment, numeroDossier, telephone };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const [colonne] = Object.keys(error.fields);
    return { ligne, colonne: colonne ?? 'montant', message: error.message };
  }
};

const choiceOf = (d: StatementDossier): StatementChoice => ({
  candidatureId: d.candidatureId,
  numeroDossier: d.numeroDossier,
  libelle: d.libelle,
});

/**
 * Each line's dossier: its exact number (« certaine »); else the dossiers whose candidate has this
 * phone and owes exactly this amount (« douteuse », decided by staff); else « introuvable ». A line
 * whose reference is already recorded (`recorded`), or met twice in the statement, is refused.
 */
export const matchStatement = (
  rows: readonly ParsedStatementRow[],
  dossiers: readonly StatementDossier[],
  recorded: ReadonlySet<string>,
): StatementLine[] => {
  const byNumber = new Map(dossiers.map((d) => [d.numeroDossier.toUpperCase(), d]));
  const byPhone = new Map<string, StatementDossier[]>();
  for (const d of dossiers) {
    const key = phoneKey(d.telephone);
    if (key) byPhone.set(key, [...(byPhone.get(key) ?? []), d]);
  }
  const seen = new Set<string>();
  return rows.map((row) => {
    const refus = recorded.has(row.reference)
      ? `La référence ${row.reference} est déjà enregistrée : ce paiement a déjà été appliqué.`
      : seen.has(row.reference)
        ? `La référence ${row.reference} figure déjà plus haut dans ce relevé.`
        : null;
    seen.add(row.reference);
    const base = { ...row, refus, choix: [] as StatementChoice[] };
    const numbered = row.numeroDossier ? byNumber.get(row.numeroDossier) : undefined;
    if (numbered)
      return {
        ...base,
        confiance: 'certaine',
        raison: `Numéro de dossier ${numbered.numeroDossier}.`,
        candidatureId: numbered.candidatureId,
        dossier: choiceOf(numbered),
        decision: 'acceptee',
      };
    const phone = phoneKey(row.telephone);
    const samePhone = phone ? (byPhone.get(phone) ?? []) : [];
    const owing = samePhone
      .filter((d) => d.resteAPayer === row.montant)
      .sort((a, b) => a.numeroDossier.localeCompare(b.numeroDossier));
    const unknownNumber = row.numeroDossier
      ? `Aucun dossier de la session ne porte le numéro ${row.numeroDossier}. `
      : '';
    if (owing.length > 0)
      return {
        ...base,
        confiance: 'douteuse',
        raison: `${unknownNumber}Téléphone ${row.telephone} et montant égal au reste à payer (${formatFcfa(row.montant)}) : ${owing.length > 1 ? `${owing.length} dossiers possibles` : 'à confirmer'}.`,
        candidatureId: null,
        dossier: null,
        choix: owing.map(choiceOf),
        decision: 'a-decider',
      };
    return {
      ...base,
      confiance: 'introuvable',
      raison:
        samePhone.length > 0
          ? `${unknownNumber}Le téléphone ${row.telephone} est connu, mais le montant diffère du reste à payer.`
          : `${unknownNumber}Aucun dossier de la session ne correspond${row.telephone ? ` au téléphone ${row.telephone}` : ''}.`,
      candidatureId: null,
      dossier: null,
      decision: 'ignoree',
    };
  });
};

/** The counts a statement shows. */
export const statementCounts = (lignes: readonly StatementLine[]) => ({
  certaines: lignes.filter((l) => l.confiance === 'certaine').length,
  douteuses: lignes.filter((l) => l.confiance === 'douteuse').length,
  introuvables: lignes.filter((l) => l.confiance === 'introuvable').length,
  aDecider: lignes.filter((l) => l.decision === 'a-decider').length,
  refusees: lignes.filter((l) => l.refus !== null).length,
});

export type PaymentStatementImported = DomainEvent<
  'ReleveImporte',
  {
    releveId: string;
    sessionId: string;
    /** An enrôleur's centre: only its dossiers were matched. */
    centreDepotId: string | null;
    canal: StatementChannel;
    fichier: string;
    format: 'csv' | 'xlsx';
    lignes: StatementLine[];
  }
>;
export type PaymentStatementLineDecided = DomainEvent<
  'ReleveLigneDecidee',
  { releveId: string; ligne: number; candidatureId: string | null }
>;
export type PaymentStatementApplied = DomainEvent<
  'ReleveApplique',
  {
    releveId: string;
    paiements: { ligne: number; candidatureId: string; paiementId: string; montant: number }[];
  }
>;
export type PaymentStatementEvent =
  PaymentStatementImported | PaymentStatementLineDecided | PaymentStatementApplied;
export const PAYMENT_STATEMENT_EVENT_TYPES: readonly PaymentStatementEvent['type'][] = [
  'ReleveImporte',
  'ReleveLigneDecidee',
  'ReleveApplique',
];

export type PaymentStatement =
  | { readonly status: 'absent' }
  | {
      readonly status: 'apercu' | 'applique';
      readonly releveId: string;
      readonly sessionId: string;
      readonly centreDepotId: string | null;
      readonly canal: StatementChannel;
      readonly lignes: StatementLine[];
    };

/** A decision on a doubtful line: the dossier chosen among its possible ones, or none (ignored). */
const decided = (line: StatementLine, candidatureId: string | null): StatementLine => {
  const dossier = line.choix.find((c) => c.candidatureId === candidatureId) ?? null;
  return {
    ...line,
    candidatureId: dossier?.candidatureId ?? null,
    dossier,
    decision: dossier ? 'acceptee' : 'ignoree',
  };
};

export const evolvePaymentStatement = (
  state: PaymentStatement,
  event: PaymentStatementEvent,
): PaymentStatement => {
  switch (event.type) {
    case 'ReleveImporte': {
      const { releveId, sessionId, centreDepotId, canal, lignes } = event.data;
      return { status: 'apercu', releveId, sessionId, centreDepotId, canal, lignes };
    }
    case 'ReleveLigneDecidee':
      if (state.status === 'absent') return state;
      return {
        ...state,
        lignes: state.lignes.map((l) =>
          l.ligne === event.data.ligne ? decided(l, event.data.candidatureId) : l,
        ),
      };
    case 'ReleveApplique':
      return state.status === 'absent' ? state : { ...state, status: 'applique' };
  }
};

export const foldPaymentStatement = (events: readonly PaymentStatementEvent[]): PaymentStatement =>
  events.reduce(evolvePaymentStatement, { status: 'absent' } as PaymentStatement);

export const STATEMENT_APPLIED =
  'Ce relevé est déjà appliqué : importez-le de nouveau pour un nouvel aperçu.';

/** A doubtful line decided: the dossier among its possible ones, or `null` to ignore it. */
export const decideStatementLine = (
  state: PaymentStatement,
  ligne: number,
  candidatureId: string | null,
): PaymentStatementLineDecided[] => {
  if (state.status === 'absent') throw new ConflictError(PAYMENT_STATEMENT_NOT_FOUND);
  if (state.status === 'applique') throw new ConflictError(STATEMENT_APPLIED);
  const line = state.lignes.find((l) => l.ligne === ligne);
  // A doubtful line is decided; a refused one (its reference already recorded) may be ignored.
  const ignoringRefused = line?.refus && candidatureId === null;
  if (!line || (line.confiance !== 'douteuse' && !ignoringRefused))
    throw new ValidationError(`La ligne ${ligne} n’est pas une correspondance douteuse.`, {
      ligne: `La ligne ${ligne} n’est pas une correspondance douteuse.`,
    });
  if (candidatureId !== null && !line.choix.some((c) => c.candidatureId === candidatureId))
    throw new ValidationError('Choisissez l’un des dossiers proposés pour cette ligne.', {
      candidatureId: 'Choisissez l’un des dossiers proposés pour cette ligne.',
    });
  return [{ type: 'ReleveLigneDecidee', data: { releveId: state.releveId, ligne, candidatureId } }];
};

/** The lines an application would record, or why it cannot (every refused line, in French). */
export const statementToApply = (
  state: PaymentStatement,
): { lines: StatementLine[]; problems: StatementRowProblem[] } => {
  if (state.status === 'absent') throw new ConflictError(PAYMENT_STATEMENT_NOT_FOUND);
  if (state.status === 'applique') throw new ConflictError(STATEMENT_APPLIED);
  const problems: StatementRowProblem[] = [];
  for (const l of state.lignes) {
    if (l.decision === 'a-decider')
      problems.push({
        ligne: l.ligne,
        colonne: 'decision',
        message: `Ligne ${l.ligne} : décidez d’abord de cette correspondance douteuse.`,
      });
    else if (l.decision === 'acceptee' && l.refus)
      problems.push({
        ligne: l.ligne,
        colonne: 'reference',
        message: `Ligne ${l.ligne} : ${l.refus}`,
      });
  }
  return { lines: state.lignes.filter((l) => l.decision === 'acceptee'), problems };
};

export interface PaymentStatementDocument {
  id: string;
  version: number;
  sessionId: string;
  centreDepotId: string | null;
  canal: StatementChannel;
  fichier: string;
  statut: 'apercu' | 'applique';
  lignes: StatementLine[];
  certaines: number;
  douteuses: number;
  introuvables: number;
  aDecider: number;
  refusees: number;
  paiements: number;
  montantApplique: number;
  creeLe: string;
  creePar: string;
  appliqueLe: string | null;
  appliquePar: string | null;
  [field: string]: unknown;
}

export const paymentStatementsCollection: CollectionDefinition = {
  name: 'releves_paiement',
  fields: {
    sessionId: 'string',
    centreDepotId: 'string',
    statut: 'string',
    creeLe: 'string',
    creePar: 'string',
  },
  searchFields: ['fichier', 'creePar'],
  defaultSort: { field: 'creeLe', order: 'DESC' },
};

/** The statement's document after one of its events. */
export const paymentStatementDocumentAfter = (
  current: PaymentStatementDocument | null,
  event: RecordedEvent,
): PaymentStatementDocument | null => {
  const e = event as unknown as RecordedEvent<PaymentStatementEvent>;
  switch (e.type) {
    case 'ReleveImporte': {
      const { releveId, sessionId, centreDepotId, canal, fichier, lignes } = e.data;
      return {
        id: releveId,
        version: e.revision,
        sessionId,
        centreDepotId,
        canal,
        fichier,
        statut: 'apercu',
        lignes,
        ...statementCounts(lignes),
        paiements: 0,
        montantApplique: 0,
        creeLe: e.metadata.at,
        creePar: e.metadata.actor.name,
        appliqueLe: null,
        appliquePar: null,
      };
    }
    case 'ReleveLigneDecidee': {
      if (!current) return null;
      const lignes = current.lignes.map((l) =>
        l.ligne === e.data.ligne ? decided(l, e.data.candidatureId) : l,
      );
      return { ...current, version: e.revision, lignes, ...statementCounts(lignes) };
    }
    case 'ReleveApplique':
      if (!current) return null;
      return {
        ...current,
        version: e.revision,
        statut: 'applique',
        paiements: e.data.paiements.length,
        montantApplique: e.data.paiements.reduce((sum, p) => sum + p.montant, 0),
        appliqueLe: e.metadata.at,
        appliquePar: e.metadata.actor.name,
      };
    default:
      return current;
  }
};

export const paymentStatementsResource: ResourceDefinition = {
  name: 'releves-paiement',
  collection: paymentStatementsCollection,
  projections: [PAYMENT_STATEMENTS_PROJECTION],
  category: PAYMENT_STATEMENT_CATEGORY,
  label: 'relevé de paiements',
  notFoundMessage: PAYMENT_STATEMENT_NOT_FOUND,
  scopedBy: 'centreDepotId',
};
