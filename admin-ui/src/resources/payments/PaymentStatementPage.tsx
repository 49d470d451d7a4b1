import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Title } from 'react-admin';
import { formatFcfa, type StatementChannel } from '@examens-pro/domain';
import { SessionSelect } from '../../common/filters';
import { formatNumber } from '../../common/format';
import { FileInput } from '../../kit/FileInput';
import { StatementLines } from './StatementLines';
import { usePaymentStatement } from './usePaymentStatement';

const CHANNELS: { id: StatementChannel; libelle: string }[] = [
  { id: 'virement', libelle: 'Banque (virement)' },
  { id: 'mobile-money', libelle: 'Mobile money' },
];

/**
 * « Paiements depuis un relevé »: a bank's or mobile-money operator's statement (CSV or XLSX) for a
 * session, previewed line by line (the dossier found, its confidence and why), the doubtful lines
 * decided, then applied all or nothing as the dossiers' payments.
 */
export const PaymentStatementPage = () => {
  const s = usePaymentStatement();
  const statement = s.statement;
  const applied = statement?.statut === 'applique';
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Paiements depuis un relevé" />
      <Card>
        <CardContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Chaque ligne du relevé est rapprochée d’un dossier de la session : par son numéro de
            dossier exact (certaine), sinon par le téléphone du candidat et un montant égal à son
            reste à payer (douteuse, à décider). Les paiements sont enregistrés tous ensemble, ou
            aucun.
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
            <SessionSelect
              sessions={s.sessions}
              value={s.sessionId}
              onChange={s.setSessionId}
              disabled={s.busy || Boolean(statement)}
            />
            <TextField
              select
              label="Provenance du relevé"
              value={s.canal}
              onChange={(event) => s.setCanal(event.target.value as StatementChannel)}
              disabled={s.busy || Boolean(statement)}
              sx={{ minWidth: 220 }}
            >
              {CHANNELS.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.libelle}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <FileInput
            label="Fichier du relevé"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            help="CSV ou XLSX. Colonnes : date (JJ/MM/AAAA), montant, référence, et numéro de dossier ou téléphone du candidat."
            file={s.file}
            problem={undefined}
            onChange={s.setFile}
          />
          <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
            <Button
              variant="outlined"
              startIcon={<VisibilityIcon />}
              onClick={() => void s.preview()}
              disabled={!s.sessionId || !s.file || s.busy || Boolean(statement)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Prévisualiser le relevé
            </Button>
            <Button
              variant="contained"
              startIcon={<PlaylistAddCheckIcon />}
              onClick={() => void s.apply()}
              disabled={!statement || applied || s.busy || statement.aDecider > 0}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Appliquer les paiements
            </Button>
            {statement ? (
              <Button onClick={s.restart} disabled={s.busy}>
                Importer un autre relevé
              </Button>
            ) : null}
          </Stack>
          {s.error ? (
            <Alert severity="error" sx={{ mt: 2 }} className="statement-error">
              {s.error}
              {s.problems.length > 1 ? (
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {s.problems.slice(0, 20).map((p) => (
                    <li key={`${p.ligne}-${p.colonne}`}>{p.message}</li>
                  ))}
                </Box>
              ) : null}
            </Alert>
          ) : null}
          {applied ? (
            <Alert severity="success" sx={{ mt: 2 }} role="status">
              {formatNumber(statement.paiements)} paiement{statement.paiements > 1 ? 's' : ''}{' '}
              enregistré{statement.paiements > 1 ? 's' : ''} (
              {formatFcfa(statement.montantApplique)}).
            </Alert>
          ) : statement && statement.aDecider > 0 ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {formatNumber(statement.aDecider)} correspondance
              {statement.aDecider > 1 ? 's douteuses' : ' douteuse'} à décider avant d’appliquer.
            </Alert>
          ) : null}
        </CardContent>
      </Card>
      {statement ? (
        <StatementLines
          statement={statement}
          busy={s.busy}
          onDecide={(ligne, id) => void s.decide(ligne, id)}
        />
      ) : null}
    </Box>
  );
};
