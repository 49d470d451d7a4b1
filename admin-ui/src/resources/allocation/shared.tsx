import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { apiJson } from '../../common/api';
import { formatNumber } from '../../common/format';

export interface SessionChoice {
  readonly id: string;
  readonly libelle: string;
  readonly statut?: string;
}

export interface Named {
  readonly id: string;
  readonly libelle: string;
}

/** `filter=…&range=…&sort=…` in the lists' dialect (ra-data-simple-rest). */
export const listQuery = (
  filter: Record<string, unknown>,
  sort: [string, 'ASC' | 'DESC'] = ['libelle', 'ASC'],
  range: [number, number] = [0, 999],
): string =>
  new URLSearchParams({
    filter: JSON.stringify(filter),
    sort: JSON.stringify(sort),
    range: JSON.stringify(range),
  }).toString();

/** « 1 candidat », « 3 candidats », « 0 candidat » (French: plural from two). */
export const plural = (n: number, singular: string, pluralForm = `${singular}s`): string =>
  `${formatNumber(n)} ${Math.abs(n) >= 2 ? pluralForm : singular}`;

/** « 87,5 % » (a no-break space before the sign, as the amounts in FCFA). */
export const formatPercent = (value: number): string => `${formatNumber(value)}\u00a0%`;

/**
 * The sessions the allocation screens choose from (`GET /api/bilan-affectation/sessions`, the most
 * recent first) and the one chosen: the address's `sessionId` when given, else the first.
 */
export const useSessions = (
  initial?: string | null,
  source = '/api/bilan-affectation/sessions',
) => {
  const [sessions, setSessions] = useState<SessionChoice[]>([]);
  const [sessionId, setSessionId] = useState(initial ?? '');
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    apiJson<SessionChoice[]>(source)
      .then((found) => {
        setSessions(found);
        setSessionId((chosen) =>
          chosen && found.some((s) => s.id === chosen) ? chosen : (found[0]?.id ?? ''),
        );
      })
      .catch((e: Error) => setError(e.message))
      .finally(() => setLoaded(true));
  }, [source]);
  return { sessions, sessionId, setSessionId, loaded, error };
};

export const SessionSelect = ({
  sessions,
  value,
  onChange,
  disabled,
}: {
  sessions: readonly SessionChoice[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}) => (
  <TextField
    select
    fullWidth={false}
    label="Session"
    value={sessions.some((s) => s.id === value) ? value : ''}
    onChange={(e) => onChange(e.target.value)}
    sx={{ minWidth: 260 }}
    disabled={disabled}
  >
    {sessions.map((s) => (
      <MenuItem key={s.id} value={s.id}>
        {s.libelle}
      </MenuItem>
    ))}
  </TextField>
);

/** A select with « Tous » first (no filter) then the items, by name. */
export const FilterSelect = ({
  label,
  value,
  onChange,
  items,
  all = 'Tous',
  minWidth = 220,
}: {
  label: string;
  value: string;
  onChange: (id: string) => void;
  items: readonly Named[];
  all?: string;
  minWidth?: number;
}) => (
  <TextField
    select
    fullWidth={false}
    label={label}
    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    value={value === '' || items.some((i) => i.id === value) ? value : ''}
    onChange={(e) => onChange(e.target.value)}
    sx={{ minWidth }}
  >
    <MenuItem value="">{all}</MenuItem>
    {items.map((item) => (
      <MenuItem key={item.id} value={item.id}>
        {item.libelle}
      </MenuItem>
    ))}
  </TextField>
);

/**
 * A wide table scrolls within the page rather than widening it: react-admin's layout takes its
 * content's width, so the table's own (many columns) must not count (`contain: inline-size`).
 */
export const WITHIN_PAGE = { contain: 'inline-size' } as const;
