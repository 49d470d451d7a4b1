/**
 * A jury's deliberation as its own stream says (closed or not, under which arrêté) and a session's
 * juries with their deliberation's state: what archiving a PV, the PV's document request and the
 * visibility of results each check before they act.
 */
import {
  DELIBERATION_CATEGORY,
  deliberationsCollection,
  JURYS,
  listCollection,
  streamName,
  type DeliberationDocument,
  type ReadModelDocument,
  type SessionJury,
} from '@examens-pro/domain';
import type { EventStore, ReadStore } from '@examens-pro/platform';

type Doc = ReadModelDocument & Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Whether a jury's deliberation is closed, and with which reference: from its own stream. */
export const juryClosing = async (
  eventStore: EventStore,
  juryId: string,
): Promise<{
  close: boolean;
  numeroArrete: string;
  dateArrete: string;
  /** Position of the jury's last event (a re-deliberation after closing included). */
  lastPosition: string | null;
}> => {
  const events = await eventStore.readStream(streamName(DELIBERATION_CATEGORY, juryId));
  const closed = [...events].reverse().find((e) => e.type === 'DeliberationClosed');
  const data = (closed?.data ?? {}) as { numeroArrete?: string; dateArrete?: string };
  return {
    close: closed !== undefined,
    numeroArrete: text(data.numeroArrete),
    dateArrete: text(data.dateArrete),
    lastPosition: events.length > 0 ? events[events.length - 1]!.position : null,
  };
};

/** A session's juries (read model): the active ones, and any other that has deliberated. */
const juryDocsOf = async (readStore: ReadStore, sessionId: string): Promise<Doc[]> => {
  const { items } = await readStore
    .collection<Doc>(listCollection(JURYS))
    .list({ filter: { sessionId }, sort: [{ field: 'libelle', order: 'ASC' }], limit: 1000 });
  return items;
};

/** A jury of a session as the visibility screen shows it. */
export interface SessionJuryState extends SessionJury {
  readonly actif: boolean;
  readonly closLe: string | null;
  readonly effectif: number;
  readonly admis: number;
}

/**
 * The session's juries with their deliberation's state, from the read models (the screens): an
 * inactive jury that never closed is left out (it deliberates nothing).
 */
export const sessionJuryStates = async (
  readStore: ReadStore,
  sessionId: string,
): Promise<SessionJuryState[]> => {
  const juries = await juryDocsOf(readStore, sessionId);
  const deliberations = new Map(
    (
      await readStore
        .collection<DeliberationDocument>(deliberationsCollection)
        .getMany(juries.map((j) => j.id))
    ).map((d) => [d.id, d]),
  );
  return juries
    .map((jury) => {
      const deliberation = deliberations.get(jury.id);
      return {
        id: jury.id,
        libelle: text(jury.libelle),
        actif: jury.actif !== false,
        close: deliberation?.statut === 'close',
        closLe: deliberation?.closLe ?? null,
        effectif: deliberation?.effectif ?? 0,
        admis: deliberation?.admis ?? 0,
      };
    })
    .filter((j) => j.actif || j.close);
};

/** The session's juries, each closed or not as its own stream says (the visibility command). */
export const sessionJuries = async (
  eventStore: EventStore,
  readStore: ReadStore,
  sessionId: string,
): Promise<SessionJury[]> => {
  const found: SessionJury[] = [];
  for (const jury of await juryDocsOf(readStore, sessionId)) {
    const { close } = await juryClosing(eventStore, jury.id);
    if (jury.actif !== false || close)
      found.push({ id: jury.id, libelle: text(jury.libelle), close });
  }
  return found;
};
