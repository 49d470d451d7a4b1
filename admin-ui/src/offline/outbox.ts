/**
 * Entries typed on the exam sites without a steady network (#35): presences, marks and incidents
 * (an incident's attachment kept beside it) wait in this browser (IndexedDB) instead of failing,
 * each with the command id it was given when typed (sent as `Idempotency-Key`: the server records
 * it once however often it arrives), and go in the order typed when the network returns. The queue
 * belongs to its author: only the person who typed an entry sends it, once signed in again on this
 * browser; another person signed in here sees that entries wait, never sends them. An entry the
 * server refuses on return stays, with its French message, until its author sends it again or
 * drops it.
 *
 * Why not react-admin's `addOfflineSupportToQueryClient`: it resumes the data provider's own
 * mutations (create, update, delete of a resource), and TanStack Query resumes every paused
 * mutation of the browser whoever is signed in. These screens send commands (`notes/saisies`,
 * `notes/presences`, `incidents-examen`) and the queue must wait for its author: a queue of our
 * own, on idb-keyval.
 */
import { createStore as idbStore, del, get, set } from 'idb-keyval';
import { HttpError } from 'react-admin';
import { createStore, useStore } from '../common/store';

export type EntryKind = 'note' | 'presence' | 'incident';

export interface QueuedEntry {
  /** The command id, sent as Idempotency-Key on every attempt. */
  readonly id: string;
  readonly author: string;
  readonly authorName: string;
  readonly kind: EntryKind;
  /** The command's path under /api and its body. */
  readonly path: string;
  readonly data: unknown;
  readonly typedAt: string;
  /** What the person reads: « Note 12,5 — ELEC-00001 (THEO, Lycée Leclerc) ». */
  readonly label: string;
  /** The sheet it belongs to (session|épreuve|site) and, per row key, the value typed. */
  readonly sheet: string;
  readonly rows: Readonly<Record<string, string>>;
  readonly state: 'pending' | 'refused';
  readonly message?: string;
  /** A file sent with the command once it is recorded (an incident's attachment), kept apart. */
  readonly attachment?: { readonly name: string; readonly size: number };
  /** The command recorded, its attachment not yet: a new attempt sends the attachment only. */
  readonly recorded?: { readonly id: string; readonly revision: number };
}

export interface OutboxState {
  readonly loaded: boolean;
  readonly entries: readonly QueuedEntry[];
  readonly online: boolean;
  readonly sending: boolean;
  /** The last return of the network: how many entries it sent (« Envoyé »), and when. */
  readonly sent?: { readonly count: number; readonly at: number; readonly author: string };
}

export interface Author {
  readonly id: string;
  readonly name: string;
}

export type Outcome =
  { readonly status: 'sent'; readonly answer: unknown } | { readonly status: 'queued' };

/** How an entry is sent, and who is signed in: given by the dashboard (its data provider, session). */
export interface OutboxWiring {
  /** `file`: the entry's attachment; `recorded`: kept when its command is recorded before it. */
  send(
    entry: QueuedEntry,
    file: Blob | undefined,
    recorded: (answer: NonNullable<QueuedEntry['recorded']>) => Promise<unknown>,
  ): Promise<unknown>;
  author(): Author | undefined;
}

const database = idbStore('examens-pro-hors-ligne', 'saisies');
const KEY = 'file';
/** An entry's attachment, under its own key: the queue is rewritten at each change, files not. */
const fileKey = (id: string) => `piece|${id}`;

export const outboxStore = createStore<OutboxState>({
  loaded: false,
  entries: [],
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  sending: false,
});

let wiring: OutboxWiring | undefined;
let writes: Promise<unknown> = Promise.resolve();
const waiters = new Map<string, { resolve(o: Outcome): void; reject(e: unknown): void }>();

/**
 * Every change of the queue is written through, one after the other, before it is acted upon;
 * the attachments of the entries it no longer holds are deleted after it.
 */
const change = (next: (entries: readonly QueuedEntry[]) => readonly QueuedEntry[]) => {
  const before = outboxStore.get().entries;
  outboxStore.set((s) => ({ ...s, entries: next(s.entries) }));
  const entries = outboxStore.get().entries;
  const gone = before.filter((e) => e.attachment && !entries.some((n) => n.id === e.id));
  writes = writes
    .then(() => set(KEY, entries, database))
    .then(() => Promise.all(gone.map((e) => del(fileKey(e.id), database))))
    .catch(() => undefined);
  return writes;
};

/** The server's answer is final (a refusal in French), or the entry must wait (network, session). */
const isRefusal = (error: unknown): error is HttpError =>
  error instanceof HttpError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![401, 408, 429].includes(error.status) &&
  !(error.status === 403 && ['csrf', 'mot-de-passe-a-changer'].includes(codeOf(error)));
const codeOf = (error: HttpError): string =>
  String((error.body as { code?: unknown } | undefined)?.code ?? '');

const mine = (entry: QueuedEntry, author: Author | undefined) =>
  author !== undefined && entry.author === author.id;

let flushing: Promise<void> | undefined;

/**
 * Sends the signed-in author's pending entries, in the order typed, until one cannot go (no
 * network, session gone): one tab of the browser at a time (Web Locks), the others wait for it.
 */
export const flush = (): Promise<void> => {
  flushing ??= (async () => {
    const run = async () => {
      let count = 0;
      const sender = wiring?.author()?.id ?? '';
      outboxStore.set((s) => ({ ...s, sending: true }));
      try {
        for (;;) {
          const author = wiring?.author();
          const next = outboxStore
            .get()
            .entries.find((e) => e.state === 'pending' && mine(e, author));
          if (!next || !wiring) break;
          let answer: unknown;
          try {
            answer = await wiring.send(
              next,
              next.attachment ? await get<Blob>(fileKey(next.id), database) : undefined,
              (recorded) =>
                change((all) => all.map((e) => (e.id === next.id ? { ...e, recorded } : e))),
            );
          } catch (error) {
            if (!isRefusal(error)) {
              waiters.get(next.id)?.resolve({ status: 'queued' });
              waiters.delete(next.id);
              break;
            }
            const waiter = waiters.get(next.id);
            waiters.delete(next.id);
            // Typed on a page that is still open and refused at once: its screen says why, in place.
            if (waiter) {
              await change((all) => all.filter((e) => e.id !== next.id));
              waiter.reject(error);
            } else {
              await change((all) =>
                all.map((e) =>
                  e.id === next.id ? { ...e, state: 'refused', message: error.message } : e,
                ),
              );
            }
            continue;
          }
          count += 1;
          await change((all) => all.filter((e) => e.id !== next.id));
          waiters.get(next.id)?.resolve({ status: 'sent', answer });
          waiters.delete(next.id);
        }
      } finally {
        outboxStore.set((s) => ({
          ...s,
          sending: false,
          ...(count > 0 ? { sent: { count, at: Date.now(), author: sender } } : {}),
        }));
      }
    };
    try {
      await (navigator.locks ? navigator.locks.request('examens-pro-envoi', run) : run());
    } finally {
      flushing = undefined;
    }
  })();
  return flushing;
};

/**
 * Keeps an entry, then sends it if the network allows: `sent` once the server recorded it,
 * `queued` when it waits (offline, or the author's earlier entries wait); a refusal of the server
 * (window closed, mark out of scale) is thrown, in French, and the entry dropped: the screen shows it.
 */
export const submit = async (
  entry: Omit<QueuedEntry, 'id' | 'author' | 'authorName' | 'typedAt' | 'state' | 'attachment'>,
  file?: File,
): Promise<Outcome> => {
  const author = wiring?.author();
  if (!author) throw new Error('Votre session a expiré. Veuillez vous reconnecter.');
  const queued: QueuedEntry = {
    ...entry,
    id: crypto.randomUUID(),
    author: author.id,
    authorName: author.name,
    typedAt: new Date().toISOString(),
    state: 'pending',
    ...(file ? { attachment: { name: file.name, size: file.size } } : {}),
  };
  // The file first: an entry never stands in the queue without the attachment it announces.
  if (file) await set(fileKey(queued.id), file, database);
  await change((all) => [...all, queued]);
  if (!navigator.onLine) return { status: 'queued' };
  const outcome = new Promise<Outcome>((resolve, reject) =>
    waiters.set(queued.id, { resolve, reject }),
  );
  const queuedAnyway = () => {
    // Left in the queue behind an entry that could not go: it waits with it.
    waiters.get(queued.id)?.resolve({ status: 'queued' });
    waiters.delete(queued.id);
  };
  // A send already under way may have ended its round before this entry was kept: one more.
  void flush()
    .then(() => (waiters.has(queued.id) ? flush() : undefined))
    .then(queuedAnyway, queuedAnyway);
  return outcome;
};

/** A refused entry sent again (after its window reopened, say), under the same command id. */
export const retry = async (id: string): Promise<void> => {
  await change((all) =>
    all.map((e) => (e.id === id ? { ...e, state: 'pending', message: undefined } : e)),
  );
  await flush();
};

/** A refused entry dropped by its author. */
export const drop = (id: string): Promise<unknown> =>
  change((all) => all.filter((e) => e.id !== id));

/** Loads the queue kept in this browser, follows the network, and sends when it returns. */
export const startOutbox = (wired: OutboxWiring): (() => void) => {
  wiring = wired;
  const online = () => {
    outboxStore.set((s) => ({ ...s, online: true }));
    void flush();
  };
  const offline = () => outboxStore.set((s) => ({ ...s, online: false }));
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  // A network that came back without an event, a session signed in again: tried every 20 s.
  const timer = setInterval(() => {
    if (navigator.onLine && outboxStore.get().entries.some((e) => e.state === 'pending'))
      void flush();
  }, 20_000);
  void get<QueuedEntry[]>(KEY, database)
    .catch(() => undefined)
    .then((kept) => {
      outboxStore.set((s) => ({
        ...s,
        loaded: true,
        // Entries typed on this page before the store answered stay after those kept.
        entries: [
          ...(kept ?? []).filter((k) => !s.entries.some((e) => e.id === k.id)),
          ...s.entries,
        ],
      }));
      if (navigator.onLine) void flush();
    });
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    clearInterval(timer);
  };
};

export const useOutbox = (): OutboxState => useStore(outboxStore);

/** The signed-in author's entries not yet recorded on one sheet: row key → value typed. */
export const pendingRows = (
  state: OutboxState,
  sheet: string,
  kind: EntryKind,
  author: string | undefined,
): Record<string, string> =>
  Object.assign(
    {},
    ...state.entries
      .filter(
        (e) => e.state === 'pending' && e.sheet === sheet && e.kind === kind && e.author === author,
      )
      .map((e) => e.rows),
  ) as Record<string, string>;
