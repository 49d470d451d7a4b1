import { useRecordContext } from 'react-admin';
import { formatDateTime, useOfficeTimeZone } from './format';

/** A date and time as `DD/MM/YYYY à HH h MM`, on the office's clocks. */
export const DateTimeField = ({
  source,
}: {
  source: string;
  label?: string;
  sortable?: boolean;
}) => {
  const record = useRecordContext();
  const timeZone = useOfficeTimeZone();
  return <span>{formatDateTime(record?.[source] as string | undefined, timeZone)}</span>;
};

/** "Actif" / "Inactif", clearer than a tick for a list staff print. */
export const ActiveField = ({
  source = 'actif',
}: {
  source?: string;
  label?: string;
  sortable?: boolean;
}) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <span style={{ color: record[source] ? '#1b5e20' : '#8a1c1c', fontWeight: 500 }}>
      {record[source] ? 'Actif' : 'Inactif'}
    </span>
  );
};
