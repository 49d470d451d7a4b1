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
  TextField,
  Typography,
} from '@mui/material';
import { Title } from 'react-admin';
import { SEXES } from '@examens-pro/domain';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { download } from '../../common/ExportButtons';
import { FilterSelect, SessionSelect } from '../allocation/shared';
import { API } from './extractionModel';
import { ExtractionTable } from './ExtractionTable';
import { useExtraction } from './useExtraction';

/**
 * « Extraction par rang des admis »: a deliberated session's admitted candidates, filtered by
 * métier, centre de dépôt, département, zone and sex, ranked again over the filtered set (1…n by
 * average, ties by name) beside their rank within their jury, the first N only when asked; the
 * same extraction in CSV, XLSX and PDF (made by the workers, with its progress).
 */
export const ExtractionPage = () => {
  const {
    sessions,
    sessionId,
    setSessionId,
    loaded,
    sessionsError,
    choices,
    metierId,
    setMetier,
    centreDepotId,
    setCentre,
    departementId,
    setDepartement,
    zoneId,
    setZone,
    sexe,
    setSexe,
    topTyped,
    setTop,
    page,
    setPage,
    perPage,
    setPerPage,
    extraction,
    error,
    query,
    topN,
    cible,
    total,
    empty,
  } = useExtraction();

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
            <ExtractionTable
              extraction={extraction}
              total={total}
              topN={topN}
              page={page}
              setPage={setPage}
              perPage={perPage}
              setPerPage={setPerPage}
            />
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
};
