/**
 * « Bilan général des pièces »: per centre de dépôt and métier, how many dossiers have every
 * obligatory pièce validated (complets), how many still lack one (incomplets), how many hold a
 * rejected pièce, and the totals. Pure: the query service groups the dossiers, this pivots them.
 */
import type { ExportTable } from '../exports/exports.js';
import { PIECES_STATES, type PiecesState } from './candidature.js';

export type PiecesReportRow = {
  /** `<centre>+<métier>`; `total` for the totals. */
  readonly id: string;
  readonly centreDepotId: string | null;
  readonly metierId: string | null;
  readonly complet: number;
  readonly incomplet: number;
  readonly rejete: number;
  readonly total: number;
};

/** Filters the report accepts (equalities on the dossiers). */
export const PIECES_REPORT_FILTERS = ['sessionId', 'centreDepotId', 'metierId', 'statut'] as const;

/** Dossiers counted by default: every one but the withdrawn. */
export const PIECES_REPORT_STATUSES = [
  'brouillon',
  'soumis',
  'valide',
  'affecte',
  'rejete',
] as const;

/**
 * One row per centre and métier (in the order given: the caller sorts by libellé), then the totals.
 */
export const piecesReport = (
  groups: readonly { key: Readonly<Record<string, unknown>>; count: number }[],
): PiecesReportRow[] => {
  const rows = new Map<
    string,
    { centreDepotId: string; metierId: string } & Record<PiecesState, number>
  >();
  for (const { key, count } of groups) {
    const centreDepotId = String(key.centreDepotId ?? '');
    const metierId = String(key.metierId ?? '');
    const id = `${centreDepotId}+${metierId}`;
    const row = rows.get(id) ?? { centreDepotId, metierId, complet: 0, incomplet: 0, rejete: 0 };
    const state = (PIECES_STATES as readonly unknown[]).includes(key.etatPieces)
      ? (key.etatPieces as PiecesState)
      : 'incomplet';
    row[state] += count;
    rows.set(id, row);
  }
  const result: PiecesReportRow[] = [...rows].map(([id, row]) => ({
    id,
    ...row,
    total: row.complet + row.incomplet + row.rejete,
  }));
  const sum = (field: PiecesState | 'total') => result.reduce((n, row) => n + row[field], 0);
  return [
    ...result,
    {
      id: 'total',
      centreDepotId: null,
      metierId: null,
      complet: sum('complet'),
      incomplet: sum('incomplet'),
      rejete: sum('rejete'),
      total: sum('total'),
    },
  ];
};

const count = (header: string, field: keyof PiecesReportRow) => ({
  header,
  cell: (row: Readonly<Record<string, unknown>>) =>
    typeof row[field] === 'number' ? (row[field] as number) : '',
});

/** The report's columns, for the screen's exports (CSV, XLSX). */
export const PIECES_REPORT_TABLE: ExportTable = {
  columns: [
    {
      header: 'Centre de dépôt',
      cell: (row, labelOf) =>
        row.id === 'total'
          ? 'Total'
          : (labelOf('centres-depot', String(row.centreDepotId)) ?? String(row.centreDepotId)),
    },
    {
      header: 'Métier',
      cell: (row, labelOf) =>
        row.id === 'total'
          ? ''
          : (labelOf('metiers', String(row.metierId)) ?? String(row.metierId)),
    },
    count('Dossiers complets', 'complet'),
    count('Dossiers incomplets', 'incomplet'),
    count('Dossiers avec une pièce rejetée', 'rejete'),
    count('Total', 'total'),
  ],
  references: [
    { field: 'centreDepotId', resource: 'centres-depot' },
    { field: 'metierId', resource: 'metiers' },
  ],
};
