import {
  Alert,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatNumber } from '../../common/format';
import { counts, type Preview } from './automaticAllocationModel';
import { Figure, MotifTable } from './AutomaticRunProgress';
import { WITHIN_PAGE } from '../../common/filters';

/** Those left without a seat, why (the first ones only when they are many). */
const Unplaced = ({ preview }: { preview: Preview }) => (
  <>
    <Typography variant="subtitle1" gutterBottom>
      Candidats sans place ({formatNumber(preview.nonPlacesTotal)})
    </Typography>
    {preview.nonPlacesTotal > preview.nonPlaces.length ? (
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Les {formatNumber(preview.nonPlaces.length)} premiers sont listés.
      </Typography>
    ) : null}
    <MotifTable label="Candidats sans place" maxHeight={400} rows={preview.nonPlaces} />
  </>
);

/** The plan as it would be applied now: its figures, per site those placed, those left without. */
export const AutomaticAllocationPreview = ({ preview }: { preview: Preview }) => (
  <>
    <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
      <Figure label="Candidats à placer" value={preview.candidats} />
      <Figure label="Placés" value={preview.places} tone="success.main" />
      <Figure
        label="Sans place"
        value={preview.nonPlacesTotal}
        tone={preview.nonPlacesTotal > 0 ? 'warning.main' : undefined}
      />
    </Stack>
    {preview.candidats === 0 ? (
      <Alert severity="info" sx={{ mb: 2 }}>
        Aucun candidat validé de cette session n’attend d’être affecté.
      </Alert>
    ) : null}
    <Typography variant="subtitle1" gutterBottom>
      Répartition par site de composition
    </Typography>
    <TableContainer sx={{ ...WITHIN_PAGE, mb: 3 }}>
      <Table size="small" aria-label="Répartition par site de composition">
        <TableHead>
          <TableRow>
            <TableCell>Zone</TableCell>
            <TableCell>Département</TableCell>
            <TableCell>Centre d’examen</TableCell>
            <TableCell>Site de composition</TableCell>
            <TableCell align="right">Capacité</TableCell>
            <TableCell align="right">Déjà affectés</TableCell>
            <TableCell align="right">Placés par l’affectation</TableCell>
            <TableCell align="right">Places libres après</TableCell>
            <TableCell>Métiers</TableCell>
            <TableCell>Langues</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.sites.map((s) => (
            <TableRow key={s.siteId}>
              <TableCell>{s.zone}</TableCell>
              <TableCell>{s.departement}</TableCell>
              <TableCell>{s.centre}</TableCell>
              <TableCell>{s.libelle}</TableCell>
              <TableCell align="right">{formatNumber(s.capacite)}</TableCell>
              <TableCell align="right">{formatNumber(s.occupes)}</TableCell>
              <TableCell align="right">{formatNumber(s.affectes)}</TableCell>
              <TableCell align="right">{formatNumber(s.libres)}</TableCell>
              <TableCell>{counts(s.metiers)}</TableCell>
              <TableCell>{counts(s.langues)}</TableCell>
            </TableRow>
          ))}
          {preview.sites.length === 0 ? (
            <TableRow>
              <TableCell colSpan={10}>Aucun site de composition actif.</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
    {preview.nonPlacesTotal > 0 ? <Unplaced preview={preview} /> : null}
  </>
);
