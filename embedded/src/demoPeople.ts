import { listCommands } from '@examens-pro/application';
import {
  fold,
  listItemDecider,
  parseListItem,
  referenceList,
  streamName,
  type Actor,
  type CommandContext,
  type ListItemEvent,
} from '@examens-pro/domain';
import { eventIdFor, type EventStore, type Ports } from '@examens-pro/platform';
import {
  DEMO_NOMS as NOMS,
  DEMO_PRENOMS_F as PRENOMS_F,
  DEMO_PRENOMS_M as PRENOMS_M,
} from './demoNames.js';

/**
 * The people of the demonstration's registration (demoRegistration.ts): its input, how its steps
 * name, date and count what they add, the persons, and the patrons and apprentis the dossiers of
 * candidature refer to.
 */

const VILLES = [
  'Yaoundé',
  'Douala',
  'Bafoussam',
  'Bamenda',
  'Garoua',
  'Maroua',
  'Ngaoundéré',
  'Bertoua',
  'Ebolowa',
  'Buea',
  'Dschang',
  'Kribi',
  'Limbe',
  'Nkongsamba',
  'Foumban',
  'Mbalmayo',
];
const QUARTIERS = ['Mokolo', 'Mvog-Ada', 'Akwa', 'Bonabéri', 'Tsinga', 'Biyem-Assi', 'Deïdo'];
const ENSEIGNES = ['Atelier', 'Établissements', 'Entreprise', 'Garage', 'Maison'];

export const DEMO_PATRONS = 120;
export const DEMO_APPRENTIS = 400;
export const DEMO_CANDIDATURES = 2000;

export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const DAY_MS = 86_400_000;

export interface DemoRegistrationInput {
  readonly sessionId: string;
  /** The métiers opened in the session (the first ones), and which of them require a level. */
  readonly metierIds: readonly string[];
  /** Niveaux de scolarisation, lowest first. */
  readonly niveauIds: readonly string[];
  /** The level required by some métiers (index in `metierIds` → index in `niveauIds`). */
  readonly niveauxRequis: ReadonlyMap<number, number>;
  readonly centresDepot: readonly { id: string; departementId: string; ville: string }[];
  readonly langueIds: readonly string[];
  readonly handicapIds: readonly string[];
  /** The pièces every CQP dossier must give (both obligatory). */
  readonly pieceIds: { readonly acte: string; readonly photo: string };
  readonly motifs: { readonly piece: string; readonly illisible: string; readonly age: string };
  /** The first day of registration and the session's last day of modification. */
  readonly ouverture: string;
  readonly dateLimite: string;
  readonly fee: number;
}

export type SeedPorts = Pick<Ports, 'eventStore' | 'readStore' | 'storage'>;

/**
 * What the registration's steps share: the stores, the input, and how they name, date and count
 * what they add.
 */
export const registrationWriter = (
  ports: SeedPorts,
  input: DemoRegistrationInput,
  actor: Actor,
  counts: Record<string, number>,
) => {
  const { eventStore, readStore, storage } = ports;
  const idOf = (key: string) => eventIdFor(`demonstration-${key}`, 0);
  const exists = async (category: string, id: string) =>
    (await eventStore.readStream(streamName(category, id), { maxCount: 1 })).length > 0;
  const count = (key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };

  // Times: spread over the registration period, up to six hours ago at the latest.
  const now = Date.now();
  const first = Date.parse(`${input.ouverture}T07:00:00Z`);
  const last = Math.min(now - 6 * 3_600_000, Date.parse(`${input.dateLimite}T09:00:00Z`));
  const span = Math.max(0, last - first);
  const instantOf = (i: number, step: number) =>
    new Date(
      (span > 0 ? first + (((i * 7919) % 1000) / 1000) * span : last) + step * 37 * 60_000,
    ).toISOString();
  const context = (key: string, at: string): CommandContext => ({
    commandId: `demonstration-${key}`,
    actor,
    now: at,
  });
  return { eventStore, readStore, storage, input, idOf, exists, count, instantOf, context };
};

export type RegistrationWriter = ReturnType<typeof registrationWriter>;

// Persons: each with a birth date of their own (a near match needs the same one: persons 0 to
// 12,569 never share one), 16 or older at the composition (born before 2009-06-01).
const BIRTH_FROM = Date.parse('1975-01-01T00:00:00Z');
const BIRTH_DAYS = 12_570;
export const person = (p: number) => {
  const sexe = p % 2 === 0 ? 'F' : 'M';
  const given = sexe === 'F' ? PRENOMS_F : PRENOMS_M;
  const prenoms =
    p % 3 === 0
      ? `${given[p % given.length]!} ${given[(p * 7 + 3) % given.length]!}`
      : given[p % given.length]!;
  return {
    nom: NOMS[(p * 11 + Math.floor(p / NOMS.length)) % NOMS.length]!,
    prenoms,
    sexe,
    dateNaissance: day(BIRTH_FROM + ((p * 7919) % BIRTH_DAYS) * DAY_MS),
    lieuNaissance: VILLES[(p * 5) % VILLES.length]!,
    nationalite: 'Camerounaise',
    telephone: `6${[5, 7, 9, 8, 6][p % 5]}${String((p * 104_729 + 1_234_567) % 10_000_000).padStart(7, '0')}`,
  };
};

/** The level of person `p` in métier `metier` (an index in the input's `metierIds`). */
export type NiveauFor = (metier: number, p: number) => string;

/** A level the métier accepts: its required level or above, or any when none is required. */
export const levelChooser = async (
  eventStore: EventStore,
  input: DemoRegistrationInput,
): Promise<NiveauFor> => {
  const rankKnown = async (niveauId: string) => {
    const item = fold(
      listItemDecider,
      (await eventStore.readStream(
        streamName('niveaux-scolarisation', niveauId),
      )) as unknown as ListItemEvent[],
    );
    return (
      (item.status === 'actif' || item.status === 'inactif') && typeof item.values.rang === 'number'
    );
  };
  const ranked = (await Promise.all(input.niveauIds.map(rankKnown))).every(Boolean);
  return (metier: number, p: number) => {
    const required = input.niveauxRequis.get(metier);
    if (required === undefined) return input.niveauIds[p % input.niveauIds.length]!;
    // Without ranks (an office seeded before levels had one), only the level itself satisfies.
    if (!ranked) return input.niveauIds[required]!;
    const above = input.niveauIds.length - required;
    return input.niveauIds[required + (p % above)]!;
  };
};

/** The patrons (their métier and town, by index) and the apprentis the dossiers refer to. */
export interface DemoPeople {
  readonly patronIds: readonly string[];
  readonly patronOf: readonly { metier: number; departementId: string; ville: string }[];
  readonly apprentiIds: readonly string[];
}

/** Patrons: a workshop of an opened métier in a region's chief town. */
export const seedPatrons = async (writer: RegistrationWriter) => {
  const { eventStore, readStore, input, idOf, exists, count, instantOf, context } = writer;
  const opened = input.metierIds.length;
  const patronList = referenceList('patrons')!;
  const patrons = listCommands(eventStore, readStore, patronList);
  const patronIds: string[] = [];
  const patronOf: { metier: number; departementId: string; ville: string }[] = [];
  for (let k = 0; k < DEMO_PATRONS; k += 1) {
    const id = idOf(`patrons-${k}`);
    const centre = input.centresDepot[k % input.centresDepot.length]!;
    const metier = (k * 3) % opened;
    const p = 12_000 + k;
    const who = person(p);
    patronIds.push(id);
    patronOf.push({ metier, departementId: centre.departementId, ville: centre.ville });
    if (await exists('patrons', id)) continue;
    const patronContext = context(`patrons-${k}`, instantOf(p, 0));
    await patrons.create(
      id,
      parseListItem(
        patronList,
        {
          libelle:
            `${ENSEIGNES[k % ENSEIGNES.length]!} ${who.nom} ${k % 4 === 0 ? 'et Fils' : ''}`.trim(),
          responsableNom: who.nom,
          responsablePrenoms: who.prenoms,
          responsableSexe: who.sexe,
          telephone: who.telephone,
          email: k % 3 === 0 ? `contact${k}@demo-patron.cm` : '',
          metierId: input.metierIds[metier],
          departementId: centre.departementId,
          adresse: `Quartier ${QUARTIERS[k % QUARTIERS.length]!}, ${centre.ville}`,
        },
        patronContext,
      ),
      patronContext,
    );
    count('patrons');
  }
  return { patronIds, patronOf };
};

/** Apprentis: each in a patron's workshop, in that patron's métier, since the age of 16 or later. */
export const seedApprentis = async (
  writer: RegistrationWriter,
  { patronIds, patronOf }: Omit<DemoPeople, 'apprentiIds'>,
  niveauFor: NiveauFor,
) => {
  const { eventStore, readStore, input, idOf, exists, count, instantOf, context } = writer;
  const apprentiList = referenceList('apprentis')!;
  const apprentis = listCommands(eventStore, readStore, apprentiList);
  const apprentiIds: string[] = [];
  for (let k = 0; k < DEMO_APPRENTIS; k += 1) {
    const id = idOf(`apprentis-${k}`);
    apprentiIds.push(id);
    if (await exists('apprentis', id)) continue;
    const who = person(k);
    const patron = k % DEMO_PATRONS;
    const born = Date.parse(`${who.dateNaissance}T00:00:00Z`);
    const started = Math.min(born + (16 * 365 + (k % 700)) * DAY_MS, Date.parse('2026-09-01'));
    const apprentiContext = context(`apprentis-${k}`, instantOf(k, 0));
    await apprentis.create(
      id,
      parseListItem(
        apprentiList,
        {
          ...who,
          patronId: patronIds[patron],
          metierId: input.metierIds[patronOf[patron]!.metier],
          dateDebutApprentissage: day(started),
          niveauId: niveauFor(patronOf[patron]!.metier, k),
          langueId: input.langueIds[k % 5 === 0 ? 1 : 0] ?? null,
          handicapId:
            k % 97 === 0 ? (input.handicapIds[k % input.handicapIds.length] ?? null) : null,
        },
        apprentiContext,
      ),
      apprentiContext,
    );
    count('apprentis');
  }
  return apprentiIds;
};
