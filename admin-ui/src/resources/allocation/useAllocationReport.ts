import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  ALLOCATION_REPORT_LEVELS,
  type AllocationReportLevel,
  type AllocationReportRow,
} from '@examens-pro/domain';
import type { Named } from '../../common/choices';
import { useReportChoices, useReportRead } from '../../common/report/useReportRead';
import { useSessions } from '../../common/useSessions';

export interface Report {
  readonly level: AllocationReportLevel;
  readonly rows: readonly AllocationReportRow[];
  readonly metiers: readonly Named[];
  readonly langues: readonly Named[];
}

export interface Geography {
  readonly zones: readonly Named[];
  readonly departements: readonly (Named & { zoneId: string })[];
}

const NO_GEOGRAPHY: Geography = { zones: [], departements: [] };

/** The geography's columns, from the zone down to the level shown. */
export const GEOGRAPHY = [
  { field: 'zone', label: 'Zone' },
  { field: 'departement', label: 'Département' },
  { field: 'centre', label: 'Centre d’examen' },
  { field: 'site', label: 'Site de composition' },
] as const;

/** The chart shows the first rows only: beyond, bars are too thin to read. */
export const CHART_ROWS = 30;

/**
 * The rows to show: those with candidates allocated (the session's sites, centres…) first, in the
 * geography's order; those without, after them and only when asked for; the totals last.
 */
export const visibleRows = (
  rows: readonly AllocationReportRow[],
  showEmpty: boolean,
): AllocationReportRow[] => {
  const lines = rows.filter((row) => row.id !== 'total');
  const used = lines.filter((row) => row.affectes > 0);
  const empty = showEmpty ? lines.filter((row) => row.affectes === 0) : [];
  return [...used, ...empty, ...rows.filter((row) => row.id === 'total')];
};

/**
 * The bilan d’affectation of the session chosen (the address's `sessionId` first), at the level
 * chosen, narrowed by zone and département; its geography's columns and its chart's rows (the
 * rows with candidates allocated: the empty ones are hidden unless asked for, never charted).
 */
export const useAllocationReport = () => {
  const { search } = useLocation();
  const asked = new URLSearchParams(search).get('sessionId');
  const { sessions, sessionId, setSessionId, loaded, error: sessionsError } = useSessions(asked);
  const [niveau, setNiveau] = useState<AllocationReportLevel>('site');
  const [zoneId, setZone] = useState('');
  const [departementId, setDepartement] = useState('');
  const [showEmpty, setShowEmpty] = useState(false);
  const geography = useReportChoices<Geography>('bilan-affectation/geographie', NO_GEOGRAPHY);

  const query = useMemo(() => {
    const params = new URLSearchParams({ sessionId, niveau });
    if (zoneId) params.set('zoneId', zoneId);
    if (departementId) params.set('departementId', departementId);
    return params.toString();
  }, [sessionId, niveau, zoneId, departementId]);

  const { result: report, error } = useReportRead<Report>(
    sessionId ? `bilan-affectation?${query}` : undefined,
  );

  const departements = geography.departements.filter((d) => !zoneId || d.zoneId === zoneId);
  const level = report?.level ?? niveau;
  const geo = GEOGRAPHY.slice(
    0,
    ALLOCATION_REPORT_LEVELS.length - ALLOCATION_REPORT_LEVELS.indexOf(level),
  );
  const deepest = geo[geo.length - 1]!.field;
  const rows = useMemo(() => visibleRows(report?.rows ?? [], showEmpty), [report, showEmpty]);
  const usedRows = rows.filter((row) => row.id !== 'total' && row.affectes > 0);
  /** The rows without any candidate allocated, hidden. */
  const hiddenRows = showEmpty
    ? 0
    : (report?.rows.filter((row) => row.id !== 'total' && row.affectes === 0).length ?? 0);
  const chartRows = useMemo(
    () =>
      usedRows.slice(0, CHART_ROWS).map((row) => ({
        nom: row[deepest] || '—',
        capacite: row.capacite,
        affectes: row.affectes,
      })),
    [rows, deepest],
  );
  const metiers = report?.metiers ?? [];
  const langues = report?.langues ?? [];
  const shownRows = usedRows.length;

  /** A zone chosen: the département chosen stays only when it is in that zone. */
  const chooseZone = (id: string) => {
    setZone(id);
    if (id && !geography.departements.some((d) => d.id === departementId && d.zoneId === id))
      setDepartement('');
  };

  return {
    sessions,
    sessionId,
    setSessionId,
    loaded,
    sessionsError,
    niveau,
    setNiveau,
    zoneId,
    chooseZone,
    departementId,
    setDepartement,
    geography,
    report,
    rows,
    showEmpty,
    setShowEmpty,
    hiddenRows,
    error,
    query,
    departements,
    level,
    geo,
    chartRows,
    metiers,
    langues,
    shownRows,
  };
};
