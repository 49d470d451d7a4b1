import { Chip, type ChipProps } from '@mui/material';
import { SESSION_STATUS_LABELS, type SessionStatus } from '@examens-pro/domain';

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
