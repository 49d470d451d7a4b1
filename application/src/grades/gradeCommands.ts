/**
 * The grade commands as one object, for the routes that hold them: each name maps to its named
 * function, given the dependencies built once here.
 */
import type { EventStore, ReadStore } from '@examens-pro/platform';
import { gradeDeps, type GradeDeps } from './gradeCommandSupport.js';
import { importMarks } from './gradeImport.js';
import {
  closeGradeWindow,
  liftGradeAnonymity,
  openGradeWindow,
  setGradeAnonymity,
  setGradeDoubleEntry,
} from './gradeSettingsCommands.js';
import {
  enterMarks,
  modifyMark,
  numberGradeSheet,
  recordPresences,
  resolveMarkDiscrepancy,
} from './gradeSheetCommands.js';

export const gradeCommands = (eventStore: EventStore, readStore: ReadStore) => {
  const deps = gradeDeps(eventStore, readStore);
  const bound =
    <A extends unknown[], R>(command: (deps: GradeDeps, ...args: A) => R) =>
    (...args: A): R =>
      command(deps, ...args);
  return {
    openWindow: bound(openGradeWindow),
    closeWindow: bound(closeGradeWindow),
    setAnonymity: bound(setGradeAnonymity),
    liftAnonymity: bound(liftGradeAnonymity),
    numberSheet: bound(numberGradeSheet),
    setDoubleEntry: bound(setGradeDoubleEntry),
    recordPresences: bound(recordPresences),
    enterMarks: bound(enterMarks),
    modifyMark: bound(modifyMark),
    resolveDiscrepancy: bound(resolveMarkDiscrepancy),
    importMarks: bound(importMarks),
  };
};
