/**
 * What a deliberation reads of a grade sheet: each candidate's presence and retained mark. Folded
 * from the sheet's events as the sheet's decider folds them (`evolveGradeSheet`), without the rest of
 * its state (entries, anonymity numbers): a jury of 10,000 candidates reads 200 sheets, and the
 * decider's state made a copy of every candidate at every event. The unit test holds both folds
 * to the same answers.
 */
import type { GradeSheetEvent } from '../grades/gradeSheet.js';
import type { EpreuveMark } from './deliberationComputation.js';

interface Entry {
  presence: EpreuveMark['presence'];
  retained: boolean;
  note: number | null;
}

/** Each candidate of the sheet's roster with their presence and retained mark; null: no sheet. */
export const sheetMarks = (events: readonly GradeSheetEvent[]): Map<string, EpreuveMark> | null => {
  let entries: Map<string, Entry> | null = null;
  for (const event of events) {
    if (event.type === 'GradeSheetOpened') {
      entries = new Map();
      for (const c of event.data.candidats)
        entries.set(c.candidatureId, { presence: null, retained: false, note: null });
      continue;
    }
    if (!entries) continue;
    switch (event.type) {
      case 'PresencesRecorded':
        for (const p of event.data.presences) {
          const entry = entries.get(p.candidatureId);
          if (entry) entry.presence = p.vers;
        }
        break;
      case 'MarksEntered':
        for (const s of event.data.saisies) {
          const entry = entries.get(s.candidatureId);
          if (!entry) continue;
          entry.retained = s.resultat === 'retenue';
          entry.note = entry.retained ? s.note : null;
        }
        break;
      case 'MarkModified': {
        const entry = entries.get(event.data.candidatureId);
        if (entry) entry.note = event.data.vers;
        break;
      }
      case 'DiscrepancyResolved': {
        const entry = entries.get(event.data.candidatureId);
        if (entry) {
          entry.note = event.data.note;
          entry.retained = true;
        }
        break;
      }
      default:
        break;
    }
  }
  if (!entries) return null;
  const marks = new Map<string, EpreuveMark>();
  for (const [candidatureId, { presence, retained, note }] of entries)
    marks.set(candidatureId, { presence, note: retained ? note : null });
  return marks;
};
