import {
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDateTime } from '../../common/format';
import { archivedFileUrl, formatSize, Sha256, type ArchivedVersion } from './shared';

/** « Versions archivées » of a centre's PV: each with its SHA-256, its size, a link to open it. */
export const ArchivedVersions = ({
  versions,
  timeZone,
}: {
  versions: readonly ArchivedVersion[];
  timeZone: string | undefined;
}) => (
  <>
    <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
      Versions archivées
    </Typography>
    {versions.length === 0 ? (
      <Typography variant="body2" color="text.secondary">
        Aucune version archivée pour ce centre.
      </Typography>
    ) : (
      <Table size="small" aria-label="Versions archivées">
        <TableHead>
          <TableRow>
            <TableCell>Version</TableCell>
            <TableCell>Archivée le</TableCell>
            <TableCell>Par</TableCell>
            <TableCell>SHA-256</TableCell>
            <TableCell>Taille</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.map((v) => (
            <TableRow key={v.id}>
              <TableCell>
                {v.numeroVersion}
                {v.derniere ? ' (dernière)' : ''}
              </TableCell>
              <TableCell>{formatDateTime(v.archiveLe, timeZone)}</TableCell>
              <TableCell>{v.archivePar}</TableCell>
              <TableCell>
                <Sha256 value={v.sha256} />
              </TableCell>
              <TableCell>{formatSize(v.taille)}</TableCell>
              <TableCell>
                <MuiLink href={archivedFileUrl(v.id, true)} target="_blank" rel="noopener">
                  Ouvrir
                </MuiLink>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    )}
  </>
);
