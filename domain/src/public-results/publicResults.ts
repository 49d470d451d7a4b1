/**
 * The public results lookup (`/resultat-examen`): a candidate finds their result with their numéro
 * de candidat and their date of birth, once their session's results are visible. It reads a
 * collection made for it (`resultats-publics`, one document per numéro de candidat, kept by its own
 * projection from the juries' frozen and re-deliberated results), so that a national results day
 * never touches the staff's read models.
 */
import type { RecordedEvent } from '../core/envelope.js';
import { ValidationError } from '../core/errors.js';
import type { CollectionDefinition, ReadModelDocument } from '../core/readModels.js';
import {
  RESULT_LABELS,
  type ComputedResult,
  type DeliberationEvent,
  type FrozenResult,
} from '../deliberation/deliberation.js';

const AVERAGE = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A candidate's result in one session. */
export interface PublicResultEntry {
  readonly candidatureId: string;
  readonly numeroCandidat: string;
  readonly sessionId: string;
  readonly juryId: string;
  readonly nom: string;
  readonly prenoms: string;
  readonly metierId: string;
  /** The result that counts (the jury's decision included), as frozen or re-deliberated. */
  readonly resultat: ComputedResult;
  readonly moyenne: number | null;
  /** When it was frozen or last re-deliberated. */
  readonly le: string;
}

/**
 * One document per numéro de candidat and date of birth (`<numéro>|<AAAA-MM-JJ>`): a wrong date
 * reads nothing, like an unknown number. Numbers are given per session and métier, so one key may
 * hold results of several sessions (a candidate who sat again, or a namesake in another exam).
 */
export interface PublicResultDocument extends ReadModelDocument {
  readonly entrees: readonly PublicResultEntry[];
}

export const publicResultKey = (numeroCandidat: string, dateNaissance: string): string =>
  `${normalizeCandidateNumber(numeroCandidat)}|${dateNaissance}`;

/** Read by id only. */
export const publicResultsCollection: CollectionDefinition = {
  name: 'resultats_publics',
  fields: {},
  searchFields: [],
  defaultSort: { field: 'id', order: 'ASC' },
  sortFields: [],
};
export const PUBLIC_RESULTS_PROJECTION = 'resultats-publics';
export const PUBLIC_RESULTS_EVENT_TYPES = [
  'DeliberationResultsFrozen',
  'CandidateRedeliberated',
] as const;

/** The same answer for an unknown number, a wrong date and a session whose results are hidden. */
export const PUBLIC_RESULT_NOT_FOUND =
  'Aucun résultat publié ne correspond à ce numéro de candidat et à cette date de naissance. Vérifiez votre saisie ; si les résultats de votre session ne sont pas encore publiés, réessayez plus tard.';

/** Past 5 failed attempts on one number within an hour. */
export const publicResultLockedMessage = (minutes: number): string =>
  `Trop de tentatives infructueuses pour ce numéro de candidat. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`;

export const normalizeCandidateNumber = (value: string): string =>
  value.trim().replace(/\s+/g, '').toUpperCase();

const dayExists = (iso: string): boolean => {
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
};

/** JJ/MM/AAAA (what a person types) or AAAA-MM-JJ (a date field), as AAAA-MM-JJ; else null. */
export const parseBirthDate = (value: string): string | null => {
  const text = value.trim();
  const french = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const iso = french ? `${french[3]}-${french[2]}-${french[1]}` : text;
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && dayExists(iso) ? iso : null;
};

export interface PublicResultLookup {
  readonly numeroCandidat: string;
  readonly dateNaissance: string;
}

/** `POST /api/public/resultats { numeroCandidat, dateNaissance }`. */
export const parsePublicResultLookup = (body: unknown): PublicResultLookup => {
  const b = (body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const numero =
    typeof b.numeroCandidat === 'string' ? normalizeCandidateNumber(b.numeroCandidat) : '';
  if (numero === '') errors.numeroCandidat = 'Le numéro de candidat est obligatoire.';
  else if (numero.length > 40 || !/^[A-Z0-9-]+$/.test(numero))
    errors.numeroCandidat =
      'Le numéro de candidat ne contient que des lettres, des chiffres et des tirets.';
  const date = typeof b.dateNaissance === 'string' ? parseBirthDate(b.dateNaissance) : null;
  if (date === null)
    errors.dateNaissance = 'La date de naissance est obligatoire, au format JJ/MM/AAAA.';
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return { numeroCandidat: numero, dateNaissance: date! };
};

/** What the lookup answers for one session: names and labels, the result, maybe the average. */
export interface PublicResultAnswer {
  readonly numeroCandidat: string;
  readonly nom: string;
  readonly prenoms: string;
  readonly examen: string;
  readonly session: string;
  readonly metier: string;
  readonly resultat: ComputedResult;
  readonly resultatLibelle: string;
  /** « 12,50 / 20 », only when the session's visibility shows the average. */
  readonly moyenne?: string;
}

export const publicResultAnswer = (
  entry: PublicResultEntry,
  labels: { readonly examen: string; readonly session: string; readonly metier: string },
  moyenneVisible: boolean,
): PublicResultAnswer => ({
  numeroCandidat: entry.numeroCandidat,
  nom: entry.nom,
  prenoms: entry.prenoms,
  ...labels,
  resultat: entry.resultat,
  resultatLibelle: RESULT_LABELS[entry.resultat],
  ...(moyenneVisible && entry.moyenne !== null
    ? { moyenne: `${AVERAGE.format(entry.moyenne)} / 20` }
    : {}),
});

const entryOf = (
  result: FrozenResult,
  keys: { sessionId: string; juryId: string },
  event: RecordedEvent,
): PublicResultEntry => ({
  candidatureId: result.candidatureId,
  numeroCandidat: normalizeCandidateNumber(result.numeroCandidat),
  sessionId: keys.sessionId,
  juryId: keys.juryId,
  nom: result.nom,
  prenoms: result.prenoms,
  metierId: result.metierId,
  resultat: result.resultat,
  moyenne: result.moyenne,
  le: event.metadata.at,
});

/** The results an event sets, each under its key. */
const resultsOf = (
  recorded: RecordedEvent,
): { key: string; entry: PublicResultEntry; previousKey?: string }[] => {
  const event = recorded as unknown as RecordedEvent<DeliberationEvent>;
  switch (event.type) {
    case 'DeliberationResultsFrozen': {
      const { sessionId, juryId } = event.data;
      return event.data.resultats.map((r) => ({
        key: publicResultKey(r.numeroCandidat, r.dateNaissance),
        entry: entryOf(r, { sessionId, juryId }, recorded),
      }));
    }
    case 'CandidateRedeliberated': {
      const { sessionId, juryId, avant, apres } = event.data;
      return [
        {
          key: publicResultKey(apres.numeroCandidat, apres.dateNaissance),
          entry: entryOf(apres, { sessionId, juryId }, recorded),
          previousKey: publicResultKey(avant.numeroCandidat, avant.dateNaissance),
        },
      ];
    }
    default:
      return [];
  }
};

/** The keys whose documents an event changes (to read them first). */
export const publicResultKeysOf = (recorded: RecordedEvent): string[] => [
  ...new Set(
    resultsOf(recorded).flatMap(({ key, previousKey }) =>
      previousKey && previousKey !== key ? [key, previousKey] : [key],
    ),
  ),
];

/**
 * The documents an event writes (null: delete), from the stored ones. A candidate's entry is
 * replaced in place (an identity correction re-deliberated may move it to another key), so a
 * redelivered event writes the same documents again.
 */
export const publicResultDocumentsAfter = (
  recorded: RecordedEvent,
  current: (key: string) => PublicResultDocument | null,
): { id: string; doc: PublicResultDocument | null }[] => {
  const docs = new Map<string, PublicResultEntry[]>();
  const entriesOf = (key: string) => {
    let entries = docs.get(key);
    if (!entries) docs.set(key, (entries = [...(current(key)?.entrees ?? [])]));
    return entries;
  };
  for (const { key, entry, previousKey } of resultsOf(recorded)) {
    for (const k of previousKey ? [previousKey, key] : [key]) {
      const entries = entriesOf(k);
      const at = entries.findIndex((e) => e.candidatureId === entry.candidatureId);
      if (at >= 0) entries.splice(at, 1);
    }
    entriesOf(key).push(entry);
  }
  return [...docs].map(([id, entrees]) => ({
    id,
    doc:
      entrees.length === 0
        ? null
        : {
            id,
            version: recorded.revision,
            entrees: entrees.sort((a, b) => a.le.localeCompare(b.le)),
          },
  }));
};
