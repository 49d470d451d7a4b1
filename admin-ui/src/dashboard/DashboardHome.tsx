import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { MENU_SECTIONS } from '@examens-pro/domain';
import { Title, useBasename } from 'react-admin';
import { Link } from 'react-router-dom';
import { displayName, useSession } from '../common/session';
import { useOpenRoutes } from './screens';

const sectionLabel = (key: string): string =>
  MENU_SECTIONS.find((section) => section.key === key)?.label ?? '';

/** The dashboard's home: who is signed in, and a card for every screen they may open. */
export const DashboardHome = () => {
  const session = useSession();
  const basename = useBasename();
  const routes = useOpenRoutes().filter((route) => route.path !== '');
  if (session.status !== 'authenticated') return null;
  const { user } = session.session;
  return (
    <>
      <Title title="Tableau de bord" />
      <Card sx={{ mt: 2, mb: 2 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Bonjour, {displayName(user)}
          </Typography>
          <Typography color="text.secondary">Profil : {user.profil}</Typography>
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Vos rubriques
      </Typography>
      <Grid container spacing={2} component="nav" aria-label="Rubriques">
        {routes.map((route) => (
          <Grid key={route.path} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea
                component={Link}
                to={`${basename}/${route.path}`}
                aria-label={route.label}
                sx={{ height: '100%' }}
              >
                <CardContent>
                  <Typography variant="overline" color="text.secondary">
                    {sectionLabel(route.section)}
                  </Typography>
                  <Typography variant="h6" component="span" display="block">
                    {route.label}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
};
