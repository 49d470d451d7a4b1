import {
  loadConfig,
  logUnhandledRejections,
  openEventStore,
  openReadStore,
  projectionsCondition,
  ProjectionRunner,
  Readiness,
  serverDependencies,
  serveReadiness,
} from '@examens-pro/platform';
import { allProjections } from './index.js';

/**
 * Standalone projections process (distributed mode): each projection is written by one lease
 * holder. A projection that fails (a server away) is tried again, later each time; with PORT set,
 * `/api/ready` says whether the read models are up to date, and why not.
 */
/** The longest a stop waits for the servers before the process exits all the same. */
const STOP_TIMEOUT_MS = 10_000;

const main = async (): Promise<void> => {
  const config = loadConfig();
  const eventStore = openEventStore(config);
  const readStore = openReadStore(config);
  const runner = new ProjectionRunner(eventStore, readStore, allProjections(), {
    log: (m) => console.warn(m),
  });
  runner.start();
  const servers = serverDependencies(config, { eventStore, readStore }, { redis: false });
  const readiness = new Readiness()
    .dependsOn(...servers.dependencies)
    .waitsFor(projectionsCondition(runner));
  const stopServing = await serveReadiness('projections', config, readiness, { eventStore });
  console.log(`Projections démarrées : ${runner.projections.map((p) => p.name).join(', ')}.`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopServing()
        .then(() => runner.stop())
        .then(() => servers.close())
        .then(() => Promise.all([eventStore.close(), readStore.close()]))
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
  console.error(`Démarrage des projections impossible : ${(error as Error).message}`);
  process.exit(1);
});
