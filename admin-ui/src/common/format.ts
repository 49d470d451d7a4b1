import {
  DEFAULT_TIME_ZONE,
  formatDateTimeIn,
  formatFrenchDay,
  formatTimeIn,
  frenchCount,
} from '@examens-pro/domain';
import { createStore, useStore } from './store';

/**
 * The office's time zone (`TIME_ZONE` on the server, told by `GET /api/informations`): every time
 * the dashboard shows is read on the office's clocks, whatever the browser's own zone.
 */
export const officeTimeZone = createStore<string>(DEFAULT_TIME_ZONE);

/** The office's time zone, re-rendering when the server has told it. */
export const useOfficeTimeZone = (): string => useStore(officeTimeZone);

/** `DD/MM/YYYY à HH h MM` in the office's time zone, as staff read an instant (seed §9). */
export const formatDateTime = (
  value: string | undefined | null,
  timeZone: string = officeTimeZone.get(),
): string => formatDateTimeIn(value, timeZone);

/** `HH h MM` in the office's time zone. */
export const formatTime = (
  value: string | undefined | null,
  timeZone: string = officeTimeZone.get(),
): string => formatTimeIn(value, timeZone);

/** A calendar day (`YYYY-MM-DD`) as `DD/MM/YYYY`. */
export const formatDate = (value: string | undefined | null): string => formatFrenchDay(value);

const numbers = new Intl.NumberFormat('fr-FR');
/** French number format; empty or non-numeric values show '0' (seed §5). */
export const formatNumber = (value: unknown): string => {
  const n = typeof value === 'number' ? value : Number(value);
  return value === '' || value === null || value === undefined || Number.isNaN(n)
    ? '0'
    : numbers.format(n);
};

/**
 * « 1 candidat », « 3 candidats », « 0 candidat » (French: plural from two): every count the
 * dashboard shows with its noun (the domain's `frenchCount`, which the PDFs use too).
 */
export const plural = frenchCount;

/** « 87,5 % » (a no-break space before the sign, as the amounts in FCFA). */
export const formatPercent = (value: number): string => `${formatNumber(value)}\u00a0%`;

/** « 320 ko », « 1,4 Mo ». */
export const fileSize = (bytes: number | null | undefined): string =>
  typeof bytes !== 'number'
    ? ''
    : bytes < 1024 * 1024
      ? `${formatNumber(Math.ceil(bytes / 1024))} ko`
      : `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} Mo`;
