import { Link } from 'react-router-dom';

/** The public home, until the public area gets its own issue: what the product is, and the way in. */
export const HomePage = () => (
  <main className="public">
    <h1>Examens Pro</h1>
    <div className="card">
      <p>
        Examens nationaux de qualification professionnelle : inscription des candidats, composition,
        délibération, décisions d’admission, attestations et résultats.
      </p>
      <Link className="button" to="/tableau-de-bord">
        Accéder au tableau de bord
      </Link>
    </div>
  </main>
);
