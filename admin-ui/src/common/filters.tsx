import { MenuItem, TextField } from '@mui/material';
import { SEXES } from '@examens-pro/domain';
import type { ReactNode } from 'react';
import type { Named, SessionChoice } from './choices';

export const SessionSelect = ({
  sessions,
  value,
  onChange,
  disabled,
  sx,
}: {
  sessions: readonly SessionChoice[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
  sx?: { mb?: number };
}) => (
  <NamedSelect
    label="Session"
    value={value}
    onChange={onChange}
    items={sessions}
    minWidth={260}
    disabled={disabled}
    sx={sx}
  />
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
 * A required choice among named items (no « Tous »): a session, a jury, a métier…; `itemText`
 * says more than the name when the item needs it. A value not (or not yet) among the items shows
 * as none.
 */
export const NamedSelect = <T extends Named>({
  label,
  value,
  onChange,
  items,
  minWidth = 240,
  disabled,
  helperText,
  itemText = (item) => item.libelle,
  sx,
}: {
  label: string;
  value: string;
  onChange: (id: string) => void;
  items: readonly T[];
  minWidth?: number;
  disabled?: boolean;
  helperText?: string;
  itemText?: (item: T) => ReactNode;
  sx?: { mb?: number };
}) => (
  <TextField
    select
    fullWidth={false}
    label={label}
    value={items.some((i) => i.id === value) ? value : ''}
    onChange={(e) => onChange(e.target.value)}
    sx={{ minWidth, ...sx }}
    disabled={disabled}
    helperText={helperText}
  >
    {items.map((item) => (
      <MenuItem key={item.id} value={item.id}>
        {itemText(item)}
      </MenuItem>
    ))}
  </TextField>
);

/** « Sexe »: « Tous » (no filter), then each sex. */
export const SexFilter = ({
  value,
  onChange,
  minWidth,
}: {
  value: string;
  onChange: (sexe: string) => void;
  minWidth: number;
}) => (
  <TextField
    select
    fullWidth={false}
    label="Sexe"
    value={value}
    onChange={(e) => onChange(e.target.value)}
    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    sx={{ minWidth }}
  >
    <MenuItem value="">Tous</MenuItem>
    {SEXES.map((s) => (
      <MenuItem key={s.value} value={s.value}>
        {s.label}
      </MenuItem>
    ))}
  </TextField>
);

/**
 * A wide table scrolls within the page rather than widening it: react-admin's layout takes its
 * content's width, so the table's own (many columns) must not count (`contain: inline-size`).
 */
export const WITHIN_PAGE = { contain: 'inline-size' } as const;
