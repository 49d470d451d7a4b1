import { candidatureCommands } from '@examens-pro/application';
import { DEFAULT_TIME_ZONE, LIST_PROJECTION, type Actor } from '@examens-pro/domain';
import { waitForProjections } from '@examens-pro/platform';
import { seedDossier, storePieceFiles, type DossierDeps } from './demoDossiers.js';
import {
  DEMO_CANDIDATURES,
  levelChooser,
  registrationWriter,
  seedApprentis,
  seedPatrons,
  type DemoRegistrationInput,
  type SeedPorts,
} from './demoPeople.js';

export {
  DEMO_APPRENTIS,
  DEMO_CANDIDATURES,
  DEMO_PATRONS,
  type DemoRegistrationInput,
} from './demoPeople.js';
export { demoStatut } from './demoDossiers.js';

/**
 * The registration part of `npm run seed:demo`: patrons, their apprentis and 2,000 dossiers of
 * candidature in the open session, across centres de dépôt, métiers ouverts, categories and
 * statuts (brouillon, soumis, validé with its pièces and payment, rejeté with a motif, désisté),
 * each through the product's own command handlers, so that numbers, reservations, pièces and
 * histories are the real ones. Every dossier follows a plan of steps, one event each, with
 * deterministic ids and command ids: a run resumes where an earlier one stopped (the dossier's
 * stream says how many steps are done) and a second run adds nothing.
 */

/** Runs `work` over `items`, `width` at a time (appends then share the event store's commits). */
const inPool = async <T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
};

export const seedDemoRegistration = async (
  ports: SeedPorts,
  input: DemoRegistrationInput,
  actor: Actor,
  counts: Record<string, number>,
  options: { readonly candidatures?: number; readonly timeZone?: string } = {},
): Promise<void> => {
  const { eventStore, readStore, storage } = ports;
  const total = options.candidatures ?? DEMO_CANDIDATURES;
  const writer = registrationWriter(ports, input, actor, counts);
  const niveauFor = await levelChooser(eventStore, input);
  const { patronIds, patronOf } = await seedPatrons(writer);
  const apprentiIds = await seedApprentis(writer, { patronIds, patronOf }, niveauFor);

  // The dossiers read the pièces asked for from the lists' read model: wait until it holds them.
  if (
    !(await waitForProjections(
      readStore,
      [LIST_PROJECTION],
      await eventStore.headPosition(),
      120_000,
    ))
  )
    throw new Error(
      'les listes de référence ne sont pas à jour (projections arrêtées ?) : démarrez le produit ou relancez la commande.',
    );

  const files = await storePieceFiles(storage);
  const candidatures = candidatureCommands(
    eventStore,
    options.timeZone ?? DEFAULT_TIME_ZONE,
    readStore,
  );
  const deps: DossierDeps = {
    writer,
    candidatures,
    files,
    people: { patronIds, patronOf, apprentiIds },
    niveauFor,
  };
  await inPool(
    Array.from({ length: total }, (_, i) => i),
    8,
    (i) => seedDossier(deps, i),
  );
};
