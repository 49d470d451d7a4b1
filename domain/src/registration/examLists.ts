/**
 * The exam lists of a session (« Téléchargement des listes »), per composition site: the attendance
 * list (liste d'émargement: number, table, name, date of birth, métier, accommodation, a column to
 * sign) in table order, and the door list (liste de porte) in alphabetical order. The same columns
 * make the PDF (workers) and the XLSX (query service).
 */
import type { ExportCell, ExportRow } from '../exports/exports.js';

export const EXAM_LIST_KINDS = ['liste-emargement', 'liste-porte'] as const;
export type ExamListKind = (typeof EXAM_LIST_KINDS)[number];

export const EXAM_LIST_TITLES: Record<ExamListKind, string> = {
  'liste-emargement': 'Liste d’émargement',
  'liste-porte': 'Liste de porte',
};

/** A row as the lists read it: the dossier's fields, its métier, accommodation and site named. */
export interface ExamListRow extends ExportRow {
  readonly numeroCandidat: string;
  readonly numeroTable: number;
  readonly libelle: string;
  readonly dateNaissance: string;
  readonly metier: string;
  readonly amenagement: string;
  /** « Lycée de Douala — Centre de Douala, Bonanjo » : the part's heading. */
  readonly site: string;
}

export interface ExamListColumn {
  readonly header: string;
  /** Share of the PDF's width. */
  readonly width: number;
  readonly cell: (row: ExamListRow) => ExportCell;
}

const day = (iso: string) => (iso ? iso.split('-').reverse().join('/') : '');

export const EXAM_LIST_COLUMNS: Record<ExamListKind, readonly ExamListColumn[]> = {
  'liste-emargement': [
    { header: 'N° candidat', width: 0.13, cell: (r) => r.numeroCandidat },
    { header: 'Table', width: 0.06, cell: (r) => r.numeroTable },
    { header: 'Nom et prénoms', width: 0.25, cell: (r) => r.libelle },
    { header: 'Né(e) le', width: 0.1, cell: (r) => ({ day: r.dateNaissance }) },
    { header: 'Métier', width: 0.16, cell: (r) => r.metier },
    { header: 'Aménagement', width: 0.13, cell: (r) => r.amenagement },
    { header: 'Signature', width: 0.17, cell: () => '' },
  ],
  'liste-porte': [
    { header: 'Nom et prénoms', width: 0.42, cell: (r) => r.libelle },
    { header: 'N° candidat', width: 0.18, cell: (r) => r.numeroCandidat },
    { header: 'Table', width: 0.1, cell: (r) => r.numeroTable },
    { header: 'Métier', width: 0.3, cell: (r) => r.metier },
  ],
};

/** How each list orders a site's candidates. */
export const EXAM_LIST_ORDER: Record<ExamListKind, { field: string; order: 'ASC' }> = {
  'liste-emargement': { field: 'numeroTable', order: 'ASC' },
  'liste-porte': { field: 'libelle', order: 'ASC' },
};

/** A cell as printed text (the PDF). */
export const examListText = (cell: ExportCell): string =>
  cell === null || cell === undefined
    ? ''
    : typeof cell === 'object'
      ? 'day' in cell
        ? day(cell.day)
        : cell.instant
      : String(cell);
