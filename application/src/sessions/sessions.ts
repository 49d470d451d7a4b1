import {
  OPEN_REGISTRATION_TAKEN,
  SESSION_CATEGORY,
  SESSION_STATUSES,
  sessionDecider,
  streamName,
  ValidationError,
  DuplicateError,
  type CommandContext,
  type SessionDetails,
  type SessionReference,
  type SessionStatus,
} from '@examens-pro/domain';
import {
  releaseUniqueValue,
  reserveUniqueValue,
  type EventStore,
  type UniqueValue,
} from '@examens-pro/platform';
import { aggregateRunner, type CommandAnswer } from '../commands.js';
import { isActiveItem } from '../reference-lists/references.js';

const EXAMEN_INACTIVE = 'Choisissez un examen actif.';

/**
 * "At most one session per exam open for registration" holds under concurrency through a
 * reservation stream per examen, taken when registration opens and given back when it closes.
 */
const openRegistrationOf = (examenId: string): UniqueValue => ({
  resource: SESSION_CATEGORY,
  field: 'inscriptions-ouvertes',
  value: examenId,
});

export const sessionCommands = (eventStore: EventStore) => {
  const run = aggregateRunner(eventStore, SESSION_CATEGORY, sessionDecider);
  const owner = (id: string) => streamName(SESSION_CATEGORY, id);
  const checkExamen = async (details: SessionDetails) => {
    if (!(await isActiveItem(eventStore, 'examens', details.examenId)))
      throw new ValidationError(EXAMEN_INACTIVE, { examenId: EXAMEN_INACTIVE });
  };

  return {
    async create(
      id: string,
      details: SessionDetails,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      await checkExamen(details);
      return (
        await run(id, { type: 'CreateSession', data: { sessionId: id, ...details } }, context)
      ).answer;
    },

    async modify(
      id: string,
      details: SessionDetails,
      expectedRevision: number,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      await checkExamen(details);
      return (
        await run(
          id,
          { type: 'ModifySession', data: { sessionId: id, ...details } },
          context,
          expectedRevision,
        )
      ).answer;
    },

    /** Sets or changes the session's reference (arrêté number and date). */
    async setReference(
      id: string,
      reference: SessionReference,
      expectedRevision: number,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      return (
        await run(
          id,
          { type: 'SetSessionReference', data: { sessionId: id, ...reference } },
          context,
          expectedRevision,
        )
      ).answer;
    },

    async advance(
      id: string,
      to: SessionStatus,
      expectedRevision: number,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      let reserved: UniqueValue | undefined;
      try {
        const { outcome, answer } = await run(
          id,
          { type: 'AdvanceSession', data: { sessionId: id, to } },
          context,
          expectedRevision,
          async (state, events) => {
            if (events.length === 0 || state.status === 'absent' || to !== 'inscriptions-ouvertes')
              return;
            reserved = openRegistrationOf(state.examenId);
            await reserveUniqueValue(eventStore, reserved, owner(id), context).catch(
              (error: unknown) => {
                reserved = undefined;
                if (error instanceof DuplicateError)
                  throw new DuplicateError(OPEN_REGISTRATION_TAKEN, 'statut');
                throw error;
              },
            );
          },
        );
        if (to === 'inscriptions-closes' && outcome.state.status !== 'absent')
          await releaseUniqueValue(
            eventStore,
            openRegistrationOf(outcome.state.examenId),
            owner(id),
            context,
          );
        return answer;
      } catch (error) {
        if (reserved) await releaseUniqueValue(eventStore, reserved, owner(id), context);
        throw error;
      }
    },
  };
};

export const isSessionStatus = (value: unknown): value is SessionStatus =>
  typeof value === 'string' && (SESSION_STATUSES as readonly string[]).includes(value);
