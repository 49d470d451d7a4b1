import { useEffect, useMemo, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  REPORT_PARAMETERS,
  viewOf,
  type ReportDeclaration,
  type ReportFilter,
  type ReportResult,
} from '@examens-pro/domain';
import type { Named } from '../../common/choices';
import { useReportRead } from '../../common/report/useReportRead';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';

export const API = '/api/rapports';

export interface Choices {
  sessions: (Named & { ouverte: boolean })[];
  parDefaut: string | null;
  zones: Named[];
  departements: (Named & { zoneId: string })[];
  metiers: Named[];
}

/** Every query parameter a report reads from the address (its filters, view and page). */
const PARAMETERS = ['vue', ...Object.values(REPORT_PARAMETERS).flat(), 'page', 'parPage'];

/**
 * A report's state, all of it in the address: its filters, view and page (`get`, `change`), the
 * choices offered, the query the server reads, and the result of the view shown.
 */
export const useReport = (report: ReportDeclaration) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [params, setParams] = useSearchParams();
  const [choices, setChoices] = useState<Choices>();
  const [choicesError, setChoicesError] = useState<string>();
  const get = (name: string) => params.get(name) ?? '';
  const view = viewOf(report, get('vue') || undefined);
  const applies = (filter: ReportFilter) =>
    report.filters.includes(filter) && !view.ignores?.includes(filter);

  /** Changes some parameters (empty: removed), back to the first page. */
  const change = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    let current = true;
    dataProvider
      .read<Choices>('rapports/choix')
      .then((found) => {
        if (!current) return;
        setChoices(found);
        // The default session joins the filters as the address holds them now: the choices may
        // arrive after a filter was chosen (they wait for the statistics), and this effect's
        // parameters, those of the first render, would drop it.
        const now = new URLSearchParams(window.location.search);
        if (!now.get('sessionId') && found.parDefaut && applies('session')) {
          now.set('sessionId', found.parDefaut);
          setParams(now, { replace: true });
        }
      })
      .catch((e: Error) => current && setChoicesError(e.message));
    return () => {
      current = false;
    };
    // Once per screen: the choices do not depend on the filters.
  }, []);

  // The query the server reads: the parameters that apply in this view.
  const query = useMemo(() => {
    const sent = new URLSearchParams();
    for (const name of PARAMETERS) {
      const value = params.get(name);
      if (!value) continue;
      const filter = (Object.keys(REPORT_PARAMETERS) as ReportFilter[]).find((f) =>
        REPORT_PARAMETERS[f].includes(name),
      );
      if (filter && !applies(filter)) continue;
      sent.set(name, value);
    }
    return sent.toString();
    // `applies` reads the view, which the parameters give.
  }, [params, report]);
  const ready = !applies('session') || !!params.get('sessionId');

  // The result shown stays while the next is read: `shown` tells it by its report and view.
  const { result, error: resultError } = useReportRead<ReportResult>(
    ready ? `rapports/${report.id}?${query}` : undefined,
    { keep: true },
  );
  const error = resultError ?? choicesError;

  const shown =
    result && result.rapport === report.id && result.vue === view.key ? result : undefined;
  const departements = (choices?.departements ?? []).filter(
    (d) => !get('zoneId') || d.zoneId === get('zoneId'),
  );
  const label = view.label.toLowerCase();
  const rows = shown ? [...shown.lignes, shown.total] : [];
  const empty = !shown || shown.lignes.length === 0;
  const page = Math.max(1, Number(get('page')) || 1);
  const perPage = Number(get('parPage')) || 50;

  return {
    choices,
    error,
    get,
    view,
    applies,
    change,
    query,
    ready,
    shown,
    departements,
    label,
    rows,
    empty,
    page,
    perPage,
  };
};

export type ReportState = ReturnType<typeof useReport>;
