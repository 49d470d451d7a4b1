/**
 * Grades and presences: the session's grade settings, the grade sheets (one
 * per site and épreuve), and the import of a file of marks, all or nothing. The rules are the
 * domain's deciders; this part reads what they need (the session, its settings, the épreuve, the
 * sheet's roster) and writes their events through the shared command handler.
 */
export {
  anonymityNumber,
  candidatesByNumber,
  copiesByNumber,
  epreuvesOfExamen,
  gradeSettingsOf,
  isAnonymous,
  SESSION_NOT_FOUND,
  sessionState,
  sheetRoster,
  type CopyRef,
  type GradedEpreuve,
} from './gradeReads.js';
export { gradeDeps, type GradeDeps } from './gradeCommandSupport.js';
export * from './gradeSettingsCommands.js';
export * from './gradeSheetCommands.js';
export * from './gradeImport.js';
export * from './gradeCommands.js';
export * from './gradeSheetsSource.js';
