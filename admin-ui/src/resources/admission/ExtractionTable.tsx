import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { WITHIN_PAGE } from '../../common/filters';
import { formatNumber, plural } from '../../common/format';
import { ReportPagination } from '../../common/report/ReportLayout';
import type { Extraction, Line } from './extractionModel';

/** « au premier », « aux 10 premiers ». */
const firstOnes = (n: number): string =>
  n === 1 ? 'au premier' : `aux ${formatNumber(n)} premiers`;

const COLUMNS: readonly { label: string; align?: 'right'; cell: (line: Line) => string }[] = [
  { label: 'Rang', align: 'right', cell: (l) => formatNumber(l.rang) },
  {
    label: 'Rang au jury',
    align: 'right',
    cell: (l) => (l.rangJury === null ? '—' : formatNumber(l.rangJury)),
  },
  { label: 'Numéro de candidat', cell: (l) => l.numeroCandidat },
  { label: 'Nom', cell: (l) => l.nom },
  { label: 'Prénoms', cell: (l) => l.prenoms },
  { label: 'Sexe', cell: (l) => l.sexeLibelle },
  { label: 'Métier', cell: (l) => l.metier },
  { label: 'Centre de dépôt', cell: (l) => l.centreDepot },
  { label: 'Département', cell: (l) => l.departement },
  { label: 'Zone', cell: (l) => l.zone },
  { label: 'Moyenne', align: 'right', cell: (l) => l.moyenneTexte },
  { label: 'Résultat', cell: (l) => l.resultatTexte },
];

/** « Admis par rang »: how many, the page of admitted candidates, the pagination. */
export const ExtractionTable = ({
  extraction,
  total,
  topN,
  page,
  setPage,
  perPage,
  setPerPage,
}: {
  extraction: Extraction;
  total: number;
  topN: string | undefined;
  page: number;
  setPage: (page: number) => void;
  perPage: number;
  setPerPage: (perPage: number) => void;
}) => (
  <>
    <Typography variant="subtitle1" sx={{ mb: 1 }} role="status">
      {total === 0
        ? 'Aucun admis ne correspond.'
        : `${plural(total, 'admis', 'admis')}${topN ? ` (extraction limitée ${firstOnes(Number(topN))})` : ''}`}
    </Typography>
    <TableContainer sx={WITHIN_PAGE}>
      <Table size="small" aria-label="Admis par rang">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c.label} align={c.align} sx={{ whiteSpace: 'nowrap' }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {extraction.lignes.map((line) => (
            <TableRow key={line.candidatureId}>
              {COLUMNS.map((c) => (
                <TableCell key={c.label} align={c.align} sx={{ whiteSpace: 'nowrap' }}>
                  {c.cell(line)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
    <ReportPagination
      count={total}
      page={total > 0 && page * perPage >= total ? 0 : page}
      onPage={setPage}
      perPage={perPage}
      onPerPage={(next) => {
        setPerPage(next);
        setPage(0);
      }}
    />
  </>
);
