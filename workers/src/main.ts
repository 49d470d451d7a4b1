import {
  loadConfig,
  officeTimeZone,
  openPorts,
  personListsReactor,
  allocationReactor,
  admissionDecisionsReactor,
  openMailer,
  ProjectionRunner,
  reservationsReactor,
} from '@examens-pro/platform';
import { documentsReactor, startWorkers } from './index.js';

/**
 * Standalone workers (distributed mode): the documents, reservations and lists of agents reactors,
 * the job processors.
 */
const main = async (): Promise<void> => {
  const ports = openPorts(loadConfig());
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
  const again = await startWorkers({
    ...ports,
    mailer: openMailer(ports.storage),
    queue: ports.jobQueue,
    concurrency: Number(process.env.WORKER_CONCURRENCY ?? 2),
  });
  console.log(`Travailleurs démarrés ; ${again} document(s) remis en file.`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void reactors
        .stop()
        .then(() => ports.close())
        .then(() => process.exit(0));
    });
  }
};

void main();
