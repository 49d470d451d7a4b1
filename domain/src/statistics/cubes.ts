/**
 * The cubes behind the statistical reports:
 * pre-aggregated cells, each counting the dossiers (and summing their amounts) that share the values
 * of a few dimensions, kept by one projection from the events. A report then sums a few hundred or
 * thousand cells instead of reading 200,000 dossiers.
 *
 * Each cube keeps several roll-ups of the same figures (by statut; by centre and statut; … ; by
 * every dimension): a report reads the smallest roll-up holding the dimensions it groups or filters
 * by. A dossier contributes to one cell of each roll-up; when it changes (statut, métier, payment…)
 * its contribution moves from its old cells to its new ones. What each dossier contributes is kept
 * in a « fact » document (its revision skips a redelivered event); each cell records the last event
 * it took (position, revision), so that a batch written again after a crash (MongoDB, no
 * transaction) does not count twice.
 *
 * Pure: the projection reads and writes the documents, these rules say what they hold.
 */
import type { RecordedEvent } from '../core/envelope.js';
import { comparePositions } from '../core/positions.js';
import type { CollectionDefinition, ReadModelDocument } from '../core/readModels.js';
import { localDate } from '../core/time.js';
import type { ListItemEvent } from '../reference-lists/item.js';
import {
  countsTowardFee,
  isDemonstrationPayment,
  type CandidatureEvent,
  type CandidatureStatus,
} from '../registration/candidature.js';

export const STATISTICS_PROJECTION = 'statistiques';

export const STATISTICS_CUBES = [
  'dossiers',
  'pieces',
  'agents',
  'patrons',
  'patrons-candidats',
] as const;
export type StatisticsCube = (typeof STATISTICS_CUBES)[number];

/** The dossiers still in the running: those whose fee is due. */
export const STATUTS_EN_COURS: readonly CandidatureStatus[] = [
  'brouillon',
  'soumis',
  'valide',
  'affecte',
];
/** The dossiers registered for the exam. */
export const STATUTS_VALIDES: readonly CandidatureStatus[] = ['valide', 'affecte'];

/** Pièces submitted by a dossier, in buckets: 0, 1, 2, 3, 4, then « 5 ou plus ». */
export const PIECES_BUCKETS = ['0', '1', '2', '3', '4', '5+'] as const;
export const piecesBucket = (count: number): string =>
  count >= 5 ? '5+' : String(Math.max(0, Math.floor(count)));

/** The actions of the agents the « par agent » report counts. */
export const AGENT_ACTIONS = ['inscription', 'validation', 'rejet'] as const;
export type AgentAction = (typeof AGENT_ACTIONS)[number];

export interface CubeDeclaration {
  readonly name: StatisticsCube;
  readonly collection: CollectionDefinition;
  /** Whether a cell belongs to a session (the patrons themselves do not). */
  readonly bySession: boolean;
  /** The field naming where a cell is: a centre de dépôt (zone and département derive from it), or a département. */
  readonly geography: 'centreDepotId' | 'departementId';
  /** Every dimension of a cell's key, besides the session. */
  readonly dimensions: readonly string[];
  /** What each cell sums. */
  readonly measures: readonly string[];
  /**
   * The roll-ups kept, smallest first; a query reads the first that holds every dimension it
   * needs. The last holds every dimension.
   */
  readonly rollups: readonly (readonly string[])[];
  /** Fields a cell carries besides its key, the same for every contribution to it (a patron's). */
  readonly attributes?: readonly string[];
}

/** A cell's document: its key, what it sums, the last event it took. */
export interface CellDocument extends ReadModelDocument {
  /** `<roll-up>|<session>`: the one indexed equality that selects a roll-up of a session. */
  readonly part: string;
  readonly rollup: number;
  readonly sessionId: string;
  /** The last event taken: an event at or before it is already counted. */
  readonly position: string;
  readonly revision: number;
  readonly [field: string]: unknown;
}

const cells = (
  name: string,
  dimensions: readonly string[],
  measures: readonly string[],
  more: Readonly<Record<string, 'string' | 'number'>> = {},
): CollectionDefinition => ({
  name,
  fields: {
    part: 'string',
    rollup: 'number',
    sessionId: 'string',
    ...Object.fromEntries(dimensions.map((d) => [d, 'string' as const])),
    ...Object.fromEntries(measures.map((m) => [m, 'number' as const])),
    ...more,
  },
  searchFields: [],
  defaultSort: { field: 'part', order: 'ASC' },
  // Grouped and filtered only (reports sort their rows themselves): no French sort key to keep.
  sortFields: [],
  // A report reads one roll-up of a session (`part`) or of every session (`rollup`), often within
  // some centres or départements; its other filters are applied to those cells. An index on a
  // measure was rewritten by almost every event, one on each dimension by every new cell.
  indexed: [
    'part',
    'rollup',
    ...['centreDepotId', 'departementId'].filter((g) => dimensions.includes(g) || g in more),
  ],
  // Cells of every day, centre, métier…: in the histories' file, the lists' file stays small.
  storage: 'history',
});

const DOSSIER_DIMENSIONS = ['centreDepotId', 'metierId', 'sexe', 'statut', 'jour'] as const;

export const CUBES: Readonly<Record<StatisticsCube, CubeDeclaration>> = {
  dossiers: {
    name: 'dossiers',
    bySession: true,
    geography: 'centreDepotId',
    dimensions: DOSSIER_DIMENSIONS,
    measures: ['n', 'montantDu', 'montantPaye', 'reste', 'regles', 'demonstration'],
    rollups: [
      ['statut'],
      ['statut', 'jour'],
      ['centreDepotId', 'statut'],
      ['metierId', 'sexe', 'statut'],
      ['centreDepotId', 'statut', 'jour'],
      ['centreDepotId', 'metierId', 'sexe', 'statut'],
      DOSSIER_DIMENSIONS,
    ],
    collection: cells('stat_dossiers', DOSSIER_DIMENSIONS, [
      'n',
      'montantDu',
      'montantPaye',
      'reste',
      'regles',
      'demonstration',
    ]),
  },
  pieces: {
    name: 'pieces',
    bySession: true,
    geography: 'centreDepotId',
    dimensions: ['centreDepotId', 'metierId', 'sexe', 'jour', 'pieces'],
    measures: ['n', 'soumises'],
    rollups: [
      ['pieces'],
      ['centreDepotId', 'pieces'],
      ['centreDepotId', 'metierId', 'sexe', 'pieces'],
      ['centreDepotId', 'metierId', 'sexe', 'jour', 'pieces'],
    ],
    collection: cells(
      'stat_pieces',
      ['centreDepotId', 'metierId', 'sexe', 'jour', 'pieces'],
      ['n', 'soumises'],
    ),
  },
  agents: {
    name: 'agents',
    bySession: true,
    geography: 'centreDepotId',
    dimensions: ['centreDepotId', 'metierId', 'sexe', 'jour', 'agentId', 'action'],
    measures: ['n'],
    rollups: [
      ['agentId', 'action'],
      ['agentId', 'action', 'jour'],
      ['centreDepotId', 'agentId', 'action'],
      ['centreDepotId', 'agentId', 'action', 'jour'],
      ['centreDepotId', 'metierId', 'sexe', 'jour', 'agentId', 'action'],
    ],
    collection: cells(
      'stat_agents',
      ['centreDepotId', 'metierId', 'sexe', 'jour', 'agentId', 'action'],
      ['n'],
    ),
  },
  patrons: {
    name: 'patrons',
    bySession: false,
    geography: 'departementId',
    dimensions: ['metierId', 'departementId', 'sexe'],
    measures: ['n'],
    rollups: [['metierId', 'departementId', 'sexe']],
    collection: cells('stat_patrons', ['metierId', 'departementId', 'sexe'], ['n']),
  },
  // One cell per patron and session: the patron's candidates, with the patron's métier, département,
  // sex and name (kept up to date from the patron's own events).
  'patrons-candidats': {
    name: 'patrons-candidats',
    bySession: true,
    geography: 'departementId',
    dimensions: ['patronId'],
    measures: ['n', 'hommes', 'femmes', 'valides', 'avecCandidats'],
    rollups: [['patronId']],
    attributes: ['metierId', 'departementId', 'sexe', 'raisonSociale'],
    collection: cells(
      'stat_patrons_candidats',
      ['patronId'],
      ['n', 'hommes', 'femmes', 'valides', 'avecCandidats'],
      { metierId: 'string', departementId: 'string', sexe: 'string', raisonSociale: 'string' },
    ),
  },
};

/** Facts: what each dossier and patron contributes now, and the agents' names. */
export const statisticsFactsCollection: CollectionDefinition = {
  name: 'stat_faits',
  fields: { kind: 'string' },
  searchFields: [],
  defaultSort: { field: 'kind', order: 'ASC' },
  sortFields: [],
  storage: 'history',
};

/** Every collection of the projection, the cells first: they are written before the facts. */
export const STATISTICS_COLLECTIONS: readonly CollectionDefinition[] = [
  ...STATISTICS_CUBES.map((cube) => CUBES[cube].collection),
  statisticsFactsCollection,
];

// ---------------------------------------------------------------------------------------------
// Facts

export interface CandidatureFact extends ReadModelDocument {
  readonly kind: 'candidature';
  readonly sessionId: string;
  readonly centreDepotId: string;
  readonly metierId: string;
  readonly sexe: string;
  /** Its statut; `supprime` once the brouillon was deleted (it then counts nowhere). */
  readonly statut: CandidatureStatus | 'supprime';
  /** The day it was created, in the office's time zone (YYYY-MM-DD). */
  readonly jour: string;
  readonly patronId: string | null;
  /** The pièces deposited, each once whatever its later verification. */
  readonly pieces: readonly string[];
  /** The fee due (null: none known yet). */
  readonly montantDu: number | null;
  readonly montantPaye: number;
  /** The sandbox's payments (« Mode démonstration »), counted or not: no money moved. */
  readonly montantDemonstration?: number;
}

export interface PatronFact extends ReadModelDocument {
  readonly kind: 'patron';
  readonly metierId: string;
  readonly departementId: string;
  readonly sexe: string;
  readonly raisonSociale: string;
  readonly supprime: boolean;
  /** The sessions in which it has a cell of candidates (its attributes are copied there). */
  readonly sessions: readonly string[];
}

export interface AgentFact extends ReadModelDocument {
  readonly kind: 'agent';
  readonly nom: string;
}

export const candidatureFactId = (candidatureId: string): string => `candidature|${candidatureId}`;
export const patronFactId = (patronId: string): string => `patron|${patronId}`;
export const agentFactId = (actorId: string): string => `agent|${actorId}`;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The dossier's fact after one of its events (null: it never existed). */
export const candidatureFactAfter = (
  fact: CandidatureFact | null,
  event: RecordedEvent<CandidatureEvent>,
  timeZone: string,
): CandidatureFact | null => {
  const version = event.revision;
  switch (event.type) {
    case 'CandidatureCreated':
    case 'CandidatureModified': {
      const { sessionId, metierId, centreDepotId, values } = event.data;
      return {
        id: candidatureFactId(event.data.candidatureId),
        version,
        kind: 'candidature',
        sessionId,
        metierId,
        centreDepotId,
        sexe: text(values.sexe),
        patronId: text(values.patronId) || null,
        statut: fact?.statut ?? 'brouillon',
        jour: fact?.jour ?? localDate(event.metadata.at, timeZone),
        pieces: fact?.pieces ?? [],
        montantDu:
          event.type === 'CandidatureCreated'
            ? (event.data.montantDu ?? null)
            : (fact?.montantDu ?? null),
        montantPaye: fact?.montantPaye ?? 0,
        montantDemonstration: fact?.montantDemonstration ?? 0,
      };
    }
    default:
      break;
  }
  if (!fact) return null;
  const next = (changes: Partial<CandidatureFact>): CandidatureFact => ({
    ...fact,
    ...changes,
    version,
  });
  switch (event.type) {
    case 'CandidatureSubmitted':
      return next({ statut: 'soumis' });
    case 'CandidatureValidated':
    case 'CandidatureDeallocated':
      return next({ statut: 'valide' });
    case 'CandidatureAllocated':
      return next({ statut: 'affecte' });
    case 'CandidatureRejected':
      return next({ statut: 'rejete' });
    case 'CandidatureWithdrawn':
      return next({ statut: 'desiste' });
    case 'CandidatureDeleted':
      return next({ statut: 'supprime' });
    case 'PieceDeposited':
      return fact.pieces.includes(event.data.pieceId)
        ? next({})
        : next({ pieces: [...fact.pieces, event.data.pieceId] });
    case 'PaymentRecorded':
      return next({
        montantDu: event.data.montantDu,
        // A demonstration counts only if its session counted them when it was recorded.
        montantPaye: fact.montantPaye + (countsTowardFee(event.data) ? event.data.montant : 0),
        montantDemonstration:
          (fact.montantDemonstration ?? 0) +
          (isDemonstrationPayment(event.data) ? event.data.montant : 0),
      });
    case 'CandidatureIdentityCorrected':
      return event.data.apres.sexe !== undefined
        ? next({ sexe: text(event.data.apres.sexe) })
        : next({});
    case 'PieceValidated':
    case 'PieceRejected':
      return next({});
    default:
      return next({});
  }
};

/** A patron's fact after one of its events (null: it never existed). */
export const patronFactAfter = (
  fact: PatronFact | null,
  event: RecordedEvent<ListItemEvent>,
): PatronFact | null => {
  const version = event.revision;
  switch (event.type) {
    case 'ListItemCreated':
    case 'ListItemModified': {
      const { values, libelle, itemId } = event.data;
      return {
        id: patronFactId(itemId),
        version,
        kind: 'patron',
        metierId: text(values.metierId),
        departementId: text(values.departementId),
        sexe: text(values.responsableSexe),
        raisonSociale: libelle,
        supprime: false,
        sessions: fact?.sessions ?? [],
      };
    }
    case 'ListItemDeleted':
      return fact ? { ...fact, version, supprime: true } : null;
    default:
      return fact ? { ...fact, version } : null;
  }
};

// ---------------------------------------------------------------------------------------------
// Contributions and the cells they move

/** What one fact adds to one cube: the values of the dimensions and the measures. */
export interface Contribution {
  readonly cube: StatisticsCube;
  readonly sessionId: string;
  readonly dims: Readonly<Record<string, string>>;
  readonly measures: Readonly<Record<string, number>>;
}

/** A dossier's share of the cubes: none once deleted. */
export const candidatureContributions = (fact: CandidatureFact | null): Contribution[] => {
  if (!fact || fact.statut === 'supprime') return [];
  const { sessionId, centreDepotId, metierId, sexe, statut, jour } = fact;
  const enCours = (STATUTS_EN_COURS as readonly string[]).includes(statut);
  const du = fact.montantDu ?? 0;
  const paye = fact.montantPaye;
  const contributions: Contribution[] = [
    {
      cube: 'dossiers',
      sessionId,
      dims: { centreDepotId, metierId, sexe, statut, jour },
      measures: {
        n: 1,
        montantDu: enCours ? du : 0,
        montantPaye: paye,
        reste: enCours ? Math.max(0, du - paye) : 0,
        regles: enCours && du > 0 && paye >= du ? 1 : 0,
        demonstration: fact.montantDemonstration ?? 0,
      },
    },
    {
      cube: 'pieces',
      sessionId,
      dims: { centreDepotId, metierId, sexe, jour, pieces: piecesBucket(fact.pieces.length) },
      measures: { n: 1, soumises: fact.pieces.length },
    },
  ];
  if (fact.patronId)
    contributions.push({
      cube: 'patrons-candidats',
      sessionId,
      dims: { patronId: fact.patronId },
      measures: {
        n: 1,
        hommes: sexe === 'M' ? 1 : 0,
        femmes: sexe === 'F' ? 1 : 0,
        valides: (STATUTS_VALIDES as readonly string[]).includes(statut) ? 1 : 0,
      },
    });
  return contributions;
};

/** A patron's share: one in the patrons' cube while it exists. */
export const patronContributions = (fact: PatronFact | null): Contribution[] =>
  !fact || fact.supprime
    ? []
    : [
        {
          cube: 'patrons',
          sessionId: '',
          dims: { metierId: fact.metierId, departementId: fact.departementId, sexe: fact.sexe },
          measures: { n: 1 },
        },
      ];

/** The action an event records for the « par agent » report, if any. */
export const agentActionOf = (event: RecordedEvent<CandidatureEvent>): AgentAction | null => {
  switch (event.type) {
    case 'CandidatureCreated':
      return 'inscription';
    case 'CandidatureValidated':
      return 'validation';
    case 'CandidatureRejected':
      return 'rejet';
    default:
      return null;
  }
};

/** What an agent's action adds: one, in the cell of the dossier as it stood, on the day of the action. */
export const agentContribution = (
  fact: CandidatureFact,
  event: RecordedEvent<CandidatureEvent>,
  action: AgentAction,
  timeZone: string,
): Contribution => ({
  cube: 'agents',
  sessionId: fact.sessionId,
  dims: {
    centreDepotId: fact.centreDepotId,
    metierId: fact.metierId,
    sexe: fact.sexe,
    jour: localDate(event.metadata.at, timeZone),
    agentId: event.metadata.actor.id,
    action,
  },
  measures: { n: 1 },
});

/** One cell to change: its id and key, and what to add to its measures. */
export interface CellChange {
  readonly cube: StatisticsCube;
  readonly id: string;
  readonly key: Readonly<Record<string, string | number>>;
  readonly delta: Readonly<Record<string, number>>;
}

const partOf = (rollup: number, sessionId: string): string => `${rollup}|${sessionId}`;

/** The cell of `rollup` a contribution falls in. */
export const cellKey = (
  cube: CubeDeclaration,
  rollup: number,
  sessionId: string,
  dims: Readonly<Record<string, string>>,
): { id: string; key: Record<string, string | number> } => {
  const fields = cube.rollups[rollup]!;
  const part = partOf(rollup, sessionId);
  return {
    id: [part, ...fields.map((f) => dims[f] ?? '')].join('|'),
    key: { part, rollup, sessionId, ...Object.fromEntries(fields.map((f) => [f, dims[f] ?? ''])) },
  };
};

/**
 * The cells to change when contributions go from `before` to `after` (either may be empty): per
 * cube and roll-up, the old cell loses the old contribution and the new cell gains the new one; the
 * same cell just takes the difference (nothing when there is none). Called for every event of a
 * rebuild: ids built by concatenation, each change's key and delta built once.
 */
export const cellChanges = (
  before: readonly Contribution[],
  after: readonly Contribution[],
): CellChange[] => {
  const byId = new Map<string, CellChange & { delta: Record<string, number> }>();
  const add = (contribution: Contribution, factor: number): void => {
    const cube = CUBES[contribution.cube];
    const { sessionId, dims, measures } = contribution;
    for (let rollup = 0; rollup < cube.rollups.length; rollup += 1) {
      const fields = cube.rollups[rollup]!;
      const part = partOf(rollup, sessionId);
      let id = part;
      for (const field of fields) id += `|${dims[field] ?? ''}`;
      const mapKey = `${cube.name}#${id}`;
      let change = byId.get(mapKey);
      if (!change) {
        const key: Record<string, string | number> = { part, rollup, sessionId };
        for (const field of fields) key[field] = dims[field] ?? '';
        change = { cube: cube.name, id, key, delta: {} };
        byId.set(mapKey, change);
      }
      for (const measure in measures)
        change.delta[measure] = (change.delta[measure] ?? 0) + measures[measure]! * factor;
    }
  };
  for (const c of before) add(c, -1);
  for (const c of after) add(c, 1);
  const changes: CellChange[] = [];
  for (const change of byId.values())
    if (Object.values(change.delta).some((v) => v !== 0)) changes.push(change);
  return changes;
};

/** Whether a cell already took `event` (a batch written again, a redelivery). */
export const cellHasTaken = (
  cell: Pick<CellDocument, 'position' | 'revision'> | null,
  event: Pick<RecordedEvent, 'position' | 'revision'>,
): boolean => {
  if (!cell || !cell.position) return false;
  const order = comparePositions(cell.position, event.position);
  // One append shares one position (EventStoreDB): its events then follow by revision.
  return order > 0 || (order === 0 && cell.revision >= event.revision);
};

/** The cell after a change: measures summed, the event recorded; derived measures recomputed. */
export const cellAfter = (
  cell: CellDocument | null,
  change: CellChange,
  event: Pick<RecordedEvent, 'position' | 'revision'>,
): CellDocument => {
  const cube = CUBES[change.cube];
  const base: Record<string, unknown> = cell
    ? { ...cell }
    : {
        id: change.id,
        version: 0,
        ...change.key,
        ...Object.fromEntries(cube.measures.map((m) => [m, 0])),
      };
  for (const m in change.delta) base[m] = ((base[m] as number) ?? 0) + change.delta[m]!;
  if (cube.name === 'patrons-candidats') base.avecCandidats = (base.n as number) > 0 ? 1 : 0;
  base.position = event.position;
  base.revision = event.revision;
  return base as CellDocument;
};

/**
 * The roll-up of `cube` a query reads: the first holding every dimension it groups or filters by;
 * undefined when none does.
 */
export const rollupFor = (cube: CubeDeclaration, needed: Iterable<string>): number | undefined => {
  const wanted = [...new Set(needed)].filter((d) => !cube.attributes?.includes(d));
  const index = cube.rollups.findIndex((fields) => wanted.every((d) => fields.includes(d)));
  return index < 0 ? undefined : index;
};

/** The equality that selects a roll-up's cells: of one session, or of every session. */
export const rollupFilter = (
  cube: CubeDeclaration,
  rollup: number,
  sessionId: string | undefined,
): Record<string, string | number> =>
  !cube.bySession
    ? { part: partOf(rollup, '') }
    : sessionId
      ? { part: partOf(rollup, sessionId) }
      : { rollup };
