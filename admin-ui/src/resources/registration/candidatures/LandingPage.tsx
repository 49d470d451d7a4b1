import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import {
  CANDIDATURE_STATUS_LABELS,
  CANDIDATURE_STATUSES,
  type CandidatureStatus,
} from '@examens-pro/domain';
import { Link } from 'react-router-dom';
import { Title, useBasename, useGetList, type RaRecord } from 'react-admin';

const LIST = 'inscription/candidats/liste';
const numbers = new Intl.NumberFormat('fr-FR');

/** How many dossiers of the session have this statut (the server's scope applies: an enrôleur's centre). */
const Count = ({ sessionId, statut }: { sessionId: string; statut?: CandidatureStatus }) => {
  const basename = useBasename();
  const filter = statut ? { sessionId, statut } : { sessionId };
  const { total, isPending } = useGetList(LIST, {
    filter,
    pagination: { page: 1, perPage: 1 },
  });
  const label = statut ? CANDIDATURE_STATUS_LABELS[statut] : 'Total';
  return (
    <Button
      component={Link}
      to={`${basename}/${LIST}?filter=${encodeURIComponent(JSON.stringify(filter))}`}
      variant="outlined"
      sx={{ flexDirection: 'column', minWidth: 120, py: 1 }}
      aria-label={`${label} : ${isPending ? '…' : numbers.format(total ?? 0)}`}
    >
      <Typography variant="h5" component="span">
        {isPending ? '…' : numbers.format(total ?? 0)}
      </Typography>
      <Typography variant="caption" component="span">
        {label}
      </Typography>
    </Button>
  );
};

/**
 * « Candidats »: for each session open for registration, its dossiers counted by statut (each a
 * link to the list so filtered), and the registration screens.
 */
export const LandingPage = () => {
  const basename = useBasename();
  const { data: sessions = [], isPending } = useGetList<RaRecord>('sessions', {
    filter: { statut: 'inscriptions-ouvertes' },
    sort: { field: 'ouvertureInscriptions', order: 'DESC' },
    pagination: { page: 1, perPage: 20 },
  });
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Candidats" />
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <Button
          component={Link}
          to={`${basename}/inscription/candidats/inscrire-un-candidat`}
          variant="contained"
        >
          Inscrire un candidat
        </Button>
        <Button component={Link} to={`${basename}/${LIST}`}>
          Liste des candidats
        </Button>
        <Button component={Link} to={`${basename}/inscription/inscrits`}>
          Inscrits
        </Button>
      </Stack>
      {!isPending && sessions.length === 0 ? (
        <Typography>Aucune session n’est ouverte aux inscriptions.</Typography>
      ) : null}
      {sessions.map((session) => (
        <Card key={session.id} sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              {String(session.libelle)}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
              {CANDIDATURE_STATUSES.map((statut) => (
                <Count key={statut} sessionId={String(session.id)} statut={statut} />
              ))}
              <Count sessionId={String(session.id)} />
            </Stack>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
};
