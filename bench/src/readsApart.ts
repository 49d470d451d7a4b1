import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import {
  candidaturesCollection,
  listCollection,
  referenceList,
  SYSTEM_ACTOR,
  type EventEnvelope,
  type ListItemEvent,
} from '@examens-pro/domain';
import {
  ProjectionRunner,
  SqliteEventStore,
  SqliteReadStore,
  toEnvelopes,
} from '@examens-pro/platform';
import { allProjections } from '@examens-pro/projections';
import { dossierEnvelopes } from './candidatureList.js';
import { round } from './machine.js';
import { libelleFor } from './rebuild.js';
import { startServer } from './server.js';

const enc = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

/** The two lists measured: a 25-row page each, as the screens first ask for them. */
export const READS_APART_PAGES = {
  metiers: `/api/metiers?sort=${enc(['libelle', 'ASC'])}&range=${enc([0, 24])}&filter=${enc({})}`,
  candidatures: `/api/candidatures?sort=${enc(['numeroDossier', 'DESC'])}&range=${enc([0, 24])}&filter=${enc({})}`,
} as const;

export interface ReadsApartOptions {
  /**
   * A data folder of the product whose `metiers` and `candidatures` read models hold 25 rows or
   * more (`fillReadsApartData` makes one), its first administrator the bench's (`startServer`).
   */
  readonly dataDir: string;
  /** Where the product listens, then the bare Fastify (127.0.0.1). */
  readonly port: number;
  readonly barePort: number;
  /** Each measure's length (10 s) and its concurrent connections (20), after 2 s of warm-up. */
  readonly seconds?: number;
  readonly connections?: number;
}

export interface Rate {
  readonly requestsPerSecond: number;
  /**
   * The server process's CPU time (user + system, from /proc) per answered request, in µs: what
   * the machine's other load changes least (the rate follows whatever CPU the server is given).
   */
  readonly cpuMicrosecondsPerRequest: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export interface ReadsApartResult {
  readonly method: string;
  readonly seconds: number;
  readonly connections: number;
  /** Bytes of each list's answer (the bare server answers the same). */
  readonly bytes: { readonly metiers: number; readonly candidatures: number };
  /** The product, signed in as an administrator (cookie and CSRF token), in a process of its own. */
  readonly product: {
    /** No session: what the plugins and hooks leave. */
    readonly health: Rate;
    /** Signed in, a trivial answer: what the session and permission check leave. */
    readonly informations: Rate;
    readonly metiers: Rate;
    readonly candidatures: Rate;
  };
  /** A bare Fastify in another process answering the same bytes. */
  readonly bare: { readonly metiers: Rate; readonly candidatures: Rate };
  /** Signed-in list / bare, in %: the target is ≥ 25 for each. */
  readonly ratioPercent: { readonly metiers: number; readonly candidatures: number };
  /** The same ratio from each server's CPU time per request (bare / product), in %. */
  readonly cpuRatioPercent: { readonly metiers: number; readonly candidatures: number };
}

/** CPU seconds a process has used (user + system), read from /proc/<pid>/stat. */
const cpuSecondsOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** `connections` clients on kept-alive connections for `seconds`, every answer a 200. */
const load = async (
  pid: number,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Rate> => {
  const cpuBefore = cpuSecondsOf(pid);
  const result = await autocannon({ url, headers, connections, duration: seconds });
  const cpu = cpuSecondsOf(pid) - cpuBefore;
  if (result.errors > 0 || result.non2xx > 0 || result['2xx'] === 0)
    throw new Error(
      `Mesure faussée sur ${url} : ${result.errors} erreurs, ${result.non2xx} réponses autres que 2xx.`,
    );
  return {
    requestsPerSecond: Math.round(result['2xx'] / result.duration),
    cpuMicrosecondsPerRequest: Math.round((cpu * 1e6) / result['2xx']),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
};

/** A warm-up (2 s), then the measure. */
const measure = async (
  pid: number,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<Rate> => {
  await load(pid, url, headers, 2, connections);
  return load(pid, url, headers, seconds, connections);
};

/** A bare Fastify process answering the bytes of `file` at `/`, stopped after `run`. */
const withBareServer = async <T>(
  port: number,
  file: string,
  run: (url: string, pid: number) => Promise<T>,
): Promise<T> => {
  const bare = spawn(process.execPath, [resolve(__dirname, 'bareServer.js'), String(port), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((ready, failed) => {
      bare.stdout!.once('data', () => ready());
      bare.once('exit', (code) => failed(new Error(`Le serveur nu s’est arrêté (${code}).`)));
    });
    return await run(`http://127.0.0.1:${port}/`, bare.pid!);
  } finally {
    await new Promise<void>((done) => {
      if (bare.exitCode !== null) return done();
      bare.once('exit', () => done());
      bare.kill('SIGTERM');
    });
  }
};

/**
 * Signed-in lists against a bare Fastify answering the same bytes, each server in a process of its
 * own and the load generator (autocannon, kept-alive connections) in this one, back to back: the
 * product first (`/api/health`, `/api/informations`, then the 25-row pages of métiers and of
 * candidatures), then a bare Fastify per page, serving the bytes the product answered.
 */
export const benchReadsApart = async (options: ReadsApartOptions): Promise<ReadsApartResult> => {
  const seconds = options.seconds ?? 10;
  const connections = options.connections ?? 20;
  const server = await startServer(options.dataDir, options.port);
  const files = { metiers: '', candidatures: '' };
  const bytes = { metiers: 0, candidatures: 0 };
  let product: ReadsApartResult['product'];
  try {
    for (const name of ['metiers', 'candidatures'] as const) {
      const response = await fetch(`${server.url}${READS_APART_PAGES[name]}`, {
        headers: server.headers(),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status} pour la liste ${name}.`);
      const body = Buffer.from(await response.arrayBuffer());
      const rows = (JSON.parse(body.toString('utf8')) as unknown[]).length;
      if (rows < 25)
        throw new Error(`La liste ${name} n’a que ${rows} lignes : 25 sont attendues.`);
      files[name] = join(options.dataDir, `page-${name}.json`);
      writeFileSync(files[name], body);
      bytes[name] = body.length;
    }
    const signedIn = server.headers();
    product = {
      health: await measure(server.pid, `${server.url}/api/health`, {}, seconds, connections),
      informations: await measure(
        server.pid,
        `${server.url}/api/informations`,
        signedIn,
        seconds,
        connections,
      ),
      metiers: await measure(
        server.pid,
        `${server.url}${READS_APART_PAGES.metiers}`,
        signedIn,
        seconds,
        connections,
      ),
      candidatures: await measure(
        server.pid,
        `${server.url}${READS_APART_PAGES.candidatures}`,
        signedIn,
        seconds,
        connections,
      ),
    };
  } finally {
    await server.stop();
  }
  const bare = {
    metiers: await withBareServer(options.barePort, files.metiers, (url, pid) =>
      measure(pid, url, {}, seconds, connections),
    ),
    candidatures: await withBareServer(options.barePort, files.candidatures, (url, pid) =>
      measure(pid, url, {}, seconds, connections),
    ),
  };
  return {
    method: `autocannon, ${connections} connexions gardées ouvertes, ${seconds} s après 2 s de chauffe ; le produit et le Fastify nu chacun dans son processus, l’un après l’autre`,
    seconds,
    connections,
    bytes,
    product,
    bare,
    ratioPercent: {
      metiers: round((product.metiers.requestsPerSecond / bare.metiers.requestsPerSecond) * 100, 1),
      candidatures: round(
        (product.candidatures.requestsPerSecond / bare.candidatures.requestsPerSecond) * 100,
        1,
      ),
    },
    cpuRatioPercent: {
      metiers: round(
        (bare.metiers.cpuMicrosecondsPerRequest / product.metiers.cpuMicrosecondsPerRequest) * 100,
        1,
      ),
      candidatures: round(
        (bare.candidatures.cpuMicrosecondsPerRequest /
          product.candidatures.cpuMicrosecondsPerRequest) *
          100,
        1,
      ),
    },
  };
};

/**
 * A data folder for `benchReadsApart`: `metiers` métiers and `candidatures` dossiers written
 * through the event store, then every read model rebuilt. A folder already filled is kept as is.
 */
export const fillReadsApartData = async (options: {
  readonly dataDir: string;
  readonly metiers: number;
  readonly candidatures: number;
}): Promise<{ metiers: number; candidatures: number; seconds: number }> => {
  const started = performance.now();
  const eventStore = new SqliteEventStore({ filename: join(options.dataDir, 'events.db') });
  const readStore = new SqliteReadStore(join(options.dataDir, 'read-models.db'));
  const metiersCollection = listCollection(referenceList('metiers')!);
  try {
    if ((await eventStore.headPosition()) === '0') {
      const at = new Date(Date.UTC(2026, 0, 5)).toISOString();
      for (let i = 0; i < options.metiers; i += 1) {
        const itemId = `bench-metier-${i}`;
        const events: ListItemEvent[] = [
          {
            type: 'ListItemCreated',
            data: {
              list: 'metiers',
              itemId,
              code: `M${String(i).padStart(6, '0')}`,
              libelle: libelleFor(i),
              values: { filiereId: null, corpsDeMetierId: null },
            },
          },
        ];
        await eventStore.appendToStream(
          `metiers-${itemId}`,
          toEnvelopes(events, {
            actor: SYSTEM_ACTOR,
            now: at,
            commandId: itemId,
          }) as EventEnvelope[],
          { expectedRevision: 'no_stream' },
        );
      }
      for (let i = 0; i < options.candidatures; i += 1)
        await eventStore.appendToStream(`candidatures-bench-dossier-${i}`, dossierEnvelopes(i), {
          expectedRevision: 'no_stream',
        });
      for (const projection of allProjections())
        await ProjectionRunner.rebuild(eventStore, readStore, projection, { batchSize: 2000 });
    }
    return {
      metiers: await readStore.collection(metiersCollection).count(),
      candidatures: await readStore.collection(candidaturesCollection).count(),
      seconds: round((performance.now() - started) / 1000),
    };
  } finally {
    await eventStore.close();
    await readStore.close();
  }
};
