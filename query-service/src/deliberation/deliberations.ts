import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  deliberationsCollection,
  JURYS,
  listCollection,
  rankByAverage,
  resultsCollection,
  RESULTS_PROJECTION,
  DELIBERATIONS_PROJECTION,
  type DeliberationDocument,
  type FrozenResult,
  type ReadModelDocument,
  type ResultDocument,
  type ResultEpreuvesDocument,
  resultEpreuvesCollection,
  resultMarkLines,
} from '@examens-pro/domain';
import type { EventStore, ReadStore } from '@examens-pro/platform';
import {
  readAllItems,
  readJuryDeliberation,
  type JuryDeliberation,
} from '@examens-pro/application';
import { readers } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';
import { sessionsOf } from '../sessionChoices.js';

type Doc = ReadModelDocument & Record<string, unknown>;

const guard = readers('espace-examen/gestion-des-admissions/resultat-et-pv');

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** A line's métier, named. */
type Namer = (line: { metierId: string }) => { metier: string };

/** Ranked first, then by name, the French way. */
const byRank = (
  a: { rang: number | null; nom: string },
  b: { rang: number | null; nom: string },
): number => (a.rang ?? Infinity) - (b.rang ?? Infinity) || collator.compare(a.nom, b.nom);

/** GET `/choix?sessionId=`: the sessions, and the session's juries with their deliberation. */
export const deliberationChoices = async (
  readStore: ReadStore,
  request: FastifyRequest<{ Querystring: { sessionId?: string } }>,
) => {
  const sessions = await sessionsOf(readStore);
  const sessionId = request.query.sessionId;
  const jurys: Record<string, unknown>[] = [];
  if (sessionId) {
    const states = new Map<string, DeliberationDocument>();
    for await (const d of readStore
      .collection<DeliberationDocument>(deliberationsCollection)
      .stream({ filter: { sessionId }, sort: [{ field: 'juryId', order: 'ASC' }] }))
      states.set(d.juryId, d);
    for await (const jury of readStore
      .collection<Doc>(listCollection(JURYS))
      .stream({ filter: { sessionId }, sort: [{ field: 'libelle', order: 'ASC' }] })) {
      const state = states.get(jury.id);
      jurys.push({
        id: jury.id,
        libelle: String(jury.libelle ?? ''),
        actif: jury.actif === true,
        statut: state?.statut ?? 'ouverte',
        numeroArrete: state?.numeroArrete ?? null,
        dateArrete: state?.dateArrete ?? null,
        closLe: state?.closLe ?? null,
        effectif: state?.effectif ?? null,
        admis: state?.admis ?? null,
        derogations: state?.derogations.length ?? 0,
      });
    }
  }
  return { sessions, jurys };
};

/** A closed jury's frozen results, each waiting one with what a re-deliberation would give now. */
const frozenLines = (
  closed: DeliberationDocument,
  frozen: ResultDocument[],
  epreuves: ResultEpreuvesDocument | null,
  pending: readonly string[],
  read: JuryDeliberation,
  named: Namer,
) => {
  const now = new Map(read.candidats.map((c) => [c.candidatureId, c.computation]));
  return {
    provisoire: false,
    lignes: frozen.sort(byRank).map((r) => ({
      ...lineOf({ ...r, notes: resultMarkLines(r, epreuves) }),
      ...named(r),
      aRedeliberer: r.aRedeliberer,
      revisions: r.revisions,
      redeliberations: r.redeliberations,
      maintenant: r.aRedeliberer ? (now.get(r.candidatureId) ?? null) : null,
    })),
    bilan: {
      effectif: closed.effectif,
      admis: closed.admis,
      ajournes: closed.ajournes,
      elimines: closed.elimines,
      absents: closed.absents,
      incomplets: 0,
      aRedeliberer: pending.length,
    },
  };
};

/** An open jury's results computed now from the grade sheets, its overrides applied. */
const provisionalLines = (read: JuryDeliberation, named: Namer) => {
  const ranks = rankByAverage(
    read.candidats.map((c) => ({ ...c, moyenne: c.computation.moyenne })),
  );
  const lignes = read.candidats.map((c) => {
    const derogation = read.state.derogations.get(c.candidatureId) ?? null;
    const calcule = c.computation.resultat;
    const applied = derogation && calcule && calcule !== 'absent' ? derogation : null;
    return {
      candidatureId: c.candidatureId,
      numeroCandidat: c.numeroCandidat,
      numeroDossier: c.numeroDossier,
      nom: c.nom,
      prenoms: c.prenoms,
      metierId: c.metierId,
      ...named(c),
      notes: c.computation.notes,
      moyenne: c.computation.moyenne,
      calcule,
      resultat: applied?.resultat ?? calcule,
      derogation: applied,
      rang: ranks.get(c.candidatureId) ?? null,
      manquantes: c.computation.manquantes,
    };
  });
  const count = (r: string) => lignes.filter((l) => l.resultat === r).length;
  return {
    provisoire: true,
    lignes: lignes.sort(byRank),
    bilan: {
      effectif: lignes.length,
      admis: count('admis'),
      ajournes: count('ajourne'),
      elimines: count('elimine'),
      absents: count('absent'),
      incomplets: lignes.filter((l) => l.resultat === null).length,
      aRedeliberer: 0,
    },
  };
};

/** GET `/:juryId`: the jury's épreuves and one line per candidate, provisional or frozen. */
export const juryDeliberation = async (
  { readStore, eventStore }: { readonly readStore: ReadStore; readonly eventStore: EventStore },
  request: FastifyRequest<{ Params: { juryId: string } }>,
  reply: FastifyReply,
) => {
  await awaitPosition(request, reply, {
    readStore,
    projections: [DELIBERATIONS_PROJECTION, RESULTS_PROJECTION],
  });
  const juryId = request.params.juryId;
  const closed = await readStore
    .collection<DeliberationDocument>(deliberationsCollection)
    .get(juryId);
  const metiers = new Map(
    (await readAllItems(readStore, 'metiers')).map((m) => [m.id, String(m.libelle ?? '')]),
  );
  const frozen: ResultDocument[] = [];
  if (closed?.statut === 'close')
    for await (const r of readStore
      .collection<ResultDocument>(resultsCollection)
      .stream({ filter: { juryId }, sort: [{ field: 'numeroCandidat', order: 'ASC' }] }))
      frozen.push(r);
  const pending = frozen.filter((r) => r.aRedeliberer).map((r) => r.candidatureId);
  // Provisional (open) results: every candidate; closed: only those waiting for a new decision.
  const read = await readJuryDeliberation(
    eventStore,
    readStore,
    juryId,
    closed?.statut === 'close' ? pending : undefined,
  );
  const head = {
    jury: read.jury,
    session: read.session,
    reference: read.reference,
    regles: read.rules,
    epreuves: read.epreuves,
    statut: closed?.statut ?? 'ouverte',
    numeroArrete: closed?.numeroArrete ?? null,
    dateArrete: closed?.dateArrete ?? null,
    closLe: closed?.closLe ?? null,
    closPar: closed?.closPar ?? null,
    anonyme: read.anonyme,
  };
  const named: Namer = (line) => ({ metier: metiers.get(line.metierId) ?? '' });
  if (closed?.statut === 'close')
    return {
      ...head,
      ...frozenLines(
        closed,
        frozen,
        await readStore.collection<ResultEpreuvesDocument>(resultEpreuvesCollection).get(juryId),
        pending,
        read,
        named,
      ),
    };
  if (read.anonyme)
    return {
      ...head,
      provisoire: true,
      lignes: [],
      bilan: null,
      message:
        'Les copies des épreuves écrites sont encore anonymes : levez l’anonymat (« Configuration des notes ») pour délibérer.',
    };
  return { ...head, ...provisionalLines(read, named) };
};

/**
 * « Résultats et PV » (`/api/deliberations`, beside the generic reads of the deliberations):
 * - GET `/choix?sessionId=` → the sessions, and the session's juries with their deliberation's
 *   statut and counts;
 * - GET `/:juryId/resultats` (`resultsUrl`) → the jury's épreuves and one line per candidate: before closing, the results
 *   computed now from the grade sheets (provisional, the jury's overrides applied), with what is
 *   missing; after, the frozen results, each result waiting for a re-deliberation with what
 *   changed and what a re-deliberation would give now.
 */
export const deliberationQueryRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly eventStore: EventStore;
  /** `/:juryId` under the alias `/api/deliberation-jurys` (docs/http-contract.md). */
  readonly resultsUrl?: string;
}> = async (app, { readStore, eventStore, resultsUrl = '/:juryId/resultats' }) => {
  app.get<{ Querystring: { sessionId?: string } }>('/choix', guard, (request) =>
    deliberationChoices(readStore, request),
  );
  app.get<{ Params: { juryId: string } }>(resultsUrl, guard, (request, reply) =>
    juryDeliberation({ readStore, eventStore }, request, reply),
  );
};

const lineOf = (r: FrozenResult) => ({
  candidatureId: r.candidatureId,
  numeroCandidat: r.numeroCandidat,
  numeroDossier: r.numeroDossier,
  nom: r.nom,
  prenoms: r.prenoms,
  metierId: r.metierId,
  notes: r.notes,
  moyenne: r.moyenne,
  calcule: r.calcule,
  resultat: r.resultat,
  derogation: r.derogation,
  rang: r.rang,
  manquantes: [] as string[],
});
