/**
 * « Bilan d'affectation »: for a session, per zone, département, centre d'examen or site, the
 * capacity, the candidates allocated and the free seats, by métier, sex and langue de composition,
 * and the totals. Pure: the query service reads the sites and groups the dossiers, this sums them.
 */
import type { ExportColumn, ExportTable } from '../exports/exports.js';

export const ALLOCATION_REPORT_LEVELS = ['site', 'centre', 'departement', 'zone'] as const;
export type AllocationReportLevel = (typeof ALLOCATION_REPORT_LEVELS)[number];
export const ALLOCATION_REPORT_LEVEL_LABELS: Record<AllocationReportLevel, string> = {
  site: 'Site de composition',
  centre: 'Centre d’examen',
  departement: 'Département',
  zone: 'Zone',
};

/** A site as the report knows it, its centre, département and zone named. */
export interface ReportSite {
  readonly id: string;
  readonly libelle: string;
  readonly centreExamenId: string;
  readonly centre: string;
  readonly departementId: string;
  readonly departement: string;
  readonly zoneId: string;
  readonly zone: string;
  readonly capacite: number;
  readonly actif: boolean;
}

export interface AllocationReportRow {
  /** The site's, centre's, département's or zone's id; `total` for the totals. */
  readonly id: string;
  readonly zone: string;
  readonly departement: string;
  readonly centre: string;
  readonly site: string;
  readonly capacite: number;
  readonly affectes: number;
  readonly libres: number;
  /** Allocated over capacity, in percent (one decimal). */
  readonly occupation: number;
  readonly hommes: number;
  readonly femmes: number;
  readonly parMetier: Readonly<Record<string, number>>;
  readonly parLangue: Readonly<Record<string, number>>;
}

type Mutable = {
  -readonly [K in keyof AllocationReportRow]: AllocationReportRow[K] extends Readonly<
    Record<string, number>
  >
    ? Record<string, number>
    : AllocationReportRow[K];
};

const empty = (
  id: string,
  names: Pick<AllocationReportRow, 'zone' | 'departement' | 'centre' | 'site'>,
): Mutable => ({
  id,
  ...names,
  capacite: 0,
  affectes: 0,
  libres: 0,
  occupation: 0,
  hommes: 0,
  femmes: 0,
  parMetier: {},
  parLangue: {},
});

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/**
 * One row per site (or centre, département, zone) that has capacity in use or seats held, in the
 * geography's order (zone, département, centre, site by name), then the totals. `groups`: the
 * session's allocated dossiers counted by site, métier, sex and langue.
 */
export const allocationReport = (
  sites: readonly ReportSite[],
  groups: readonly { key: Readonly<Record<string, unknown>>; count: number }[],
  level: AllocationReportLevel,
): AllocationReportRow[] => {
  const siteById = new Map(sites.map((s) => [s.id, s]));
  const keyOf = (site: ReportSite) =>
    level === 'site'
      ? site.id
      : level === 'centre'
        ? site.centreExamenId
        : level === 'departement'
          ? site.departementId
          : site.zoneId;
  const namesOf = (site: ReportSite) => ({
    zone: site.zone,
    departement: level === 'zone' ? '' : site.departement,
    centre: level === 'zone' || level === 'departement' ? '' : site.centre,
    site: level === 'site' ? site.libelle : '',
  });
  const rows = new Map<string, Mutable>();
  const total = empty('total', { zone: 'Total', departement: '', centre: '', site: '' });
  const rowOf = (site: ReportSite) => {
    const key = keyOf(site);
    let row = rows.get(key);
    if (!row) {
      row = empty(key, namesOf(site));
      rows.set(key, row);
    }
    return row;
  };
  // Active sites bring their capacity; an inactive one only its seated candidates.
  for (const site of sites) {
    if (!site.actif) continue;
    const row = rowOf(site);
    row.capacite += site.capacite;
    total.capacite += site.capacite;
  }
  for (const { key, count } of groups) {
    const site = siteById.get(String(key.siteId ?? ''));
    if (!site) continue;
    const row = rowOf(site);
    for (const target of [row, total]) {
      target.affectes += count;
      if (key.sexe === 'M') target.hommes += count;
      if (key.sexe === 'F') target.femmes += count;
      const metier = String(key.metierId ?? '');
      target.parMetier[metier] = (target.parMetier[metier] ?? 0) + count;
      const langue = String(key.langueId ?? '');
      target.parLangue[langue] = (target.parLangue[langue] ?? 0) + count;
    }
  }
  const finish = (row: Mutable): AllocationReportRow => ({
    ...row,
    libres: Math.max(0, row.capacite - row.affectes),
    occupation: row.capacite > 0 ? Math.round((row.affectes * 1000) / row.capacite) / 10 : 0,
  });
  const ordered = [...rows.values()].sort(
    (a, b) =>
      collator.compare(a.zone, b.zone) ||
      collator.compare(a.departement, b.departement) ||
      collator.compare(a.centre, b.centre) ||
      collator.compare(a.site, b.site),
  );
  return [...ordered.map(finish), finish(total)];
};

/**
 * The report's columns for the exports (CSV, XLSX): the geography down to the level, the counts,
 * then one column per métier and per langue present, named.
 */
export const allocationReportTable = (
  level: AllocationReportLevel,
  metiers: readonly { id: string; libelle: string }[],
  langues: readonly { id: string; libelle: string }[],
): ExportTable => {
  const depth = ALLOCATION_REPORT_LEVELS.length - ALLOCATION_REPORT_LEVELS.indexOf(level);
  const geography: ExportColumn[] = (
    [
      ['Zone', 'zone'],
      ['Département', 'departement'],
      ['Centre d’examen', 'centre'],
      ['Site de composition', 'site'],
    ] as const
  )
    .slice(0, depth)
    .map(([header, field]) => ({ header, cell: (row) => String(row[field] ?? '') }));
  const count = (header: string, field: string): ExportColumn => ({
    header,
    cell: (row) => (typeof row[field] === 'number' ? (row[field] as number) : 0),
  });
  const within = (header: string, field: 'parMetier' | 'parLangue', id: string): ExportColumn => ({
    header,
    cell: (row) => (row[field] as Record<string, number> | undefined)?.[id] ?? 0,
  });
  return {
    columns: [
      ...geography,
      count('Capacité', 'capacite'),
      count('Affectés', 'affectes'),
      count('Places libres', 'libres'),
      count('Taux d’occupation (%)', 'occupation'),
      count('Hommes', 'hommes'),
      count('Femmes', 'femmes'),
      ...metiers.map((m) => within(`Métier : ${m.libelle}`, 'parMetier', m.id)),
      ...langues.map((l) => within(`Langue : ${l.libelle || 'non précisée'}`, 'parLangue', l.id)),
    ],
    references: [],
  };
};
