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
  const number = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
  try {
    const started = Date.now();
    const results = await ProjectionRunner.rebuildAll(eventStore, readStore, projections, {
      onRebuilt: (name, { ms, position, events }) =>
        console.log(
          `Projection « ${name} » reconstruite jusqu’à la position ${position} en ${ms} ms (${events} événements).`,
        ),
    });
    // Each projection's figures, the slowest first: what a rebuild waits for.
    const rows = projections
      .map((p, i) => ({ name: p.name, ...results[i]! }))
      .sort((a, b) => b.ms - a.ms);
    console.table(
      Object.fromEntries(
        rows.map(({ name, events, ms }) => [
          name,
          {
            événements: number.format(events),
            secondes: number.format(ms / 1000),
            'événements/s': events > 0 ? number.format(Math.round(events / (ms / 1000))) : '—',
          },
        ]),
      ),
    );
    const events = results.reduce((sum, r) => sum + r.events, 0);
    console.log(
      `${results.length} projections reconstruites en ${number.format((Date.now() - started) / 1000)} s (${number.format(events)} événements traités).`,
    );
  } finally {
    await eventStore.close();
    await readStore.close();
  }
};

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
