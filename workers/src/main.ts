import {
  loadConfig,
  openDocumentStorage,
  openEventStore,
  openJobQueue,
  openReadStore,
} from '@examens-pro/platform';
import { ProjectionRunner } from '@examens-pro/platform';
import { documentsReactor, startWorkers } from './index.js';

/** Standalone workers (distributed mode): the documents reactor and the job processors. */
const main = async (): Promise<void> => {
  const config = loadConfig();
  const eventStore = openEventStore(config);
  const readStore = openReadStore(config);
  const queue = openJobQueue(config);
  const storage = openDocumentStorage(config);
  const reactors = new ProjectionRunner(eventStore, readStore, [documentsReactor(queue)], {
    log: (m) => console.warn(m),
  });
  reactors.start();
  const again = await startWorkers({
    eventStore,
    readStore,
    storage,
    queue,
    concurrency: Number(process.env.WORKER_CONCURRENCY ?? 2),
  });
  console.log(`Travailleurs démarrés ; ${again} document(s) remis en file.`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void reactors
        .stop()
        .then(() => queue.close())
        .then(() => Promise.all([eventStore.close(), readStore.close()]))
        .then(() => process.exit(0));
    });
  }
};

void main();
