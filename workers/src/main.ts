import {
  loadConfig,
  logUnhandledRejections,
  officeTimeZone,
  openPorts,
  personListsReactor,
  allocationReactor,
  admissionDecisionsReactor,
  openMailer,
  projectionsCondition,
  ProjectionRunner,
  Readiness,
  reservationsReactor,
  serverDependencies,
  serveReadiness,
} from '@examens-pro/platform';
import {
  documentsReactor,
  reconcileDocuments,
  startProcessors,
  type WorkersDeps,
} from './index.js';

/**
 * Standalone workers (distributed mode): the documents, reservations and lists of agents reactors,
 * the job processors. Their start (processors, then reconciliation) is tried again until the
 * servers answer; with PORT set, `/api/ready` says whether they work, and why not.
 */
/** The longest a stop waits for the servers before the process exits all the same. */
const STOP_TIMEOUT_MS = 10_000;

const main = async (): Promise<void> => {
  const config = loadConfig();
  const ports = openPorts(config);
  const reactors = new ProjectionRunner(
    ports.eventStore,
    ports.readStore,
    [
      documentsReactor(ports.jobQueue),
      reservationsReactor(ports.eventStore, { log: (m) => console.warn(m) }),
      personListsReactor(ports.eventStore, {
        timeZone: officeTimeZone(),
        readStore: ports.readStore,
      }),
      allocationReactor(ports.eventStore),
      admissionDecisionsReactor(ports.eventStore),
    ],
    {
      log: (m) => console.warn(m),
    },
  );
  reactors.start();
  const servers = serverDependencies(config, ports);
  const readiness = new Readiness({ log: (m) => console.warn(m) })
    .dependsOn(...servers.dependencies)
    .waitsFor(projectionsCondition(reactors));
  const stopServing = await serveReadiness('workers', config, readiness, ports);
  const deps: WorkersDeps = {
    ...ports,
    mailer: openMailer(ports.storage),
    queue: ports.jobQueue,
    concurrency: Number(process.env.WORKER_CONCURRENCY ?? 2),
  };
  // The processors are started once; what fails after them (reconciliation) is tried again alone.
  let processors: Promise<void> | undefined;
  void readiness.step('travailleurs', async () => {
    processors ??= startProcessors(deps).catch((error: unknown) => {
      processors = undefined;
      throw error;
    });
    await processors;
    const again = await reconcileDocuments(deps, deps.reconcile);
    console.log(`Travailleurs démarrés ; ${again} document(s) remis en file.`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopServing()
        .then(() => reactors.stop())
        .then(() => servers.close())
        .then(() => ports.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
      // A server gone meanwhile must not keep the process from stopping (leases expire anyway).
      setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
    });
  }
};

logUnhandledRejections((message) => console.error(message));
main().catch((error: unknown) => {
  console.error(`Démarrage des travailleurs impossible : ${(error as Error).message}`);
  process.exit(1);
});
