import { parentPort, workerData } from 'node:worker_threads';
import {
  adoptWriteTurns,
  openEventStore,
  openReadStore,
  ProjectionRunner,
  readModelsFile,
} from '@examens-pro/platform';
import {
  projectionsOf,
  type ProjectionsThreadStores,
  type ToThread,
  type FromThread,
} from './projectionsThread.js';

/**
 * The projections' thread of the embedded product (what the projections process is when
 * distributed): its own connections to the same stores, every projection, the read models written
 * here while the main thread answers requests and runs the reactors.
 */
const run = (): void => {
  const port = parentPort;
  if (!port) throw new Error('à lancer comme fil d’exécution (worker_threads)');
  const post = (message: FromThread): void => port.postMessage(message);
  const stores = workerData as ProjectionsThreadStores;
  // Writes to the read models' file take turns with the main thread's.
  if (stores.writeTurns) adoptWriteTurns(readModelsFile(stores.dataDir), stores.writeTurns);
  const eventStore = openEventStore(stores);
  const readStore = openReadStore(stores);
  const runner = new ProjectionRunner(eventStore, readStore, projectionsOf(stores.part), {
    log: (message) => post({ type: 'log', message }),
  });
  let sent = '';
  const report = (): void => {
    const status = runner.status();
    const json = JSON.stringify(status);
    if (json === sent) return;
    sent = json;
    post({ type: 'status', status });
  };
  const reporting = setInterval(report, 50);
  port.on('message', (message: ToThread) => {
    if (message.type === 'appended') eventStore.appendedElsewhere?.();
    else if (message.type === 'stop') {
      clearInterval(reporting);
      void runner
        .stop()
        .then(() => Promise.all([eventStore.close(), readStore.close()]))
        .then(
          () => post({ type: 'stopped' }),
          (error: unknown) => post({ type: 'stopped', error: (error as Error).message }),
        )
        .finally(() => port.close());
    }
  });
  runner.start();
  report();
};

run();
