import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  ALLOCATION_REPORT_LEVELS,
  type AllocationReportLevel,
  type AllocationReportRow,
} from '@examens-pro/domain';
import { apiJson } from '../../common/api';
import { useSessions, type Named } from './shared';

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
 * The bilan d’affectation of the session chosen (the address's `sessionId` first), at the level
 * chosen, narrowed by zone and département; its geography's columns and its chart's rows.
 */
export const useAllocationReport = () => {
  const { search } = useLocation();
  const asked = new URLSearchParams(search).get('sessionId');
  const { sessions, sessionId, setSessionId, loaded, error: sessionsError } = useSessions(asked);
  const [niveau, setNiveau] = useState<AllocationReportLevel>('site');
  const [zoneId, setZone] = useState('');
  const [departementId, setDepartement] = useState('');
  const [geography, setGeography] = useState<Geography>({ zones: [], departements: [] });
  const [report, setReport] = useState<Report>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    apiJson<Geography>('/api/bilan-affectation/geographie')
      .then(setGeography)
      .catch(() => setGeography({ zones: [], departements: [] }));
  }, []);

  const query = useMemo(() => {
    const params = new URLSearchParams({ sessionId, niveau });
    if (zoneId) params.set('zoneId', zoneId);
    if (departementId) params.set('departementId', departementId);
    return params.toString();
  }, [sessionId, niveau, zoneId, departementId]);

  useEffect(() => {
    if (!sessionId) return;
    let current = true;
    setReport(undefined);
    setError(undefined);
    apiJson<Report>(`/api/bilan-affectation?${query}`)
      .then((found) => {
        if (current) setReport(found);
      })
      .catch((e: Error) => {
        if (current) setError(e.message);
      });
    return () => {
      current = false;
    };
  }, [query, sessionId]);

  const departements = geography.departements.filter((d) => !zoneId || d.zoneId === zoneId);
  const level = report?.level ?? niveau;
  const geo = GEOGRAPHY.slice(
    0,
    ALLOCATION_REPORT_LEVELS.length - ALLOCATION_REPORT_LEVELS.indexOf(level),
  );
  const deepest = geo[geo.length - 1]!.field;
  const chartRows = useMemo(
    () =>
      (report?.rows ?? [])
        .filter((row) => row.id !== 'total')
        .slice(0, CHART_ROWS)
        .map((row) => ({
          nom: row[deepest] || '—',
          capacite: row.capacite,
          affectes: row.affectes,
        })),
    [report, deepest],
  );
  const metiers = report?.metiers ?? [];
  const langues = report?.langues ?? [];
  const shownRows = report?.rows.filter((row) => row.id !== 'total').length ?? 0;

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
