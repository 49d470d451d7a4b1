/**
 * What an admission decision prints besides its candidates (« Décision d’admission »), kept like the
 * reference lists (one generic decider, projection, routes and screens): the types of visas and the
 * visas themselves (the legal references « Vu … », by type, in order), the ampliations (who receives
 * a copy, in order), and each département's decision number per session (one per session ×
 * département). A signed decision keeps what it printed: these lists change the next decisions only.
 */
import { departement, session } from '../reference-lists/fields.js';
import type { ListField, ReferenceListDefinition } from '../reference-lists/listTypes.js';

const DECISIONS = 'espace-examen/gestion-des-admissions/decision-d-admission';

const ordre = (help: string): ListField => ({
  name: 'ordre',
  label: 'Ordre',
  type: 'integer',
  required: true,
  min: 1,
  max: 999,
  defaultValue: 1,
  inList: true,
  help,
});

export const TYPES_VISAS: ReferenceListDefinition = {
  name: 'types-visas',
  path: `${DECISIONS}/types-visas-des-decisions-dadmission`,
  label: 'Types de visas',
  itemLabel: 'Type de visa',
  notFoundMessage: 'Ce type de visa est introuvable.',
  subject: { text: 'Ce type de visa' },
  newItem: 'nouveau type de visa',
  fields: [
    ordre(
      'Les visas s’impriment type après type, dans cet ordre (la Constitution, puis les lois, les décrets…).',
    ),
  ],
  order: 'ordre',
};

export const VISAS: ReferenceListDefinition = {
  name: 'visas',
  path: `${DECISIONS}/visas-des-decisions-dadmission`,
  label: 'Visas des décisions d’admission',
  itemLabel: 'Visa',
  notFoundMessage: 'Ce visa est introuvable.',
  subject: { text: 'Ce visa' },
  newItem: 'nouveau visa',
  code: false,
  title: { label: 'Texte du visa', subject: 'Le texte du visa' },
  titleFrom: ['texte'],
  fields: [
    {
      name: 'typeId',
      label: 'Type de visa',
      type: 'reference',
      reference: 'types-visas',
      required: true,
      inList: true,
      inactiveMessage: 'Choisissez un type de visa actif.',
    },
    {
      name: 'texte',
      label: 'Texte du visa',
      type: 'text',
      required: true,
      help: 'Sans « Vu » : il est ajouté à l’impression. Par exemple : la loi n° 2018/010 du 11 juillet 2018 régissant la formation professionnelle.',
    },
    ordre('Place du visa parmi ceux de son type.'),
  ],
  order: 'ordre',
};

export const AMPLIATIONS: ReferenceListDefinition = {
  name: 'ampliations',
  path: `${DECISIONS}/ampliations`,
  label: 'Ampliations',
  itemLabel: 'Ampliation',
  notFoundMessage: 'Cette ampliation est introuvable.',
  subject: { text: 'Cette ampliation', feminine: true },
  newItem: 'nouvelle ampliation',
  code: false,
  title: { label: 'Destinataire', subject: 'Le destinataire' },
  fields: [ordre('Place du destinataire dans la liste d’ampliation de la décision.')],
  order: 'ordre',
};

export const REFERENCES_DECISIONS: ReferenceListDefinition = {
  name: 'references-decisions',
  path: `${DECISIONS}/references`,
  label: 'Références des décisions par département',
  itemLabel: 'Référence de décision',
  notFoundMessage: 'Cette référence de décision est introuvable.',
  subject: { text: 'Cette référence', feminine: true },
  newItem: 'nouvelle référence de décision',
  code: false,
  title: { label: 'Numéro de la décision', subject: 'Le numéro de la décision' },
  fields: [session, departement],
  unique: {
    fields: ['sessionId', 'departementId'],
    message:
      'Ce département a déjà la référence de sa décision pour cette session : modifiez-la plutôt.',
  },
};
