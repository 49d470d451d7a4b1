import { z } from 'zod';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { libelleSchema } from '../core/validation.js';
import type { ListField } from '../reference-lists/lists.js';
import { isPermissionCode } from './permissions.js';
import { PROFILE_CATEGORY } from './profile.js';
import { USER_CATEGORY, type ChangePasswordFlag } from './user.js';
import { profileHistory, userHistory } from './history.js';

const unknownKeys = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys.join(', ')}.` : undefined,
};

const name = (label: string) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, { error: `${label} est obligatoire.` })
    .max(100, { error: `${label} compte au plus 100 caractères.` })
    .transform((value) => value.replace(/\s+/g, ' '));

export const loginSchema = z
  .string({ error: 'L’identifiant (adresse e-mail) est obligatoire.' })
  .trim()
  .min(1, { error: 'L’identifiant (adresse e-mail) est obligatoire.' })
  .max(254, { error: 'L’adresse e-mail compte au plus 254 caractères.' })
  .toLowerCase()
  .refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
    error: 'L’identifiant doit être une adresse e-mail valide.',
  });

export const telephoneSchema = z
  .string({ error: 'Le téléphone est obligatoire.' })
  .trim()
  .transform((value) => value.replace(/[\s.-]/g, ''))
  .refine((value) => /^\+?[0-9]{8,15}$/.test(value), {
    error: 'Le téléphone compte de 8 à 15 chiffres (indicatif + accepté).',
  });

/** Length only: the list of common passwords is checked by the service (platform). */
export const PASSWORD_MIN_LENGTH = 8;
export const passwordSchema = z
  .string({ error: 'Le mot de passe est obligatoire.' })
  .min(PASSWORD_MIN_LENGTH, {
    error: `Le mot de passe compte au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  })
  .max(128, { error: 'Le mot de passe compte au plus 128 caractères.' });

const profilIdSchema = z
  .string({ error: 'Le profil est obligatoire.' })
  .trim()
  .min(1, { error: 'Le profil est obligatoire.' });

const centreDepotSchema = z
  .string({ error: 'Choisissez un centre de dépôt.' })
  .trim()
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .default(null);

const userDetails = {
  nom: name('Le nom'),
  prenoms: name('Les prénoms'),
  login: loginSchema,
  telephone: telephoneSchema,
  profilId: profilIdSchema,
  /** Set for enrôleurs: the centre de dépôt they work for. */
  centreDepotId: centreDepotSchema,
};

/** POST /api/utilisateurs: the administrator gives a temporary password, changed at first sign-in. */
export const userCreateSchema = z.strictObject(
  { ...userDetails, motDePasse: passwordSchema },
  unknownKeys,
);
export type UserCreateInput = z.output<typeof userCreateSchema>;

/** PUT /api/utilisateurs/:id */
export const userModifySchema = z.strictObject(userDetails, unknownKeys);
export type UserModifyInput = z.output<typeof userModifySchema>;

/** PUT /api/mon-compte: what a user may change of their own account. */
export const ownAccountSchema = z.strictObject(
  { nom: userDetails.nom, prenoms: userDetails.prenoms, telephone: userDetails.telephone },
  unknownKeys,
);
export type OwnAccountInput = z.output<typeof ownAccountSchema>;

/** POST /api/utilisateurs/:id/reinitialiser-mot-de-passe */
export const resetPasswordSchema = z.strictObject({ motDePasse: passwordSchema }, unknownKeys);

/** POST /api/auth/change-password */
export const changePasswordSchema = z.strictObject(
  {
    currentPassword: z
      .string({ error: 'Le mot de passe actuel est obligatoire.' })
      .min(1, { error: 'Le mot de passe actuel est obligatoire.' }),
    newPassword: passwordSchema,
  },
  unknownKeys,
);

/** POST /api/profils and PUT /api/profils/:id */
export const profileInputSchema = z.strictObject(
  {
    libelle: libelleSchema,
    permissions: z
      .array(z.string(), { error: 'Les permissions sont attendues sous forme de liste.' })
      .min(1, { error: 'Choisissez au moins une permission.' })
      .refine((codes) => codes.every(isPermissionCode), {
        error: 'Permission inconnue.',
      }),
  },
  unknownKeys,
);
export type ProfileInput = z.output<typeof profileInputSchema>;

/** POST /api/maintenance/activer */
export const maintenanceSchema = z.strictObject(
  {
    message: z
      .string()
      .trim()
      .max(500, { error: 'Le message compte au plus 500 caractères.' })
      .default(''),
  },
  unknownKeys,
);

/** An enrôleur's centre: any active centre de dépôt, chosen like every reference of the lists. */
export const ENROLER_CENTRE_DEPOT: ListField = {
  name: 'centreDepotId',
  label: 'Centre de dépôt',
  type: 'reference',
  reference: 'centres-depot',
  required: true,
  help: 'Le centre où l’enrôleur reçoit les dossiers.',
  inList: true,
};

export interface UserDocument extends ReadModelDocument {
  nom: string;
  prenoms: string;
  login: string;
  telephone: string;
  profilId: string;
  centreDepotId: string | null;
  /** An enrôleur is a user attached to a centre de dépôt. */
  enroleur: boolean;
  actif: boolean;
  is_change_password: ChangePasswordFlag;
  creeLe: string;
  creePar: string;
  modifieLe: string;
  modifiePar: string;
}

export const usersCollection: CollectionDefinition = {
  name: 'utilisateurs',
  fields: {
    nom: 'string',
    prenoms: 'string',
    login: 'string',
    profilId: 'string',
    centreDepotId: 'string',
    enroleur: 'boolean',
    actif: 'boolean',
    creeLe: 'string',
    modifieLe: 'string',
  },
  searchFields: ['nom', 'prenoms', 'login', 'telephone'],
  defaultSort: { field: 'nom', order: 'ASC' },
};

export const usersResource: ResourceDefinition = {
  name: 'utilisateurs',
  collection: usersCollection,
  projections: ['utilisateurs'],
  category: USER_CATEGORY,
  label: 'utilisateur',
  notFoundMessage: 'Cet utilisateur est introuvable.',
  history: userHistory,
  // A user attached to a centre de dépôt reads and acts on that centre's accounts only (a national
  // account, attached to none, included): another's answers 404.
  scopedBy: 'centreDepotId',
};

/** Enrôleurs: the users attached to a centre de dépôt, with screens and permissions of their own. */
export const enrolersResource: ResourceDefinition = {
  ...usersResource,
  name: 'enroleurs',
  label: 'enrôleur',
  notFoundMessage: 'Cet enrôleur est introuvable.',
};

export const ENROLER_NOT_FOUND = enrolersResource.notFoundMessage;

export interface ProfileDocument extends ReadModelDocument {
  libelle: string;
  permissions: string[];
  nombrePermissions: number;
  creeLe: string;
  creePar: string;
  modifieLe: string;
  modifiePar: string;
}

export const profilesCollection: CollectionDefinition = {
  name: 'profils',
  fields: { libelle: 'string', nombrePermissions: 'number', creeLe: 'string', modifieLe: 'string' },
  searchFields: ['libelle'],
  defaultSort: { field: 'libelle', order: 'ASC' },
};

export const profilesResource: ResourceDefinition = {
  name: 'profils',
  collection: profilesCollection,
  projections: ['profils'],
  category: PROFILE_CATEGORY,
  label: 'profil',
  notFoundMessage: 'Ce profil est introuvable.',
  history: profileHistory,
};

export interface SiteSettingsDocument extends ReadModelDocument {
  maintenance: boolean;
  message: string;
  modifieLe: string;
  modifiePar: string;
}

/** The one document of the site's settings. */
export const SITE_SETTINGS_ID = 'site';

export const siteSettingsCollection: CollectionDefinition = {
  name: 'parametres-site',
  fields: {},
  searchFields: [],
  defaultSort: { field: 'id', order: 'ASC' },
};
