import { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route, useLocation } from 'react-router-dom';
import { registerSW } from 'virtual:pwa-register';
import { DASHBOARD_ROUTES } from '@examens-pro/domain';
import { ErrorPage } from '../common/ErrorPage';
import { preloadScreen } from '../common/lazyScreen';
import { displayName, sessionStore, sessionUser, useSession } from '../common/session';
import { useThemeMode } from '../common/theme';
import { startOutbox } from '../offline/outbox';
import { entrySender } from '../offline/sendEntry';
import { keepIncidentLists } from '../offline/warmUp';
import { managedListResources } from '../resources';
import { authProvider } from './authProvider';
import { apiResource, dataProvider } from './dataProvider';
import { refuseListRowsAsItems } from './listRows';
import { DashboardHome } from './DashboardHome';
import { i18nProvider } from './i18n';
import { Layout } from './Layout';
import { muiTheme } from './muiTheme';
import { NotificationBridge } from './NotificationBridge';
import { SCREENS } from './screens';

const NotFound = () => {
  const { pathname } = useLocation();
  return <ErrorPage status={404} message={`Page not found: ${pathname}`} />;
};

/**
 * The screen a page opens on (`/tableau-de-bord/configuration/metiers`: the métiers' list) starts
 * loading with the dashboard, beside react-admin's start (session, permissions), not after it.
 */
const preloadOpenedScreen = (pathname: string): void => {
  const path = pathname.replace(/^\/tableau-de-bord\/?/, '').replace(/\/+$/, '');
  const route = DASHBOARD_ROUTES.filter(
    (r) => r.path !== '' && (path === r.path || path.startsWith(`${r.path}/`)),
  ).sort((a, b) => b.path.length - a.path.length)[0];
  const screen = route && SCREENS.get(route.id);
  if (!screen) return;
  if (screen.kind === 'page') return preloadScreen(screen.component);
  // react-admin's paths: the list, `/create`, `/:id` (edit) and `/:id/show`.
  const rest = path.slice(route.path.length);
  const view =
    rest === '' ? 'list' : rest === '/create' ? 'create' : rest.endsWith('/show') ? 'show' : 'edit';
  preloadScreen(screen.props[view]);
};
preloadOpenedScreen(window.location.pathname);

/**
 * react-admin's cache, which keeps a dossier's list row from standing for the whole dossier.
 * Without network a read fails at once and says so (the exam sites' screens answer from the day's
 * copy, see offline/readCache) rather than waiting, paused, for a network that may not come.
 */
const queryClient = refuseListRowsAsItems(
  new QueryClient({
    defaultOptions: { queries: { networkMode: 'always' }, mutations: { networkMode: 'always' } },
  }),
  apiResource,
);

/**
 * Another person signed in on this tab (or nobody now): nothing the previous one read stays in
 * react-admin's cache — their name in the app bar, their lists, their records.
 */
let cachedFor = sessionUser(sessionStore.get())?.id;
sessionStore.subscribe(() => {
  const user = sessionUser(sessionStore.get())?.id;
  if (user === cachedFor) return;
  if (cachedFor !== undefined) queryClient.clear();
  cachedFor = user;
});

/**
 * The app shell's service worker (vite.config.ts, #35), installed once the dashboard is open: the
 * exam sites' screens then reopen offline. The public pages (a candidate's result, a diploma's
 * check) do not download the staff's dashboard for it.
 */
if (import.meta.env.PROD && 'serviceWorker' in navigator) registerSW({ immediate: true });

/** Entries typed offline wait here and go, as their author, when the network returns (#35). */
const useOutbox = () =>
  useEffect(
    () =>
      startOutbox({
        send: entrySender(dataProvider),
        author: () => {
          const user = sessionUser(sessionStore.get());
          return user && { id: user.id, name: displayName(user) };
        },
      }),
    [],
  );

/** The incident form's lists kept for the day once the dashboard opens online (#35). */
const useDayLists = () => {
  const user = sessionUser(useSession());
  const userId = user?.id;
  // Once per person signed in (and again the next day: the copies are of the day).
  useEffect(() => {
    const current = sessionUser(sessionStore.get());
    if (userId && current?.id === userId) void keepIncidentLists(dataProvider, current);
  }, [userId]);
};

/** The staff dashboard under /tableau-de-bord: one resource per list route of the route table. */
const Dashboard = () => {
  const mode = useThemeMode();
  useOutbox();
  useDayLists();
  // The app's own cookie-backed switch drives the theme, not react-admin's stored one.
  const theme = useMemo(() => muiTheme(mode), [mode]);
  return (
    <Admin
      basename="/tableau-de-bord"
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      dashboard={DashboardHome}
      catchAll={NotFound}
      notification={NotificationBridge}
      theme={theme}
      loginPage={false}
      title="Examens Pro"
      disableTelemetry
      requireAuth={false}
    >
      {DASHBOARD_ROUTES.map((route) => {
        const screen = SCREENS.get(route.id);
        return screen?.kind === 'resource' ? (
          <Resource
            key={route.id}
            name={route.path}
            options={{ label: route.label }}
            {...screen.props}
          />
        ) : null;
      })}
      {managedListResources
        .filter(({ managedFrom }) =>
          DASHBOARD_ROUTES.some(
            (r) => r.path === managedFrom && SCREENS.get(r.id)?.kind === 'resource',
          ),
        )
        .map(({ name, label, managedFrom: _managedFrom, ...screens }) => (
          <Resource key={name} name={name} options={{ label }} {...screens} />
        ))}
      <CustomRoutes>
        {DASHBOARD_ROUTES.map((route) => {
          const screen = SCREENS.get(route.id);
          if (screen?.kind !== 'page' || !screen.component) return null;
          const Page = screen.component;
          return <Route key={route.id} path={`/${route.path}`} element={<Page />} />;
        })}
      </CustomRoutes>
    </Admin>
  );
};

export default Dashboard;
