import { ENROLER_CENTRE_DEPOT } from '@examens-pro/domain';
import type { FieldDeclaration, ResourceDeclaration } from '../../../kit/declaration';
import { routeLabels } from '../../../kit/routes';
import { screensOf } from '../../../kit/screens';
import { EnrolerCentreInput } from './EnrolerCentreInput';
import { GrantableProfileInput } from './GrantableProfileInput';
import { ResetPasswordButton } from './ResetPasswordButton';
import { TemporaryPasswordInput } from './TemporaryPasswordInput';

const name = (field: string, label: string, subject: string): FieldDeclaration => ({
  name: field,
  label,
  subject,
  type: 'text',
  required: true,
  maxLength: 100,
  inList: true,
  sortable: true,
  search: label.toLowerCase(),
});

/** Who the user is and the profile whose permissions they hold; the server checks the same. */
const IDENTITY: readonly FieldDeclaration[] = [
  name('nom', 'Nom', 'Le nom'),
  name('prenoms', 'Prénoms', 'Les prénoms'),
  {
    name: 'login',
    label: 'Identifiant (e-mail)',
    subject: 'L’identifiant',
    requiredMessage: 'L’identifiant (adresse e-mail) est obligatoire.',
    type: 'email',
    required: true,
    help: 'Adresse e-mail : c’est l’identifiant de connexion.',
    inList: true,
    sortable: true,
    search: 'identifiant',
  },
  {
    name: 'telephone',
    label: 'Téléphone',
    subject: 'Le téléphone',
    type: 'text',
    required: true,
    inList: true,
    search: 'téléphone',
  },
  {
    name: 'profilId',
    label: 'Profil',
    subject: 'Le profil',
    type: 'reference',
    reference: 'profils',
    required: true,
    inList: true,
    link: false,
    choose: 'select',
    activeOnly: false,
    // The form offers only the profiles the person may give (the list's filter, every profile).
    input: () => <GrantableProfileInput key="profilId" />,
  },
];

/** The password: typed once by the administrator at creation; then whose it is. */
const PASSWORD: readonly FieldDeclaration[] = [
  {
    name: 'motDePasse',
    label: 'Mot de passe provisoire',
    type: 'custom',
    inForm: 'create',
    inShow: false,
    input: () => <TemporaryPasswordInput key="motDePasse" />,
  },
  {
    name: 'is_change_password',
    label: 'Mot de passe',
    type: 'custom',
    inForm: false,
    display: (record) =>
      record.is_change_password === 0
        ? 'Provisoire : à changer à la prochaine connexion'
        : 'Choisi par l’utilisateur',
  },
];

const users = (resource: string, newItem: string, fields: readonly FieldDeclaration[]) =>
  screensOf({
    ...routeLabels(resource),
    newItem,
    fields,
    sort: { field: 'nom', order: 'ASC' },
    activable: { nameSource: 'login' },
    slots: { showActions: <ResetPasswordButton /> },
  } satisfies ResourceDeclaration);

/** The staff's users and the enrôleurs, one chunk loaded when either list is first opened. */
export const userScreens = users('utilisateurs', 'nouvel utilisateur', [...IDENTITY, ...PASSWORD]);

/**
 * An enrôleur also has a centre de dépôt (active centres only, like every reference; to a user
 * attached to a centre, their own only).
 */
export const enroleurScreens = users('enroleurs', 'nouvel enrôleur', [
  ...IDENTITY,
  { ...ENROLER_CENTRE_DEPOT, input: () => <EnrolerCentreInput key="centreDepotId" /> },
  ...PASSWORD,
]);
