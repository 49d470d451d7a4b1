import { join } from 'node:path';
import {
  candidaturesCollection,
  SYSTEM_ACTOR,
  type CandidatureEvent,
  type EventEnvelope,
} from '@examens-pro/domain';
import {
  ProjectionRunner,
  SqliteEventStore,
  SqliteReadStore,
  toEnvelopes,
} from '@examens-pro/platform';
import { allProjections } from '@examens-pro/projections';
import { percentile, round } from './machine.js';
import { startServer } from './server.js';

const enc = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

const NOMS = ['Atangana', 'Mbarga', 'Ngono', 'Fotso', 'Kamga', 'Tchoupo', 'Ekwalla', 'Nkoulou'];
const PRENOMS = ['Paul', 'Marie', 'Éloïse', 'Jean', 'Sylvie', 'Bernard', 'Claire', 'Samuel'];
const STATUTS = ['brouillon', 'soumis', 'valide', 'rejete'] as const;
const CATEGORIES = ['libre', 'agent', 'patron', 'apprenti'] as const;

const ref = (kind: string, n: number) => `bench-${kind}-${n}`;
const at = (i: number, k: number) =>
  new Date(Date.UTC(2026, 9, 1) + i * 30_000 + k * 3_600_000).toISOString();

/**
 * The events of the `i`-th dossier of the bench (4 sessions, 20 métiers, 10 centres; created, then
 * submitted, validated or rejected), for the stream `candidatures-bench-dossier-<i>`.
 */
export const dossierEnvelopes = (i: number): EventEnvelope[] => {
  const candidatureId = `bench-dossier-${i}`;
  const sessionId = ref('session', i % 4);
  const statut = STATUTS[i % STATUTS.length]!;
  const categorie = CATEGORIES[Math.floor(i / 4) % CATEGORIES.length]!;
  const events: CandidatureEvent[] = [
    {
      type: 'CandidatureCreated',
      data: {
        candidatureId,
        numeroDossier: `CQP${27 + (i % 4)}-${String(Math.floor(i / 4) + 1).padStart(6, '0')}`,
        sessionId,
        metierId: ref('metier', i % 20),
        centreDepotId: ref('centre', i % 10),
        values: {
          categorie,
          apprentiId: null,
          patronId: null,
          nom: NOMS[i % NOMS.length]!,
          prenoms: `${PRENOMS[Math.floor(i / 8) % PRENOMS.length]} ${i}`,
          sexe: i % 2 === 0 ? 'F' : 'M',
          dateNaissance: new Date(Date.UTC(1975, 0, 1) + (i % 9000) * 86_400_000)
            .toISOString()
            .slice(0, 10),
          lieuNaissance: 'Yaoundé',
          nationalite: 'Camerounaise',
          telephone: `6${String(70_000_000 + i).slice(-8)}`,
          matricule: categorie === 'agent' ? `MAT${String(i).padStart(7, '0')}` : '',
          datePremierePriseService: null,
          niveauId: ref('niveau', i % 3),
          langueId: null,
          handicapId: null,
        },
        piecesDemandees: [],
        montantDu: 15000,
      },
    },
  ];
  if (statut !== 'brouillon')
    events.push({ type: 'CandidatureSubmitted', data: { candidatureId } });
  if (statut === 'valide') events.push({ type: 'CandidatureValidated', data: { candidatureId } });
  if (statut === 'rejete')
    events.push({
      type: 'CandidatureRejected',
      data: { candidatureId, motifId: ref('motif', 0), commentaire: '' },
    });
  const envelopes = toEnvelopes(events, {
    actor: SYSTEM_ACTOR,
    now: at(i, 0),
    commandId: candidatureId,
  }).map((e, k) => ({ ...e, metadata: { ...e.metadata, at: at(i, k) } })) as EventEnvelope[];
  return envelopes;
};

/**
 * The list of candidates at `dossiers` dossiers: the dossiers' events written through the event
 * store (4 sessions, 20 métiers, 10 centres; created, then submitted, validated or rejected), every
 * read model rebuilt, then the list read over HTTP by one client, signed in: pages up to 40, four
 * sorts, the list's filters, and searches by name and dossier number.
 */
export const benchCandidatureList = async (options: {
  dataDir: string;
  port: number;
  dossiers: number;
  requests: number;
}) => {
  const eventStore = new SqliteEventStore({ filename: join(options.dataDir, 'events.db') });
  const readStore = new SqliteReadStore(join(options.dataDir, 'read-models.db'));
  const writeStarted = performance.now();
  // A folder kept from an earlier run (BENCH_DOSSIERS_DIR) is measured again as it is.
  const reused =
    (await readStore.collection(candidaturesCollection).count()) === options.dossiers &&
    (await eventStore.headPosition()) !== '0';
  for (let i = 0; reused ? false : i < options.dossiers; i += 1) {
    await eventStore.appendToStream(`candidatures-bench-dossier-${i}`, dossierEnvelopes(i), {
      expectedRevision: 'no_stream',
    });
  }
  const writeSeconds = round((performance.now() - writeStarted) / 1000);
  const rebuildStarted = performance.now();
  for (const projection of reused ? [] : allProjections())
    await ProjectionRunner.rebuild(eventStore, readStore, projection, { batchSize: 2000 });
  const rebuildSeconds = round((performance.now() - rebuildStarted) / 1000);
  const documents = await readStore.collection(candidaturesCollection).count();
  await eventStore.close();
  await readStore.close();

  const server = await startServer(options.dataDir, options.port);
  const SORTS = [
    ['numeroDossier', 'DESC'],
    ['libelle', 'ASC'],
    ['modifieLe', 'DESC'],
    ['dateNaissance', 'ASC'],
  ];
  const FILTERS: Record<string, unknown>[] = [
    { sessionId: ref('session', 1) },
    { sessionId: ref('session', 2), statut: 'valide' },
    { centreDepotId: ref('centre', 3) },
    { metierId: ref('metier', 7), sexe: 'F' },
    { categorie: 'agent', statut: 'soumis' },
    { sessionId: ref('session', 0), centreDepotId: ref('centre', 4), statut: 'brouillon' },
  ];
  const SEARCHES = ['atangana', 'marie 12', 'CQP28-0004', 'tchoupo claire', 'MAT00001', 'éloïse'];
  const measure = async (kind: 'plain' | 'filters' | 'q') => {
    const latencies: number[] = [];
    const byVariant = new Map<string, number[]>();
    let sample = '';
    for (let i = 0; i < options.requests; i += 1) {
      const page = i % 40;
      const filter =
        kind === 'plain'
          ? {}
          : kind === 'filters'
            ? FILTERS[i % FILTERS.length]!
            : {
                q: SEARCHES[i % SEARCHES.length],
                ...(i % 2 ? { sessionId: ref('session', 1) } : {}),
              };
      const url = `${server.url}/api/candidatures?sort=${enc(SORTS[i % SORTS.length])}&range=${enc([page * 25, page * 25 + 24])}&filter=${enc(filter)}`;
      const started = performance.now();
      const response = await fetch(url, { headers: server.headers() });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      latencies.push(ms);
      const variant = JSON.stringify(filter);
      byVariant.set(variant, [...(byVariant.get(variant) ?? []), ms]);
      if (!response.ok) throw new Error(`HTTP ${response.status} pour ${url}`);
      sample = response.headers.get('content-range') ?? '';
    }
    return {
      requests: latencies.length,
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      maxMs: round(Math.max(...latencies)),
      sampleContentRange: sample,
      /** p95 of each filter or search: which one is slow. */
      p95ByVariant: Object.fromEntries(
        [...byVariant].map(([variant, ms]) => [variant, round(percentile(ms, 95))]),
      ),
    };
  };
  try {
    await measure('plain'); // warm-up: page cache and prepared statements
    return {
      dossiers: documents,
      writeSeconds,
      rebuildSeconds,
      withoutQ: await measure('plain'),
      withFilters: await measure('filters'),
      withQ: await measure('q'),
    };
  } finally {
    await server.stop();
  }
};
