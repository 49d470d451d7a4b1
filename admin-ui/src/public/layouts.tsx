import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../common/session';
import { ThemeToggle } from './ThemeToggle';
import './public.css';

/** Seed §2 "home": the public pages' header and footer. */
export const HomeLayout = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  return (
    <div className="layout-home">
      <header className="site-header">
        <Link to="/" className="brand">
          Examens Pro
        </Link>
        <nav aria-label="Navigation principale">
          {session.status === 'authenticated' ? (
            <Link to="/tableau-de-bord">Tableau de bord</Link>
          ) : (
            <Link to="/connexion">Se connecter</Link>
          )}
          <ThemeToggle />
        </nav>
      </header>
      {children}
      <footer className="site-footer">
        Examens Pro — examens nationaux de qualification professionnelle
      </footer>
    </div>
  );
};

/** Seed §2 "none": the page alone, with only the theme switch in a corner. */
export const BareLayout = ({ children }: { children: ReactNode }) => (
  <div className="layout-bare">
    <div className="corner-toggle">
      <ThemeToggle />
    </div>
    {children}
  </div>
);

/** Seed §2 "homemaintenance": no way into the site, only the notice. */
export const MaintenanceLayout = ({ children }: { children: ReactNode }) => (
  <div className="layout-maintenance">
    <header className="site-header">
      <span className="brand">Examens Pro</span>
      <nav aria-label="Navigation principale">
        <ThemeToggle />
      </nav>
    </header>
    {children}
  </div>
);

/**
 * Seed §2 "its own result layout" (`/resultat-examen`): on results day the page stands alone — the
 * office's name, a way back home, the form and nothing else to load.
 */
export const ResultLayout = ({ children }: { children: ReactNode }) => (
  <div className="layout-result">
    <header className="result-header">
      <Link to="/" className="brand">
        Examens Pro
      </Link>
      <span className="result-header-title">Résultats des examens</span>
      <ThemeToggle />
    </header>
    {children}
    <footer className="site-footer">
      Une difficulté ? Adressez-vous au centre de dépôt de votre dossier.
    </footer>
  </div>
);
