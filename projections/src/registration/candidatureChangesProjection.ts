import {
  CANDIDATURE_CHANGES_PROJECTION,
  CANDIDATURE_EVENT_TYPES,
  candidatureChangeStep,
  candidatureChangesCollection,
  candidatureChangesStateCollection,
  candidatureIdOf,
  withDossierPart,
  type CandidatureChangeDocument,
  type CandidatureChangesState,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';

/**
 * « Historique des modifications »: one line per event of every dossier, under the event's id.
 * A line says what the event changed: the projection keeps, per dossier, what describing its next
 * event needs (its history's state, a few fields of the dossier), never its events. A line names
 * the dossier as it stands now (number, candidate, centre): when an event changes that, every line
 * of the dossier is written again. An event already described (a redelivery) is skipped: the
 * lines are written before the kept states (the collections' order), so a batch cut short on a
 * store without transactions finds its states as they were and describes its events again.
 */
export const candidatureChangesProjection: Projection = {
  name: CANDIDATURE_CHANGES_PROJECTION,
  // A history or statistics: written after the lists when both have events to catch up on.
  background: true,
  // Lines store the history's words (actions, labels): bump when the dossiers' history changes
  // how it describes events already in the log, so that their lines are written again.
  // 2: a state per dossier instead of its events; lines in the histories' file, fewer indexes.
  version: 2,
  collections: [candidatureChangesCollection, candidatureChangesStateCollection],
  eventTypes: CANDIDATURE_EVENT_TYPES,
  async apply(recorded, context) {
    const id = candidatureIdOf(recorded);
    const kept = await context.get<CandidatureChangesState>(candidatureChangesStateCollection, id);
    if (kept && kept.version >= recorded.revision) return;
    const step = candidatureChangeStep(id, kept, recorded);
    if (step.renamed)
      for (const lineId of kept!.lines) {
        const line = await context.get<CandidatureChangeDocument>(
          candidatureChangesCollection,
          lineId,
        );
        if (line) context.put(candidatureChangesCollection, withDossierPart(line, step.part));
      }
    context.put(candidatureChangesCollection, step.line);
    context.put<CandidatureChangesState>(candidatureChangesStateCollection, step.kept);
  },
};
