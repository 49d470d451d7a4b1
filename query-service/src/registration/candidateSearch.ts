import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CANDIDATURE_CATEGORY,
  candidaturesCollection,
  candidaturesResource,
  examIncidentsCollection,
  gradeHistoryCollection,
  gradeSettingsCollection,
  type GradeSettingsDocument,
  identityCorrectionsCollection,
  incidentsCollection,
  listCollection,
  marksCollection,
  referenceList,
  resultLabel,
  resultsCollection,
  streamName,
  ValidationError,
  type CandidatureDocument,
  type GradeHistoryDocument,
  type MarkDocument,
  type ReadModelDocument,
  type ResultDocument,
} from '@examens-pro/domain';
import {
  type Collection,
  type EventStore,
  type Filter,
  type ReadStore,
} from '@examens-pro/platform';
import type { LabelSource } from '../exports.js';
import { readers, scopedFilter, withinCentre } from '../readers.js';
import { readableHistory } from '../routes/resource.js';

type Doc = ReadModelDocument & Record<string, unknown>;

const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const MAX_FOUND = 50;

/** What the 360° view reads besides the dossier itself. */
export interface CandidateSearchDeps {
  readonly readStore: ReadStore;
  readonly eventStore: EventStore;
  readonly labels: LabelSource;
}

/** An épreuve as the view names it. */
interface EpreuveName {
  readonly id: string;
  readonly code: string;
  readonly libelle: string;
  readonly noteMax: number | null;
  readonly coefficient: number | null;
}

/** Every document of a collection matching a filter, in one order. */
const readAll = async <T extends ReadModelDocument>(
  readStore: ReadStore,
  collection: Parameters<ReadStore['collection']>[0],
  filter: Filter,
  sort: { field: string; order: 'ASC' | 'DESC' },
): Promise<T[]> => {
  const found: T[] = [];
  for await (const doc of readStore.collection<T>(collection).stream({ filter, sort: [sort] }))
    found.push(doc);
  return found;
};

/** GET `?q=`: up to 50 dossiers by number, name or birth date, within the user's scope. */
export const searchCandidates = async (
  dossiers: Collection<CandidatureDocument>,
  request: FastifyRequest<{ Querystring: { q?: string } }>,
) => {
  const q = (request.query.q ?? '').trim();
  if (q.length < 2)
    throw new ValidationError(
      'Tapez au moins deux caractères : un numéro de candidat ou de dossier, un nom, ou une date de naissance (JJ/MM/AAAA).',
      { q: 'Tapez au moins deux caractères.' },
    );
  const date = DATE.exec(q);
  // A centre-attached user finds their centre's dossiers only.
  const filter = scopedFilter(
    candidaturesResource,
    request,
    date ? { dateNaissance: `${date[3]}-${date[2]}-${date[1]}` } : { $q: q },
  )!;
  const { items, total } = await dossiers.list({
    filter,
    sort: [
      { field: 'libelle', order: 'ASC' },
      { field: 'numeroDossier', order: 'ASC' },
    ],
    limit: MAX_FOUND,
  });
  return {
    total,
    candidats: items.map((d) => ({
      id: d.id,
      numeroDossier: d.numeroDossier,
      numeroCandidat: d.numeroCandidat,
      libelle: d.libelle,
      dateNaissance: d.dateNaissance ?? null,
      sessionId: d.sessionId,
      metierId: d.metierId,
      siteId: d.siteId,
      statut: d.statut,
    })),
  };
};

/** A dossier's marks, grade entries, incidents (registration and exam) and identity corrections. */
const dossierRecords = async (readStore: ReadStore, dossier: CandidatureDocument) => {
  const id = dossier.id;
  const [marks, gradeLines, incidents, corrections] = await Promise.all([
    readAll<MarkDocument>(
      readStore,
      marksCollection,
      { candidatureId: id },
      { field: 'epreuveId', order: 'ASC' },
    ),
    readAll<GradeHistoryDocument>(
      readStore,
      gradeHistoryCollection,
      { candidatureId: id },
      { field: 'le', order: 'ASC' },
    ),
    readAll<Doc>(
      readStore,
      incidentsCollection,
      { candidatureId: id },
      { field: 'creeLe', order: 'ASC' },
    ),
    readAll<Doc>(
      readStore,
      identityCorrectionsCollection,
      { candidatureId: id },
      { field: 'date', order: 'ASC' },
    ),
  ]);
  // Exam incidents name their candidates in a list: those of the dossier's site, then its own.
  const examIncidents = dossier.siteId
    ? (
        await readAll<Doc>(
          readStore,
          examIncidentsCollection,
          { sessionId: dossier.sessionId, siteId: dossier.siteId },
          { field: 'creeLe', order: 'ASC' },
        )
      ).filter((i) => Array.isArray(i.candidatureIds) && i.candidatureIds.includes(id))
    : [];
  return { marks, gradeLines, incidents, corrections, examIncidents };
};

/** Each épreuve's code, libellé, scale and coefficient, read from the list (its id when absent). */
const epreuveNames =
  (epreuves: ReadonlyMap<string, Doc>) =>
  (epreuveId: string): EpreuveName => {
    const e = epreuves.get(epreuveId);
    return {
      id: epreuveId,
      code: String(e?.code ?? ''),
      libelle: String(e?.libelle ?? epreuveId),
      noteMax: typeof e?.noteMax === 'number' ? e.noteMax : null,
      coefficient: typeof e?.coefficient === 'number' ? e.coefficient : null,
    };
  };

/** The dossier's history from its events, then every grade event it may show, oldest first. */
const timelineOf = async (
  { eventStore, labels }: CandidateSearchDeps,
  id: string,
  gradeLines: readonly GradeHistoryDocument[],
  hidden: (numeroAnonymat: string | null) => boolean,
  epreuveOf: (epreuveId: string) => EpreuveName,
) => {
  const events = await eventStore.readStream(streamName(CANDIDATURE_CATEGORY, id));
  const history = candidaturesResource.history
    ? await readableHistory(
        candidaturesResource.history(events),
        candidaturesResource.fields ?? [],
        labels,
      )
    : [];
  return [
    ...history.map((h) => ({
      le: h.at,
      par: h.actor,
      quoi: h.action,
      detail: h.changes.map((c) => `${c.label} : ${text(c.before)} → ${text(c.after)}`).join(' ; '),
      motif: h.reason ?? '',
    })),
    ...gradeLines
      .filter((g) => !hidden(g.numeroAnonymat ?? null))
      .map((g) => ({
        le: g.le,
        par: g.par,
        quoi: `Note — ${g.action === 'importation' ? 'importation' : g.action === 'saisie' ? 'saisie' : g.action === 'modification' ? 'modification' : 'résolution d’écart'} (${epreuveOf(g.epreuveId).code})`,
        detail: g.resultat,
        motif: g.motif,
      })),
  ].sort((a, b) => a.le.localeCompare(b.le));
};

/** GET `/:id`: the 360° view of one dossier (another centre's is a 404 to a centre-attached user). */
export const candidateView = async (
  deps: CandidateSearchDeps,
  dossiers: Collection<CandidatureDocument>,
  request: FastifyRequest<{ Params: { id: string } }>,
) => {
  const { readStore, labels } = deps;
  // Another centre's dossier does not exist for a centre-attached user.
  const dossier = withinCentre(
    candidaturesResource,
    await dossiers.get(request.params.id),
    request,
  );
  const { marks, gradeLines, incidents, corrections, examIncidents } = await dossierRecords(
    readStore,
    dossier,
  );
  // Anonymous copies stay unlinked from the candidate until the deliberation lifts it.
  const rules = await readStore
    .collection<GradeSettingsDocument>(gradeSettingsCollection)
    .get(dossier.sessionId);
  const hidden = (numeroAnonymat: string | null) =>
    numeroAnonymat !== null && Boolean(rules?.anonymat) && !rules?.anonymatLeve;
  const epreuveIds = [...new Set([...marks, ...gradeLines].map((m) => m.epreuveId))];
  const epreuveOf = epreuveNames(
    new Map(
      (
        await readStore
          .collection<Doc>(listCollection(referenceList('epreuves')!))
          .getMany(epreuveIds)
      ).map((e) => [e.id, e]),
    ),
  );
  const timeline = await timelineOf(deps, dossier.id, gradeLines, hidden, epreuveOf);
  const result = await deps.readStore.collection<ResultDocument>(resultsCollection).get(dossier.id);
  const nameIn = async (resource: string, itemId: unknown) =>
    typeof itemId === 'string' && itemId !== ''
      ? ((await labels(resource, [itemId])).get(itemId) ?? itemId)
      : null;
  return {
    candidature: dossier,
    // Named here: whoever searches may not read the lists themselves.
    libelles: {
      session: await nameIn('sessions', dossier.sessionId),
      metier: await nameIn('metiers', dossier.metierId),
      site: await nameIn('sites-composition', dossier.siteId),
    },
    notes: marks.map((m) =>
      hidden(m.numeroAnonymat ?? null)
        ? {
            epreuve: epreuveOf(m.epreuveId),
            presence: m.presence,
            note: null,
            statut: 'anonyme',
            saisies: [],
          }
        : {
            epreuve: epreuveOf(m.epreuveId),
            presence: m.presence,
            note: m.note,
            statut: m.statut,
            saisies: m.saisies,
          },
    ),
    incidents: incidents.map((i) => ({
      id: i.id,
      typeId: i.typeId,
      description: i.description,
      statut: i.statut,
      creeLe: i.creeLe,
    })),
    incidentsExamen: examIncidents.map((i) => ({
      id: i.id,
      epreuve: epreuveOf(String(i.epreuveId)),
      typeId: i.typeId,
      description: i.description,
      statut: i.statut,
      creeLe: i.creeLe,
    })),
    corrections: corrections.map((c) => ({
      id: c.id,
      le: c.date,
      par: c.acteur,
      justification: c.justification,
      changes: c.changes,
    })),
    // The result its jury froze (or re-deliberated); null until the jury closes.
    resultat: result ? { libelle: resultLabel(result), moyenne: result.moyenne } : null,
    pieces: dossier.pieces ?? [],
    chronologie: timeline,
  };
};

/**
 * « Rechercher un candidat » (`/api/recherche-candidats`), under « Rechercher un candidat »:
 * - GET `?q=` → up to 50 dossiers: by candidate number, dossier number, name (accents and case
 *   ignored) or birth date typed JJ/MM/AAAA;
 * - GET `/:id` → the 360° view of one dossier: identity, candidature and allocation, presences and
 *   marks per épreuve (with their entries), registration and exam incidents, identity corrections,
 *   the result its jury froze (null before the jury closes), its pièces, and
 *   its whole timeline (the dossier's history from its events, then every grade event), oldest
 *   first.
 */
export const candidateSearchRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly eventStore: EventStore;
  readonly labels: LabelSource;
}> = async (app, { readStore, eventStore, labels }) => {
  const guard = readers('espace-examen/rechercher-un-candidat');
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);

  app.get<{ Querystring: { q?: string } }>('/', guard, (request) =>
    searchCandidates(dossiers, request),
  );
  app.get<{ Params: { id: string } }>('/:id', guard, (request) =>
    candidateView({ readStore, eventStore, labels }, dossiers, request),
  );
};

const text = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '—' : String(value);
