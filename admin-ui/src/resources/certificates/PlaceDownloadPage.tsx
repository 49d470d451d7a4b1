import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { FilterSelect, SessionSelect } from '../../common/filters';
import { listQuery, type Named } from '../../common/choices';
import { plural } from '../../common/format';
import { useSessions } from '../../common/useSessions';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { AttestationButtons } from './shared';

type Level = 'departementId' | 'zoneId';

/** Admitted candidates of a session in a place, and how many already have their attestation. */
const useCounts = (sessionId: string, level: Level, place: string, round: number) => {
  const dataProvider = useDataProvider();
  const [counts, setCounts] = useState<{ admis: number; generees: number }>();
  useEffect(() => {
    if (round === 0) setCounts(undefined);
    if (!sessionId || !place) return;
    const count = (filter: Record<string, unknown>) =>
      dataProvider
        .getList('attestations', {
          filter: { sessionId, [level]: place, ...filter },
          pagination: { page: 1, perPage: 1 },
          sort: { field: 'nom', order: 'ASC' },
        })
        .then((r) => r.total ?? 0);
    const read = () =>
      Promise.all([count({}), count({ generee: true })])
        .then(([admis, generees]) => setCounts({ admis, generees }))
        .catch(() => setCounts(undefined));
    void read();
    // After a document: its prints reach the list a moment after the file, read again then.
    const again = round > 0 ? [1000, 3000].map((ms) => setTimeout(() => void read(), ms)) : [];
    return () => again.forEach(clearTimeout);
  }, [dataProvider, sessionId, level, place, round]);
  return counts;
};

/**
 * « Attestations par département » / « … par zone »: a session and a département (or zone), then
 * every admitted candidate's attestation (or diploma) merged in one PDF by the workers, a page
 * each in name order (a zone: département after département), with a progress bar.
 */
const PlaceDownloadPage = ({ level }: { level: Level }) => {
  const title = level === 'zoneId' ? 'Attestations par zone' : 'Attestations par département';
  const { sessions, sessionId, setSessionId, error } = useSessions(
    null,
    `sessions?${listQuery({}, ['ouvertureInscriptions', 'DESC'], [0, 199])}`,
  );
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const [places, setPlaces] = useState<Named[]>([]);
  const [place, setPlace] = useState('');
  useEffect(() => {
    dataProvider
      .read<Named[]>(`${level === 'zoneId' ? 'zones' : 'departements'}?${listQuery({})}`)
      .then(setPlaces)
      .catch(() => setPlaces([]));
  }, [level]);
  // Read again once a document is made: its candidates now have their attestation.
  const [round, setRound] = useState(0);
  const counts = useCounts(sessionId, level, place, round);
  const label = level === 'zoneId' ? 'Zone' : 'Département';
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={title} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <SessionSelect sessions={sessions} value={sessionId} onChange={setSessionId} />
              <FilterSelect
                label={label}
                value={place}
                onChange={setPlace}
                items={places}
                all={level === 'zoneId' ? 'Choisissez la zone' : 'Choisissez le département'}
                minWidth={280}
              />
            </Stack>
            {counts ? (
              <Typography role="status" aria-label="Admis">
                {counts.admis === 0
                  ? `Aucun admis de cette session ${level === 'zoneId' ? 'dans cette zone' : 'dans ce département'}.`
                  : `${plural(counts.admis, 'admis', 'admis')}, ${counts.generees === 0 ? 'aucune attestation encore générée' : `dont ${plural(counts.generees, 'attestation déjà générée', 'attestations déjà générées')}`}.`}
              </Typography>
            ) : null}
            <Typography variant="body2" color="text.secondary">
              Un seul PDF, une page par admis dans l’ordre alphabétique
              {level === 'zoneId' ? ', département après département' : ''} : la signature du
              signataire configuré, le code de vérification du candidat (attribué la première fois,
              il ne change plus) et son code QR, qui mène à la page publique de vérification.
            </Typography>
            <AttestationButtons
              sessionId={sessionId}
              target={
                place
                  ? level === 'zoneId'
                    ? { zoneId: place }
                    : { departementId: place }
                  : undefined
              }
              disabled={counts?.admis === 0}
              onGenerated={() => setRound((n) => n + 1)}
              labels={[
                `Attestations ${level === 'zoneId' ? 'de la zone' : 'du département'} (PDF)`,
                `Diplômes ${level === 'zoneId' ? 'de la zone' : 'du département'} (PDF)`,
              ]}
            />
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};

export const DepartementDownloadPage = () => <PlaceDownloadPage level="departementId" />;
export const ZoneDownloadPage = () => <PlaceDownloadPage level="zoneId" />;
