import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { RouteId } from '@examens-pro/domain';
import { Title, useBasename } from 'react-admin';
import { Link } from 'react-router-dom';
import { displayName, useSession } from '../common/session';
import { useOpenRoutes } from './screens';

/** The screens staff open most, offered on the home page when this build has them and they may. */
const SHORTCUTS: readonly RouteId[] = [
  'inscription/candidats/inscrire-un-candidat',
  'inscription/candidats/liste',
  'inscription/candidats',
  'inscription/inscrits',
];

/** The dashboard's home: who is signed in, their profile, and a few shortcuts; the menu does the rest. */
export const DashboardHome = () => {
  const session = useSession();
  const basename = useBasename();
  const routes = useOpenRoutes();
  if (session.status !== 'authenticated') return null;
  const { user } = session.session;
  const shortcuts = SHORTCUTS.flatMap((id) => routes.filter((route) => route.id === id));
  return (
    <>
      <Title title="Tableau de bord" />
      <Card sx={{ mt: 2, mb: 2 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Bonjour, {displayName(user)}
          </Typography>
          <Typography color="text.secondary">Profil : {user.profil}</Typography>
          {shortcuts.length > 0 ? (
            <Stack
              component="nav"
              aria-label="Raccourcis"
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ mt: 2, flexWrap: 'wrap' }}
            >
              {shortcuts.map((route, index) => (
                <Button
                  key={route.id}
                  component={Link}
                  to={`${basename}/${route.path}`}
                  variant={index === 0 ? 'contained' : 'outlined'}
                >
                  {route.label}
                </Button>
              ))}
            </Stack>
          ) : (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              Choisissez une rubrique dans le menu.
            </Typography>
          )}
        </CardContent>
      </Card>
    </>
  );
};
