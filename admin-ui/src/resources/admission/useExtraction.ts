import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useReportChoices, useReportRead } from '../../common/report/useReportRead';
import { useSessions } from '../../common/useSessions';
import { NO_CHOICES, type Choices, type Extraction } from './extractionModel';

/** The top N as typed: empty (every admitted candidate) or digits; the server says the rest. */
const useSettled = (value: string, delay = 400): string => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

/**
 * The extraction of the session chosen (the address's `sessionId` first): its filters, the top N
 * (settled while typed), the page read, and the parameters the exports and the PDF ask for.
 */
export const useExtraction = () => {
  const { search } = useLocation();
  const asked = new URLSearchParams(search).get('sessionId');
  const {
    sessions,
    sessionId,
    setSessionId,
    loaded,
    error: sessionsError,
  } = useSessions(asked, 'extraction-admis/sessions');
  const choices = useReportChoices<Choices>(
    sessionId
      ? `extraction-admis/choix?${new URLSearchParams({ sessionId }).toString()}`
      : undefined,
    NO_CHOICES,
  );
  const [metierId, setMetier] = useState('');
  const [centreDepotId, setCentre] = useState('');
  const [departementId, setDepartement] = useState('');
  const [zoneId, setZone] = useState('');
  const [sexe, setSexe] = useState('');
  const [topTyped, setTop] = useState('');
  const top = useSettled(topTyped.trim());
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(50);

  /** The extraction's own parameters: the screen, the exports and the PDF ask for the same. */
  const filters = useMemo(() => {
    const chosen: Record<string, string> = { sessionId };
    for (const [name, value] of Object.entries({
      metierId,
      centreDepotId,
      departementId,
      zoneId,
      sexe,
      top,
    }))
      if (value) chosen[name] = value;
    return chosen;
  }, [sessionId, metierId, centreDepotId, departementId, zoneId, sexe, top]);
  const query = new URLSearchParams(filters).toString();

  useEffect(() => setPage(0), [query]);

  const { result: extraction, error } = useReportRead<Extraction>(
    sessionId ? `extraction-admis?${query}&page=${page + 1}&parPage=${perPage}` : undefined,
  );

  const { top: topN, ...pdfFilters } = filters;
  const cible = { ...pdfFilters, ...(topN ? { top: Number(topN) } : {}) };
  const total = extraction?.total ?? 0;
  const empty = !extraction || total === 0 || !!error;

  return {
    sessions,
    sessionId,
    setSessionId,
    loaded,
    sessionsError,
    choices,
    metierId,
    setMetier,
    centreDepotId,
    setCentre,
    departementId,
    setDepartement,
    zoneId,
    setZone,
    sexe,
    setSexe,
    topTyped,
    setTop,
    page,
    setPage,
    perPage,
    setPerPage,
    extraction,
    error,
    query,
    topN,
    cible,
    total,
    empty,
  };
};
