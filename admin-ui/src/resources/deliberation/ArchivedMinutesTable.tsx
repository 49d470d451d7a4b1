import DownloadIcon from '@mui/icons-material/Download';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import {
  Box,
  Button,
  Chip,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDate, formatDateTime } from '../../common/format';
import {
  archivedFileUrl,
  formatSize,
  IntegrityChip,
  Sha256,
  type ArchivedVersion,
  type Integrity,
} from './shared';

/** « Procès-verbaux archivés »: each version, its hash and size, its check, to open or download. */
export const ArchivedMinutesTable = ({
  rows,
  checks,
  check,
  timeZone,
}: {
  rows: readonly ArchivedVersion[];
  checks: Readonly<Record<string, Integrity>>;
  check: (id: string) => Promise<void>;
  timeZone: string;
}) => (
  <Box sx={{ overflowX: 'auto' }}>
    <Table size="small" aria-label="Procès-verbaux archivés">
      <TableHead>
        <TableRow>
          <TableCell>Procès-verbal</TableCell>
          <TableCell>Session</TableCell>
          <TableCell>Arrêté</TableCell>
          <TableCell>Version</TableCell>
          <TableCell>Archivé le</TableCell>
          <TableCell>Par</TableCell>
          <TableCell>SHA-256 et taille</TableCell>
          <TableCell>Empreinte</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((v) => (
          <TableRow key={v.id}>
            <TableCell>{v.libelle}</TableCell>
            <TableCell>{v.session}</TableCell>
            <TableCell>
              n° {v.numeroArrete} du {formatDate(v.dateArrete)}
            </TableCell>
            <TableCell>
              {v.numeroVersion}{' '}
              {v.derniere ? <Chip size="small" variant="outlined" label="dernière" /> : null}
            </TableCell>
            <TableCell>{formatDateTime(v.archiveLe, timeZone)}</TableCell>
            <TableCell>{v.archivePar}</TableCell>
            <TableCell>
              <Sha256 value={v.sha256} />
              <Typography variant="caption" color="text.secondary" component="div">
                {formatSize(v.taille)}
              </Typography>
            </TableCell>
            <TableCell>
              {checks[v.id] ? <IntegrityChip integrity={checks[v.id]!} /> : null}
            </TableCell>
            <TableCell>
              <Stack spacing={0.5} alignItems="flex-start">
                <MuiLink href={archivedFileUrl(v.id, true)} target="_blank" rel="noopener">
                  Ouvrir
                </MuiLink>
                <Button
                  size="small"
                  href={archivedFileUrl(v.id)}
                  startIcon={<DownloadIcon />}
                  aria-label={`Télécharger la version ${v.numeroVersion} de ${v.libelle}`}
                >
                  Télécharger
                </Button>
                <Button
                  size="small"
                  startIcon={<FactCheckIcon />}
                  onClick={() => void check(v.id)}
                  aria-label={`Vérifier l’empreinte de la version ${v.numeroVersion} de ${v.libelle}`}
                >
                  Vérifier
                </Button>
              </Stack>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </Box>
);
