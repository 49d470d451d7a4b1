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
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { apiJson } from '../../common/api';
import { download } from '../../common/ExportButtons';
import { formatNumber } from '../../common/format';

interface ReportRow {
  id: string;
  centreDepotId: string | null;
  metierId: string | null;
  centreDepot: string;
  metier: string;
  complet: number;
  incomplet: number;
  rejete: number;
  total: number;
}

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
  const [sessions, setSessions] = useState<{ id: string; libelle: string }[]>([]);
  const [sessionId, setSessionId] = useState('');
  const [centreDepotId, setCentre] = useState('');
  const [metierId, setMetier] = useState('');
  const [statut, setStatut] = useState('');
  const [rows, setRows] = useState<ReportRow[]>();
  const [all, setAll] = useState<ReportRow[]>([]);
  const [error, setError] = useState<string>();

  useEffect(() => {
    apiJson<{ id: string; libelle: string }[]>('/api/bilan-pieces/sessions')
      .then((found) => {
        setSessions(found);
        if (found[0]) setSessionId(found[0].id);
      })
      .catch((e: Error) => setError(e.message));
  }, []);

  const filter = useMemo(
    () =>
      Object.fromEntries(
        Object.entries({ sessionId, centreDepotId, metierId, statut }).filter(([, v]) => v !== ''),
      ),
    [sessionId, centreDepotId, metierId, statut],
  );
  const query = `filter=${encodeURIComponent(JSON.stringify(filter))}`;

  useEffect(() => {
    if (!sessionId) return;
    setRows(undefined);
    apiJson<ReportRow[]>(`/api/bilan-pieces?${query}`)
      .then(setRows)
      .catch((e: Error) => setError(e.message));
  }, [query, sessionId]);

  // The choices of centre and métier: those the session's dossiers hold.
  useEffect(() => {
    if (!sessionId) return;
    apiJson<ReportRow[]>(
      `/api/bilan-pieces?filter=${encodeURIComponent(JSON.stringify({ sessionId }))}`,
    )
      .then(setAll)
      .catch(() => setAll([]));
  }, [sessionId]);
  const choices = (key: 'centreDepotId' | 'metierId', name: 'centreDepot' | 'metier') =>
    [
      ...new Map(
        all.filter((r) => r[key]).map((r) => [r[key] as string, r[name]] as const),
      ).entries(),
    ].sort((a, b) => a[1].localeCompare(b[1], 'fr'));

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
          {rows ? (
            <Table size="small" aria-label="Bilan général des pièces">
              <TableHead>
                <TableRow>
                  <TableCell>Centre de dépôt</TableCell>
                  <TableCell>Métier</TableCell>
                  <TableCell align="right">Dossiers complets</TableCell>
                  <TableCell align="right">Dossiers incomplets</TableCell>
                  <TableCell align="right">Avec une pièce rejetée</TableCell>
                  <TableCell align="right">Total</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const total = row.id === 'total';
                  const cell = { fontWeight: total ? 700 : undefined };
                  return (
                    <TableRow key={row.id}>
                      <TableCell sx={cell}>{row.centreDepot}</TableCell>
                      <TableCell sx={cell}>{row.metier}</TableCell>
                      <TableCell sx={cell} align="right">
                        {formatNumber(row.complet)}
                      </TableCell>
                      <TableCell sx={cell} align="right">
                        {formatNumber(row.incomplet)}
                      </TableCell>
                      <TableCell sx={cell} align="right">
                        {formatNumber(row.rejete)}
                      </TableCell>
                      <TableCell sx={cell} align="right">
                        {formatNumber(row.total)}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};
