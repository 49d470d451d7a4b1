import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { COVERAGE_STATE_LABELS, type CoverageRow, type CoverageState } from '@examens-pro/domain';
import { formatNumber, plural } from '../../common/format';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { SessionSelect, WITHIN_PAGE } from '../../common/filters';
import { useSessions } from '../../common/useSessions';

interface Coverage {
  readonly rows: readonly (CoverageRow & { readonly centre: string; readonly metier: string })[];
  readonly totaux: {
    readonly paires: number;
    readonly couvertes: number;
    readonly sansJury: number;
    readonly chevauchements: number;
  };
  readonly nonAffectes: number;
  readonly jurys: number;
}

const STATE_COLORS: Record<CoverageState, 'success' | 'warning' | 'error'> = {
  couvert: 'success',
  'non-couvert': 'warning',
  chevauchement: 'error',
};

/**
 * « Couverture des jurys », above the juries: for a session, each (centre d'examen, métier) pair
 * that has candidates (allocated to a site of the centre), with the jury covering it; the pairs
 * without a jury and those with several first, and counted.
 */
export const CoveragePanel = () => {
  const {
    sessions,
    sessionId,
    setSessionId,
    loaded,
    error: sessionsError,
  } = useSessions(null, 'couverture-jurys/sessions');
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [coverage, setCoverage] = useState<Coverage>();
  const [error, setError] = useState<string>();

  // Read after this tab's last command (the provider's reads all are): a jury just composed counts.
  const load = useCallback(() => {
    if (!sessionId) return () => undefined;
    let current = true;
    setCoverage(undefined);
    setError(undefined);
    dataProvider
      .read<Coverage>('couverture-jurys', { sessionId })
      .then((found) => {
        if (current) setCoverage(found);
      })
      .catch((e: Error) => {
        if (current) setError(e.message);
      });
    return () => {
      current = false;
    };
  }, [sessionId]);
  useEffect(load, [load]);

  const totaux = coverage?.totaux;
  return (
    <Card sx={{ mt: 1, mb: 2 }} component="section" aria-label="Couverture des jurys">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Couverture des jurys
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Chaque couple centre d’examen – métier ayant des candidats affectés doit être couvert par
          un jury, et un seul.
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center">
          <SessionSelect sessions={sessions} value={sessionId} onChange={setSessionId} />
          <Button startIcon={<RefreshIcon />} onClick={load} disabled={!sessionId}>
            Actualiser
          </Button>
        </Stack>
        {sessionsError || error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {sessionsError ?? error}
          </Alert>
        ) : null}
        {loaded && sessions.length === 0 && !sessionsError ? (
          <Typography sx={{ mt: 2 }}>Aucune session.</Typography>
        ) : null}
        {sessionId && !coverage && !error ? <LinearProgress sx={{ mt: 2 }} /> : null}
        {coverage && totaux ? (
          <>
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 2, mb: 1 }}>
              <Chip label={`${plural(totaux.paires, 'couple')} avec candidats`} />
              <Chip color="success" label={`${plural(totaux.couvertes, 'couvert')}`} />
              <Chip
                color={totaux.sansJury > 0 ? 'warning' : 'default'}
                label={`${plural(totaux.sansJury, 'couple')} sans jury`}
              />
              <Chip
                color={totaux.chevauchements > 0 ? 'error' : 'default'}
                label={`${plural(totaux.chevauchements, 'couple')} à plusieurs jurys`}
              />
            </Stack>
            {totaux.sansJury > 0 ? (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {totaux.sansJury === 1
                  ? 'Un couple centre d’examen – métier n’a pas de jury : composez-en un ou étendez un jury existant.'
                  : `${formatNumber(totaux.sansJury)} couples centre d’examen – métier n’ont pas de jury : composez-en ou étendez les jurys existants.`}
              </Alert>
            ) : null}
            {totaux.chevauchements > 0 ? (
              <Alert severity="error" sx={{ mb: 1 }}>
                Des couples sont couverts par plusieurs jurys : retirez-les de tous les jurys sauf
                un.
              </Alert>
            ) : null}
            {coverage.nonAffectes > 0 ? (
              <Alert severity="info" sx={{ mb: 1 }}>
                {plural(coverage.nonAffectes, 'candidat validé', 'candidats validés')} sans site de
                composition : leur centre d’examen sera connu après l’affectation.
              </Alert>
            ) : null}
            {coverage.rows.length === 0 ? (
              <Typography>Aucun candidat affecté dans cette session.</Typography>
            ) : (
              <TableContainer sx={{ ...WITHIN_PAGE, maxHeight: 360 }}>
                <Table size="small" stickyHeader aria-label="Couverture des jurys">
                  <TableHead>
                    <TableRow>
                      <TableCell>Centre d’examen</TableCell>
                      <TableCell>Métier</TableCell>
                      <TableCell align="right">Candidats</TableCell>
                      <TableCell>Jury</TableCell>
                      <TableCell>État</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {coverage.rows.map((row) => (
                      <TableRow key={`${row.centreExamenId}+${row.metierId}`} data-etat={row.etat}>
                        <TableCell>{row.centre}</TableCell>
                        <TableCell>{row.metier}</TableCell>
                        <TableCell align="right">{formatNumber(row.candidats)}</TableCell>
                        <TableCell>
                          {row.jurys.length === 0
                            ? '—'
                            : row.jurys
                                .map((j) => (j.actif ? j.libelle : `${j.libelle} (désactivé)`))
                                .join(', ')}
                        </TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={STATE_COLORS[row.etat]}
                            label={COVERAGE_STATE_LABELS[row.etat]}
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
};
