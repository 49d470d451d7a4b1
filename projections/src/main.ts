import {
  openEventStore,
  openReadStore,
  ProjectionRunner,
  runBackgroundProcess,
} from '@examens-pro/platform';
import { loadPrincipal } from '@examens-pro/application';
import { allProjections } from './index.js';

/**
 * Standalone projections process (distributed mode): each projection is written by one lease
 * holder. A projection that fails (a server away) is tried again, later each time; with PORT set,
 * `/api/ready` says whether the read models are up to date, and why not.
 */
runBackgroundProcess('projections', 'Démarrage des projections impossible', (config) => {
  const eventStore = openEventStore(config);
  const readStore = openReadStore(config);
  const runner = new ProjectionRunner(eventStore, readStore, allProjections(), {
    log: (m) => console.warn(m),
  });
  return {
    runner,
    stores: { eventStore, readStore },
    loadPrincipal,
    close: () => Promise.all([eventStore.close(), readStore.close()]),
    redis: false,
    started: () =>
      console.log(`Projections démarrées : ${runner.projections.map((p) => p.name).join(', ')}.`),
  };
});
