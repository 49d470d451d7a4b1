import dayjs from 'dayjs';
import 'dayjs/locale/fr';

dayjs.locale('fr');

/** `DD/MM/YYYY à HH h mm`, as staff read dates with a time (architecture contract). */
export const formatDateTime = (value: string | undefined | null): string =>
  value ? dayjs(value).format('DD/MM/YYYY [à] HH [h] mm') : '';

export const formatDate = (value: string | undefined | null): string =>
  value ? dayjs(value).format('DD/MM/YYYY') : '';

const numbers = new Intl.NumberFormat('fr-FR');
/** French number format; empty or non-numeric values show '0' (seed §5). */
export const formatNumber = (value: unknown): string => {
  const n = typeof value === 'number' ? value : Number(value);
  return value === '' || value === null || value === undefined || Number.isNaN(n)
    ? '0'
    : numbers.format(n);
};
