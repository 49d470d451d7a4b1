import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { DASHBOARD_ROUTES } from '@examens-pro/domain';
import { ErrorPage } from '../common/ErrorPage';
import { resourceScreens } from '../resources';
import { dataProvider } from './dataProvider';
import { DashboardHome } from './DashboardHome';
import { i18nProvider } from './i18n';
import { Layout } from './Layout';

const NotFound = () => <ErrorPage status={404} />;

/** The staff dashboard under /tableau-de-bord: one resource per list route of the route table. */
const Dashboard = () => (
  <Admin
    basename="/tableau-de-bord"
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    layout={Layout}
    dashboard={DashboardHome}
    catchAll={NotFound}
    title="Examens Pro"
    disableTelemetry
    requireAuth={false}
  >
    {DASHBOARD_ROUTES.filter((route) => route.resource && resourceScreens[route.resource]).map(
      (route) => (
        <Resource
          key={route.path}
          name={route.path}
          options={{ label: route.label }}
          {...resourceScreens[route.resource!]}
        />
      ),
    )}
    <CustomRoutes>
      <Route path="/informations" element={<DashboardHome />} />
    </CustomRoutes>
  </Admin>
);

export default Dashboard;
