import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { CANDIDATURE_STATUS_LABELS } from '@examens-pro/domain';
import { formatDate, formatNumber } from '../../../common/format';
import type { Found } from './searchModel';

/** « Candidats trouvés »: how many, then each (a click opens its view). */
export const FoundCandidates = ({
  found,
  choose,
}: {
  found: { total: number; candidats: Found[] };
  choose: (id: string) => void;
}) => (
  <>
    <Typography variant="body2" sx={{ mb: 1 }}>
      {found.total === 0
        ? 'Aucun candidat ne correspond.'
        : `${formatNumber(found.total)} candidat${found.total > 1 ? 's' : ''} trouvé${found.total > 1 ? 's' : ''}${found.total > found.candidats.length ? ` (les ${found.candidats.length} premiers)` : ''}.`}
    </Typography>
    <Table size="small" aria-label="Candidats trouvés">
      <TableHead>
        <TableRow>
          <TableCell>N° candidat</TableCell>
          <TableCell>N° dossier</TableCell>
          <TableCell>Nom et prénoms</TableCell>
          <TableCell>Né(e) le</TableCell>
          <TableCell>Statut</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {found.candidats.map((f) => (
          <TableRow key={f.id} hover sx={{ cursor: 'pointer' }} onClick={() => choose(f.id)}>
            <TableCell>{f.numeroCandidat ?? '—'}</TableCell>
            <TableCell>{f.numeroDossier}</TableCell>
            <TableCell>{f.libelle}</TableCell>
            <TableCell>{formatDate(f.dateNaissance)}</TableCell>
            <TableCell>{CANDIDATURE_STATUS_LABELS[f.statut] ?? f.statut}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </>
);
