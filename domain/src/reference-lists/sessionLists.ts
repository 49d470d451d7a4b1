/**
 * What an examen and a session's registration need: examens and épreuves, pièces, fees, editing
 * parameters, the métiers open and the levels they require, the signatories.
 */
import { metier, session, departement } from './fields.js';
import type { ReferenceListDefinition } from './listTypes.js';
import { simple } from './simpleList.js';

export const SESSION_LISTS: readonly ReferenceListDefinition[] = [
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
    // « Inscrire un candidat » and « Soumettre une liste d’agents » offer only these métiers.
    offeredOn: ['candidatures', 'listes-candidats'],
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
];
