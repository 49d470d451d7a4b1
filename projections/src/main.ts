import { loadConfig, openEventStore, openReadStore } from '@examens-pro/platform';
import { allProjections } from './index.js';
import { ProjectionRunner } from '@examens-pro/platform';

/** Standalone projections process (distributed mode): each projection is written by one lease holder. */
const main = async (): Promise<void> => {
  const config = loadConfig();
  const eventStore = openEventStore(config);
  const readStore = openReadStore(config);
  const runner = new ProjectionRunner(eventStore, readStore, allProjections(), {
    log: (m) => console.warn(m),
  });
  runner.start();
  console.log(`Projections démarrées : ${runner.projections.map((p) => p.name).join(', ')}.`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void runner
        .stop()
        .then(() => Promise.all([eventStore.close(), readStore.close()]))
        .then(() => process.exit(0));
    });
  }
};

void main();
