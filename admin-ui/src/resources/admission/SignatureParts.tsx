import {
  Alert,
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { SignatureDocument } from '@examens-pro/domain';
import { formatDateTime, formatNumber } from '../../common/format';
import { Sha256, signatureImageUrl } from './shared';

export const imageBox = {
  display: 'block',
  maxHeight: 160,
  maxWidth: 420,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: '#fff',
  p: 1,
} as const;

/** The signature in force: its image, version, who deposited it and when, its SHA-256. */
export const CurrentSignatureCard = ({
  current,
}: {
  current: SignatureDocument | null | undefined;
}) => (
  <Card variant="outlined" sx={{ flex: 1 }}>
    <CardContent>
      <Typography variant="h6" gutterBottom>
        Signature en vigueur
      </Typography>
      {current === undefined ? null : current ? (
        <>
          <Box
            component="img"
            src={`${signatureImageUrl('courante')}?v=${current.numero}`}
            alt={`Signature du ministre, version ${current.numero}`}
            sx={imageBox}
          />
          <Typography variant="body2" sx={{ mt: 1 }}>
            Version {current.numero}, déposée le {formatDateTime(current.deposeLe)} par{' '}
            {current.deposePar} ({current.nomFichier}, {formatNumber(current.taille)} octets)
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Empreinte SHA-256 : <Sha256 value={current.sha256} />
          </Typography>
        </>
      ) : (
        <Alert severity="info">
          Aucune signature du ministre n’a encore été déposée : aucune décision ne peut être signée.
        </Alert>
      )}
    </CardContent>
  </Card>
);

/** Every version deposited, the one in force said. */
export const SignatureVersions = ({ current }: { current: SignatureDocument }) => (
  <>
    <Typography variant="h6" gutterBottom>
      Versions déposées
    </Typography>
    <Table size="small" aria-label="Versions de la signature">
      <TableHead>
        <TableRow>
          <TableCell>Version</TableCell>
          <TableCell>Image</TableCell>
          <TableCell>Déposée le</TableCell>
          <TableCell>Par</TableCell>
          <TableCell>Fichier</TableCell>
          <TableCell>SHA-256</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {current.versions.map((v) => (
          <TableRow key={v.numero}>
            <TableCell>
              {v.numero}
              {v.numero === current.numero ? ' (en vigueur)' : ''}
            </TableCell>
            <TableCell>
              <Box
                component="img"
                src={signatureImageUrl(v.numero)}
                alt={`Signature, version ${v.numero}`}
                sx={{ maxHeight: 40, maxWidth: 140, bgcolor: '#fff' }}
              />
            </TableCell>
            <TableCell>{formatDateTime(v.deposeLe)}</TableCell>
            <TableCell>{v.deposePar}</TableCell>
            <TableCell>{v.nomFichier}</TableCell>
            <TableCell>
              <Sha256 value={v.sha256} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </>
);
