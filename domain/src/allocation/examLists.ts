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
    { header: 'Nom et prénoms', width: 0.24, cell: (r) => r.libelle },
    { header: 'Né(e) le', width: 0.12, cell: (r) => ({ day: r.dateNaissance }) },
    { header: 'Métier', width: 0.14, cell: (r) => r.metier },
    { header: 'Aménagement', width: 0.15, cell: (r) => r.amenagement },
    { header: 'Signature', width: 0.16, cell: () => '' },
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

/** One candidate's convocation: who, where, at which table, for which épreuves, when. */
export interface ConvocationPage {
  readonly session: string;
  readonly examen: string;
  readonly candidat: string;
  readonly dateNaissance: string;
  readonly lieuNaissance: string;
  readonly numeroDossier: string;
  readonly numeroCandidat: string;
  readonly numeroTable: number;
  readonly metier: string;
  readonly site: string;
  readonly centre: string;
  readonly adresse: string;
  /** In order of composition; `date` DD/MM/YYYY, `heure` « 08 h 00 », `duree` « 3 h 00 ». */
  readonly epreuves: readonly {
    readonly libelle: string;
    readonly date: string;
    readonly heure: string;
    readonly duree: string;
  }[];
  readonly amenagement: string;
}

/** What every candidate brings (printed on each convocation). */
export const CONVOCATION_TO_BRING: readonly string[] = [
  'la présente convocation ;',
  'une pièce d’identité en cours de validité (carte nationale d’identité, passeport ou récépissé) ;',
  'le matériel d’écriture (stylos bleu et noir, crayon, règle) ;',
  'pour les épreuves pratiques : la tenue et les équipements de protection du métier.',
];

/** The day of an épreuve: the session's first day of composition, plus `jour - 1` days. */
export const epreuveDay = (debutComposition: string, jour: number): string => {
  const date = new Date(`${debutComposition}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + jour - 1);
  return date.toISOString().slice(0, 10);
};

/** « 08:30 » → « 08 h 30 »; 180 → « 3 h 00 ». */
export const frenchTime = (hhmm: string): string => hhmm.replace(':', ' h ');
export const frenchDuration = (minutes: number): string =>
  `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;

/** The épreuves of a candidate's examen and métier, in order of composition, dated. */
export const convocationEpreuves = (
  epreuves: readonly {
    libelle: string;
    metierId?: unknown;
    jour?: unknown;
    heureDebut?: unknown;
    duree?: unknown;
  }[],
  metierId: string,
  debutComposition: string,
): ConvocationPage['epreuves'] =>
  epreuves
    .filter((e) => !e.metierId || e.metierId === metierId)
    .map((e) => ({
      e,
      jour: typeof e.jour === 'number' ? e.jour : 1,
      heure: typeof e.heureDebut === 'string' ? e.heureDebut : '',
    }))
    .sort((a, b) => a.jour - b.jour || a.heure.localeCompare(b.heure))
    .map(({ e, jour, heure }) => ({
      libelle: e.libelle,
      date: day(epreuveDay(debutComposition, jour)),
      heure: heure ? frenchTime(heure) : 'heure communiquée par le centre',
      duree: typeof e.duree === 'number' ? frenchDuration(e.duree) : '',
    }));
