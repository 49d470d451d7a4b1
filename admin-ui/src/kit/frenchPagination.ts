import type { TablePaginationProps } from '@mui/material';
import { formatNumber } from '../common/format';

/** The French words of a Material UI table pagination (« 1–25 sur 1 200 », its buttons' names). */
export const FRENCH_TABLE_PAGINATION: Pick<
  TablePaginationProps,
  'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'
> = {
  labelRowsPerPage: 'Lignes par page :',
  labelDisplayedRows: ({ from, to, count }) =>
    `${formatNumber(from)}–${formatNumber(to)} sur ${formatNumber(count)}`,
  getItemAriaLabel: (type) =>
    ({
      first: 'Première page',
      last: 'Dernière page',
      next: 'Page suivante',
      previous: 'Page précédente',
    })[type],
};
