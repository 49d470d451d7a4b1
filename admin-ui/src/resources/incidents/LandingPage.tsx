import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import {
  canOpen,
  INCIDENT_STATUS_LABELS,
  INCIDENT_STATUSES,
  routeById,
  type IncidentStatus,
  type RouteId,
} from '@examens-pro/domain';
import { Link } from 'react-router-dom';
import { Title, useBasename, useGetList } from 'react-admin';
import { usePermissions } from '../../dashboard/permissions';

const numbers = new Intl.NumberFormat('fr-FR');

/** How many incidents of a list have this statut (the server's scope applies), a link to them. */
const Count = ({ list, statut }: { list: string; statut?: IncidentStatus }) => {
  const basename = useBasename();
  const filter = statut ? { statut } : {};
  const { total, isPending } = useGetList(list, {
    filter,
    pagination: { page: 1, perPage: 1 },
  });
  const label = statut ? INCIDENT_STATUS_LABELS[statut] : 'Total';
  const count = isPending ? '…' : numbers.format(total ?? 0);
  return (
    <Button
      component={Link}
      to={`${basename}/${list}?filter=${encodeURIComponent(JSON.stringify(filter))}`}
      variant="outlined"
      sx={{ flexDirection: 'column', minWidth: 110, py: 1 }}
      aria-label={`${label} : ${count}`}
    >
      <Typography variant="h5" component="span">
        {count}
      </Typography>
      <Typography variant="caption" component="span">
        {label}
      </Typography>
    </Button>
  );
};

const SUB_PAGES: readonly { id: RouteId; text: string; counts?: boolean }[] = [
  {
    id: 'inscription/gestion-des-incidents/enregistrer-un-incident',
    text: 'Signaler un problème survenu pendant l’inscription (dossier en double, panne, pièce illisible…), avec une pièce jointe si besoin.',
  },
  {
    id: 'inscription/gestion-des-incidents/mes-incidents',
    text: 'Les incidents que vous avez enregistrés et leur suivi.',
    counts: true,
  },
  {
    id: 'inscription/gestion-des-incidents/liste-des-incidents',
    text: 'Tous les incidents d’inscription (pour un enrôleur, ceux de son centre de dépôt) : les suivre, changer leur statut.',
    counts: true,
  },
];

/**
 * « Gestion des incidents »: the sub-pages the user may open, each with what it is for, and the
 * lists' incidents counted by statut (each count a link to the list so filtered).
 */
export const LandingPage = () => {
  const basename = useBasename();
  const held = usePermissions();
  const pages = SUB_PAGES.flatMap((page) => {
    const route = routeById(page.id);
    return canOpen(held, route) ? [{ ...page, route }] : [];
  });
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Gestion des incidents" />
      {pages.length === 0 ? (
        <Typography>Aucune page de la gestion des incidents ne vous est ouverte.</Typography>
      ) : null}
      {pages.map(({ id, text, counts, route }) => (
        <Card key={id} sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              {route.label}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: counts ? 2 : 0 }}>
              {text}
            </Typography>
            {counts ? (
              <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
                {INCIDENT_STATUSES.map((statut) => (
                  <Count key={statut} list={route.path} statut={statut} />
                ))}
                <Count list={route.path} />
              </Stack>
            ) : null}
          </CardContent>
          <CardActions>
            <Button component={Link} to={`${basename}/${route.path}`} variant="contained">
              {route.label}
            </Button>
          </CardActions>
        </Card>
      ))}
    </Box>
  );
};
