import {
  NotFoundError,
  streamName,
  type CommandContext,
  type Decider,
  type Incident,
  type IncidentCommand,
  type IncidentEvent,
  type IncidentKind,
  type IncidentStatus,
  type PieceFile,
} from '@examens-pro/domain';
import { storedAnswer, type CommandAnswer, type EventStore } from '@examens-pro/platform';
import { aggregateRunner } from '../commands.js';

// Every kind of incident is recorded, takes an attachment, changes statut and may be deleted the
// same way; a kind says what its recording checks and names.

/** Another centre's incident does not exist for a reader attached to a centre (an enrôleur). */
const scoped = <D extends object>(
  kind: IncidentKind,
  decider: Decider<IncidentCommand<D>, IncidentEvent<D>, Incident>,
  scope: string | null,
): Decider<IncidentCommand<D>, IncidentEvent<D>, Incident> => ({
  ...decider,
  decide: (command, state) => {
    if (scope && state.status === 'present' && state.centreDepotId !== scope)
      throw new NotFoundError(kind.notFoundMessage);
    return decider.decide(command, state);
  },
});

/** The commands on one kind of incident, whose recording takes `Details`. */
export interface IncidentCommands<Details> {
  record(
    id: string,
    input: Details,
    scope: string | null,
    context: CommandContext,
  ): Promise<CommandAnswer>;
  attach(
    id: string,
    file: PieceFile,
    revision: number,
    scope: string | null,
    context: CommandContext,
  ): Promise<CommandAnswer>;
  changeStatus(
    id: string,
    input: { statut: IncidentStatus; commentaire: string },
    revision: number,
    scope: string | null,
    context: CommandContext,
  ): Promise<CommandAnswer>;
  remove(
    id: string,
    revision: number,
    scope: string | null,
    context: CommandContext,
  ): Promise<CommandAnswer>;
}

/**
 * The commands on one kind of incident; `scope` is the caller's centre de dépôt (an enrôleur's)
 * for a kind read per centre, else null. `prepare` checks a recording's details against the store
 * and gives what the recording names (a French 400 when a detail is refused).
 */
export const incidentCommandsOf = <Details, D extends object>(
  eventStore: EventStore,
  kind: IncidentKind,
  decider: Decider<IncidentCommand<D>, IncidentEvent<D>, Incident>,
  prepare: (input: Details, scope: string | null) => Promise<D>,
): IncidentCommands<Details> => {
  const runner = (scope: string | null) =>
    aggregateRunner(eventStore, kind.category, scoped(kind, decider, scope));
  return {
    async record(id: string, input: Details, scope: string | null, context: CommandContext) {
      // Recorded already (an incident kept offline, sent again once the network returned, #35):
      // answered as the first time, even if a reference it names was closed since. A kind read
      // per centre goes the whole way (its decider checks the caller's centre).
      const done =
        scope === null
          ? await storedAnswer(eventStore, streamName(kind.category, id), id, context.commandId)
          : undefined;
      if (done) return done;
      const data = await prepare(input, scope);
      return (
        await runner(scope)(
          id,
          { type: 'RecordIncident', data: { incidentId: id, ...data } },
          context,
        )
      ).answer;
    },
    async attach(
      id: string,
      file: PieceFile,
      revision: number,
      scope: string | null,
      context: CommandContext,
    ) {
      return (
        await runner(scope)(
          id,
          { type: 'AttachToIncident', data: { incidentId: id, ...file } },
          context,
          revision,
        )
      ).answer;
    },
    async changeStatus(
      id: string,
      input: { statut: IncidentStatus; commentaire: string },
      revision: number,
      scope: string | null,
      context: CommandContext,
    ) {
      return (
        await runner(scope)(
          id,
          { type: 'ChangeIncidentStatus', data: { incidentId: id, ...input } },
          context,
          revision,
        )
      ).answer;
    },
    async remove(id: string, revision: number, scope: string | null, context: CommandContext) {
      return (
        await runner(scope)(
          id,
          { type: 'DeleteIncident', data: { incidentId: id } },
          context,
          revision,
        )
      ).answer;
    },
  };
};
