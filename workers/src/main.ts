import {
  officeTimeZone,
  openPorts,
  openMailer,
  ProjectionRunner,
  reservationsReactor,
  runBackgroundProcess,
} from '@examens-pro/platform';
import {
  personListsReactor,
  allocationReactor,
  bulkReactor,
  admissionDecisionsReactor,
  ensureSigningCertificate,
  loadPrincipal,
} from '@examens-pro/application';
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
runBackgroundProcess('workers', 'Démarrage des travailleurs impossible', (config) => {
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
      bulkReactor(ports.eventStore, officeTimeZone(), ports.readStore),
      admissionDecisionsReactor(ports.eventStore),
    ],
    {
      log: (m) => console.warn(m),
    },
  );
  return {
    runner: reactors,
    stores: ports,
    loadPrincipal,
    close: () => ports.close(),
    readinessLog: (m) => console.warn(m),
    started: (readiness) => {
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
        // The documents' signing certificate: a demonstration one until the office deposits its own.
        await ensureSigningCertificate(ports.eventStore, ports.certificateKey);
        const again = await reconcileDocuments(deps, deps.reconcile);
        console.log(`Travailleurs démarrés ; ${again} document(s) remis en file.`);
      });
    },
  };
});
