import {
  PERSON_LIST_CATEGORY,
  streamName,
  type PersonListAccepted,
  type PersonListChunk,
  type PersonListChunkApplied,
  type RecordedEvent,
  type RowOutcomeNote,
} from '@examens-pro/domain';
import { toEnvelopes } from '@examens-pro/platform';
import { newItemId } from '@examens-pro/platform';
import type { EventStore } from '@examens-pro/platform';
import type { Projection } from '@examens-pro/platform';
import type { ReadStore } from '@examens-pro/platform';
import { candidatureCommands } from './candidatures.js';
import { listRowCommandId } from './personLists.js';

export const PERSON_LISTS_REACTOR = 'reacteur-listes-candidats';

/**
 * Reactor: creates the dossiers of an accepted list of agents, one chunk (`ListeCandidatsTranche`,
 * 250 rows) per event, so that no step outlives the runner's lease; each chunk's outcome is
 * recorded on the list (`ListeCandidatsTrancheAppliquee`: created, submitted, left brouillons and
 * skipped rows with their reasons), then, once every chunk is, the list's totals
 * (`ListeCandidatsAppliquee`).
 *
 * Resumable: a dossier's id and command id derive from the list and the row, the outcome events'
 * ids from the chunk's event: handled again after a crash (the runner resumes from its last
 * checkpoint), a chunk answers the dossiers that exist and creates the others, and nothing is
 * appended twice. The dossiers' actor is whoever applied the list (the acceptance's actor), their
 * causation the chunk's event: every dossier's history says who submitted it.
 */
export const personListsReactor = (
  eventStore: EventStore,
  options: { readonly timeZone: string; readonly readStore?: ReadStore },
): Projection => {
  const candidatures = candidatureCommands(eventStore, options.timeZone, options.readStore);
  return {
    name: PERSON_LISTS_REACTOR,
    version: 1,
    collections: [],
    eventTypes: ['ListeCandidatsTranche'],
    async apply(recorded: RecordedEvent) {
      const chunk = recorded as RecordedEvent<PersonListChunk>;
      const { listeId, tranche, lignes } = chunk.data;
      const stream = streamName(PERSON_LIST_CATEGORY, listeId);
      const listEvents = await eventStore.readStream(stream);
      const acceptance = listEvents.find((e) => e.type === 'ListeCandidatsAcceptee') as
        RecordedEvent<PersonListAccepted> | undefined;
      if (!acceptance) return;
      const { sessionId, metierId, centreDepotId } = acceptance.data;
      const done = (events: readonly RecordedEvent[]) =>
        events.filter(
          (e): e is RecordedEvent<PersonListChunkApplied> =>
            e.type === 'ListeCandidatsTrancheAppliquee',
        );
      const context = {
        actor: acceptance.metadata.actor,
        now: new Date().toISOString(),
        causationId: chunk.id,
      };
      if (!done(listEvents).some((e) => e.data.tranche === tranche)) {
        const outcomes = await candidatures.createMany(
          { sessionId, metierId, centreDepotId },
          lignes.map((row) => {
            const commandId = listRowCommandId(listeId, row.ligne);
            return { ...row, commandId, id: newItemId(commandId) };
          }),
          context,
        );
        const notes = (statut: 'brouillon' | 'ignoree'): RowOutcomeNote[] =>
          outcomes
            .filter((o) => o.statut === statut)
            .map((o) => ({ ligne: o.ligne, motif: o.motif ?? '' }));
        await eventStore.appendToStream(
          stream,
          toEnvelopes(
            [
              {
                type: 'ListeCandidatsTrancheAppliquee',
                data: {
                  listeId,
                  tranche,
                  lignes: lignes.length,
                  creees: outcomes.filter((o) => o.statut !== 'ignoree').length,
                  soumises: outcomes.filter((o) => o.statut === 'soumis').length,
                  brouillons: notes('brouillon'),
                  ignorees: notes('ignoree'),
                },
              },
            ],
            { ...context, commandId: `${PERSON_LISTS_REACTOR}/tranche/${chunk.id}` },
          ),
          { expectedRevision: 'any' },
        );
      }
      // Every chunk applied: the list's totals, once.
      const after = await eventStore.readStream(stream);
      const applied = done(after);
      const chunks = new Set(applied.map((e) => e.data.tranche));
      if (
        chunks.size < acceptance.data.tranches ||
        after.some((e) => e.type === 'ListeCandidatsAppliquee')
      )
        return;
      const distinct = [...new Map(applied.map((e) => [e.data.tranche, e.data])).values()];
      const sum = (pick: (d: PersonListChunkApplied['data']) => number) =>
        distinct.reduce((total, d) => total + pick(d), 0);
      await eventStore.appendToStream(
        stream,
        toEnvelopes(
          [
            {
              type: 'ListeCandidatsAppliquee',
              data: {
                listeId,
                lignes: sum((d) => d.lignes),
                creees: sum((d) => d.creees),
                soumises: sum((d) => d.soumises),
                brouillons: sum((d) => d.brouillons.length),
                ignorees: sum((d) => d.ignorees.length),
              },
            },
          ],
          { ...context, commandId: `${PERSON_LISTS_REACTOR}/fin/${listeId}` },
        ),
        { expectedRevision: 'any' },
      );
    },
  };
};
