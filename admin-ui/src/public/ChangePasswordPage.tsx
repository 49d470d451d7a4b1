import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, changePassword } from '../common/api';
import { notePasswordChanged } from '../common/RouteGuard';
import { notify } from '../common/notifications';
import { refreshSession, useSession } from '../common/session';

type Field = 'currentPassword' | 'newPassword' | 'confirmation';

export const MISMATCH = 'La confirmation ne correspond pas au nouveau mot de passe.';

/**
 * Seed §2/§4: a user whose password is temporary (flag 0) is confined here until they choose one;
 * the guard then sends them to the dashboard (flag 1).
 */
export const ChangePasswordPage = () => {
  const navigate = useNavigate();
  const session = useSession();
  const forced =
    session.status === 'authenticated' && session.session.user.is_change_password === 0;
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'Changer le mot de passe — Examens Pro';
  }, []);

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) found.currentPassword = 'Le mot de passe actuel est obligatoire.';
    if (!values.newPassword) found.newPassword = 'Le nouveau mot de passe est obligatoire.';
    if (values.confirmation !== values.newPassword) found.confirmation = MISMATCH;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword(values.currentPassword, values.newPassword);
      notify('success', 'Votre mot de passe a été changé.');
      notePasswordChanged();
      // The guard, once the session says the password is chosen, leads to the dashboard.
      navigate('/change-password', { replace: true, state: { passwordChanged: true } });
      await refreshSession({ changed: true });
    } catch (error) {
      if (error instanceof ApiError && error.body.errors) setErrors(error.body.errors);
      setMessage((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const field = (id: Field, label: string, autoComplete: string) => (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type="password"
        autoComplete={autoComplete}
        value={values[id]}
        onChange={set(id)}
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={errors[id] ? `${id}-error` : undefined}
      />
      {errors[id] ? (
        <p className="field-error" id={`${id}-error`}>
          {errors[id]}
        </p>
      ) : null}
    </>
  );

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={(e) => void submit(e)} noValidate>
        <h1>Changer le mot de passe</h1>
        <p className="muted">
          {forced
            ? 'Votre mot de passe est provisoire : choisissez-en un nouveau pour continuer.'
            : 'Choisissez un nouveau mot de passe d’au moins 8 caractères.'}
        </p>
        {message ? (
          <p className="form-error" role="alert">
            {message}
          </p>
        ) : null}
        {field('currentPassword', 'Mot de passe actuel', 'current-password')}
        {field('newPassword', 'Nouveau mot de passe', 'new-password')}
        {field('confirmation', 'Confirmation du nouveau mot de passe', 'new-password')}
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          Enregistrer
        </button>
      </form>
    </main>
  );
};
