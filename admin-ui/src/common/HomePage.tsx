import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { frenchDay, getPublic } from '../public/publicApi';
import { DEFAULT_MAINTENANCE_MESSAGE, useMaintenance } from './maintenance';

interface Home {
  sessionsOuvertes: {
    id: string;
    session: string;
    examen: string;
    ouvertureInscriptions: string;
    clotureInscriptions: string;
    debutComposition: string;
    finComposition: string;
  }[];
  resultatsPublies: { id: string; session: string; examen: string }[];
}

const SERVICES = [
  {
    to: '/resultat-examen',
    title: 'Consulter un résultat',
    text: 'Avec votre numéro de candidat et votre date de naissance, dès la publication.',
  },
  {
    to: '/diplomes',
    title: 'Vérifier un diplôme',
    text: 'Employeurs : vérifiez qu’une attestation ou un diplôme est authentique.',
  },
  {
    to: '/paiement',
    title: 'Payer les frais d’examen',
    text: 'Avec votre numéro de dossier ; le reçu est téléchargeable aussitôt.',
  },
] as const;

/**
 * The public home (`/`, and its seed alias `/maintenance-a`): what the office does, the sessions
 * whose registration is open, the published results, and the way to each public service.
 * `/maintenance-a` stays open during a maintenance: it then says so above the rest.
 */
export const HomePage = ({ maintenanceNotice = false }: { maintenanceNotice?: boolean }) => {
  const maintenance = useMaintenance();
  const [home, setHome] = useState<Home>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    document.title = 'Examens Pro — examens nationaux de qualification professionnelle';
    void getPublic<Home>('accueil').then((reply) => {
      if (reply.body) setHome(reply.body);
      else setFailed(true);
    });
  }, []);

  return (
    <main className="public">
      {maintenanceNotice && maintenance.active ? (
        <p className="notice" role="status">
          {maintenance.message || DEFAULT_MAINTENANCE_MESSAGE}
        </p>
      ) : null}
      <h1>Examens nationaux de qualification professionnelle</h1>
      <p className="lead">
        L’office des examens organise les examens de qualification professionnelle : inscription des
        candidats, composition, délibération, publication des résultats, attestations et diplômes.
      </p>
      <nav className="services" aria-label="Services en ligne">
        {SERVICES.map((s) => (
          <Link key={s.to} to={s.to} className="service">
            <span className="service-title">{s.title}</span>
            <span className="service-text">{s.text}</span>
          </Link>
        ))}
      </nav>
      <section className="card" aria-labelledby="inscriptions-titre">
        <h2 id="inscriptions-titre">Inscriptions ouvertes</h2>
        {failed ? (
          <p className="muted">Les sessions ne peuvent pas être affichées pour le moment.</p>
        ) : !home ? (
          <p className="muted">Chargement…</p>
        ) : home.sessionsOuvertes.length === 0 ? (
          <p className="muted">Aucune session n’est ouverte aux inscriptions pour le moment.</p>
        ) : (
          <ul className="sessions">
            {home.sessionsOuvertes.map((s) => (
              <li key={s.id}>
                <strong>
                  {s.examen} — {s.session}
                </strong>
                <span>
                  Inscriptions du {frenchDay(s.ouvertureInscriptions)} au{' '}
                  {frenchDay(s.clotureInscriptions)} ; composition du{' '}
                  {frenchDay(s.debutComposition)} au {frenchDay(s.finComposition)}.
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="muted">
          Les dossiers sont déposés dans les centres de dépôt ; le numéro de dossier remis permet de
          payer les frais en ligne.
        </p>
      </section>
      {home && home.resultatsPublies.length > 0 ? (
        <section className="card" aria-labelledby="resultats-titre">
          <h2 id="resultats-titre">Résultats publiés</h2>
          <ul className="sessions">
            {home.resultatsPublies.map((s) => (
              <li key={s.id}>
                <strong>
                  {s.examen} — {s.session}
                </strong>
                <Link to="/resultat-examen">Consulter un résultat</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="muted">
        Personnel de l’office : <Link to="/tableau-de-bord">accéder au tableau de bord</Link>.
      </p>
    </main>
  );
};
