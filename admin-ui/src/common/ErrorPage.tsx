import { Link } from 'react-router-dom';

/** The seed's error screens (§2): one per status, each with its title, advice and way home. */
const SCREENS = {
  403: {
    title: 'Accès Interdit',
    text: 'Vous n’avez pas la permission d’accéder à cette page.',
    advice: [
      'Retournez à l’accueil.',
      'Vérifiez vos droits d’accès.',
      'Contactez votre fournisseur de service si le problème persiste.',
    ],
    action: 'Retour à l’accueil',
  },
  404: {
    title: 'Oups ! Page Introuvable',
    text: 'La page que vous cherchez n’existe pas ou a été déplacée.',
    advice: [
      'Retournez à l’accueil.',
      'Vérifiez que l’adresse ne contient pas de faute de frappe.',
      'Contactez votre fournisseur de service si le problème persiste.',
    ],
    action: 'Retour à l’accueil',
  },
  500: {
    title: 'Erreur Interne du Serveur',
    text: 'Le serveur a rencontré une erreur et n’a pas pu traiter votre demande.',
    advice: [
      'Réessayez dans quelques minutes.',
      'Vérifiez l’adresse de la page.',
      'Contactez votre fournisseur de service si le problème persiste.',
    ],
    action: 'Retour à l’accueil',
  },
  100: {
    title: 'Mauvaise Passerelle',
    text: 'Le serveur a reçu une réponse invalide d’un autre serveur.',
    advice: ['Réessayez dans quelques minutes.'],
    action: 'Retour à l’accueil',
  },
} as const;

export type ErrorStatus = keyof typeof SCREENS;

/** Any message naming 'Page not found' is shown with that phrase in French (seed §2). */
export const frenchErrorMessage = (message: string): string =>
  message.replaceAll('Page not found', 'Page non retrouvée');

export const ErrorPage = ({ status, message }: { status: ErrorStatus; message?: string }) => {
  const screen = SCREENS[status];
  return (
    <main className="error-page">
      <div className="error-card">
        <p className="status">{status === 100 ? 502 : status}</p>
        <h1>{screen.title}</h1>
        <p>{screen.text}</p>
        {message ? <p className="error-detail">{frenchErrorMessage(message)}</p> : null}
        <ul>
          {screen.advice.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <Link className="button" to="/">
          {screen.action}
        </Link>
      </div>
    </main>
  );
};
