import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { authErrorMessage, isAbsoluteUrl, signIn } from '../common/api';
import { refreshSession } from '../common/session';

const DEFAULT_CALLBACK = '/tableau-de-bord';

/** Only a path of this site may be a destination: never an address elsewhere. */
const safeCallback = (value: string | null): string =>
  value && value.startsWith('/') && !value.startsWith('//') ? value : DEFAULT_CALLBACK;

export const SignInPage = () => {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const callbackUrl = safeCallback(params.get('callbackUrl'));
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const passwordInput = useRef<HTMLInputElement>(null);
  const error = failure ?? authErrorMessage(params.get('error'));

  useEffect(() => {
    document.title = 'Connexion — Examens Pro';
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    try {
      const answer = await signIn(login.trim(), password, callbackUrl);
      if (answer.error) {
        setPassword('');
        // The code goes into the address as the seed's sign-in does, so a reload shows it again.
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('error', answer.error!);
            return next;
          },
          { replace: true },
        );
        setFailure(authErrorMessage(answer.error));
        passwordInput.current?.focus();
        return;
      }
      await refreshSession({ changed: true });
      const url = answer.url || callbackUrl;
      if (isAbsoluteUrl(url)) window.location.assign(url);
      else navigate(url, { replace: true });
    } catch {
      setFailure('Le service de connexion ne répond pas. Réessayez dans quelques instants.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={(e) => void submit(e)} noValidate>
        <h1>Connexion</h1>
        <p className="muted">Espace réservé au personnel de l’office des examens.</p>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <label htmlFor="login">Identifiant</label>
        <input
          id="login"
          name="login"
          type="email"
          autoComplete="username"
          placeholder="adresse e-mail"
          required
          value={login}
          onChange={(e) => setLogin(e.target.value)}
          autoFocus
        />
        <label htmlFor="password">Mot de passe</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          ref={passwordInput}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          Se connecter
        </button>
      </form>
    </main>
  );
};
