import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ErrorPage } from './common/ErrorPage';
import { HomePage } from './common/HomePage';
import './common/base.css';

// The dashboard (react-admin and Material UI) is loaded only when a dashboard route is opened.
const Dashboard = lazy(() => import('./dashboard/Dashboard'));

const Loading = () => <div className="loading" role="progressbar" aria-label="Chargement" />;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route
          path="/tableau-de-bord/*"
          element={
            <Suspense fallback={<Loading />}>
              <Dashboard />
            </Suspense>
          }
        />
        <Route path="*" element={<ErrorPage status={404} />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
