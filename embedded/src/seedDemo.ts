import { loadConfig, openPorts } from '@examens-pro/platform';
import { seedDemo } from './demo.js';

/** `npm run seed:demo` (see demo.ts): adds what is missing, reports what it added. */
const main = async (): Promise<void> => {
  const ports = openPorts(loadConfig());
  try {
    const counts = await seedDemo(ports);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      total === 0
        ? 'Données de démonstration déjà présentes : rien à ajouter.'
        : `Données de démonstration ajoutées : ${Object.entries(counts)
            .map(([list, n]) => `${list} ${n}`)
            .join(', ')}.`,
    );
  } finally {
    await ports.close();
  }
};

main().catch((error: unknown) => {
  console.error(`Données de démonstration impossibles : ${(error as Error).message}`);
  process.exit(1);
});
