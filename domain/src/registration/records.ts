/**
 * The registration's records kept like the reference lists (one generic decider, projection,
 * routes and screens), without a code: the patrons (employers) and their apprentis. Their events
 * are the lists' (`ListItem*`) in streams of their own (`patrons-<id>`, `apprentis-<id>`).
 */
import { departement, metier } from '../reference-lists/fields.js';
import type { ListField, ReferenceListDefinition } from '../reference-lists/listTypes.js';
import { utcDay } from '../core/time.js';
import { SEXES } from './identity.js';

const sexe = (name: string, label: string): ListField => ({
  name,
  label,
  type: 'choice',
  required: true,
  choices: SEXES,
});

const personName = (name: string, label: string, inList = false): ListField => ({
  name,
  label,
  type: 'person-name',
  required: true,
  inList,
});

export const PATRONS: ReferenceListDefinition = {
  name: 'patrons',
  path: 'inscription/patrons',
  label: 'Patrons',
  itemLabel: 'Patron',
  notFoundMessage: 'Ce patron est introuvable.',
  subject: { text: 'Ce patron' },
  newItem: 'nouveau patron',
  code: false,
  title: { label: 'Raison sociale', subject: 'La raison sociale' },
  fields: [
    personName('responsableNom', 'Nom du responsable'),
    personName('responsablePrenoms', 'Prénoms du responsable'),
    sexe('responsableSexe', 'Sexe du responsable'),
    { name: 'telephone', label: 'Téléphone', type: 'phone', required: true, inList: true },
    { name: 'email', label: 'E-mail', type: 'email' },
    metier,
    departement,
    { name: 'adresse', label: 'Adresse', type: 'text' },
  ],
};

export const APPRENTIS: ReferenceListDefinition = {
  name: 'apprentis',
  path: 'inscription/apprentis',
  label: 'Apprentis',
  itemLabel: 'Apprenti',
  notFoundMessage: 'Cet apprenti est introuvable.',
  subject: { text: 'Cet apprenti' },
  newItem: 'nouvel apprenti',
  code: false,
  title: { label: 'Nom et prénoms', subject: 'Le nom' },
  titleFrom: ['nom', 'prenoms'],
  fields: [
    personName('nom', 'Nom'),
    personName('prenoms', 'Prénoms'),
    { ...sexe('sexe', 'Sexe'), inList: true },
    { name: 'dateNaissance', label: 'Date de naissance', type: 'date', required: true },
    { name: 'lieuNaissance', label: 'Lieu de naissance', type: 'text', required: true },
    { name: 'nationalite', label: 'Nationalité', type: 'text', required: true },
    { name: 'telephone', label: 'Téléphone', type: 'phone', inList: true },
    {
      name: 'patronId',
      label: 'Patron',
      type: 'reference',
      reference: 'patrons',
      required: true,
      inList: true,
      inactiveMessage: 'Choisissez un patron actif.',
    },
    metier,
    {
      name: 'dateDebutApprentissage',
      label: 'Début de l’apprentissage',
      type: 'date',
      required: true,
    },
    {
      name: 'niveauId',
      label: 'Niveau de scolarisation',
      type: 'reference',
      reference: 'niveaux-scolarisation',
      required: true,
    },
    {
      name: 'langueId',
      label: 'Langue',
      type: 'reference',
      reference: 'langues',
    },
    {
      name: 'handicapId',
      label: 'Handicap',
      type: 'reference',
      reference: 'types-handicap',
      help: 'Laisser vide : aucun handicap.',
    },
  ],
  // A date of birth is past on the day of the command's instant (`now`).
  check: (values, { now }): Record<string, string> => {
    const born = typeof values.dateNaissance === 'string' ? values.dateNaissance : '';
    const started =
      typeof values.dateDebutApprentissage === 'string' ? values.dateDebutApprentissage : '';
    if (born && born >= utcDay(now))
      return { dateNaissance: 'La date de naissance doit être passée.' };
    if (born && started && started <= born)
      return {
        dateDebutApprentissage: 'Le début de l’apprentissage doit suivre la date de naissance.',
      };
    return {};
  },
};
