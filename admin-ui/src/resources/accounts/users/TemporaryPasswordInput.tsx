import { PasswordInput, required, type Validator } from 'react-admin';

const atLeastEight: Validator = (value: string) =>
  value && value.length < 8 ? 'Le mot de passe compte au moins 8 caractères.' : undefined;

/** Repeating the password catches a typo before the user is locked out of a first sign-in. */
const sameAsPassword: Validator = (value: unknown, values: Record<string, unknown>) =>
  value === values.motDePasse ? undefined : 'La confirmation ne correspond pas au mot de passe.';

/** The first, temporary password of a new account, typed twice; the user replaces it at sign-in. */
export const TemporaryPasswordInput = () => (
  <>
    <PasswordInput
      source="motDePasse"
      label="Mot de passe provisoire"
      validate={[required('Le mot de passe provisoire est obligatoire.'), atLeastEight]}
      helperText="L’utilisateur devra le changer à sa première connexion."
      autoComplete="new-password"
    />
    <PasswordInput
      source="confirmationMotDePasse"
      label="Confirmation du mot de passe provisoire"
      validate={[required('Confirmez le mot de passe provisoire.'), sameAsPassword]}
      autoComplete="new-password"
    />
  </>
);
