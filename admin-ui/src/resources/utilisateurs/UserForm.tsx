import {
  email,
  maxLength,
  PasswordInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { fieldInput } from '../lists/fields';
import { PROFILS } from '../profils/path';
import { CENTRE_DEPOT, type UserScreenProps } from './kind';

const name = (label: string) => [
  required(`${label} est obligatoire.`),
  maxLength(100, `${label} compte au plus 100 caractères.`),
];

/** Repeating the password catches a typo before the user is locked out of a first sign-in. */
const sameAs =
  (field: string, message: string) => (value: unknown, values: Record<string, unknown>) =>
    value === values[field] ? undefined : message;

/**
 * The fields an administrator types; the server checks the same rules and answers in French. An
 * enrôleur also has a centre de dépôt (active centres only, like every reference of the lists).
 */
export const UserForm = ({
  creating = false,
  enroleurs = false,
}: UserScreenProps & { creating?: boolean }) => (
  <SimpleForm>
    <TextInput source="nom" validate={name('Le nom')} />
    <TextInput source="prenoms" validate={name('Les prénoms')} />
    <TextInput
      source="login"
      type="email"
      validate={[
        required('L’identifiant (adresse e-mail) est obligatoire.'),
        email('L’identifiant doit être une adresse e-mail valide.'),
      ]}
      helperText="Adresse e-mail : c’est l’identifiant de connexion."
    />
    <TextInput source="telephone" validate={required('Le téléphone est obligatoire.')} />
    <ReferenceInput source="profilId" reference={PROFILS} sort={{ field: 'libelle', order: 'ASC' }}>
      <SelectInput
        optionText="libelle"
        validate={required('Le profil est obligatoire.')}
        label="resources.utilisateurs-profils/utilisateurs.fields.profilId"
      />
    </ReferenceInput>
    {enroleurs ? fieldInput(CENTRE_DEPOT) : null}
    {creating ? (
      <>
        <PasswordInput
          source="motDePasse"
          validate={[
            required('Le mot de passe provisoire est obligatoire.'),
            (value: string) =>
              value && value.length < 8
                ? 'Le mot de passe compte au moins 8 caractères.'
                : undefined,
          ]}
          helperText="L’utilisateur devra le changer à sa première connexion."
          autoComplete="new-password"
        />
        <PasswordInput
          source="confirmationMotDePasse"
          validate={[
            required('Confirmez le mot de passe provisoire.'),
            sameAs('motDePasse', 'La confirmation ne correspond pas au mot de passe.'),
          ]}
          autoComplete="new-password"
        />
      </>
    ) : null}
  </SimpleForm>
);
