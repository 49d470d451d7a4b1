import { ProjectionRunner } from '@examens-pro/platform';
import { allProjections } from '@examens-pro/projections';
import { loadConfig, openEventStore, openReadStore } from '@examens-pro/platform';

/**
 * `npm run projections:rebuild [name…]`: rebuilds read models from the event log, under each
 * projection's lease (refused while a running instance holds it).
 */
const main = async (): Promise<void> => {
  const names = process.argv.slice(2);
  const projections = allProjections().filter((p) => names.length === 0 || names.includes(p.name));
  const unknown = names.filter((n) => !allProjections().some((p) => p.name === n));
  if (unknown.length > 0) {
    throw new Error(
      `Projection inconnue : ${unknown.join(', ')}. Connues : ${allProjections()
        .map((p) => p.name)
        .join(', ')}.`,
    );
  }
  const config = loadConfig();
  const eventStore = openEventStore(config);
  const readStore = openReadStore(config);
  try {
    await ProjectionRunner.rebuildAll(eventStore, readStore, projections, {
      onRebuilt: (name, { ms, position }) =>
        console.log(
          `Projection « ${name} » reconstruite jusqu’à la position ${position} en ${ms} ms.`,
        ),
    });
  } finally {
    await eventStore.close();
    await readStore.close();
  }
};

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
