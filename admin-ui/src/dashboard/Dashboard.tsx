import { useMemo } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route, useLocation } from 'react-router-dom';
import { DASHBOARD_ROUTES } from '@examens-pro/domain';
import { ErrorPage } from '../common/ErrorPage';
import { useThemeMode } from '../common/theme';
import { managedListResources } from '../resources';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
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

/** The staff dashboard under /tableau-de-bord: one resource per list route of the route table. */
const Dashboard = () => {
  const mode = useThemeMode();
  // The app's own cookie-backed switch drives the theme, not react-admin's stored one.
  const theme = useMemo(() => muiTheme(mode), [mode]);
  return (
    <Admin
      basename="/tableau-de-bord"
      dataProvider={dataProvider}
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
