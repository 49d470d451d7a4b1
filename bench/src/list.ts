import { percentile, round } from './machine.js';
import { startServer } from './server.js';

const enc = (value: unknown): string => encodeURIComponent(JSON.stringify(value));
const SEARCHES = [
  'menuis',
  'electr',
  'coiffure 12',
  'patis',
  'soud',
  'niveau deux',
  'climat',
  'ebenis',
  'rural 44',
  'informatique',
];
const SORTS = [
  ['libelle', 'ASC'],
  ['code', 'DESC'],
  ['libelle', 'DESC'],
  ['modifieLe', 'DESC'],
];

/** List latency over HTTP (one client, sequential) on the rebuilt read model: pages, sorts, and `q`. */
export const benchList = async (options: { dataDir: string; port: number; requests: number }) => {
  const server = await startServer(options.dataDir, options.port);
  const measure = async (withQ: boolean) => {
    const latencies: number[] = [];
    const bySearch: Record<string, number[]> = {};
    let lastTotal = '';
    for (let i = 0; i < options.requests; i += 1) {
      const page = i % 40;
      const filter = withQ
        ? { q: SEARCHES[i % SEARCHES.length] }
        : i % 2 === 0
          ? {}
          : { actif: true };
      const url = `${server.url}/api/metiers?sort=${enc(SORTS[i % SORTS.length])}&range=${enc([page * 25, page * 25 + 24])}&filter=${enc(filter)}`;
      const started = performance.now();
      const response = await fetch(url, { headers: server.headers() });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (withQ) (bySearch[String(filter.q)] ??= []).push(performance.now() - started);
      if (!response.ok) throw new Error(`HTTP ${response.status} pour ${url}`);
      lastTotal = response.headers.get('content-range') ?? '';
    }
    return {
      requests: latencies.length,
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      maxMs: round(Math.max(...latencies)),
      sampleContentRange: lastTotal,
      // Words under 3 characters cannot use the trigram index: each search is shown apart.
      ...(withQ
        ? {
            p95MsBySearch: Object.fromEntries(
              Object.entries(bySearch).map(([q, l]) => [q, round(percentile(l, 95))]),
            ),
          }
        : {}),
    };
  };
  await measure(false); // warm-up: page cache and prepared statements
  const withoutQ = await measure(false);
  const withQ = await measure(true);
  await server.stop();
  return { withoutQ, withQ };
};
