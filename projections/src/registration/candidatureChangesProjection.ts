import {
  CANDIDATURE_CHANGES_PROJECTION,
  CANDIDATURE_EVENT_TYPES,
  candidatureChangeLines,
  candidatureChangesCollection,
  candidatureChangesEventsCollection,
  candidatureIdOf,
  dossierPartOf,
  keptEvent,
  type CandidatureChangeDocument,
  type CandidatureEventsDocument,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/**
 * « Historique des modifications »: one line per event of every dossier, under the event's id.
 * A line says what the event changed, so the projection keeps each dossier's events (a document
 * per dossier) and describes them with the dossier's own history. A line names the dossier as it
 * stands now (number, candidate, centre): when an event changes that, every line of the dossier is
 * written again. A redelivered event changes nothing: its lines are written again as they are.
 */
export const candidatureChangesProjection: Projection = {
  name: CANDIDATURE_CHANGES_PROJECTION,
  // A history or statistics: written after the lists when both have events to catch up on.
  background: true,
  // Lines store the history's words (actions, labels): bump when the dossiers' history changes
  // how it describes events already in the log, so that their lines are written again.
  version: 1,
  collections: [candidatureChangesCollection, candidatureChangesEventsCollection],
  eventTypes: CANDIDATURE_EVENT_TYPES,
  async apply(recorded, context) {
    const id = candidatureIdOf(recorded);
    const kept = await context.get<CandidatureEventsDocument>(
      candidatureChangesEventsCollection,
      id,
    );
    const before = kept?.events ?? [];
    const seen = before.some((event) => event.revision === recorded.revision);
    const events = seen
      ? before
      : [...before, keptEvent(recorded)].sort((a, b) => a.revision - b.revision);
    if (!seen)
      context.put<CandidatureEventsDocument>(candidatureChangesEventsCollection, {
        id,
        version: events[events.length - 1]!.revision,
        events,
      });
    const lines = candidatureChangeLines(id, events);
    // A redelivery (after a crash between writes on a store without transactions) writes every
    // line again; an event that renames or moves the dossier too.
    const previous = before.at(-1);
    const rewriteAll =
      seen ||
      (previous !== undefined &&
        dossierPartOf(lines.at(-1)) !==
          dossierPartOf(
            (await context.get<CandidatureChangeDocument>(
              candidatureChangesCollection,
              previous.id,
            )) ?? undefined,
          ));
    for (const line of lines)
      if (rewriteAll || line.id === recorded.id) context.put(candidatureChangesCollection, line);
  },
};
