import { useEffect, useMemo, useState } from 'react';
import { apiJson } from '../../../common/api';
import type { ReportRow } from './PiecesReportTable';

/**
 * The bilan des pièces of the session chosen (the most recent first), filtered by centre, métier
 * and statut; the centres and métiers offered are those the session's dossiers hold.
 */
export const usePiecesReport = () => {
  const [sessions, setSessions] = useState<{ id: string; libelle: string }[]>([]);
  const [sessionId, setSessionId] = useState('');
  const [centreDepotId, setCentre] = useState('');
  const [metierId, setMetier] = useState('');
  const [statut, setStatut] = useState('');
  const [rows, setRows] = useState<ReportRow[]>();
  const [all, setAll] = useState<ReportRow[]>([]);
  const [error, setError] = useState<string>();

  useEffect(() => {
    apiJson<{ id: string; libelle: string }[]>('/api/bilan-pieces/sessions')
      .then((found) => {
        setSessions(found);
        if (found[0]) setSessionId(found[0].id);
      })
      .catch((e: Error) => setError(e.message));
  }, []);

  const filter = useMemo(
    () =>
      Object.fromEntries(
        Object.entries({ sessionId, centreDepotId, metierId, statut }).filter(([, v]) => v !== ''),
      ),
    [sessionId, centreDepotId, metierId, statut],
  );
  const query = `filter=${encodeURIComponent(JSON.stringify(filter))}`;

  useEffect(() => {
    if (!sessionId) return;
    setRows(undefined);
    apiJson<ReportRow[]>(`/api/bilan-pieces?${query}`)
      .then(setRows)
      .catch((e: Error) => setError(e.message));
  }, [query, sessionId]);

  // The choices of centre and métier: those the session's dossiers hold.
  useEffect(() => {
    if (!sessionId) return;
    apiJson<ReportRow[]>(
      `/api/bilan-pieces?filter=${encodeURIComponent(JSON.stringify({ sessionId }))}`,
    )
      .then(setAll)
      .catch(() => setAll([]));
  }, [sessionId]);
  const choices = (key: 'centreDepotId' | 'metierId', name: 'centreDepot' | 'metier') =>
    [
      ...new Map(
        all.filter((r) => r[key]).map((r) => [r[key] as string, r[name]] as const),
      ).entries(),
    ].sort((a, b) => a[1].localeCompare(b[1], 'fr'));

  return {
    sessions,
    sessionId,
    setSessionId,
    centreDepotId,
    setCentre,
    metierId,
    setMetier,
    statut,
    setStatut,
    rows,
    error,
    query,
    choices,
  };
};
