import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { currentPrincipal } from '../auth/sessions.js';
import { principalAllows } from '../auth/principal.js';
import type { Config } from '../config/config.js';
import type { EventStore } from '../event-store/port.js';
import { MongoReadStore } from '../read-store/mongodb.js';
import type { ReadStore } from '../read-store/port.js';
import type { ProjectionRunner } from '../projection-runner/runner.js';
import {
  DEFAULT_RETRY_DELAYS,
  frenchSeconds,
  retryDelay,
  type RetryDelays,
} from '../startup/backoff.js';
import { openRedis } from '../startup/redis.js';

/** Who reads, in `/api/ready`, the state of each server, step and projection: whoever runs the product. */
export const READY_DETAILS = 'administration.maintenance';

/** A server a process cannot work without, asked at each readiness check. */
export interface Dependency {
  /** As the reason names it: « la base des lectures (MongoDB) ». */
  readonly name: string;
  check(): Promise<void>;
}

/** Something else readiness waits for (the projections): ready, else why (in French). */
export interface ReadinessCondition {
  readonly name: string;
  state(): { readonly ready: boolean; readonly reason?: string; readonly details?: unknown };
}

interface Step {
  readonly name: string;
  done: boolean;
  attempts: number;
  error?: string;
  retryAt?: number;
}

export interface ReadinessReport {
  readonly ready: boolean;
  /** In French, for anyone: « Prêt. », or why not (no address, no internal message). */
  readonly message: string;
  /** For administrators only: each server, step and condition, with the errors as they came. */
  readonly details: Record<string, unknown>;
}

/** A server's error as readiness says it to anyone: its kind, in French, without addresses. */
export const unreachableReason = (error: unknown): string => {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/ECONNREFUSED/.test(text)) return 'connexion refusée';
  if (/ENOTFOUND|EAI_AGAIN/.test(text)) return 'adresse introuvable';
  if (/auth/i.test(text)) return 'authentification refusée';
  if (/timed out|timeout|ETIMEDOUT|pas de réponse/i.test(text)) return 'délai de réponse dépassé';
  if (/closed|ECONNRESET|EPIPE|socket/i.test(text)) return 'connexion interrompue';
  return 'erreur';
};

const withTimeout = async (check: Promise<void>, ms: number): Promise<void> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`pas de réponse en ${frenchSeconds(ms)}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Whether a process can serve: its servers answer, its start-up steps are done (each one tried
 * again until it succeeds, with waits growing from 1 s to 30 s), its other conditions hold. A
 * process never stops for a server that is not there yet: it waits, and says so in `/api/ready`.
 */
export class Readiness {
  private readonly dependencies: Dependency[] = [];
  private readonly conditions: ReadinessCondition[] = [];
  private readonly steps: Step[] = [];
  /** One check at a time per server: a server that does not answer is not asked again meanwhile. */
  private readonly checking = new Map<string, Promise<string | undefined>>();
  private readonly stopping = new AbortController();
  private readonly running: Promise<void>[] = [];
  private readonly log: (message: string) => void;
  private readonly delays: RetryDelays;
  private readonly timeoutMs: number;

  constructor(
    options: {
      readonly log?: (message: string) => void;
      readonly retryDelayMs?: RetryDelays;
      /** How long a server is given to answer a readiness check (3 s). */
      readonly timeoutMs?: number;
    } = {},
  ) {
    this.log = options.log ?? (() => undefined);
    this.delays = options.retryDelayMs ?? DEFAULT_RETRY_DELAYS;
    this.timeoutMs = options.timeoutMs ?? 3000;
  }

  dependsOn(...dependencies: Dependency[]): this {
    this.dependencies.push(...dependencies);
    return this;
  }

  waitsFor(condition: ReadinessCondition): this {
    this.conditions.push(condition);
    return this;
  }

  /**
   * Runs a start-up step in the background until it succeeds (it must be safe to run again):
   * readiness waits for it, a failure is logged once per try and tried again later.
   */
  step(name: string, run: () => Promise<unknown>): Promise<void> {
    const step: Step = { name, done: false, attempts: 0 };
    this.steps.push(step);
    const signal = this.stopping.signal;
    const running = (async () => {
      while (!signal.aborted) {
        try {
          await run();
          step.done = true;
          delete step.error;
          delete step.retryAt;
          return;
        } catch (error) {
          if (signal.aborted) return;
          step.attempts += 1;
          const delay = retryDelay(step.attempts, this.delays);
          step.error = error instanceof Error ? error.message : String(error);
          step.retryAt = Date.now() + delay;
          this.log(
            `Démarrage : ${name} en échec (${step.error}) ; nouvel essai dans ${frenchSeconds(delay)}.`,
          );
          await abortableSleep(delay, signal);
        }
      }
    })();
    this.running.push(running);
    return running;
  }

  /** Stops the steps' retries (the process is stopping). */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled(this.running);
  }

  private check(dependency: Dependency): Promise<string | undefined> {
    let checking = this.checking.get(dependency.name);
    if (!checking) {
      checking = withTimeout(dependency.check(), this.timeoutMs)
        .then(
          () => undefined,
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        )
        .finally(() => this.checking.delete(dependency.name));
      this.checking.set(dependency.name, checking);
    }
    return checking;
  }

  async report(): Promise<ReadinessReport> {
    const servers = await Promise.all(
      this.dependencies.map(async (dependency) => ({
        dependency,
        error: await this.check(dependency),
      })),
    );
    const conditions = this.conditions.map((condition) => ({
      condition,
      state: condition.state(),
    }));
    const reasons = [
      ...servers
        .filter(({ error }) => error !== undefined)
        .map(
          ({ dependency, error }) =>
            `${dependency.name} est injoignable (${unreachableReason(new Error(error))})`,
        ),
      ...this.steps
        .filter((step) => !step.done)
        .map((step) =>
          step.retryAt === undefined
            ? `${step.name} en cours`
            : `${step.name} en échec, nouvel essai dans ${frenchSeconds(Math.max(0, step.retryAt - Date.now()))}`,
        ),
      ...conditions
        .filter(({ state }) => !state.ready)
        .map(({ condition, state }) => state.reason ?? `${condition.name} pas encore prêt`),
    ];
    const ready = reasons.length === 0;
    return {
      ready,
      message: ready ? 'Prêt.' : `Pas encore prêt : ${reasons.join(' ; ')}.`,
      details: {
        ...(servers.length > 0
          ? {
              serveurs: servers.map(({ dependency, error }) => ({
                nom: dependency.name,
                pret: error === undefined,
                ...(error !== undefined ? { erreur: error } : {}),
              })),
            }
          : {}),
        ...(this.steps.length > 0
          ? {
              etapes: this.steps.map((step) => ({
                nom: step.name,
                pret: step.done,
                ...(step.attempts > 0 ? { echecs: step.attempts } : {}),
                ...(step.error !== undefined ? { erreur: step.error } : {}),
                ...(step.retryAt !== undefined
                  ? { nouvelEssai: new Date(step.retryAt).toISOString() }
                  : {}),
              })),
            }
          : {}),
        ...Object.fromEntries(
          conditions
            .filter(({ state }) => state.details !== undefined)
            .map(({ condition, state }) => [condition.name, state.details]),
        ),
      },
    };
  }
}

const abortableSleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * `GET /api/ready`: 200 once the process can serve, else 503 with the reason in French. Only a
 * signed-in holder of `administration.maintenance` reads the details (servers' errors, steps,
 * projections); without sessions on this process, nobody does.
 */
export const installReadyRoute = (app: FastifyInstance, readiness: Readiness): void => {
  app.get('/api/ready', async (request, reply) => {
    const report = await readiness.report();
    const principal = await currentPrincipal(request).catch(() => null);
    const administrator = principal !== null && principalAllows(principal, [READY_DETAILS]);
    reply.header('Cache-Control', 'no-store');
    return reply.code(report.ready ? 200 : 503).send({
      pret: report.ready,
      message: report.message,
      ...(administrator ? report.details : {}),
    });
  });
};

/**
 * The servers a process's configuration names, as readiness asks them: MongoDB, EventStoreDB and
 * Redis when their URL is set (the embedded SQLite files are always there). `close` ends the
 * connection opened here for Redis.
 */
export const serverDependencies = (
  config: Pick<Config, 'mongodbUrl' | 'eventStoreUrl' | 'redisUrl'>,
  stores: { readonly readStore: ReadStore; readonly eventStore: EventStore },
  /** `redis: false`: a process that works without it (the projections). */
  options: { readonly redis?: boolean } = {},
): { dependencies: Dependency[]; close(): void } => {
  const dependencies: Dependency[] = [];
  const { readStore, eventStore } = stores;
  if (config.mongodbUrl && readStore instanceof MongoReadStore)
    dependencies.push({
      name: 'la base des lectures (MongoDB)',
      check: () => readStore.ping(),
    });
  if (config.eventStoreUrl)
    dependencies.push({
      name: 'le journal des événements (EventStoreDB)',
      check: async () => {
        await eventStore.headPosition();
      },
    });
  let redis: Redis | undefined;
  if (config.redisUrl && options.redis !== false) {
    // Its own connection, which never queues a command while Redis is away: the check fails at
    // once, with the reason of the last failed connection.
    const client = openRedis(config.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    let lastError: Error | undefined;
    // Reconnects by itself; its errors are what the check reports.
    client.on('error', (error: Error) => {
      lastError = error;
    });
    client.on('ready', () => {
      lastError = undefined;
    });
    redis = client;
    dependencies.push({
      name: 'Redis (sessions et travaux)',
      check: async () => {
        try {
          await client.ping();
        } catch (error) {
          throw lastError ?? error;
        }
      },
    });
  }
  return { dependencies, close: () => redis?.disconnect() };
};

/** The projections of a runner as a readiness condition: caught up once, and none failing now. */
export const projectionsCondition = (runner: ProjectionRunner): ReadinessCondition => ({
  name: 'projections',
  state: () => {
    const status = runner.status();
    const failing = status.filter((p) => p.error !== undefined);
    const ready = failing.length === 0 && runner.ready();
    return {
      ready,
      ...(failing.length > 0
        ? {
            reason: `${failing.length} projection(s) en échec, nouvel essai en attente`,
          }
        : !ready
          ? { reason: 'mise à jour des données de lecture en cours' }
          : {}),
      details: status,
    };
  },
});
