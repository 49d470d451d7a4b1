/**
 * Whether a session's results show on the public lookup (« Visibilité des résultats »), and whether
 * the average shows with them. One stream per session (`visibilites-resultats-<session>`); the
 * results are made visible only once every jury of the session has closed its deliberation. Hiding
 * them again is always allowed. The public lookup reads the per-session document.
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent, RecordedEvent } from '../core/envelope.js';
import { ConflictError, ValidationError } from '../core/errors.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { describeHistory, type HistoryEvent } from '../history/history.js';

export const RESULTS_VISIBILITY_CATEGORY = 'visibilites-resultats';

export interface ResultsVisibility {
  readonly visible: boolean;
  readonly moyenneVisible: boolean;
}

export type ResultsVisibilitySet = DomainEvent<
  'ResultsVisibilitySet',
  { sessionId: string } & ResultsVisibility
>;
export type ResultsVisibilityEvent = ResultsVisibilitySet;
export const RESULTS_VISIBILITY_EVENT_TYPES: readonly ResultsVisibilityEvent['type'][] = [
  'ResultsVisibilitySet',
];

export type ResultsVisibilityState = ResultsVisibility;

/** A jury of the session, as the visibility rule reads it. */
export interface SessionJury {
  readonly id: string;
  readonly libelle: string;
  readonly close: boolean;
}

export type ResultsVisibilityCommand = {
  type: 'SetResultsVisibility';
  data: { sessionId: string; jurys: readonly SessionJury[] } & ResultsVisibility;
};

const quoted = (juries: readonly SessionJury[]) => juries.map((j) => `« ${j.libelle} »`).join(', ');

export const decideResultsVisibility = (
  command: ResultsVisibilityCommand,
  state: ResultsVisibilityState,
): ResultsVisibilityEvent[] => {
  switch (command.type) {
    case 'SetResultsVisibility': {
      const { sessionId, visible, moyenneVisible, jurys } = command.data;
      if (state.visible === visible && state.moyenneVisible === moyenneVisible) return [];
      if (visible) {
        if (jurys.length === 0)
          throw new ConflictError(
            'Cette session n’a aucun jury : ses résultats ne peuvent pas être rendus visibles.',
          );
        const open = jurys.filter((j) => !j.close);
        if (open.length > 0)
          throw new ConflictError(
            `Les résultats ne sont rendus visibles qu’une fois tous les jurys de la session clos : ${open.length > 1 ? 'les jurys' : 'le jury'} ${quoted(open)} ${open.length > 1 ? 'n’ont' : 'n’a'} pas encore clos ${open.length > 1 ? 'leur' : 'sa'} délibération.`,
          );
      }
      return [{ type: 'ResultsVisibilitySet', data: { sessionId, visible, moyenneVisible } }];
    }
    default:
      return assertNever(command.type);
  }
};

export const evolveResultsVisibility = (
  _state: ResultsVisibilityState,
  event: ResultsVisibilityEvent,
): ResultsVisibilityState => {
  switch (event.type) {
    case 'ResultsVisibilitySet':
      return { visible: event.data.visible, moyenneVisible: event.data.moyenneVisible };
    default:
      return assertNever(event.type);
  }
};

export const resultsVisibilityDecider: Decider<
  ResultsVisibilityCommand,
  ResultsVisibilityEvent,
  ResultsVisibilityState
> = {
  decide: decideResultsVisibility,
  evolve: evolveResultsVisibility,
  initialState: () => ({ visible: false, moyenneVisible: false }),
};

/** `{ visible, moyenneVisible }`: both yes or no. */
export const parseResultsVisibility = (body: unknown): ResultsVisibility => {
  const b = (body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (typeof b.visible !== 'boolean')
    errors.visible = 'Indiquez si les résultats sont visibles (oui ou non).';
  if (typeof b.moyenneVisible !== 'boolean')
    errors.moyenneVisible = 'Indiquez si la moyenne est affichée (oui ou non).';
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return { visible: b.visible as boolean, moyenneVisible: b.moyenneVisible as boolean };
};

// ---------------------------------------------------------------------------------------------
// Read side: one document per session whose visibility was ever set (the public lookup reads it;
// a session without one shows nothing).

export interface ResultsVisibilityDocument extends ReadModelDocument, ResultsVisibility {
  sessionId: string;
  modifieLe: string;
  modifiePar: string;
}

export const resultsVisibilityCollection: CollectionDefinition = {
  name: 'visibilites_resultats',
  fields: {
    sessionId: 'string',
    visible: 'boolean',
    moyenneVisible: 'boolean',
    modifieLe: 'string',
  },
  searchFields: [],
  defaultSort: { field: 'modifieLe', order: 'DESC' },
};

export const RESULTS_VISIBILITY_PROJECTION = 'visibilites-resultats';

export const resultsVisibilityDocumentAfter = (
  recorded: RecordedEvent,
): ResultsVisibilityDocument => {
  const event = recorded as unknown as RecordedEvent<ResultsVisibilityEvent>;
  return {
    id: event.data.sessionId,
    version: event.revision,
    sessionId: event.data.sessionId,
    visible: event.data.visible,
    moyenneVisible: event.data.moyenneVisible,
    modifieLe: event.metadata.at,
    modifiePar: event.metadata.actor.name,
  };
};

const yesNo = (value: boolean, yes: string, no: string) => (value ? yes : no);

const resultsVisibilityHistory = (events: readonly HistoryEvent[]) =>
  describeHistory<Record<string, unknown>>(events, {
    initial: { visible: 'Masqués', moyenne: 'Masquée' },
    apply: (_state, event) => {
      const e = event as unknown as ResultsVisibilityEvent;
      return {
        visible: yesNo(e.data.visible, 'Visibles', 'Masqués'),
        moyenne: yesNo(e.data.moyenneVisible, 'Affichée', 'Masquée'),
      };
    },
    actions: { ResultsVisibilitySet: 'Visibilité des résultats' },
    fields: {
      visible: 'Résultats sur la consultation publique',
      moyenne: 'Moyenne',
    },
  });

/** « Visibilité des résultats »: per session; changed by `PUT /api/visibilites-resultats/:sessionId`. */
export const resultsVisibilityResource: ResourceDefinition = {
  name: 'visibilites-resultats',
  collection: resultsVisibilityCollection,
  projections: [RESULTS_VISIBILITY_PROJECTION],
  category: RESULTS_VISIBILITY_CATEGORY,
  label: 'visibilité des résultats',
  notFoundMessage: 'La visibilité des résultats de cette session n’a jamais été réglée.',
  readOnly: true,
  history: resultsVisibilityHistory,
};
