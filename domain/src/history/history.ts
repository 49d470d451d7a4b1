/** One line of an item's history, as staff read it: who, when, what, and each field that changed. */
export interface HistoryEntry {
  readonly revision: number;
  readonly at: string;
  readonly actor: string;
  readonly action: string;
  readonly reason?: string;
  readonly changes: readonly {
    readonly field: string;
    readonly label: string;
    readonly before: unknown;
    readonly after: unknown;
    /** The resource whose item the values name (shown by libellé), for fields named at run time. */
    readonly reference?: string;
  }[];
}

/** A field of a history: its label, and the resource its values name when they are ids. */
export type HistoryField = string | { readonly label: string; readonly reference?: string };

export interface HistoryEvent {
  readonly type: string;
  readonly data: unknown;
  readonly revision: number;
  readonly metadata: {
    readonly at: string;
    readonly actor: { readonly name: string };
    readonly reason?: string;
  };
}

/**
 * Builds the history of one stream by replaying it: each event is compared with the state before
 * it, so a modification lists exactly the fields it changed ("Libellé : Menuiserie → Menuiserie bois").
 */
/** Absent, null and empty text read the same in a history (« — »). */
const shown = (value: unknown): unknown => (value === undefined || value === '' ? null : value);

/** How a stream's events read as a history: the state they start from, its fold, the words. */
export interface HistoryOptions<State extends Record<string, unknown>> {
  readonly initial: State;
  readonly apply: (state: State, event: HistoryEvent) => State;
  readonly actions: Readonly<Record<string, string>>;
  readonly fields: Readonly<Record<string, HistoryField>>;
  /**
   * Fields named at run time (a dossier's pièces, its payments), from the states before and after
   * an event; listed after the declared ones.
   */
  readonly dynamicFields?: (before: State, after: State) => Readonly<Record<string, HistoryField>>;
}

/**
 * One event of a history: its entry, from the state before it, and the state after it. A
 * projection that describes events as they come keeps only the state (not every event before).
 */
export const describeHistoryStep = <State extends Record<string, unknown>>(
  state: State,
  event: HistoryEvent,
  options: HistoryOptions<State>,
): { readonly entry: HistoryEntry; readonly state: State } => {
  const next = options.apply(state, event);
  const fields: [string, HistoryField][] = [
    ...Object.entries(options.fields),
    ...Object.entries(options.dynamicFields?.(state, next) ?? {}),
  ];
  const changes = fields
    // Absent and empty are the same: "no filière" at creation is not a change to list.
    .filter(([field]) => JSON.stringify(shown(state[field])) !== JSON.stringify(shown(next[field])))
    .map(([field, declared]) => ({
      field,
      label: typeof declared === 'string' ? declared : declared.label,
      before: state[field] ?? null,
      after: next[field] ?? null,
      ...(typeof declared !== 'string' && declared.reference
        ? { reference: declared.reference }
        : {}),
    }));
  return {
    entry: {
      revision: event.revision,
      at: event.metadata.at,
      actor: event.metadata.actor.name,
      action: options.actions[event.type] ?? event.type,
      ...(event.metadata.reason ? { reason: event.metadata.reason } : {}),
      changes,
    },
    state: next,
  };
};

export const describeHistory = <State extends Record<string, unknown>>(
  events: readonly HistoryEvent[],
  options: HistoryOptions<State>,
): HistoryEntry[] => {
  let state = options.initial;
  const entries: HistoryEntry[] = [];
  for (const event of events) {
    const step = describeHistoryStep(state, event, options);
    entries.push(step.entry);
    state = step.state;
  }
  return entries;
};

/**
 * A change as a list of changes stores it (« Historique des modifications »: one line per event of
 * every dossier): `{ f: field, b: before, a: after }`, a value left out when null, then its label
 * (`l`) and its reference (`r`) only where they are not the field's declared ones (a pièce's, a
 * payment's). A third of a dossier's creation line. An object, not a tuple: MongoDB-compatible
 * servers (FerretDB) refuse arrays nested in arrays.
 */
export interface StoredChange {
  readonly f: string;
  readonly b?: unknown;
  readonly a?: unknown;
  readonly l?: string;
  readonly r?: string;
}

const declaredOf = (declared: HistoryField | undefined) => ({
  label:
    declared === undefined ? undefined : typeof declared === 'string' ? declared : declared.label,
  reference: typeof declared === 'object' ? declared.reference : undefined,
});

/** An entry's changes as stored, against the history's declared fields. */
export const storedChanges = (
  changes: HistoryEntry['changes'],
  fields: Readonly<Record<string, HistoryField>>,
): StoredChange[] =>
  changes.map(({ field, label, before, after, reference }) => {
    const declared = declaredOf(fields[field]);
    return {
      f: field,
      ...(before === null || before === undefined ? {} : { b: before }),
      ...(after === null || after === undefined ? {} : { a: after }),
      ...(label === declared.label ? {} : { l: label }),
      ...(reference === declared.reference || reference === undefined ? {} : { r: reference }),
    };
  });

/** Stored changes as an entry's (`{ field, label, before, after, reference? }`); whole ones as they are. */
export const readChanges = (
  changes: unknown,
  fields: Readonly<Record<string, HistoryField>>,
): HistoryEntry['changes'] =>
  Array.isArray(changes)
    ? changes.map((change: StoredChange | HistoryEntry['changes'][number]) => {
        if (!('f' in change)) return change;
        const declared = declaredOf(fields[change.f]);
        const reference = change.r ?? declared.reference;
        return {
          field: change.f,
          label: change.l ?? declared.label ?? change.f,
          before: change.b ?? null,
          after: change.a ?? null,
          ...(reference ? { reference } : {}),
        };
      })
    : [];
