import { useMemo, useState } from 'react';
import type { Named } from '../../../common/choices';
import { useReportChoices, useReportRead } from '../../../common/report/useReportRead';
import { useSessions } from '../../../common/useSessions';
import type { ReportRow } from './PiecesReportTable';

const NO_ROWS: ReportRow[] = [];

/**
 * The bilan des pièces of the session chosen (the most recent first), filtered by centre, métier
 * and statut; the centres and métiers offered are those the session's dossiers hold.
 */
export const usePiecesReport = () => {
  const {
    sessions,
    sessionId,
    setSessionId,
    loaded,
    error: sessionsError,
  } = useSessions(null, 'bilan-pieces/sessions');
  const [centreDepotId, setCentre] = useState('');
  const [metierId, setMetier] = useState('');
  const [statut, setStatut] = useState('');

  const filter = useMemo(
    () =>
      Object.fromEntries(
        Object.entries({ sessionId, centreDepotId, metierId, statut }).filter(([, v]) => v !== ''),
      ),
    [sessionId, centreDepotId, metierId, statut],
  );
  const query = `filter=${encodeURIComponent(JSON.stringify(filter))}`;
  const { result: rows, error } = useReportRead<ReportRow[]>(
    sessionId ? `bilan-pieces?${query}` : undefined,
  );

  // The choices of centre and métier: those the session's dossiers hold.
  const all = useReportChoices<ReportRow[]>(
    sessionId
      ? `bilan-pieces?filter=${encodeURIComponent(JSON.stringify({ sessionId }))}`
      : undefined,
    NO_ROWS,
  );
  const choices = (key: 'centreDepotId' | 'metierId', name: 'centreDepot' | 'metier'): Named[] =>
    [
      ...new Map(
        all.filter((r) => r[key]).map((r) => [r[key] as string, r[name]] as const),
      ).entries(),
    ]
      .sort((a, b) => a[1].localeCompare(b[1], 'fr'))
      .map(([id, libelle]) => ({ id, libelle }));

  /** Another session: its own centres and métiers, none chosen. */
  const chooseSession = (id: string) => {
    setSessionId(id);
    setCentre('');
    setMetier('');
  };

  return {
    sessions,
    sessionId,
    chooseSession,
    loaded,
    centreDepotId,
    setCentre,
    metierId,
    setMetier,
    statut,
    setStatut,
    rows,
    error: sessionsError ?? error,
    query,
    choices,
  };
};
