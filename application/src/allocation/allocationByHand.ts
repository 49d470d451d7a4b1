/** Allocation by hand, on one dossier: allocate (or move), de-allocate. */
import {
  candidateNumber,
  candidatureDecider,
  ConflictError,
  siteFullMessage,
  type CandidatureCommand,
  type CommandContext,
} from '@examens-pro/domain';
import { handleCommand, type CommandAnswer, type EventStore } from '@examens-pro/platform';
import { metierCode, owner, readDossier, siteFor, type AllocationDeps } from './allocationDeps.js';
import { compositionStarted } from './sessionStep.js';

/** A dossier's answer as it stands (its last event). */
export const allocationAnswerOf = async (
  eventStore: EventStore,
  id: string,
): Promise<CommandAnswer> => {
  const events = await eventStore.readStream(owner(id));
  const last = events[events.length - 1]!;
  return { id, revision: last.revision, position: last.position };
};

/** Allocates a validated candidate to a site, or moves an allocated one to another. */
export const allocateCandidate = async (
  { eventStore, seats, numbers }: AllocationDeps,
  id: string,
  siteId: string,
  revision: number,
  scope: string | null,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const dossier = await readDossier(eventStore, id, scope);
  const facts = { compositionStarted: await compositionStarted(eventStore, dossier.sessionId) };
  const site = await siteFor(eventStore, siteId, dossier);
  const command = (numeroCandidat: string, numeroTable: number): CandidatureCommand => ({
    type: 'AllocateCandidature',
    data: { candidatureId: id, siteId, numeroCandidat, numeroTable, facts },
  });
  // Decided first without numbers: a refusal takes no seat; the same site changes nothing.
  if (candidatureDecider.decide(command('', 0), dossier).length === 0)
    return allocationAnswerOf(eventStore, id);
  const capacite = typeof site.values.capacite === 'number' ? site.values.capacite : 0;
  const tables = await seats.take(siteId, dossier.sessionId, [id], capacite, context);
  const table = tables.get(id);
  if (table === undefined) {
    const { seats: held } = await seats.read(siteId);
    const libres = Math.max(0, capacite - (held.get(dossier.sessionId)?.size ?? 0));
    throw new ConflictError(siteFullMessage(site.libelle, libres));
  }
  try {
    const numero =
      dossier.numeroCandidat ??
      candidateNumber(
        await metierCode(eventStore, dossier.metierId),
        await numbers(`${dossier.sessionId}+${dossier.metierId}`, id, context),
      );
    const outcome = await handleCommand(eventStore, {
      stream: owner(id),
      decider: candidatureDecider,
      command: command(numero, table),
      context,
      expectedRevision: revision,
    });
    // A move gives the former seat back.
    if (dossier.siteId && dossier.siteId !== siteId && outcome.events.length > 0)
      await seats.release(dossier.siteId, dossier.sessionId, [id], context);
    return { id, revision: outcome.revision, position: outcome.position };
  } catch (error) {
    if (dossier.siteId !== siteId) await seats.release(siteId, dossier.sessionId, [id], context);
    throw error;
  }
};

/** De-allocates a candidate: their seat is free again; their candidate number stays theirs. */
export const deallocateCandidate = async (
  { eventStore, seats }: AllocationDeps,
  id: string,
  revision: number,
  scope: string | null,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const dossier = await readDossier(eventStore, id, scope);
  const facts = { compositionStarted: await compositionStarted(eventStore, dossier.sessionId) };
  const outcome = await handleCommand(eventStore, {
    stream: owner(id),
    decider: candidatureDecider,
    command: { type: 'DeallocateCandidature', data: { candidatureId: id, facts } },
    context,
    expectedRevision: revision,
  });
  if (dossier.siteId && outcome.events.length > 0)
    await seats.release(dossier.siteId, dossier.sessionId, [id], context);
  return { id, revision: outcome.revision, position: outcome.position };
};
