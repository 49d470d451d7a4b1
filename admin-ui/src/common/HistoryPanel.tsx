import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  Loading,
  useDataProvider,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { formatDecimalForInput } from '@examens-pro/domain';
import type { ExamensDataProvider } from '../dashboard/dataProvider';
import { formatDate, formatDateTime, useOfficeTimeZone } from './format';

/** A calendar day (a session's dates, a deadline) reads DD/MM/YYYY here as on every screen. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const show = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'boolean'
      ? value
        ? 'Oui'
        : 'Non'
      : typeof value === 'string' && DAY.test(value)
        ? formatDate(value)
        : typeof value === 'number'
          ? // « 2,5 », without group spaces (a year stays 2027).
            formatDecimalForInput(value)
          : String(value);

/** The item's history, read from its events: who, when, what, and each field before → after. */
export const HistoryPanel = () => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const translate = useTranslate();
  const timeZone = useOfficeTimeZone();
  const { data, isPending } = useQuery({
    queryKey: [resource, 'history', record?.id, record?.version],
    queryFn: () => dataProvider.history(resource!, { id: record!.id }),
    enabled: Boolean(record && resource),
  });
  if (isPending) return <Loading />;
  if (!data || data.length === 0)
    return <Typography>{translate('app.aucunHistorique')}</Typography>;
  return (
    <Table size="small" aria-label={translate('app.historique')}>
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Par</TableCell>
          <TableCell>Action</TableCell>
          <TableCell>Changements</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {[...data].reverse().map((entry) => (
          <TableRow key={entry.revision}>
            <TableCell>{formatDateTime(entry.at, timeZone)}</TableCell>
            <TableCell>{entry.actor}</TableCell>
            <TableCell>{entry.action}</TableCell>
            <TableCell>
              {entry.changes.map((change) => (
                <div key={change.field}>
                  {change.label} : {show(change.before)} → {show(change.after)}
                </div>
              ))}
              {entry.reason ? <div>Motif : {entry.reason}</div> : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
