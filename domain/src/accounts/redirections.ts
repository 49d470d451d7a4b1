/**
 * « Redirections » (seed §2 rule 4, §7): a page path sent elsewhere, during a move for example. A
 * reference list (one decider, projection, history and screens for every list), read per path by
 * the public lookup `GET /api/public/chemins`. A target that is an absolute address loads a full
 * page, a path navigates within the app.
 */
import type { ReferenceListDefinition } from '../reference-lists/listTypes.js';
import { isAbsoluteAddress, UNREDIRECTABLE_PAGES } from '../routes/pagePaths.js';

export const REDIRECTIONS_PATH = 'configuration/redirections';

/** A page path: one leading slash, no space, no query or anchor, no trailing slash. */
const PAGE_PATH = /^\/(?!\/)[^\s?#]*$/;

const pathError = (chemin: string): string | undefined => {
  if (!PAGE_PATH.test(chemin))
    return 'Le chemin commence par « / » et ne contient ni espace, ni « ? », ni « # » (par exemple /ancienne-page).';
  if (chemin !== '/' && chemin.endsWith('/'))
    return 'Indiquez le chemin sans « / » final : les deux écritures sont la même page.';
  if (chemin === '/api' || chemin.startsWith('/api/'))
    return 'Les adresses de l’API (/api/…) ne se redirigent pas.';
  if (UNREDIRECTABLE_PAGES.includes(chemin))
    return 'Cette page ne peut pas être redirigée : la connexion, le changement de mot de passe, l’accès refusé et la maintenance restent toujours accessibles.';
  return undefined;
};

const targetError = (cible: string): string | undefined => {
  if (isAbsoluteAddress(cible))
    return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(cible)
      ? undefined
      : 'Une adresse complète commence par http:// ou https:// et ne contient pas d’espace.';
  return PAGE_PATH.test(cible.split(/[?#]/)[0]!) && !/\s/.test(cible)
    ? undefined
    : 'La destination est un chemin commençant par « / » (par exemple /diplomes) ou une adresse complète (https://…).';
};

export const REDIRECTIONS: ReferenceListDefinition = {
  name: 'redirections',
  path: REDIRECTIONS_PATH,
  label: 'Redirections',
  itemLabel: 'Redirection',
  notFoundMessage: 'Cette redirection est introuvable.',
  subject: { text: 'Cette redirection', feminine: true },
  newItem: 'nouvelle redirection',
  code: false,
  title: { label: 'Chemin', subject: 'Le chemin' },
  titleFrom: ['chemin'],
  unique: { fields: ['chemin'], message: 'Une redirection existe déjà pour ce chemin.' },
  fields: [
    {
      name: 'chemin',
      label: 'Chemin',
      type: 'text',
      required: true,
      // Listed already: the libellé is the chemin.
      example: '/ancienne-page-{n}',
      help: 'La page redirigée, par exemple /ancienne-page ou /tableau-de-bord/ancien-ecran.',
    },
    {
      name: 'cible',
      label: 'Destination',
      type: 'text',
      required: true,
      inList: true,
      example: '/diplomes',
      help: 'Un chemin du site (navigation dans l’application) ou une adresse complète https://… (chargement d’une nouvelle page).',
    },
  ],
  check: (values): Record<string, string> => {
    const chemin = typeof values.chemin === 'string' ? values.chemin : '';
    const cible = typeof values.cible === 'string' ? values.cible : '';
    const errors: Record<string, string> = {};
    const onPath = chemin ? pathError(chemin) : undefined;
    if (onPath) errors.chemin = onPath;
    const onTarget = cible ? targetError(cible) : undefined;
    if (onTarget) errors.cible = onTarget;
    else if (chemin && cible.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1') === chemin)
      errors.cible = 'La destination doit être une autre page que le chemin redirigé.';
    return errors;
  },
};
