import {
  ConflictError,
  evolveSeats,
  freeTables,
  seatsStream,
  type CommandContext,
  type SiteSeats,
} from '@examens-pro/domain';
import {
  serialized,
  toEnvelopes,
  WrongExpectedRevisionError,
  type EventStore,
} from '@examens-pro/platform';
import { sessionStep } from './sessionStep.js';

/**
 * The seats of composition sites: one stream per site (`sieges-<site>`), for every session, holding
 * who sits at which table. A seat is taken only at the revision read, against the site's capacity
 * read then: concurrent allocations by several staff, in several processes, never exceed it. A
 * change of capacity or activity of the site writes to the same stream (`SiteCapacityChecked`), so
 * that it and an allocation are ordered too.
 */
export const siteSeats = (eventStore: EventStore) => {
  const seen = new Map<string, { revision: number; seats: SiteSeats }>();
  const inTurn = serialized();
  const read = async (siteId: string) => {
    const stream = seatsStream(siteId);
    const known = seen.get(stream) ?? { revision: -1, seats: new Map() };
    const newer = await eventStore.readStream(stream, { fromRevision: known.revision + 1 });
    // A copy: a failed append must not leave what it meant to write in the cache.
    let seats: SiteSeats = new Map([...known.seats].map(([k, v]) => [k, new Map(v)]));
    for (const event of newer) seats = evolveSeats(seats, event);
    const revision = newer.length > 0 ? newer[newer.length - 1]!.revision : known.revision;
    const current = { revision, seats };
    seen.set(stream, current);
    return current;
  };
  const append = async (
    siteId: string,
    revision: number,
    event: { type: string; data: unknown },
    context: CommandContext,
  ) =>
    eventStore.appendToStream(
      seatsStream(siteId),
      toEnvelopes([event], {
        ...context,
        commandId: `${context.commandId}/sieges/${siteId}/${revision + 1}`,
      }),
      { expectedRevision: revision === -1 ? 'no_stream' : revision },
    );
  /** Retries `attempt` while another writer moved the stream between its read and its append. */
  const retrying = async <T>(siteId: string, attempt: () => Promise<T>): Promise<T> =>
    inTurn(siteId, async () => {
      for (let i = 0; i < 200; i += 1) {
        try {
          return await attempt();
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
        }
      }
      throw new Error(`Sièges : trop d’affectations simultanées (${siteId}).`);
    });

  return {
    read,
    /**
     * Seats for `candidatureIds` in the session, in order, as many as the capacity leaves: answers
     * each seated candidate's table (those already seated here keep theirs).
     */
    take: (
      siteId: string,
      sessionId: string,
      candidatureIds: readonly string[],
      capacite: number,
      context: CommandContext,
    ): Promise<Map<string, number>> =>
      retrying(siteId, async () => {
        const { revision, seats } = await read(siteId);
        const held = seats.get(sessionId);
        const tables = new Map<string, number>();
        const fresh: string[] = [];
        for (const id of candidatureIds) {
          const table = held?.get(id);
          if (table !== undefined) tables.set(id, table);
          else fresh.push(id);
        }
        const room = Math.max(0, capacite - (held?.size ?? 0));
        const seated = fresh.slice(0, room);
        if (seated.length === 0) return tables;
        const given = freeTables(held, seated.length);
        const sieges = seated.map((candidatureId, i) => ({
          candidatureId,
          numeroTable: given[i]!,
        }));
        await append(
          siteId,
          revision,
          { type: 'SeatsTaken', data: { siteId, sessionId, sieges } },
          context,
        );
        for (const seat of sieges) tables.set(seat.candidatureId, seat.numeroTable);
        return tables;
      }),
    /** Gives back the seats of `candidatureIds` (those not seated here are ignored). */
    release: (
      siteId: string,
      sessionId: string,
      candidatureIds: readonly string[],
      context: CommandContext,
    ): Promise<void> =>
      retrying(siteId, async () => {
        const { revision, seats } = await read(siteId);
        const held = seats.get(sessionId);
        const seated = candidatureIds.filter((id) => held?.has(id));
        if (seated.length === 0) return;
        await append(
          siteId,
          revision,
          { type: 'SeatsReleased', data: { siteId, sessionId, candidatureIds: seated } },
          context,
        );
      }),
    /**
     * A site's new capacity (or its deactivation, or deletion: `capacite` null) against the seats
     * held in sessions not yet closed: refused when it would leave a seated candidate without a
     * seat; recorded on the seats' stream otherwise, so that an allocation read before it fails.
     */
    checkChange: (
      siteId: string,
      change: { capacite: number | null; actif: boolean },
      context: CommandContext,
    ): Promise<void> =>
      retrying(siteId, async () => {
        const { revision, seats } = await read(siteId);
        let seated = 0;
        for (const [sessionId, held] of seats) {
          if (held.size === 0) continue;
          const { session } = await sessionStep(eventStore, sessionId).catch(() => ({
            session: undefined,
          }));
          if (session?.status === 'present' && session.statut === 'cloturee') continue;
          seated = Math.max(seated, held.size);
        }
        const format = new Intl.NumberFormat('fr-FR');
        const who = `${format.format(seated)} candidat${seated > 1 ? 's y sont affectés' : ' y est affecté'}`;
        if (seated > 0 && (!change.actif || change.capacite === null))
          throw new ConflictError(
            `Ce site ne peut pas être désactivé ni supprimé : ${who} pour une session en cours.`,
          );
        if (change.capacite !== null && change.capacite < seated)
          throw new ConflictError(
            `La capacité de ce site ne peut pas descendre sous ses candidats affectés : ${who} pour une session en cours.`,
          );
        await append(
          siteId,
          revision,
          { type: 'SiteCapacityChecked', data: { siteId, ...change } },
          context,
        );
      }),
  };
};

export type SiteSeatsPort = ReturnType<typeof siteSeats>;
