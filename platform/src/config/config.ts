import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@examens-pro/domain/kernel';
import type { EventStore } from '../event-store/port.js';
import { EventStoreDbEventStore } from '../event-store/eventstoredb.js';
import { SqliteEventStore } from '../event-store/sqlite.js';
import type { ReadStore } from '../read-store/port.js';
import { MongoReadStore } from '../read-store/mongodb.js';
import { SqliteReadStore } from '../read-store/sqlite.js';
import { BullMqJobQueue } from '../jobs/bullmq.js';
import { InProcessJobQueue } from '../jobs/memory.js';
import type { JobQueue } from '../jobs/port.js';
import { DirectoryDocumentStorage, type DocumentStorage } from '../documents/storage.js';
import {
  RedisSessionStore,
  SqliteSessionStore,
  type SessionStorePort,
} from '../auth/sessionStore.js';
import {
  RedisSignInLimiter,
  RESULTS_LOOKUP_LIMIT,
  SqliteSignInLimiter,
  type SignInLimiter,
} from '../auth/signInLimiter.js';
import { openRedis, REQUEST_REDIS_OPTIONS } from '../startup/redis.js';

/**
 * Everything the product reads from its environment (README.md « Deployment › Environment
 * variables »).
 */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly eventStoreUrl?: string;
  readonly mongodbUrl?: string;
  readonly redisUrl?: string;
  readonly sessionSecret: string;
  /**
   * CERTIFICATE_KEY: seals the signing certificate's file and password in the event log (a key is
   * derived from it, HKDF). Without it, derived from the session secret, which every service shares.
   */
  readonly certificateKey: string;
  readonly publicUrl?: string;
  readonly logLevel: string;
  /** TRUSTED_PROXIES: the peers whose X-Forwarded-For / -Proto are believed (none by default). */
  readonly trustedProxies: readonly string[];
  /** Requests per client address on the routes that try a password. */
  readonly rateLimits: RateLimits;
  /** How online payments are taken (PAYMENT_*). */
  readonly payments: PaymentConfig;
}

export class ConfigError extends Error {}

const SECRET_FILE = 'session-secret';

/** In embedded mode the session secret is generated once and kept in DATA_DIR. */
const sessionSecret = (env: NodeJS.ProcessEnv, dataDir: string): string => {
  const given = env.SESSION_SECRET;
  if (given !== undefined) {
    if (given.length < 32)
      throw new ConfigError('SESSION_SECRET doit compter au moins 32 caractères.');
    return given;
  }
  const file = join(dataDir, SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};

/** DATA_DIR as an absolute path (`./data` by default); nothing is created. */
export const dataDirectory = (env: NodeJS.ProcessEnv = process.env): string =>
  resolve(env.DATA_DIR ?? './data');

/** The embedded event store's file in DATA_DIR. */
export const EVENTS_FILE = 'events.db';

/** Where generated documents and uploaded images live: DOCUMENTS_DIR, else DATA_DIR/documents. */
export const documentsDirectory = (
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): string => (env.DOCUMENTS_DIR ? resolve(env.DOCUMENTS_DIR) : join(dataDir, 'documents'));

/**
 * TIME_ZONE: the office's time zone (default Africa/Douala), in which a « last day » ends at 23:59
 * and times are shown.
 */
export const officeTimeZone = (env: NodeJS.ProcessEnv = process.env): string => {
  const zone = env.TIME_ZONE?.trim() || DEFAULT_TIME_ZONE;
  if (!isTimeZone(zone))
    throw new ConfigError(`TIME_ZONE invalide : ${zone} (par exemple Africa/Douala)`);
  return zone;
};

/** PUBLIC_URL, when given, is an http(s) address: the origin of the addresses the product answers. */
const publicUrlOf = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    throw new ConfigError(`PUBLIC_URL invalide : ${value} (adresse http:// ou https:// attendue)`);
  return value;
};

/**
 * TRUSTED_PROXIES: comma-separated addresses or CIDR ranges (`172.28.0.10`, `10.0.0.0/8`), or
 * `loopback` / `linklocal` / `uniquelocal`. Only a request from one of them may say, through
 * X-Forwarded-For and X-Forwarded-Proto, which client and scheme it carries.
 */
const trustedProxiesOf = (value: string | undefined): string[] => {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    const family = isIP(address ?? '');
    const prefixOk =
      bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!named && (family === 0 || !prefixOk || extra !== undefined))
      throw new ConfigError(
        `TRUSTED_PROXIES invalide : « ${entry} » (adresse IP ou plage CIDR attendue, séparées par des virgules)`,
      );
  }
  return entries;
};

/** A count of requests per client address in a window of time. */
export interface RateLimit {
  readonly max: number;
  readonly windowSeconds: number;
}

export interface RateLimits {
  /** Sign-in, callback and password change POSTs of /api/auth (one budget for the three). */
  readonly auth: RateLimit;
  /**
   * The public calls (`/api/public/*`), each with its own budget per client address. Generous for
   * the results lookup: the customers of one mobile operator share few addresses.
   */
  readonly public?: PublicRateLimits;
}

export interface PublicRateLimits {
  /** `POST /api/public/resultats`. */
  readonly resultats: RateLimit;
  /** `POST /api/public/verifications` (attestations and diplomas). */
  readonly verifications: RateLimit;
  /** The payment page's calls (a dossier's amount, a payment, a receipt). */
  readonly paiements: RateLimit;
  /** The payment provider's notifications (webhook). */
  readonly notifications: RateLimit;
  /** The home and diploma pages' reads (sessions open, exams offered). */
  readonly pages: RateLimit;
}

const positiveInteger = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new ConfigError(`${name} invalide : ${value} (nombre entier positif attendu)`);
  return number;
};

/** The limits per client address (AUTH_RATE_LIMIT_MAX per AUTH_RATE_LIMIT_WINDOW_SECONDS: 30 a minute). */
const limitOf = (
  env: NodeJS.ProcessEnv,
  prefix: string,
  max: number,
  windowSeconds = 60,
): RateLimit => ({
  max: positiveInteger(`${prefix}_RATE_LIMIT_MAX`, env[`${prefix}_RATE_LIMIT_MAX`], max),
  windowSeconds: positiveInteger(
    `${prefix}_RATE_LIMIT_WINDOW_SECONDS`,
    env[`${prefix}_RATE_LIMIT_WINDOW_SECONDS`],
    windowSeconds,
  ),
});

/** The public calls' budgets per client address, a minute each unless told otherwise. */
export const publicRateLimitsOf = (env: NodeJS.ProcessEnv = process.env): PublicRateLimits => ({
  resultats: limitOf(env, 'PUBLIC_RESULTS', 600),
  verifications: limitOf(env, 'PUBLIC_VERIFICATIONS', 120),
  paiements: limitOf(env, 'PUBLIC_PAYMENTS', 60),
  notifications: limitOf(env, 'PAYMENT_WEBHOOK', 600),
  pages: limitOf(env, 'PUBLIC_PAGES', 600),
});

/** Online payments (`/paiement`): the provider that takes them, and how its notifications are checked. */
export interface PaymentConfig {
  /**
   * PAYMENT_PROVIDER: unset (or `aucun`, the default): no online payment, the fees are paid at the
   * counter; `webhook`: a real provider (its payment page, its signed notifications);
   * `demonstration`, only when chosen: the sandbox (« Mode démonstration », no money moves, its
   * payments never counted toward the fees unless a session says so), warned of at every start.
   */
  readonly provider: 'aucun' | 'demonstration' | 'webhook';
  /** PAYMENT_WEBHOOK_SECRET: the HMAC secret shared with the real provider; none: the webhook answers 503. */
  readonly webhookSecret?: string;
  /** PAYMENT_PROVIDER_NAME: the real provider's name, as payments and receipts show it. */
  readonly providerName: string;
  /** PAYMENT_CHECKOUT_URL: the real provider's payment page (required with `webhook`). */
  readonly checkoutUrl?: string;
}

export const paymentConfigOf = (env: NodeJS.ProcessEnv = process.env): PaymentConfig => {
  const provider = env.PAYMENT_PROVIDER?.trim() || 'aucun';
  if (provider !== 'aucun' && provider !== 'demonstration' && provider !== 'webhook')
    throw new ConfigError(
      `PAYMENT_PROVIDER invalide : ${provider} (« webhook », « demonstration » ou rien attendu)`,
    );
  const webhookSecret = env.PAYMENT_WEBHOOK_SECRET || undefined;
  if (webhookSecret !== undefined && webhookSecret.length < 16)
    throw new ConfigError('PAYMENT_WEBHOOK_SECRET doit compter au moins 16 caractères.');
  const checkoutUrl = env.PAYMENT_CHECKOUT_URL?.trim() || undefined;
  if (checkoutUrl !== undefined) {
    const url = URL.canParse(checkoutUrl) ? new URL(checkoutUrl) : undefined;
    if (url?.protocol !== 'https:' && url?.protocol !== 'http:')
      throw new ConfigError(
        `PAYMENT_CHECKOUT_URL invalide : ${checkoutUrl} (adresse https:// attendue)`,
      );
  }
  if (provider === 'webhook' && (!webhookSecret || !checkoutUrl))
    throw new ConfigError(
      'PAYMENT_PROVIDER=webhook demande PAYMENT_WEBHOOK_SECRET et PAYMENT_CHECKOUT_URL.',
    );
  return {
    provider,
    ...(webhookSecret ? { webhookSecret } : {}),
    providerName: env.PAYMENT_PROVIDER_NAME?.trim() || 'fournisseur de paiement',
    ...(checkoutUrl ? { checkoutUrl } : {}),
  };
};

/** What every process that reads a PAYMENT_PROVIDER=demonstration configuration warns of as it starts. */
export const DEMONSTRATION_PAYMENTS_WARNING =
  'ATTENTION : PAYMENT_PROVIDER=demonstration — mode démonstration : aucun paiement réel. Les paiements en ligne sont simulés, aucun argent n’est encaissé ; ils sont enregistrés comme paiements de démonstration et ne comptent dans les frais dus que si une session active « Compter les paiements de démonstration ». À ne jamais utiliser pour un office en service.';

/** The start-up warning a payment configuration calls for (the sandbox's), or undefined. */
export const paymentWarning = (payments: PaymentConfig): string | undefined =>
  payments.provider === 'demonstration' ? DEMONSTRATION_PAYMENTS_WARNING : undefined;

export const rateLimitsOf = (env: NodeJS.ProcessEnv = process.env): RateLimits => ({
  auth: limitOf(env, 'AUTH', 30),
  public: publicRateLimitsOf(env),
});

/**
 * The configuration of a process from its environment. `warn` hears what the operator must know at
 * every start (PAYMENT_PROVIDER=demonstration): standard error unless told.
 */
export const loadConfig = (
  env: NodeJS.ProcessEnv = process.env,
  warn: (message: string) => void = (message) => console.warn(message),
): Config => {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT invalide : ${env.PORT}`);
  const dataDir = dataDirectory(env);
  mkdirSync(dataDir, { recursive: true });
  const payments = paymentConfigOf(env);
  const warning = paymentWarning(payments);
  if (warning) warn(warning);
  const secret = sessionSecret(env, dataDir);
  const certificateKey = env.CERTIFICATE_KEY;
  if (certificateKey !== undefined && certificateKey.length < 32)
    throw new ConfigError('CERTIFICATE_KEY doit compter au moins 32 caractères.');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    mongodbUrl: env.MONGODB_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    sessionSecret: secret,
    certificateKey: certificateKey ?? secret,
    publicUrl: publicUrlOf(env.PUBLIC_URL),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustedProxies: trustedProxiesOf(env.TRUSTED_PROXIES),
    rateLimits: rateLimitsOf(env),
    payments,
  };
};

/** EVENTSTORE_URL set → EventStoreDB, otherwise SQLite in DATA_DIR. */
export const openEventStore = (config: Pick<Config, 'dataDir' | 'eventStoreUrl'>): EventStore =>
  config.eventStoreUrl
    ? new EventStoreDbEventStore(config.eventStoreUrl)
    : new SqliteEventStore({ filename: join(config.dataDir, EVENTS_FILE) });

/** MONGODB_URL set → MongoDB, otherwise SQLite in DATA_DIR. */
/** The embedded read models' SQLite file in a data folder. */
export const readModelsFile = (dataDir: string): string => join(dataDir, 'read-models.db');

export const openReadStore = (
  config: Pick<Config, 'dataDir' | 'mongodbUrl'>,
  options: PortOptions = {},
): ReadStore => {
  if (config.mongodbUrl)
    return new MongoReadStore(config.mongodbUrl, undefined, {
      declaresCollections: options.writesReadModels ?? true,
    });
  return new SqliteReadStore(readModelsFile(config.dataDir), {
    refreshStatistics: options.writesReadModels ?? true,
  });
};

export interface PortOptions {
  /**
   * Whether this process writes the read models (default): only then does an embedded read store
   * refresh the planner's statistics as it opens, and a MongoDB one declare collections and
   * indexes. The services of the distributed mode read them.
   */
  readonly writesReadModels?: boolean;
}

/** REDIS_URL set → BullMQ on Redis (workers anywhere), otherwise the in-process queue. */
export const openJobQueue = (config: Config): JobQueue =>
  config.redisUrl ? new BullMqJobQueue({ url: config.redisUrl }) : new InProcessJobQueue();

/** Generated documents: DATA_DIR/documents (a volume shared by workers and query-service when distributed). */
export const openDocumentStorage = (config: Config): DocumentStorage =>
  new DirectoryDocumentStorage(documentsDirectory(config.dataDir));

/**
 * REDIS_URL set → sessions, failed sign-ins and failed results lookups in Redis (shared by
 * replicas), otherwise SQLite in DATA_DIR.
 */
export const openSessionPorts = (
  config: Config,
): {
  sessionStore: SessionStorePort;
  signInLimiter: SignInLimiter;
  lookupLimiter: SignInLimiter;
} => {
  if (config.redisUrl) {
    return {
      sessionStore: new RedisSessionStore(openRedis(config.redisUrl, REQUEST_REDIS_OPTIONS)),
      signInLimiter: new RedisSignInLimiter(openRedis(config.redisUrl, REQUEST_REDIS_OPTIONS)),
      lookupLimiter: new RedisSignInLimiter(
        openRedis(config.redisUrl, REQUEST_REDIS_OPTIONS),
        'examens:echecs-resultats:',
        RESULTS_LOOKUP_LIMIT,
      ),
    };
  }
  const file = join(config.dataDir, 'sessions.db');
  return {
    sessionStore: new SqliteSessionStore(file),
    signInLimiter: new SqliteSignInLimiter(file),
    lookupLimiter: lookupLimiterIn(file),
  };
};

/** The sessions alone (a process that only reads them: `/api/ready` of projections and workers). */
export const openSessionStore = (config: Pick<Config, 'dataDir' | 'redisUrl'>): SessionStorePort =>
  config.redisUrl
    ? new RedisSessionStore(openRedis(config.redisUrl, REQUEST_REDIS_OPTIONS))
    : new SqliteSessionStore(join(config.dataDir, 'sessions.db'));

/** Failed results lookups per numéro de candidat and client, in a SQLite file (embedded mode, tests). */
export const lookupLimiterIn = (file: string): SignInLimiter =>
  new SqliteSignInLimiter(file, { table: 'echecs_resultats', limit: RESULTS_LOOKUP_LIMIT });

export interface Ports {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly jobQueue: JobQueue;
  readonly storage: DocumentStorage;
  readonly sessionStore: SessionStorePort;
  readonly signInLimiter: SignInLimiter;
  /** Failed public results lookups per numéro de candidat. */
  readonly lookupLimiter: SignInLimiter;
  /** Opens the sealed signing certificate (CERTIFICATE_KEY, else the session secret). */
  readonly certificateKey: string;
  /** Closes what was opened, the queue first (it may still record outcomes in the stores). */
  close(): Promise<void>;
}

/** Every port with the adapter the environment chooses: what each process entry point starts with. */
export const openPorts = (config: Config, options: PortOptions = {}): Ports => {
  const eventStore = openEventStore(config);
  const readStore = openReadStore(config, options);
  const jobQueue = openJobQueue(config);
  const storage = openDocumentStorage(config);
  const { sessionStore, signInLimiter, lookupLimiter } = openSessionPorts(config);
  return {
    eventStore,
    readStore,
    jobQueue,
    storage,
    sessionStore,
    signInLimiter,
    lookupLimiter,
    certificateKey: config.certificateKey,
    close: async () => {
      await jobQueue.close();
      await Promise.all([
        eventStore.close(),
        readStore.close(),
        sessionStore.close(),
        signInLimiter.close(),
        lookupLimiter.close(),
      ]);
    },
  };
};
