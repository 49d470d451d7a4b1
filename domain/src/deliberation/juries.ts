/**
 * The juries of a session and their members, kept like the reference
 * lists (one generic decider, projection, routes and screens), without a code. A jury covers centres
 * d'examen and métiers of one session; each (centre d'examen, métier) pair of a session is covered
 * by one jury at most, kept through the lists' `unique` reservations (one per pair); the coverage of
 * the pairs that have candidates is `juryCoverage`. A jury that has deliberated (`deliberee`, set by
 * the deliberation) cannot be deleted.
 */
import { session } from '../reference-lists/fields.js';
import type { ListField, ReferenceListDefinition } from '../reference-lists/listTypes.js';

const personName = (name: string, label: string): ListField => ({
  name,
  label,
  type: 'person-name',
  required: true,
});

export const MEMBRES_JURY: ReferenceListDefinition = {
  name: 'membres-jury',
  path: 'espace-examen/gestion-des-jurys/edition-des-membres-du-jury',
  label: 'Membres de jury',
  itemLabel: 'Membre de jury',
  notFoundMessage: 'Ce membre de jury est introuvable.',
  subject: { text: 'Ce membre de jury' },
  newItem: 'nouveau membre de jury',
  code: false,
  title: { label: 'Nom et prénoms', subject: 'Le nom' },
  titleFrom: ['nom', 'prenoms'],
  fields: [
    personName('nom', 'Nom'),
    personName('prenoms', 'Prénoms'),
    {
      name: 'fonctionId',
      label: 'Fonction',
      type: 'reference',
      reference: 'fonctions-membres-jurys',
      required: true,
      inList: true,
      inactiveMessage: 'Choisissez une fonction active.',
    },
    { name: 'structure', label: 'Structure', type: 'text', inList: true },
    { name: 'telephone', label: 'Téléphone', type: 'phone', inList: true },
  ],
};

/** Set by the deliberation: a jury that has deliberated stays. */
export const JURY_DELIBERATED = 'deliberee';

export const JURYS: ReferenceListDefinition = {
  name: 'jurys',
  path: 'espace-examen/gestion-des-jurys/composition-des-jurys',
  label: 'Jurys',
  itemLabel: 'Jury',
  notFoundMessage: 'Ce jury est introuvable.',
  subject: { text: 'Ce jury' },
  newItem: 'nouveau jury',
  code: false,
  title: { label: 'Intitulé', subject: 'L’intitulé' },
  fields: [
    {
      name: 'typeId',
      label: 'Type de jury',
      type: 'reference',
      reference: 'types-jurys',
      required: true,
      inList: true,
      inactiveMessage: 'Choisissez un type de jury actif.',
    },
    session,
    {
      name: 'centreExamenIds',
      label: 'Centres d’examen',
      type: 'references',
      reference: 'centres-examen',
      required: true,
      inList: true,
      inactiveMessage: 'Choisissez des centres d’examen actifs.',
    },
    {
      name: 'metierIds',
      label: 'Métiers',
      type: 'references',
      reference: 'metiers',
      required: true,
      inList: true,
      inactiveMessage: 'Choisissez des métiers actifs.',
    },
    {
      name: 'presidentId',
      label: 'Président',
      type: 'reference',
      reference: 'membres-jury',
      required: true,
      inList: true,
      inactiveMessage: 'Choisissez un président actif.',
    },
    {
      name: 'membreIds',
      label: 'Autres membres',
      type: 'references',
      reference: 'membres-jury',
      help: 'Les membres du jury en plus de son président.',
      inactiveMessage: 'Choisissez des membres actifs.',
    },
  ],
  // Each (centre d'examen, métier) pair of a session: one jury at most.
  unique: {
    fields: ['sessionId', 'centreExamenIds', 'metierIds'],
    message:
      'Un centre d’examen et un métier de ce jury sont déjà couverts par un autre jury de cette session.',
    conflict: (named, holder) =>
      `Le centre d’examen « ${named.centreExamenIds} » et le métier « ${named.metierIds} » sont déjà couverts par le jury « ${holder} » de cette session.`,
  },
  deletionLock: {
    field: JURY_DELIBERATED,
    message: 'Ce jury a délibéré : il ne peut plus être supprimé.',
  },
  check: (values): Record<string, string> =>
    Array.isArray(values.membreIds) && values.membreIds.includes(values.presidentId)
      ? { membreIds: 'Le président figure déjà dans le jury : retirez-le des autres membres.' }
      : {},
};

/** A (centre d'examen, métier) pair of a session with its candidates. */
export interface CoveragePair {
  readonly centreExamenId: string;
  readonly metierId: string;
  readonly candidats: number;
}

/** A jury as the coverage reads it (its read model). */
export interface CoveringJury {
  readonly id: string;
  readonly libelle: string;
  readonly centreExamenIds: readonly string[];
  readonly metierIds: readonly string[];
  readonly actif: boolean;
}

export type CoverageState = 'couvert' | 'non-couvert' | 'chevauchement';

export const COVERAGE_STATE_LABELS: Record<CoverageState, string> = {
  couvert: 'Couvert',
  'non-couvert': 'Sans jury',
  chevauchement: 'Plusieurs jurys',
};

export interface CoverageRow extends CoveragePair {
  readonly jurys: readonly {
    readonly id: string;
    readonly libelle: string;
    readonly actif: boolean;
  }[];
  readonly etat: CoverageState;
}

/**
 * Which jury covers each pair that has candidates: one (couvert), none (a gap), or several (an
 * overlap: only a race older than the reservations could make one). An inactive jury still covers
 * its pairs (it keeps them reserved); the screen says it is inactive. Gaps and overlaps first.
 */
export const juryCoverage = (
  pairs: readonly CoveragePair[],
  juries: readonly CoveringJury[],
): CoverageRow[] => {
  const order: Record<CoverageState, number> = { 'non-couvert': 0, chevauchement: 1, couvert: 2 };
  return pairs
    .map((pair) => {
      const covering = juries
        .filter(
          (jury) =>
            jury.centreExamenIds.includes(pair.centreExamenId) &&
            jury.metierIds.includes(pair.metierId),
        )
        .map(({ id, libelle, actif }) => ({ id, libelle, actif }));
      const etat: CoverageState =
        covering.length === 0 ? 'non-couvert' : covering.length > 1 ? 'chevauchement' : 'couvert';
      return { ...pair, jurys: covering, etat };
    })
    .sort((a, b) => order[a.etat] - order[b.etat]);
};
