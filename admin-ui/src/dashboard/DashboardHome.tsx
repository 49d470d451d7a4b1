import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { DashboardFigureValue, RouteId } from '@examens-pro/domain';
import { useEffect, useState } from 'react';
import { Title, useBasename, useDataProvider } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatNumber } from '../common/format';
import { displayName, useSession } from '../common/session';
import type { ExamensDataProvider } from './dataProvider';
import { useOpenRoutes } from './screens';

/** The screens staff open most, offered on the home page when this build has them and they may. */
const SHORTCUTS: readonly RouteId[] = [
  'inscription/candidats/inscrire-un-candidat',
  'inscription/candidats/liste',
  'inscription/candidats',
  'inscription/inscrits',
];

interface Figures {
  session: { id: string; libelle: string; ouverte: boolean } | null;
  sessions: { id: string; libelle: string; ouverte: boolean }[];
  chiffres: DashboardFigureValue[];
}

const shown = (figure: DashboardFigureValue): string =>
  figure.format === 'fcfa' ? `${formatNumber(figure.value)}\u00a0FCFA` : formatNumber(figure.value);

/**
 * The figures a director looks at first, for the session open for registration (else the most
 * recent, or the one chosen): dossiers by statut, pièces to complete, candidates allocated, marks,
 * admitted, payments. Each links to the screen that lists what it counts, so filtered; the server
 * sends only those whose screen the user may open, counted within their scope.
 */
const HomeFigures = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const basename = useBasename();
  const [sessionId, setSessionId] = useState('');
  const [figures, setFigures] = useState<Figures>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let current = true;
    dataProvider
      .read<Figures>(
        `tableau-de-bord/chiffres${sessionId ? `?sessionId=${encodeURIComponent(sessionId)}` : ''}`,
      )
      .then((found) => current && setFigures(found))
      .catch((e: Error) => current && setError(e.message));
    return () => {
      current = false;
    };
  }, [sessionId]);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!figures || figures.chiffres.length === 0 || !figures.session) return null;
  const groups = [...new Set(figures.chiffres.map((f) => f.group))];
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
        >
          <Typography variant="h6" component="h2">
            Chiffres de la session
          </Typography>
          <TextField
            select
            fullWidth={false}
            size="small"
            label="Session"
            value={figures.session.id}
            onChange={(e) => setSessionId(e.target.value)}
            sx={{ minWidth: 220 }}
          >
            {figures.sessions.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.libelle}
                {s.ouverte ? ' (inscriptions ouvertes)' : ''}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {groups.map((group) => (
          <Box key={group} component="section" aria-label={group} sx={{ mt: 2 }}>
            <Typography variant="subtitle2" color="text.secondary" component="h3" gutterBottom>
              {group}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {figures.chiffres
                .filter((f) => f.group === group)
                .map((figure) => (
                  <Card
                    key={figure.key}
                    variant="outlined"
                    sx={{ flex: '0 1 auto', minWidth: 124 }}
                  >
                    <CardActionArea
                      component={Link}
                      to={`${basename}/${figure.path}`}
                      aria-label={`${figure.label} : ${shown(figure)}`}
                      data-figure={figure.key}
                      sx={{ px: 2, py: 1.5, height: '100%' }}
                    >
                      <Typography variant="h5" component="span" sx={{ display: 'block' }}>
                        {shown(figure)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" component="span">
                        {figure.label}
                      </Typography>
                    </CardActionArea>
                  </Card>
                ))}
            </Stack>
          </Box>
        ))}
      </CardContent>
    </Card>
  );
};

/**
 * The dashboard's home: who is signed in, their profile, a few shortcuts, then the session's
 * figures; the menu does the rest.
 */
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
      <HomeFigures />
    </>
  );
};
