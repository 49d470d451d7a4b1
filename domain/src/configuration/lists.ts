/**
 * The configuration's reference lists, declared as data: each list has `code`, `libelle`, `actif`
 * and fields of its own. One decider, one projection, one set of routes and one set of screens serve
 * them all; what differs between lists lives here, next to their rules. The registration's records
 * that are kept the same way (patrons, apprentis: `registration/records.ts`) are lists too, without
 * a code.
 */
import { departement, metier, session } from './fields.js';
import { APPRENTIS, PATRONS } from '../registration/records.js';
import { JURYS, MEMBRES_JURY } from '../exam/juries.js';
import { AMPLIATIONS, REFERENCES_DECISIONS, TYPES_VISAS, VISAS } from '../exam/decisionLists.js';
import type { ListField, ReferenceListDefinition } from './listTypes.js';

// The types live in a file of their own, which the lists declared elsewhere (fields, records,
// juries, decision lists) import without importing this file back.
export type { ListField, ListFieldType, ReferenceListDefinition } from './listTypes.js';

/** A métier's optional classification, chosen among the active items of the lists of its tabs. */
export const METIER_FILIERE: ListField = {
  name: 'filiereId',
  label: 'Filière',
  type: 'reference',
  reference: 'filieres',
  inList: true,
  inactiveMessage: 'Choisissez une filière active.',
};

export const METIER_CORPS_DE_METIER: ListField = {
  name: 'corpsDeMetierId',
  label: 'Corps de métier',
  type: 'reference',
  reference: 'corps-de-metier',
  inList: true,
  inactiveMessage: 'Choisissez un corps de métier actif.',
};

const simple = (
  name: string,
  path: string,
  label: string,
  itemLabel: string,
  notFoundMessage: string,
  fields: readonly ListField[] = [],
): ReferenceListDefinition => ({ name, path, label, itemLabel, notFoundMessage, fields });

export const REFERENCE_LISTS: readonly ReferenceListDefinition[] = [
  {
    name: 'zones',
    label: 'Zones',
    itemLabel: 'Zone',
    notFoundMessage: 'Cette zone est introuvable.',
    fields: [],
    readOnly: true,
  },
  {
    name: 'departements',
    label: 'Départements',
    itemLabel: 'Département',
    notFoundMessage: 'Ce département est introuvable.',
    fields: [
      {
        name: 'zoneId',
        label: 'Zone',
        type: 'reference',
        reference: 'zones',
        required: true,
        inList: true,
      },
    ],
    readOnly: true,
  },
  simple('langues', 'configuration/langues', 'Langues', 'Langue', 'Cette langue est introuvable.'),
  simple(
    'niveaux-scolarisation',
    'configuration/niveaux-de-scolarisation',
    'Niveaux de scolarisation',
    'Niveau de scolarisation',
    'Ce niveau de scolarisation est introuvable.',
    [
      {
        name: 'rang',
        label: 'Rang',
        type: 'integer',
        min: 0,
        max: 100,
        inList: true,
        help: 'Plus le rang est élevé, plus le niveau est élevé : un métier qui requiert un niveau accepte ceux de rang égal ou supérieur.',
      },
    ],
  ),
  simple(
    'motifs-rejet',
    'configuration/motifs-rejet',
    'Motifs de rejet',
    'Motif de rejet',
    'Ce motif de rejet est introuvable.',
  ),
  simple(
    'types-incidents',
    'configuration/types-d-incidents',
    'Types d’incidents',
    'Type d’incident',
    'Ce type d’incident est introuvable.',
  ),
  simple(
    'types-incidents-examen',
    'configuration/examen-session/type-des-incidents-examen',
    'Types d’incidents d’examen',
    'Type d’incident d’examen',
    'Ce type d’incident d’examen est introuvable.',
  ),
  simple(
    'types-jurys',
    'configuration/examen-session/types-de-jurys',
    'Types de jurys',
    'Type de jury',
    'Ce type de jury est introuvable.',
  ),
  simple(
    'fonctions-membres-jurys',
    'configuration/examen-session/fonction-des-membres-de-jurys',
    'Fonctions des membres de jurys',
    'Fonction de membre de jury',
    'Cette fonction est introuvable.',
  ),
  simple(
    'types-handicap',
    'configuration/inscriptions/types-handicap',
    'Types de handicap',
    'Type de handicap',
    'Ce type de handicap est introuvable.',
    [
      {
        name: 'amenagement',
        label: 'Aménagement accordé',
        type: 'text',
        help: 'Par exemple : un tiers de temps supplémentaire, sujets en gros caractères.',
        inList: true,
      },
      {
        name: 'siteAccessibleRequis',
        label: 'Site accessible requis',
        type: 'boolean',
        defaultValue: false,
        inList: true,
        help: 'Les candidats de ce type ne sont affectés qu’à un site de composition accessible.',
      },
    ],
  ),
  simple(
    'centres-depot',
    'configuration/centre-de-depot',
    'Centres de dépôt',
    'Centre de dépôt',
    'Ce centre de dépôt est introuvable.',
    [
      departement,
      { name: 'adresse', label: 'Adresse', type: 'text' },
      { name: 'telephone', label: 'Téléphone', type: 'phone' },
    ],
  ),
  simple(
    'centres-examen',
    'configuration/examen-session/centres-d-examen',
    'Centres d’examen',
    'Centre d’examen',
    'Ce centre d’examen est introuvable.',
    [departement],
  ),
  {
    ...simple(
      'sites-composition',
      'configuration/examen-session/sites-de-composition',
      'Sites de composition',
      'Site de composition',
      'Ce site de composition est introuvable.',
      [
        {
          name: 'centreExamenId',
          label: 'Centre d’examen',
          type: 'reference',
          reference: 'centres-examen',
          required: true,
          inList: true,
        },
        {
          name: 'capacite',
          label: 'Capacité (places)',
          type: 'integer',
          required: true,
          min: 1,
          max: 100_000,
          inList: true,
        },
        { name: 'adresse', label: 'Adresse', type: 'text' },
        {
          name: 'accessible',
          label: 'Accessible (handicap)',
          type: 'boolean',
          defaultValue: false,
          inList: true,
          help: 'Le site accueille les candidats dont le handicap exige un site accessible.',
        },
      ],
    ),
    seats: { capacity: 'capacite' },
  },
  {
    ...simple(
      'examens',
      'configuration/examen-session/examens',
      'Examens',
      'Examen',
      'Cet examen est introuvable.',
      [
        {
          name: 'noteDePassage',
          label: 'Note de passage (sur 20)',
          type: 'integer',
          required: true,
          min: 1,
          max: 20,
          defaultValue: 10,
          inList: true,
        },
        {
          name: 'noteEliminatoire',
          label: 'Note éliminatoire (sur 20)',
          type: 'integer',
          min: 0,
          max: 20,
          defaultValue: 5,
          inList: true,
        },
      ],
    ),
    check: (values): Record<string, string> =>
      typeof values.noteEliminatoire === 'number' &&
      typeof values.noteDePassage === 'number' &&
      values.noteEliminatoire >= values.noteDePassage
        ? { noteEliminatoire: 'La note éliminatoire doit être inférieure à la note de passage.' }
        : {},
  },
  simple(
    'emails-departements',
    'configuration/config-mail-dep',
    'E-mails par département',
    'E-mails d’un département',
    'Cette configuration d’e-mails est introuvable.',
    [
      departement,
      {
        name: 'emails',
        label: 'Adresses e-mail',
        type: 'email-list',
        required: true,
        help: 'Séparées par des virgules ou des points-virgules.',
        inList: true,
      },
    ],
  ),
  {
    ...simple(
      'epreuves',
      'configuration/examen-session/epreuves',
      'Épreuves',
      'Épreuve',
      'Cette épreuve est introuvable.',
      [
        {
          name: 'examenId',
          label: 'Examen',
          type: 'reference',
          reference: 'examens',
          required: true,
          inList: true,
        },
        {
          name: 'metierId',
          label: 'Métier',
          type: 'reference',
          reference: 'metiers',
          help: 'Laisser vide : l’épreuve vaut pour tous les métiers de l’examen.',
          inList: true,
        },
        {
          name: 'coefficient',
          label: 'Coefficient',
          type: 'number',
          required: true,
          positive: true,
          max: 100,
          defaultValue: 1,
          inList: true,
        },
        {
          name: 'noteMax',
          label: 'Note maximale',
          type: 'number',
          required: true,
          positive: true,
          max: 1000,
          defaultValue: 20,
        },
        {
          name: 'typeEpreuve',
          label: 'Type d’épreuve',
          type: 'choice',
          required: true,
          choices: [
            { value: 'ecrite', label: 'Écrite' },
            { value: 'pratique', label: 'Pratique' },
            { value: 'orale', label: 'Orale' },
          ],
          defaultValue: 'ecrite',
          inList: true,
        },
        { name: 'eliminatoire', label: 'Éliminatoire', type: 'boolean', inList: true },
        // Its place in a session's composition (the convocations print it as a date and a time).
        {
          name: 'jour',
          label: 'Jour de composition',
          type: 'integer',
          min: 1,
          max: 31,
          help: '1 : premier jour de composition de la session ; 2 : le lendemain…',
        },
        {
          name: 'heureDebut',
          label: 'Heure de début (HH:MM)',
          type: 'text',
          help: 'Par exemple 08:00.',
          example: '08:00',
        },
        { name: 'duree', label: 'Durée (minutes)', type: 'integer', min: 1, max: 1440 },
      ],
    ),
    check: (values): Record<string, string> =>
      typeof values.heureDebut === 'string' &&
      values.heureDebut !== '' &&
      !/^([01]\d|2[0-3]):[0-5]\d$/.test(values.heureDebut)
        ? { heureDebut: 'Indiquez l’heure au format HH:MM, par exemple 08:00.' }
        : {},
  },
  simple(
    'pieces-justificatives',
    'configuration/piece-justificative',
    'Pièces justificatives',
    'Pièce justificative',
    'Cette pièce justificative est introuvable.',
    [
      { name: 'obligatoire', label: 'Obligatoire', type: 'boolean', inList: true },
      {
        name: 'examenIds',
        label: 'Examens concernés',
        type: 'references',
        reference: 'examens',
        help: 'Laisser vide : la pièce est demandée pour tous les examens.',
      },
    ],
  ),
  {
    ...simple(
      'frais-examen',
      'configuration/espace-financier',
      'Frais d’examen',
      'Frais d’examen',
      'Ces frais d’examen sont introuvables.',
      [
        session,
        {
          name: 'montant',
          label: 'Montant (FCFA)',
          type: 'integer',
          required: true,
          min: 1,
          max: 10_000_000,
          inList: true,
        },
        {
          name: 'prefixePaiement',
          label: 'Préfixe des références de paiement',
          type: 'text',
          required: true,
        },
        {
          name: 'paiementAvantValidation',
          label: 'Paiement complet exigé avant la validation des dossiers',
          type: 'boolean',
        },
        {
          name: 'compterPaiementsDemonstration',
          label: 'Compter les paiements de démonstration',
          type: 'boolean',
          help: 'Pour un office en formation : les paiements du mode démonstration (aucun argent reçu) comptent dans les frais payés. Désactivé : ils sont montrés à part et ne comptent jamais.',
        },
      ],
    ),
    unique: {
      fields: ['sessionId'],
      message: 'Cette session a déjà ses frais d’examen : modifiez-les plutôt.',
    },
  },
  {
    ...simple(
      'parametres-edition',
      'configuration/parametre-dedition',
      'Paramètres d’édition',
      'Paramètres d’édition',
      'Ces paramètres d’édition sont introuvables.',
      [
        session,
        {
          name: 'dateLimiteModification',
          label: 'Dernier jour de modification des dossiers',
          type: 'date',
          required: true,
          inList: true,
        },
        {
          name: 'modificationApresValidation',
          label: 'Un dossier validé reste modifiable',
          type: 'boolean',
        },
        {
          name: 'prefixeDossier',
          label: 'Préfixe des numéros de dossier',
          type: 'text',
          required: true,
        },
        {
          name: 'ageMinimum',
          label: 'Âge minimum à la date de composition (ans)',
          type: 'integer',
          min: 10,
          max: 100,
          help: 'Laisser vide : aucun âge minimum.',
        },
      ],
    ),
    unique: {
      fields: ['sessionId'],
      message: 'Cette session a déjà ses paramètres d’édition : modifiez-les plutôt.',
    },
  },
  {
    ...simple(
      'metiers-ouverts',
      'configuration/inscriptions/metiers',
      'Métiers ouverts aux inscriptions',
      'Métier ouvert',
      'Ce métier ouvert est introuvable.',
      [
        session,
        metier,
        {
          name: 'quota',
          label: 'Quota (places)',
          type: 'integer',
          min: 1,
          max: 1_000_000,
          inList: true,
        },
      ],
    ),
    unique: {
      fields: ['sessionId', 'metierId'],
      message: 'Ce métier est déjà ouvert aux inscriptions de cette session.',
    },
  },
  {
    ...simple(
      'niveaux-requis',
      'configuration/inscriptions/niveaux-de-scolarisation',
      'Niveaux de scolarisation requis',
      'Niveau requis',
      'Ce niveau requis est introuvable.',
      [
        metier,
        {
          name: 'niveauId',
          label: 'Niveau minimum',
          type: 'reference',
          reference: 'niveaux-scolarisation',
          required: true,
          inList: true,
        },
      ],
    ),
    unique: {
      fields: ['metierId'],
      message: 'Ce métier a déjà son niveau de scolarisation requis : modifiez-le plutôt.',
    },
  },
  simple(
    'signataires',
    'configuration/signataires',
    'Signataires',
    'Signataire',
    'Ce signataire est introuvable.',
    [
      { name: 'titre', label: 'Titre ou fonction', type: 'text', required: true, inList: true },
      { name: 'signeAttestations', label: 'Signe les attestations', type: 'boolean', inList: true },
      { name: 'signeDiplomes', label: 'Signe les diplômes', type: 'boolean', inList: true },
      {
        name: 'signeDecisions',
        label: 'Signe les décisions d’admission',
        type: 'boolean',
        inList: true,
      },
      { name: 'signePv', label: 'Signe les procès-verbaux', type: 'boolean', inList: true },
      {
        name: 'signature',
        label: 'Signature (image)',
        type: 'image',
        required: true,
        help: 'Image PNG ou JPEG de moins de 1 Mo.',
      },
    ],
  ),
  // Once an aggregate of its own (`Metier*` events, read as these lists' events: legacyMetiers.ts).
  {
    name: 'metiers',
    path: 'configuration/metiers',
    label: 'Métiers',
    itemLabel: 'Métier',
    notFoundMessage: 'Ce métier est introuvable.',
    subject: { text: 'Ce métier' },
    newItem: 'nouveau métier',
    documents: ['liste-metiers'],
    fields: [METIER_FILIERE, METIER_CORPS_DE_METIER],
  },
  // Managed from the métiers screen (tabs "Filières" and "Corps de métiers"), no route of their own.
  {
    name: 'filieres',
    label: 'Filières',
    itemLabel: 'Filière',
    notFoundMessage: 'Cette filière est introuvable.',
    fields: [],
    permissions: ['configuration.filieres'],
    managedFrom: 'configuration/metiers',
  },
  {
    name: 'corps-de-metier',
    label: 'Corps de métiers',
    itemLabel: 'Corps de métier',
    notFoundMessage: 'Ce corps de métier est introuvable.',
    fields: [],
    permissions: ['configuration.corps-de-metier'],
    managedFrom: 'configuration/metiers',
  },
  PATRONS,
  APPRENTIS,
  MEMBRES_JURY,
  JURYS,
  TYPES_VISAS,
  VISAS,
  AMPLIATIONS,
  REFERENCES_DECISIONS,
];

export const referenceList = (name: string): ReferenceListDefinition | undefined =>
  REFERENCE_LISTS.find((list) => list.name === name);

/**
 * The values an item keeps unique in its list (`unique`), as reservations: the ids of its `unique`
 * fields joined by `+`, one per combination when a field holds several ids (a jury's centres and
 * métiers). None when the list has no such rule or a field is empty.
 */
export const uniqueKeysOf = (
  list: ReferenceListDefinition,
  values: Readonly<Record<string, unknown>>,
): { resource: string; field: string; value: string }[] => {
  if (!list.unique) return [];
  const field = list.unique.fields.join('+');
  let combinations: string[][] = [[]];
  for (const name of list.unique.fields) {
    const ids = [values[name]]
      .flat()
      .filter((part) => part !== null && part !== undefined && part !== '')
      .map(String);
    combinations = combinations.flatMap((parts) => [...new Set(ids)].map((id) => [...parts, id]));
  }
  return combinations.map((parts) => ({ resource: list.name, field, value: parts.join('+') }));
};

export const REFERENCE_LIST_NAMES: readonly string[] = REFERENCE_LISTS.map((list) => list.name);
