import { loadConfig, officeTimeZone, openPorts, ProjectionRunner } from '@examens-pro/platform';
import { allProjections } from '@examens-pro/projections';
import { seedDemo } from './demo.js';

/** `npm run seed:demo` (see demo.ts): adds what is missing, reports what it added. */
const main = async (): Promise<void> => {
  const started = Date.now();
  const ports = openPorts(loadConfig());
  // The dossiers' commands read some read models (the pièces asked for, near matches): they are
  // kept up to date here while the product is stopped; a running product holds their leases and
  // keeps them itself (this runner then waits beside it).
  const runner = new ProjectionRunner(ports.eventStore, ports.readStore, allProjections());
  runner.start();
  try {
    const counts = await seedDemo(ports, { timeZone: officeTimeZone() });
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      total === 0
        ? 'Données de démonstration déjà présentes : rien à ajouter.'
        : `Données de démonstration ajoutées : ${Object.entries(counts)
            .map(([list, n]) => `${list} ${n}`)
            .join(', ')} (${Math.round((Date.now() - started) / 1000)} s).`,
    );
  } finally {
    await runner.stop();
    await ports.close();
  }
};

main().catch((error: unknown) => {
  console.error(`Données de démonstration impossibles : ${(error as Error).message}`);
  process.exit(1);
});
