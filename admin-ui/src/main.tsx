// First: zod must run without eval before any schema is built (see the module).
import './common/zodWithoutEval';
import { Component, lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { sessionEvents } from './common/api';
import { ErrorPage } from './common/ErrorPage';
import { HomePage } from './common/HomePage';
import { failLoading, LoadingBar, useLoadingSignal } from './common/loadingBar';
import { useMaintenanceKeeper } from './common/maintenance';
import { showCarriedNotification, Toasts } from './common/notifications';
import { isDashboard, RouteGuard } from './common/RouteGuard';
import { useRedirects } from './common/redirects';
import { useScrollKeeper } from './common/scroll';
import { markUnauthenticated, refreshSession, useSessionKeeper } from './common/session';
import './common/theme';
import { importWithReload, useNewVersionReload } from './common/version';
import { ChangePasswordPage } from './public/ChangePasswordPage';
import { BareLayout, HomeLayout, MaintenanceLayout, ResultLayout } from './public/layouts';
import { DiplomasPage } from './public/DiplomasPage';
import { ResultLookupPage } from './public/ResultLookupPage';
import { MaintenancePage } from './public/MaintenancePage';
import { PaymentPage } from './public/PaymentPage';
import { SignInPage } from './public/SignInPage';
import './common/base.css';

// Every page waits for the session: asked for before the first render, not after it.
void refreshSession();

// The dashboard (react-admin and Material UI) is loaded only when a dashboard route is opened;
// opened on one, its chunks load at once, beside the session's check rather than after it.
const loadDashboard = importWithReload(() => import('./dashboard/Dashboard'));
let dashboardLoading: ReturnType<typeof loadDashboard> | undefined;
const dashboardModule = () => (dashboardLoading ??= loadDashboard());
if (isDashboard(window.location.pathname)) dashboardModule().catch(() => undefined);
const Dashboard = lazy(dashboardModule);

sessionEvents.onUnauthenticated = markUnauthenticated;
sessionEvents.onPasswordChangeRequired = () => {
  void refreshSession().then((state) => {
    // The server knows better than a session fetched minutes ago.
    if (state.status === 'authenticated' && state.session.user.is_change_password === 1)
      window.location.assign('/change-password');
  });
};

const ChunkLoading = () => {
  useLoadingSignal(true);
  return null;
};

/** Seed §2: the root shows the error screen when the application itself fails. */
class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    failLoading();
  }
  render() {
    return this.state.failed ? <ErrorPage status={500} /> : this.props.children;
  }
}

const NotFound = () => {
  const { pathname } = useLocation();
  return <ErrorPage status={404} message={`Page not found: ${pathname}`} />;
};

const App = () => {
  useSessionKeeper();
  useMaintenanceKeeper();
  useNewVersionReload();
  useRedirects();
  useScrollKeeper();
  return (
    <RouteGuard>
      <Routes>
        <Route
          path="/"
          element={
            <HomeLayout>
              <HomePage />
            </HomeLayout>
          }
        />
        <Route
          path="/connexion"
          element={
            <BareLayout>
              <SignInPage />
            </BareLayout>
          }
        />
        <Route
          path="/change-password"
          element={
            <BareLayout>
              <ChangePasswordPage />
            </BareLayout>
          }
        />
        <Route path="/acces-non-autorise" element={<ErrorPage status={403} />} />
        <Route
          path="/paiement"
          element={
            <HomeLayout>
              <PaymentPage />
            </HomeLayout>
          }
        />
        <Route
          path="/maintenance"
          element={
            <MaintenanceLayout>
              <MaintenancePage />
            </MaintenanceLayout>
          }
        />
        <Route
          path="/maintenance-a"
          element={
            <HomeLayout>
              <HomePage maintenanceNotice />
            </HomeLayout>
          }
        />
        <Route
          path="/resultat-examen"
          element={
            <ResultLayout>
              <ResultLookupPage />
            </ResultLayout>
          }
        />
        <Route
          path="/diplomes"
          element={
            <HomeLayout>
              <DiplomasPage />
            </HomeLayout>
          }
        />
        <Route
          path="/tableau-de-bord/*"
          element={
            <Suspense fallback={<ChunkLoading />}>
              <Dashboard />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </RouteGuard>
  );
};

showCarriedNotification(sessionStorage);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <LoadingBar />
      <Toasts />
      <AppErrorBoundary>
        <App />
      </AppErrorBoundary>
    </BrowserRouter>
  </StrictMode>,
);
