import { Link } from 'react-router-dom';
import { DEFAULT_MAINTENANCE_MESSAGE, useMaintenance } from '../common/maintenance';

export const MaintenancePage = () => {
  const maintenance = useMaintenance();
  return (
    <main className="public">
      <div className="card maintenance-card">
        <h1>Site en maintenance</h1>
        {maintenance.active ? (
          <p className="maintenance-message">
            {maintenance.message || DEFAULT_MAINTENANCE_MESSAGE}
          </p>
        ) : (
          <p className="maintenance-message">
            Aucune maintenance n’est en cours : le site est disponible.
          </p>
        )}
        <p className="muted">
          Personnel de l’office des examens : <Link to="/connexion">se connecter</Link>.
        </p>
      </div>
    </main>
  );
};
