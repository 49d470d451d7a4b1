import {
  CANDIDATURE_EVENT_TYPES,
  CUBES,
  STATISTICS_COLLECTIONS,
  STATISTICS_PROJECTION,
  agentActionOf,
  agentContribution,
  agentFactId,
  candidatureContributions,
  candidatureFactAfter,
  candidatureFactId,
  cellAfter,
  cellChanges,
  cellHasTaken,
  cellKey,
  patronContributions,
  patronFactAfter,
  patronFactId,
  statisticsFactsCollection,
  type AgentFact,
  type CandidatureEvent,
  type CandidatureFact,
  type CellChange,
  type CellDocument,
  type ListItemEvent,
  type PatronFact,
  type RecordedEvent,
} from '@examens-pro/domain';
import { officeTimeZone, type Projection, type ProjectionContext } from '@examens-pro/platform';

const PATRONS_CUBE = CUBES['patrons-candidats'];

/** A patron's fields every cell of its candidates carries. */
const patronAttributes = (patron: PatronFact | null) => ({
  metierId: patron?.metierId ?? '',
  departementId: patron?.departementId ?? '',
  sexe: patron?.sexe ?? '',
  raisonSociale: patron?.raisonSociale ?? '',
});

/**
 * Applies cell changes for `event`: a cell that already took it (a batch written again after a
 * crash, cells first and facts last) is left as it is.
 */
const applyChanges = async (
  context: ProjectionContext,
  changes: readonly CellChange[],
  event: RecordedEvent,
): Promise<void> => {
  for (const change of changes) {
    const collection = CUBES[change.cube].collection;
    const cell = await context.get<CellDocument>(collection, change.id);
    if (cellHasTaken(cell, event)) continue;
    let next = cellAfter(cell, change, event);
    if (change.cube === 'patrons-candidats') {
      // The cell carries its patron's métier, département and name, and the patron remembers the
      // session (its later changes are copied there).
      const patronId = String(change.key.patronId ?? '');
      const patron = await context.get<PatronFact>(
        statisticsFactsCollection,
        patronFactId(patronId),
      );
      next = { ...next, ...patronAttributes(patron) };
      if (patron && !patron.sessions.includes(next.sessionId))
        context.put(statisticsFactsCollection, {
          ...patron,
          sessions: [...patron.sessions, next.sessionId],
        });
    }
    context.put(collection, next);
  }
};

/**
 * The statistics' cubes (`stat_*`): every event of a dossier moves its contribution from its old
 * cells to its new ones (one per roll-up of each cube), adds an agent's action to the agents' cube,
 * and records the dossier's new contribution in its fact; a patron's events keep the patrons' cube
 * and the attributes of its candidates' cells. The cells are written before the facts (the
 * collections' order): after a crash between the two, the batch played again finds its facts as
 * they were and each cell says whether it took an event already.
 */
export const statisticsProjection = (timeZone: string = officeTimeZone()): Projection => ({
  name: STATISTICS_PROJECTION,
  // A history or statistics: written after the lists when both have events to catch up on.
  background: true,
  // The cells of the small roll-ups take almost every event; a dossier's fine cells and its fact,
  // each of its events: read once, kept between batches.
  retainDocuments: 50_000,
  // 2: the sandbox's payments apart (`demonstration`), counted only as their session said.
  version: 2,
  collections: STATISTICS_COLLECTIONS,
  eventTypes: [
    ...CANDIDATURE_EVENT_TYPES,
    'ListItemCreated',
    'ListItemModified',
    'ListItemDeleted',
  ],
  async apply(recorded, context) {
    if (recorded.type.startsWith('ListItem')) {
      const event = recorded as RecordedEvent<ListItemEvent>;
      if (event.data.list !== 'patrons') return;
      const id = patronFactId(event.data.itemId);
      const fact = await context.get<PatronFact>(statisticsFactsCollection, id);
      if (fact && fact.version >= event.revision) return;
      const next = patronFactAfter(fact, event);
      if (!next) return;
      await applyChanges(
        context,
        cellChanges(patronContributions(fact), patronContributions(next)),
        event,
      );
      // The patron's candidates' cells, in every session, carry its métier, département and name.
      const before = patronAttributes(fact);
      const after = patronAttributes(next);
      if (JSON.stringify(before) !== JSON.stringify(after))
        for (const sessionId of next.sessions) {
          const { id: cellId } = cellKey(PATRONS_CUBE, 0, sessionId, {
            patronId: event.data.itemId,
          });
          const cell = await context.get<CellDocument>(PATRONS_CUBE.collection, cellId);
          if (cell) context.put(PATRONS_CUBE.collection, { ...cell, ...after });
        }
      context.put(statisticsFactsCollection, next);
      return;
    }

    const event = recorded as RecordedEvent<CandidatureEvent>;
    const id = candidatureFactId(event.data.candidatureId);
    const fact = await context.get<CandidatureFact>(statisticsFactsCollection, id);
    if (fact && fact.version >= event.revision) return;
    const next = candidatureFactAfter(fact, event, timeZone);
    if (!next) return;
    const changes = cellChanges(candidatureContributions(fact), candidatureContributions(next));
    const action = agentActionOf(event);
    if (action)
      changes.push(...cellChanges([], [agentContribution(next, event, action, timeZone)]));
    await applyChanges(context, changes, event);
    if (action)
      context.put<AgentFact>(statisticsFactsCollection, {
        id: agentFactId(event.metadata.actor.id),
        version: 0,
        kind: 'agent',
        nom: event.metadata.actor.name,
      });
    context.put(statisticsFactsCollection, next);
  },
});
