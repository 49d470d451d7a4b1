import {
  GRADE_HISTORY_PROJECTION,
  GRADE_SETTINGS_EVENT_TYPES,
  GRADE_SETTINGS_PROJECTION,
  GRADE_SHEET_EVENT_TYPES,
  gradeHistoryCollection,
  gradeHistoryLines,
  gradeSettingsCollection,
  gradeSettingsDocumentAfter,
  markDocumentId,
  markDocumentsAfter,
  marksCollection,
  MARKS_PROJECTION,
  type GradeSettingsDocument,
  type GradeSettingsEvent,
  type GradeSheetEvent,
  type MarkDocument,
  type RecordedEvent,
} from '@examens-pro/domain';
import type { Projection } from '@examens-pro/platform';
import { ALREADY_SEEN, documentBefore } from '../support.js';

/** « Configuration des notes »: each session's windows and double-entry rule. */
export const gradeSettingsProjection: Projection = {
  name: GRADE_SETTINGS_PROJECTION,
  // 2: the anonymity rule and its lifting.
  version: 2,
  collections: [gradeSettingsCollection],
  eventTypes: GRADE_SETTINGS_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<GradeSettingsEvent>;
    const current = await documentBefore<GradeSettingsDocument>(
      context,
      gradeSettingsCollection,
      event.data.sessionId,
      event,
    );
    if (current === ALREADY_SEEN) return;
    context.put(gradeSettingsCollection, gradeSettingsDocumentAfter(current, event));
  },
};

/** The candidates named by a sheet's event. */
const candidatesOf = (event: RecordedEvent<GradeSheetEvent>): string[] => {
  switch (event.type) {
    case 'GradeSheetOpened':
      return event.data.candidats.map((c) => c.candidatureId);
    case 'PresencesRecorded':
      return event.data.presences.map((p) => p.candidatureId);
    case 'AnonymityNumbersAssigned':
      return event.data.numeros.map((n) => n.candidatureId);
    case 'MarksEntered':
      return event.data.saisies.map((s) => s.candidatureId);
    default:
      return [event.data.candidatureId];
  }
};

/** One document per candidate and épreuve: the grid, the presences, the discrepancies. */
export const marksProjection: Projection = {
  name: MARKS_PROJECTION,
  // 2: the copies' anonymity numbers.
  version: 2,
  collections: [marksCollection],
  eventTypes: GRADE_SHEET_EVENT_TYPES,
  async apply(recorded, context) {
    const event = recorded as RecordedEvent<GradeSheetEvent>;
    const ids = candidatesOf(event);
    const stored = new Map<string, MarkDocument | null>();
    for (const id of ids)
      stored.set(
        id,
        await context.get<MarkDocument>(marksCollection, markDocumentId(id, event.data.epreuveId)),
      );
    for (const doc of markDocumentsAfter(event, (id) => stored.get(id) ?? null))
      context.put(marksCollection, doc);
  },
};

/** « Historique des modifications des notes »: one line per mark an event enters or changes. */
export const gradeHistoryProjection: Projection = {
  name: GRADE_HISTORY_PROJECTION,
  // A history or statistics: written after the lists when both have events to catch up on.
  background: true,
  // 2: lines of anonymous copies name the copy, not the candidate; 3: in the histories' file,
  // indexes of what the screens filter on only.
  version: 3,
  collections: [gradeHistoryCollection],
  eventTypes: ['MarksEntered', 'MarkModified', 'DiscrepancyResolved'],
  async apply(event, context) {
    // Lines are keyed by the event's id: a redelivered event writes the same lines again.
    for (const line of gradeHistoryLines(event)) context.put(gradeHistoryCollection, line);
  },
};
