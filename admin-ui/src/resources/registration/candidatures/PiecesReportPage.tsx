import DownloadIcon from '@mui/icons-material/GetApp';
import TableViewIcon from '@mui/icons-material/TableView';
import {
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Title } from 'react-admin';
import { download } from '../../../common/ExportButtons';
import { PiecesReportTable } from './PiecesReportTable';
import { usePiecesReport } from './usePiecesReport';

const STATUTS = [
  { value: '', label: 'Tous, sauf les désistés' },
  { value: 'brouillon', label: 'Brouillon' },
  { value: 'soumis', label: 'Soumis' },
  { value: 'valide', label: 'Validé' },
  { value: 'affecte', label: 'Affecté' },
  { value: 'rejete', label: 'Rejeté' },
  { value: 'desiste', label: 'Désisté' },
];

/**
 * « Bilan général des pièces »: for a session, per centre de dépôt and métier, the dossiers whose
 * obligatory pièces are all validated, those still incomplete, those holding a rejected pièce, and
 * the totals; filters by centre, métier and statut; the same table in CSV or XLSX.
 */
export const PiecesReportPage = () => {
  const {
    sessions,
    sessionId,
    setSessionId,
    centreDepotId,
    setCentre,
    metierId,
    setMetier,
    statut,
    setStatut,
    rows,
    error,
    query,
    choices,
  } = usePiecesReport();

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Bilan général des pièces" />
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <TextField
              select
              label="Session"
              value={sessionId}
              onChange={(e) => {
                setSessionId(e.target.value);
                setCentre('');
                setMetier('');
              }}
              sx={{ minWidth: 240 }}
            >
              {sessions.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.libelle}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Centre de dépôt"
              SelectProps={{ displayEmpty: true }}
              InputLabelProps={{ shrink: true }}
              value={centreDepotId}
              onChange={(e) => setCentre(e.target.value)}
              sx={{ minWidth: 240 }}
            >
              <MenuItem value="">Tous</MenuItem>
              {choices('centreDepotId', 'centreDepot').map(([id, name]) => (
                <MenuItem key={id} value={id}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Métier"
              SelectProps={{ displayEmpty: true }}
              InputLabelProps={{ shrink: true }}
              value={metierId}
              onChange={(e) => setMetier(e.target.value)}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">Tous</MenuItem>
              {choices('metierId', 'metier').map(([id, name]) => (
                <MenuItem key={id} value={id}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Statut des dossiers"
              SelectProps={{ displayEmpty: true }}
              InputLabelProps={{ shrink: true }}
              value={statut}
              onChange={(e) => setStatut(e.target.value)}
              sx={{ minWidth: 200 }}
            >
              {STATUTS.map((s) => (
                <MenuItem key={s.value} value={s.value}>
                  {s.label}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => download(`/api/bilan-pieces/export.csv?${query}`)}
              disabled={!sessionId}
            >
              Exporter (CSV)
            </Button>
            <Button
              startIcon={<TableViewIcon />}
              onClick={() => download(`/api/bilan-pieces/export.xlsx?${query}`)}
              disabled={!sessionId}
            >
              Exporter (XLSX)
            </Button>
          </Stack>
          {error ? <Typography color="error">{error}</Typography> : null}
          {!sessionId && !error ? <Typography>Aucune session.</Typography> : null}
          {sessionId && !rows ? <LinearProgress /> : null}
          {rows ? <PiecesReportTable rows={rows} /> : null}
        </CardContent>
      </Card>
    </Box>
  );
};
