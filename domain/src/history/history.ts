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

export const describeHistory = <State extends Record<string, unknown>>(
  events: readonly HistoryEvent[],
  options: {
    readonly initial: State;
    readonly apply: (state: State, event: HistoryEvent) => State;
    readonly actions: Readonly<Record<string, string>>;
    readonly fields: Readonly<Record<string, HistoryField>>;
    /**
     * Fields named at run time (a dossier's pièces, its payments), from the states before and after
     * an event; listed after the declared ones.
     */
    readonly dynamicFields?: (
      before: State,
      after: State,
    ) => Readonly<Record<string, HistoryField>>;
  },
): HistoryEntry[] => {
  let state = options.initial;
  const entries: HistoryEntry[] = [];
  for (const event of events) {
    const next = options.apply(state, event);
    const fields: [string, HistoryField][] = [
      ...Object.entries(options.fields),
      ...Object.entries(options.dynamicFields?.(state, next) ?? {}),
    ];
    const changes = fields
      // Absent and empty are the same: "no filière" at creation is not a change to list.
      .filter(
        ([field]) => JSON.stringify(shown(state[field])) !== JSON.stringify(shown(next[field])),
      )
      .map(([field, declared]) => ({
        field,
        label: typeof declared === 'string' ? declared : declared.label,
        before: state[field] ?? null,
        after: next[field] ?? null,
        ...(typeof declared !== 'string' && declared.reference
          ? { reference: declared.reference }
          : {}),
      }));
    entries.push({
      revision: event.revision,
      at: event.metadata.at,
      actor: event.metadata.actor.name,
      action: options.actions[event.type] ?? event.type,
      ...(event.metadata.reason ? { reason: event.metadata.reason } : {}),
      changes,
    });
    state = next;
  }
  return entries;
};
