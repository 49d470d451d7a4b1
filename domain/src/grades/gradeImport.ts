/**
 * A file of marks (« Importation des notes »): numéro de candidat, code épreuve, note. The import is
 * all or nothing: every bad row is listed with its French reason, and nothing is written unless every
 * row is good. It counts as one entry of each mark (double entry compares it with the grid's).
 */
import { normalizeCode } from '../core/text.js';
import {
  decideGradeSheet,
  gradeSheetId,
  MarkEntryError,
  type GradeSheet,
  type MarksEntered,
  type SheetKeys,
} from './gradeSheet.js';
import { parseMark } from './marks.js';

/**
 * The columns of a marks file, as their headers read once accents, case and spaces are dropped:
 * each row names its candidate by number, or an anonymous copy by its anonymity number.
 */
export const GRADE_IMPORT_COLUMNS = ['code_epreuve', 'note'] as const;
export const GRADE_IMPORT_OPTIONAL_COLUMNS = ['numero_candidat', 'numero_anonymat'] as const;
export type GradeImportColumn =
  (typeof GRADE_IMPORT_COLUMNS)[number] | (typeof GRADE_IMPORT_OPTIONAL_COLUMNS)[number];
/** Other headers staff write for them. */
export const GRADE_IMPORT_ALIASES: Readonly<Record<string, GradeImportColumn>> = {
  numero_de_candidat: 'numero_candidat',
  n_candidat: 'numero_candidat',
  no_candidat: 'numero_candidat',
  candidat: 'numero_candidat',
  numero_d_anonymat: 'numero_anonymat',
  numero_danonymat: 'numero_anonymat',
  anonymat: 'numero_anonymat',
  epreuve: 'code_epreuve',
  code_de_l_epreuve: 'code_epreuve',
  code_de_lepreuve: 'code_epreuve',
  note_obtenue: 'note',
};
export const GRADE_IMPORT_MAX_ROWS = 50_000;

export interface GradeImportRow {
  /** The sheet's row number (the header is row 1). */
  readonly ligne: number;
  readonly values: Partial<Record<GradeImportColumn, string>>;
}

/** A candidate as the import finds them by number. */
export interface ImportCandidate {
  readonly candidatureId: string;
  readonly numeroCandidat: string;
  readonly siteId: string;
  readonly metierId: string;
}

/** An épreuve of the session's examen, found by code. */
export interface ImportEpreuve {
  readonly id: string;
  readonly code: string;
  readonly noteMax: number;
  /** null: every métier of the examen composes it. */
  readonly metierId: string | null;
}

export interface GradeImportContext {
  readonly sessionId: string;
  readonly candidate: (numero: string) => ImportCandidate | undefined;
  readonly epreuve: (code: string) => ImportEpreuve | undefined;
  /** An anonymous copy of the session by its number: its candidate and épreuve. */
  readonly copy?: (numero: string) => (ImportCandidate & { epreuveId: string }) | undefined;
  /** Whether an épreuve's copies are anonymous (its marks named by anonymity number). */
  readonly anonymous?: (epreuve: ImportEpreuve) => boolean;
  /** The sheet as stored, or as it will be opened (its roster) when it was never written. */
  readonly sheet: (keys: SheetKeys) => GradeSheet;
  readonly parId: string;
  readonly doubleSaisie: boolean;
  readonly importation: { readonly id: string; readonly fichier: string };
}

export interface GradeImportProblem {
  readonly ligne: number;
  readonly message: string;
}

export interface GradeImportPlan {
  readonly problems: readonly GradeImportProblem[];
  /** Per sheet, the event the import appends (none when every mark is already there). */
  readonly sheets: readonly { readonly keys: SheetKeys; readonly event: MarksEntered | null }[];
  /** Marks the import enters (rows whose mark was already retained are not counted). */
  readonly saisies: number;
}

/**
 * Every row checked, then every sheet's entries decided as the grid would decide them: the problems
 * of all rows, or the events to append. Pure: the property test feeds it random files.
 */
export const planGradeImport = (
  rows: readonly GradeImportRow[],
  context: GradeImportContext,
): GradeImportPlan => {
  const problems: GradeImportProblem[] = [];
  const firstRow = new Map<string, number>();
  const bySheet = new Map<
    string,
    { keys: SheetKeys; marks: { candidatureId: string; note: number; ligne: number }[] }
  >();
  for (const { ligne, values } of rows) {
    const numero = (values.numero_candidat ?? '').trim();
    const copie = (values.numero_anonymat ?? '').trim();
    const code = (values.code_epreuve ?? '').trim();
    const problem = (message: string) => problems.push({ ligne, message });
    if (!numero && !copie) {
      problem(
        'Le numéro de candidat (ou, pour une copie anonyme, son numéro d’anonymat) est vide.',
      );
      continue;
    }
    if (!code) {
      problem('Le code de l’épreuve est vide.');
      continue;
    }
    const epreuve = context.epreuve(normalizeCode(code));
    if (!epreuve) {
      problem(`L’épreuve « ${code} » n’existe pas pour l’examen de cette session.`);
      continue;
    }
    let candidate: ImportCandidate | undefined;
    let subject: string;
    if (copie) {
      const found = context.copy?.(copie);
      if (!found) {
        problem(`Aucune copie de cette session ne porte le numéro d’anonymat « ${copie} ».`);
        continue;
      }
      if (found.epreuveId !== epreuve.id) {
        problem(`La copie ${copie} n’est pas une copie de l’épreuve « ${epreuve.code} ».`);
        continue;
      }
      candidate = found;
      subject = `la copie ${copie}`;
    } else {
      if (context.anonymous?.(epreuve)) {
        problem(
          `Les copies de l’épreuve « ${epreuve.code} » sont anonymes : leurs notes se donnent par numéro d’anonymat (colonne numero_anonymat).`,
        );
        continue;
      }
      candidate = context.candidate(numero.toUpperCase());
      if (!candidate) {
        problem(`Aucun candidat de cette session ne porte le numéro « ${numero} ».`);
        continue;
      }
      subject = `le candidat ${candidate.numeroCandidat}`;
      if (epreuve.metierId !== null && epreuve.metierId !== candidate.metierId) {
        problem(
          `Le candidat ${candidate.numeroCandidat} ne compose pas l’épreuve « ${epreuve.code} » (elle n’est pas de son métier).`,
        );
        continue;
      }
    }
    const mark = parseMark(values.note ?? '', epreuve.noteMax);
    if ('error' in mark) {
      problem(mark.error);
      continue;
    }
    const key = `${candidate.candidatureId}~${epreuve.id}`;
    const before = firstRow.get(key);
    if (before !== undefined) {
      problem(
        `Ligne en double : ${subject} a déjà une note pour l’épreuve « ${epreuve.code} » à la ligne ${before}.`,
      );
      continue;
    }
    firstRow.set(key, ligne);
    const feuilleId = gradeSheetId(context.sessionId, epreuve.id, candidate.siteId);
    let sheet = bySheet.get(feuilleId);
    if (!sheet) {
      sheet = {
        keys: {
          feuilleId,
          sessionId: context.sessionId,
          epreuveId: epreuve.id,
          siteId: candidate.siteId,
        },
        marks: [],
      };
      bySheet.set(feuilleId, sheet);
    }
    sheet.marks.push({ candidatureId: candidate.candidatureId, note: mark.note, ligne });
  }
  const sheets: { keys: SheetKeys; event: MarksEntered | null }[] = [];
  let saisies = 0;
  for (const { keys, marks } of bySheet.values()) {
    try {
      const [event] = decideGradeSheet(
        {
          type: 'EnterMarks',
          data: {
            source: 'importation',
            importation: context.importation,
            parId: context.parId,
            doubleSaisie: context.doubleSaisie,
            marks,
          },
        },
        context.sheet(keys),
      ) as MarksEntered[];
      sheets.push({ keys, event: event ?? null });
      saisies += event?.data.saisies.length ?? 0;
    } catch (error) {
      if (!(error instanceof MarkEntryError)) throw error;
      for (const { index, message } of error.problems)
        problems.push({ ligne: marks[index]!.ligne, message });
    }
  }
  problems.sort((a, b) => a.ligne - b.ligne);
  return problems.length > 0 ? { problems, sheets: [], saisies: 0 } : { problems, sheets, saisies };
};
