import { Chip, type ChipProps } from '@mui/material';
import {
  SESSION_STATUS_LABELS,
  SESSION_STATUSES,
  type SessionDocument,
  type SessionStatus,
} from '@examens-pro/domain';
import { FunctionField, type RaRecord } from 'react-admin';
import { formatDate } from '../../common/format';
import { referenceResource } from '../lists/definition';

/** react-admin's resources are the dashboard paths: the sessions' and the examens' screens. */
export const SESSIONS = referenceResource('sessions');
export const EXAMENS = referenceResource('examens');

export type Session = RaRecord & SessionDocument;

export const STATUS_CHOICES = SESSION_STATUSES.map((statut) => ({
  id: statut,
  name: SESSION_STATUS_LABELS[statut],
}));

/**
 * One colour per step, so a list of sessions reads at a glance: green while candidates may
 * register, greyed out once closed for good.
 */
const STATUS_COLORS: Record<SessionStatus, ChipProps['color']> = {
  preparation: 'default',
  'inscriptions-ouvertes': 'success',
  'inscriptions-closes': 'warning',
  composition: 'info',
  deliberation: 'secondary',
  cloturee: 'default',
};

export const StatusChip = ({ statut }: { statut: SessionStatus }) => (
  <Chip
    size="small"
    label={SESSION_STATUS_LABELS[statut] ?? statut}
    color={STATUS_COLORS[statut] ?? 'default'}
    variant={statut === 'cloturee' ? 'outlined' : 'filled'}
  />
);

/** Layouts read `source` and `label` from the element itself: callers pass both. */
export const StatusField = ({ label }: { source: 'statut'; label: string }) => (
  <FunctionField<Session>
    source="statut"
    label={label}
    sortable={false}
    render={(record) => <StatusChip statut={record.statut} />}
  />
);

/** A calendar day (YYYY-MM-DD) as staff read it, DD/MM/YYYY. */
export const DayField = ({
  source,
  label,
  sortable = false,
}: {
  source: keyof SessionDocument & string;
  label: string;
  sortable?: boolean;
}) => (
  <FunctionField<Session>
    source={source}
    label={label}
    sortable={sortable}
    render={(record) => formatDate(record[source] as string)}
  />
);
