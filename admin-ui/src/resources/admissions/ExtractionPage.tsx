import DownloadIcon from '@mui/icons-material/GetApp';
import TableViewIcon from '@mui/icons-material/TableView';
import {
  Alert,
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
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { SEXES, type ExtractionLine } from '@examens-pro/domain';
import { apiJson } from '../../common/api';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { download } from '../../common/ExportButtons';
import { formatNumber } from '../../common/format';
import { FRENCH_TABLE_PAGINATION } from '../../kit/frenchPagination';
import {
  FilterSelect,
  SessionSelect,
  useSessions,
  WITHIN_PAGE,
  type Named,
} from '../allocation/shared';

const API = '/api/extraction-admis';

interface Line extends ExtractionLine {
  metier: string;
  centreDepot: string;
  departement: string;
  zone: string;
  sexeLibelle: string;
  moyenneTexte: string;
  resultatTexte: string;
}

interface Extraction {
  session: string;
  total: number;
  lignes: Line[];
}

interface Choices {
  metiers: Named[];
  centres: Named[];
  departements: Named[];
  zones: Named[];
}

const NO_CHOICES: Choices = { metiers: [], centres: [], departements: [], zones: [] };

/** The top N as typed: empty (every admitted candidate) or digits; the server says the rest. */
const useSettled = (value: string, delay = 400): string => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

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

/**
 * « Extraction par rang des admis »: a deliberated session's admitted candidates, filtered by
 * métier, centre de dépôt, département, zone and sex, ranked again over the filtered set (1…n by
 * average, ties by name) beside their rank within their jury, the first N only when asked; the
 * same extraction in CSV, XLSX and PDF (made by the workers, with its progress).
 */
export const ExtractionPage = () => {
  const { search } = useLocation();
  const asked = new URLSearchParams(search).get('sessionId');
  const {
    sessions,
    sessionId,
    setSessionId,
    loaded,
    error: sessionsError,
  } = useSessions(asked, `${API}/sessions`);
  const [choices, setChoices] = useState<Choices>(NO_CHOICES);
  const [metierId, setMetier] = useState('');
  const [centreDepotId, setCentre] = useState('');
  const [departementId, setDepartement] = useState('');
  const [zoneId, setZone] = useState('');
  const [sexe, setSexe] = useState('');
  const [topTyped, setTop] = useState('');
  const top = useSettled(topTyped.trim());
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(50);
  const [extraction, setExtraction] = useState<Extraction>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!sessionId) return;
    setChoices(NO_CHOICES);
    apiJson<Choices>(`${API}/choix?sessionId=${encodeURIComponent(sessionId)}`)
      .then(setChoices)
      .catch(() => setChoices(NO_CHOICES));
  }, [sessionId]);

  /** The extraction's own parameters: the screen, the exports and the PDF ask for the same. */
  const filters = useMemo(() => {
    const chosen: Record<string, string> = { sessionId };
    for (const [name, value] of Object.entries({
      metierId,
      centreDepotId,
      departementId,
      zoneId,
      sexe,
      top,
    }))
      if (value) chosen[name] = value;
    return chosen;
  }, [sessionId, metierId, centreDepotId, departementId, zoneId, sexe, top]);
  const query = new URLSearchParams(filters).toString();

  useEffect(() => setPage(0), [query]);

  useEffect(() => {
    if (!sessionId) return;
    let current = true;
    setError(undefined);
    setExtraction(undefined);
    apiJson<Extraction>(`${API}?${query}&page=${page + 1}&parPage=${perPage}`)
      .then((found) => {
        if (current) setExtraction(found);
      })
      .catch((e: Error) => {
        if (current) setError(e.message);
      });
    return () => {
      current = false;
    };
  }, [query, page, perPage, sessionId]);

  const { top: topN, ...pdfFilters } = filters;
  const cible = { ...pdfFilters, ...(topN ? { top: Number(topN) } : {}) };
  const total = extraction?.total ?? 0;
  const empty = !extraction || total === 0 || !!error;

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Extraction par rang des admis" />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
            <SessionSelect sessions={sessions} value={sessionId} onChange={setSessionId} />
            <FilterSelect
              label="Métier"
              value={metierId}
              onChange={setMetier}
              items={choices.metiers}
            />
            <FilterSelect
              label="Centre de dépôt"
              value={centreDepotId}
              onChange={setCentre}
              items={choices.centres}
            />
            <FilterSelect
              label="Département"
              value={departementId}
              onChange={setDepartement}
              items={choices.departements}
              minWidth={200}
            />
            <FilterSelect
              label="Zone"
              value={zoneId}
              onChange={setZone}
              items={choices.zones}
              all="Toutes"
              minWidth={180}
            />
            <TextField
              select
              fullWidth={false}
              label="Sexe"
              value={sexe}
              onChange={(e) => setSexe(e.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">Tous</MenuItem>
              {SEXES.map((s) => (
                <MenuItem key={s.value} value={s.value}>
                  {s.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              fullWidth={false}
              label="Les N premiers"
              value={topTyped}
              onChange={(e) => setTop(e.target.value)}
              helperText="Vide : tous les admis"
              slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
              sx={{ width: 170 }}
            />
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
            <Button
              startIcon={<DownloadIcon />}
              onClick={() => download(`${API}/export.csv?${query}`)}
              disabled={empty}
            >
              Exporter (CSV)
            </Button>
            <Button
              startIcon={<TableViewIcon />}
              onClick={() => download(`${API}/export.xlsx?${query}`)}
              disabled={empty}
            >
              Exporter (XLSX)
            </Button>
            <DownloadDocumentButton
              kind="extraction-admis"
              label="Télécharger (PDF)"
              cible={cible}
              disabled={empty}
            />
          </Stack>
          {sessionsError || error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {sessionsError ?? error}
            </Alert>
          ) : null}
          {loaded && sessions.length === 0 && !sessionsError ? (
            <Typography>Aucune session n’a encore de candidats délibérés.</Typography>
          ) : null}
          {sessionId && !extraction && !error ? <LinearProgress /> : null}
          {extraction ? (
            <>
              <Typography variant="subtitle1" sx={{ mb: 1 }} role="status">
                {total === 0
                  ? 'Aucun admis ne correspond.'
                  : `${formatNumber(total)} admis${topN ? ` (extraction limitée ${firstOnes(Number(topN))})` : ''}`}
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
              <TablePagination
                component="div"
                count={total}
                page={total > 0 && page * perPage >= total ? 0 : page}
                onPageChange={(_, next) => setPage(next)}
                rowsPerPage={perPage}
                rowsPerPageOptions={[25, 50, 100, 250]}
                onRowsPerPageChange={(e) => {
                  setPerPage(Number(e.target.value));
                  setPage(0);
                }}
                {...FRENCH_TABLE_PAGINATION}
              />
            </>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};
