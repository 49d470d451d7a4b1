import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { commandService } from '@examens-pro/command-service';
import {
  officeTimeZone,
  openMailer,
  ProjectionRunner,
  reservationsReactor,
} from '@examens-pro/platform';
import {
  personListsReactor,
  allocationReactor,
  bulkReactor,
  admissionDecisionsReactor,
  loadPrincipal,
} from '@examens-pro/application';
import { allProjections } from '@examens-pro/projections';
import { queryService } from '@examens-pro/query-service';
import {
  currentPrincipal,
  installErrorHandling,
  installNotFoundHandler,
  installRateLimits,
  installSecurityHeaders,
  installSessions,
  limitAuthRoutes,
  principalAllows,
  privateLogger,
  rateLimitsOf,
  trustProxyOf,
  type RateLimits,
  type PaymentConfig,
  type DocumentStorage,
  type EventStore,
  type JobQueue,
  type ReadStore,
  type SessionStorePort,
  type SignInLimiter,
} from '@examens-pro/platform';
import type { ProductInformation } from '@examens-pro/query-service';
import { documentsReactor, startWorkers } from '@examens-pro/workers';
import { serveUi } from './ui.js';
import {
  ProjectionsThread,
  together,
  type ProjectionsControl,
  type ProjectionsThreadStores,
} from './projectionsThread.js';

/** Who reads the projections' state in `/api/ready`: whoever runs the product. */
const READY_DETAILS = 'administration.maintenance';

export interface EmbeddedDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly jobQueue: JobQueue;
  readonly storage: DocumentStorage;
  readonly sessionStore: SessionStorePort;
  readonly signInLimiter: SignInLimiter;
  /** Failed public results lookups per numéro de candidat. */
  readonly lookupLimiter: SignInLimiter;
  /** ≥ 32 characters (generated once into DATA_DIR by `loadConfig`). */
  readonly sessionSecret: string;
  /** Opens the sealed signing certificate (CERTIFICATE_KEY; the session secret by default). */
  readonly certificateKey?: string;
  readonly information?: () => ProductInformation;
  readonly logger?: FastifyServerOptions['logger'];
  /** The built admin UI (`admin-ui/dist`); without it only the API is served. */
  readonly uiDir?: string;
  /** PUBLIC_URL: the origin of the addresses the sign-in service answers. */
  readonly publicUrl?: string;
  /** TRUSTED_PROXIES: peers whose X-Forwarded-For/-Proto are believed (none by default). */
  readonly trustedProxies?: readonly string[];
  /** Requests per client address (defaults: those of `rateLimitsOf`, 30 sign-ins a minute). */
  readonly rateLimits?: RateLimits;
  /** PAYMENT_*: online payments' provider and webhook secret (default: the sandbox only). */
  readonly payments?: PaymentConfig;
  /**
   * The stores again, for the projections to run on a thread of their own (`npm start`, benches);
   * without it they run on the main thread (tests: one thread, in-memory stores allowed).
   */
  readonly projectionsThread?: ProjectionsThreadStores;
  /** Told of every route as it is registered (the scope matrix test enumerates them). */
  readonly onRoute?: (route: RouteOptions) => void;
}

/**
 * Every service in one process, as the gateway would route them: reads (GET/HEAD) to the query
 * service, everything else to the command service; projections, reactors and workers beside them.
 */
export const buildApp = async (
  deps: EmbeddedDeps,
): Promise<{ app: FastifyInstance; runner: ProjectionsControl }> => {
  const app = Fastify({
    logger: privateLogger(deps.logger),
    trustProxy: trustProxyOf(deps.trustedProxies ?? []),
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // First, so that every answer carries them: pages, API, errors and downloads.
  await installSecurityHeaders(app);
  installErrorHandling(app);
  await installRateLimits(app);
  limitAuthRoutes(app, deps.rateLimits ?? rateLimitsOf({}), deps.publicUrl);
  await installSessions(app, {
    store: deps.sessionStore,
    secret: deps.sessionSecret,
    principals: (userId) => loadPrincipal(deps.eventStore, userId),
  });
  const servesUi = deps.uiDir ? await serveUi(app, deps.uiDir) : false;
  if (!servesUi) installNotFoundHandler(app);
  const log = (message: string) => app.log.warn(message);
  const reactors = [
    documentsReactor(deps.jobQueue),
    reservationsReactor(deps.eventStore, { log }),
    personListsReactor(deps.eventStore, {
      timeZone: officeTimeZone(),
      readStore: deps.readStore,
    }),
    allocationReactor(deps.eventStore),
    bulkReactor(deps.eventStore, officeTimeZone(), deps.readStore),
    admissionDecisionsReactor(deps.eventStore),
  ];
  const runner: ProjectionsControl = deps.projectionsThread
    ? together(
        new ProjectionsThread(deps.eventStore, deps.projectionsThread, log),
        // Their checkpoints past other events, at most every 5 s: each commit of this connection
        // empties the page cache of the thread's (SQLite), and nobody waits for a reactor.
        new ProjectionRunner(deps.eventStore, deps.readStore, reactors, {
          log,
          idleCheckpointMs: 5000,
        }),
      )
    : new ProjectionRunner(deps.eventStore, deps.readStore, [...allProjections(), ...reactors], {
        log,
      });
  // Liveness answers at once, even while the read models catch up; readiness tells the rest.
  app.get('/api/health', async () => ({
    statut: 'ok',
    mode: 'embarqué',
    pret: runner.ready(),
  }));
  // Anyone learns whether the product is ready; only a signed-in administrator each projection's
  // state (names, positions, errors).
  app.get('/api/ready', async (request, reply) => {
    const ready = runner.ready();
    const principal = await currentPrincipal(request).catch(() => null);
    const administrator = principal !== null && principalAllows(principal, [READY_DETAILS]);
    reply.header('Cache-Control', 'no-store');
    return reply.code(ready ? 200 : 503).send({
      pret: ready,
      message: ready ? 'Prêt.' : 'Mise à jour des données de lecture en cours.',
      ...(administrator ? { projections: runner.status() } : {}),
    });
  });
  await app.register(queryService, {
    readStore: deps.readStore,
    eventStore: deps.eventStore,
    jobQueue: deps.jobQueue,
    storage: deps.storage,
    lookupLimiter: deps.lookupLimiter,
    publicLimits: (deps.rateLimits ?? rateLimitsOf({})).public,
    publicUrl: deps.publicUrl,
    payments: deps.payments,
    information:
      deps.information ??
      (() => ({
        version: '0.0.0',
        buildId: 'developpement',
        environnement: 'embarqué',
        adaptateurs: { evenements: '-', lectures: '-', travaux: '-', sessions: '-' },
      })),
  });
  await app.register(commandService, {
    eventStore: deps.eventStore,
    readStore: deps.readStore,
    signInLimiter: deps.signInLimiter,
    storage: deps.storage,
    certificateKey: deps.certificateKey ?? deps.sessionSecret,
    publicUrl: deps.publicUrl,
  });
  app.addHook('onReady', async () => {
    runner.start();
    // Reconciliation waits for the projections: it runs beside the start-up, not before it.
    void startWorkers({
      ...deps,
      certificateKey: deps.certificateKey ?? deps.sessionSecret,
      queue: deps.jobQueue,
      mailer: openMailer(deps.storage),
    })
      .then(
        (again) => again > 0 && app.log.info(`${again} document(s) remis en file au démarrage.`),
      )
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'démarrage des travailleurs impossible'),
      );
  });
  app.addHook('onClose', async () => {
    await runner.stop();
    await deps.jobQueue.close();
  });
  return { app, runner };
};
