/**
 * What grades read: the session and its grade settings folded from their streams, an examen's
 * épreuves, a sheet's roster, and the candidates or anonymous copies a file of marks names.
 */
import {
  candidaturesCollection,
  fold,
  GRADE_SETTINGS_CATEGORY,
  gradeSettingsDecider,
  listCollection,
  marksCollection,
  referenceList,
  SESSION_CATEGORY,
  sessionDecider,
  streamName,
  ValidationError,
  type CandidatureDocument,
  type GradeSettingsEvent,
  type GradeSettingsState,
  type ImportCandidate,
  type ImportEpreuve,
  type MarkDocument,
  type ReadModelDocument,
  type RosterEntry,
  type Session,
  type SessionEvent,
} from '@examens-pro/domain';
import type { EventStore, ReadStore } from '@examens-pro/platform';

type Doc = ReadModelDocument & Record<string, unknown>;

export const SESSION_NOT_FOUND = 'Cette session est introuvable.';

/** An épreuve as grades use it. */
export interface GradedEpreuve extends ImportEpreuve {
  readonly libelle: string;
  readonly examenId: string;
  readonly typeEpreuve: string;
}

/** An épreuve document as grades use it. */
export const epreuveOf = (doc: Doc): GradedEpreuve => ({
  id: doc.id,
  code: String(doc.code ?? ''),
  libelle: String(doc.libelle ?? ''),
  examenId: String(doc.examenId ?? ''),
  metierId: typeof doc.metierId === 'string' && doc.metierId !== '' ? doc.metierId : null,
  noteMax: typeof doc.noteMax === 'number' ? doc.noteMax : 20,
  typeEpreuve: String(doc.typeEpreuve ?? 'ecrite'),
});

/** The épreuves of an examen (active or not: a mark stays where it was given), in code order. */
export const epreuvesOfExamen = async (
  readStore: ReadStore,
  examenId: string,
): Promise<GradedEpreuve[]> => {
  const { items } = await readStore
    .collection<Doc>(listCollection(referenceList('epreuves')!))
    .list({ filter: { examenId }, sort: [{ field: 'code', order: 'ASC' }], limit: 500 });
  return items.map(epreuveOf);
};

/** The session folded from its stream; a French 400 when it does not exist. */
export const sessionState = async (
  eventStore: EventStore,
  sessionId: string,
): Promise<Extract<Session, { status: 'present' }>> => {
  const session = fold(
    sessionDecider,
    (await eventStore.readStream(
      streamName(SESSION_CATEGORY, sessionId),
    )) as unknown as SessionEvent[],
  );
  if (session.status !== 'present')
    throw new ValidationError(SESSION_NOT_FOUND, { sessionId: SESSION_NOT_FOUND });
  return session;
};

export const gradeSettingsOf = async (
  eventStore: EventStore,
  sessionId: string,
): Promise<GradeSettingsState> =>
  fold(
    gradeSettingsDecider,
    (await eventStore.readStream(
      streamName(GRADE_SETTINGS_CATEGORY, sessionId),
    )) as unknown as GradeSettingsEvent[],
  );

const nameOf = (doc: CandidatureDocument) => ({
  nom: String(doc.nom ?? ''),
  prenoms: String(doc.prenoms ?? ''),
});

/**
 * The candidates of a sheet: allocated to the site in the session, whose métier composes the
 * épreuve, in candidate-number order.
 */
export const sheetRoster = async (
  readStore: ReadStore,
  sessionId: string,
  epreuve: Pick<ImportEpreuve, 'metierId'>,
  siteId: string,
): Promise<RosterEntry[]> => {
  const site = await readStore
    .collection<Doc>(listCollection(referenceList('sites-composition')!))
    .get(siteId);
  const centreExamenId = String(site?.centreExamenId ?? '');
  const roster: RosterEntry[] = [];
  for await (const doc of readStore.collection<CandidatureDocument>(candidaturesCollection).stream({
    filter: {
      sessionId,
      siteId,
      statut: 'affecte',
      ...(epreuve.metierId ? { metierId: epreuve.metierId } : {}),
    },
    sort: [{ field: 'numeroCandidat', order: 'ASC' }],
  }))
    roster.push({
      candidatureId: doc.id,
      numeroCandidat: doc.numeroCandidat ?? '',
      ...nameOf(doc),
      sexe: String(doc.sexe ?? ''),
      metierId: doc.metierId,
      centreExamenId,
    });
  return roster;
};

/**
 * Whether an épreuve's copies are anonymous in a session: a written épreuve, the session's rule on,
 * the link not lifted yet for the deliberation.
 */
export const isAnonymous = (
  rules: Pick<GradeSettingsState, 'anonymat' | 'anonymatLeve'>,
  epreuve: Pick<GradedEpreuve, 'typeEpreuve'>,
): boolean => rules.anonymat && !rules.anonymatLeve && epreuve.typeEpreuve === 'ecrite';

/** « 004217 »: six digits, as the copies carry them. */
export const anonymityNumber = (n: number): string => String(n).padStart(6, '0');

/** A mark names its dossier, or on an anonymous sheet its copy's anonymity number. */
export interface CopyRef {
  readonly candidatureId?: string;
  readonly numeroAnonymat?: string;
}

/** The anonymous copies of a session named by these anonymity numbers (from the marks' list). */
export const copiesByNumber = async (
  readStore: ReadStore,
  sessionId: string,
  numbers: readonly string[],
): Promise<Map<string, ImportCandidate & { epreuveId: string }>> => {
  const wanted = [...new Set(numbers.filter((n) => n !== ''))];
  const found = new Map<string, ImportCandidate & { epreuveId: string }>();
  const collection = readStore.collection<MarkDocument>(marksCollection);
  for (let i = 0; i < wanted.length; i += 500) {
    const { items } = await collection.list({
      filter: { sessionId, numeroAnonymat: { $in: wanted.slice(i, i + 500) } },
      limit: 1000,
    });
    for (const doc of items)
      if (doc.numeroAnonymat)
        found.set(doc.numeroAnonymat, {
          candidatureId: doc.candidatureId,
          numeroCandidat: doc.numeroCandidat,
          siteId: doc.siteId,
          metierId: doc.metierId,
          epreuveId: doc.epreuveId,
        });
  }
  return found;
};

/** The session's allocated candidates named by these numbers. */
export const candidatesByNumber = async (
  readStore: ReadStore,
  sessionId: string,
  numbers: readonly string[],
): Promise<Map<string, ImportCandidate>> => {
  const wanted = [...new Set(numbers.filter((n) => n !== ''))];
  const found = new Map<string, ImportCandidate>();
  const collection = readStore.collection<CandidatureDocument>(candidaturesCollection);
  for (let i = 0; i < wanted.length; i += 500) {
    const { items } = await collection.list({
      filter: { sessionId, statut: 'affecte', numeroCandidat: { $in: wanted.slice(i, i + 500) } },
      limit: 500,
    });
    for (const doc of items)
      if (doc.numeroCandidat && doc.siteId)
        found.set(doc.numeroCandidat.toUpperCase(), {
          candidatureId: doc.id,
          numeroCandidat: doc.numeroCandidat,
          siteId: doc.siteId,
          metierId: doc.metierId,
        });
  }
  return found;
};
