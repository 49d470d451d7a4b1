import { ENROLER_CENTRE_DEPOT } from '../accounts/contracts.js';
import {
  REFERENCE_LISTS,
  type ListField,
  type ReferenceListDefinition,
} from '../reference-lists/lists.js';
import { SESSION_STATUS_LABELS } from '../sessions/session.js';
import {
  CANDIDATURE_FIELDS,
  CANDIDATURE_STATUS_LABELS,
  PIECES_STATE_LABELS,
  type CandidatureStatus,
  type PiecesState,
} from '../registration/candidature.js';
import { changesText, statutLabel } from '../registration/changes.js';
import { INCIDENT_STATUS_LABELS, type IncidentStatus } from '../incidents/incident.js';

/**
 * One cell of an export, typed so that each format writes it as its readers expect: numbers stay
 * numbers (a spreadsheet sums them), days and instants are dates, not text to re-parse.
 */
export type ExportCell =
  string | number | null | undefined | { readonly day: string } | { readonly instant: string };

/** A day (`YYYY-MM-DD`): DD/MM/YYYY in the CSV, a date in the XLSX. */
const day = (value: unknown): ExportCell =>
  typeof value === 'string' && value ? { day: value } : '';

/** A moment (ISO timestamp): DD/MM/YYYY à HH h mm in the CSV, a date and time in the XLSX. */
const instant = (value: unknown): ExportCell =>
  typeof value === 'string' && value ? { instant: value } : '';

/**
 * A text a spreadsheet would run as a formula (=, +, -, @ first, or after spaces, tabs or line
 * breaks; a tab, carriage return or line feed first) is written with a leading apostrophe, in every
 * format: an exported list can never execute anything when opened, even once re-saved as CSV.
 */
export const safeText = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /^(?:[\t\r\n]|\s*[=+\-@])/.test(text) ? `'${text}` : text;
};

/** A read-model document, as an export reads it. */
export type ExportRow = Readonly<Record<string, unknown>>;

/** The libellé of an item of another resource, by its id; undefined when it is unknown. */
export type LabelOf = (resource: string, id: string) => string | undefined;

export interface ExportColumn {
  /** The French header: the label the screen shows. */
  readonly header: string;
  readonly cell: (row: ExportRow, labelOf: LabelOf) => ExportCell;
}

/**
 * What a list screen exports, whatever the format: the same headers and cells for the CSV and the
 * XLSX. References are shown by their libellé: the server reads those of each batch of rows at
 * once, from the resources named here.
 */
export interface ExportTable {
  readonly columns: readonly ExportColumn[];
  readonly references: readonly { readonly field: string; readonly resource: string }[];
}

const text = (header: string, field: string): ExportColumn => ({
  header,
  cell: (row) => {
    const value = row[field];
    return value === null || value === undefined ? '' : String(value);
  },
});

const number = (header: string, field: string): ExportColumn => ({
  header,
  cell: (row) => (typeof row[field] === 'number' ? row[field] : ''),
});

const status: ExportColumn = {
  header: 'Statut',
  cell: (row) => (row.actif ? 'Actif' : 'Inactif'),
};

/** "Modifié le" / "Modifié par" (feminine for a session), as the screens name the audit stamps. */
const stamps = (feminine: boolean, author = true): ExportColumn[] => {
  const e = feminine ? 'e' : '';
  return [
    { header: `Modifié${e} le`, cell: (row) => instant(row.modifieLe) },
    ...(author ? [text(`Modifié${e} par`, 'modifiePar')] : []),
  ];
};

const decimals = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** A declared field as its list screen shows it, when it is neither a number, a date nor a reference. */
const shownValue = (field: ListField, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if ((field.type === 'integer' || field.type === 'number') && typeof value === 'number')
    return decimals.format(value);
  if (field.type === 'boolean') return value ? 'Oui' : 'Non';
  if (field.type === 'choice')
    return field.choices?.find((c) => c.value === value)?.label ?? String(value);
  if (field.type === 'image') return 'Oui';
  return String(value);
};

/**
 * The exported cell of a declared field: references as the referenced items' libellés, numbers as
 * numbers, dates as days; an image as whether there is one (its stored name means nothing).
 */
export const fieldColumn = (field: ListField): ExportColumn => ({
  header: field.label,
  cell: (row, labelOf) => {
    const value = row[field.name];
    const label = (id: string) => labelOf(field.reference!, id) ?? id;
    if (field.type === 'reference') return typeof value === 'string' && value ? label(value) : '';
    if (field.type === 'references')
      return Array.isArray(value) ? value.map((id) => label(String(id))).join(', ') : '';
    if ((field.type === 'integer' || field.type === 'number') && typeof value === 'number')
      return value;
    if (field.type === 'date') return day(value);
    if (field.type === 'image') return typeof value === 'string' && value ? 'Oui' : 'Non';
    return shownValue(field, value);
  },
});

const referencesOf = (fields: readonly ListField[]): ExportTable['references'] =>
  fields
    .filter((f) => (f.type === 'reference' || f.type === 'references') && f.reference)
    .map((f) => ({ field: f.name, resource: f.reference! }));

/**
 * A reference list: code (if its items have one), libellé (as the list calls it, unless derived
 * from its fields), every declared field, status and audit stamps.
 */
const listTable = ({ fields, code, title, titleFrom }: ReferenceListDefinition): ExportTable => ({
  columns: [
    ...(code === false ? [] : [text('Code', 'code')]),
    ...(titleFrom ? [] : [text(title?.label ?? 'Libellé', 'libelle')]),
    ...fields.map(fieldColumn),
    status,
    ...stamps(false),
  ],
  references: referencesOf(fields),
});

const usersTable = (enroleurs: boolean): ExportTable => ({
  columns: [
    text('Nom', 'nom'),
    text('Prénoms', 'prenoms'),
    text('Identifiant', 'login'),
    text('Téléphone', 'telephone'),
    ...(enroleurs ? [fieldColumn(ENROLER_CENTRE_DEPOT)] : []),
    status,
    ...stamps(false, false),
  ],
  references: enroleurs ? referencesOf([ENROLER_CENTRE_DEPOT]) : [],
});

/** The dossiers as the list screen shows them, with every declared field of the form. */
const CANDIDATURES_TABLE: ExportTable = {
  columns: [
    text('Numéro de dossier', 'numeroDossier'),
    ...CANDIDATURE_FIELDS.map(fieldColumn),
    {
      header: 'Statut',
      cell: (row) =>
        CANDIDATURE_STATUS_LABELS[row.statut as CandidatureStatus] ?? String(row.statut ?? ''),
    },
    {
      header: 'État des pièces',
      cell: (row) => PIECES_STATE_LABELS[row.etatPieces as PiecesState] ?? '',
    },
    number('Pièces obligatoires à valider', 'piecesManquantes'),
    number('Montant dû (FCFA)', 'montantDu'),
    number('Montant payé (FCFA)', 'montantPaye'),
    number('Reste à payer (FCFA)', 'resteAPayer'),
    ...stamps(false),
  ],
  references: referencesOf(CANDIDATURE_FIELDS),
};

const reference = (name: string, label: string, list: string): ListField => ({
  name,
  label,
  type: 'reference',
  reference: list,
});

/**
 * The incidents of a kind as its lists show them: the date, the kind's own columns (`own`, its
 * references by libellé), the description, the statut, who recorded it, the attachment's name.
 */
const incidentTable = (own: readonly (ListField | ExportColumn)[]): ExportTable => {
  const fields = own.filter((c): c is ListField => 'name' in c);
  return {
    columns: [
      { header: 'Date', cell: (row) => instant(row.creeLe) },
      ...own.map((c) => ('name' in c ? fieldColumn(c) : c)),
      text('Description', 'description'),
      {
        header: 'Statut',
        cell: (row) =>
          INCIDENT_STATUS_LABELS[row.statut as IncidentStatus] ?? String(row.statut ?? ''),
      },
      text('Enregistré par', 'creePar'),
      {
        header: 'Pièce jointe',
        cell: (row) =>
          String((row.pieceJointe as { nomFichier?: unknown } | null)?.nomFichier ?? ''),
      },
      ...stamps(false),
    ],
    references: referencesOf(fields),
  };
};

const REGISTRATION_INCIDENTS_TABLE = incidentTable([
  reference('typeId', 'Type d’incident', 'types-incidents'),
  text('Dossier', 'numeroDossier'),
  text('Candidat', 'candidat'),
]);

/**
 * Every exportable resource (its API name, also the file's name) and its columns: the same as the
 * screens of each list show and exported before, for the CSV and the XLSX alike.
 */
export const EXPORT_TABLES: Readonly<Record<string, ExportTable>> = {
  ...Object.fromEntries(REFERENCE_LISTS.map((list) => [list.name, listTable(list)])),
  profils: {
    columns: [
      text('Libellé', 'libelle'),
      number('Nombre de permissions', 'nombrePermissions'),
      ...stamps(false),
    ],
    references: [],
  },
  utilisateurs: usersTable(false),
  enroleurs: usersTable(true),
  sessions: {
    columns: [
      text('Libellé', 'libelle'),
      {
        header: 'Examen',
        cell: (row, labelOf) =>
          typeof row.examenId === 'string'
            ? (labelOf('examens', row.examenId) ?? row.examenId)
            : '',
      },
      number('Année', 'annee'),
      { header: 'Ouverture des inscriptions', cell: (row) => day(row.ouvertureInscriptions) },
      { header: 'Clôture des inscriptions', cell: (row) => day(row.clotureInscriptions) },
      { header: 'Début de la composition', cell: (row) => day(row.debutComposition) },
      { header: 'Fin de la composition', cell: (row) => day(row.finComposition) },
      {
        header: 'Étape',
        cell: (row) =>
          SESSION_STATUS_LABELS[row.statut as keyof typeof SESSION_STATUS_LABELS] ??
          String(row.statut ?? ''),
      },
      ...stamps(true),
    ],
    references: [{ field: 'examenId', resource: 'examens' }],
  },
  // The lists of agents submitted, with their progress (« Listes d’agents »).
  'listes-candidats': {
    columns: [
      { header: 'Soumise le', cell: (row) => instant(row.creeLe) },
      text('Par', 'creePar'),
      ...[
        ['Session', 'sessionId', 'sessions'],
        ['Métier', 'metierId', 'metiers'],
        ['Centre de dépôt', 'centreDepotId', 'centres-depot'],
      ].map(([header, field, resource]) => ({
        header: header!,
        cell: (row: ExportRow, labelOf: LabelOf) =>
          typeof row[field!] === 'string'
            ? (labelOf(resource!, row[field!] as string) ?? String(row[field!]))
            : '',
      })),
      {
        header: 'Statut',
        cell: (row) => (row.statut === 'terminee' ? 'Terminée' : 'En cours'),
      },
      number('Lignes', 'lignes'),
      number('Dossiers créés', 'creees'),
      number('Soumis', 'soumises'),
      number('Restés brouillons', 'brouillons'),
      number('Ignorées', 'ignorees'),
    ],
    references: [
      { field: 'sessionId', resource: 'sessions' },
      { field: 'metierId', resource: 'metiers' },
      { field: 'centreDepotId', resource: 'centres-depot' },
    ],
  },
  // The actions in bulk, and each one's outcome per dossier (« Réussi » or the reason of the refusal).
  'lots-candidatures': {
    columns: [
      { header: 'Lancée le', cell: (row) => instant(row.creeLe) },
      text('Par', 'creePar'),
      text('Action', 'libelleAction'),
      { header: 'Statut', cell: (row) => (row.statut === 'terminee' ? 'Terminée' : 'En cours') },
      number('Dossiers', 'total'),
      number('Réussis', 'reussis'),
      number('Refusés', 'refus'),
    ],
    references: [],
  },
  'resultats-lots-candidatures': {
    columns: [
      number('Rang', 'rang'),
      text('Numéro de dossier', 'numeroDossier'),
      text('Nom et prénoms', 'libelle'),
      { header: 'Résultat', cell: (row) => (row.resultat === 'reussi' ? 'Réussi' : 'Refusé') },
      text('Motif', 'motif'),
    ],
    references: [],
  },
  // The dossiers as the list screen shows them, with every declared field of the form.
  candidatures: CANDIDATURES_TABLE,
  inscrits: CANDIDATURES_TABLE,
  'liste-examen': CANDIDATURES_TABLE,
  // « Historique des modifications »: one row per change of a dossier, its fields before → after.
  'historique-candidatures': {
    columns: [
      { header: 'Date', cell: (row) => instant(row.date) },
      text('Numéro de dossier', 'numeroDossier'),
      text('Nom et prénoms', 'libelle'),
      {
        header: 'Centre de dépôt',
        cell: (row, labelOf) =>
          typeof row.centreDepotId === 'string' && row.centreDepotId
            ? (labelOf('centres-depot', row.centreDepotId) ?? row.centreDepotId)
            : '',
      },
      text('Action', 'action'),
      text('Par', 'acteur'),
      { header: 'Statut', cell: (row) => statutLabel(row.statut) },
      { header: 'Changements', cell: (row) => changesText(row.changes) },
      text('Motif', 'motif'),
    ],
    references: [{ field: 'centreDepotId', resource: 'centres-depot' }],
  },
  // « Historique des modifications des identités »: one row per correction.
  'corrections-identite': {
    columns: [
      { header: 'Date', cell: (row) => instant(row.date) },
      text('Numéro de dossier', 'numeroDossier'),
      text('Numéro de candidat', 'numeroCandidat'),
      text('Nom et prénoms', 'libelle'),
      {
        header: 'Centre de dépôt',
        cell: (row, labelOf) =>
          typeof row.centreDepotId === 'string' && row.centreDepotId
            ? (labelOf('centres-depot', row.centreDepotId) ?? row.centreDepotId)
            : '',
      },
      text('Par', 'acteur'),
      { header: 'Changements', cell: (row) => changesText(row.changes) },
      text('Justification', 'justification'),
      {
        header: 'Document',
        cell: (row) => String((row.document as { nomFichier?: unknown } | null)?.nomFichier ?? ''),
      },
    ],
    references: [{ field: 'centreDepotId', resource: 'centres-depot' }],
  },
  'incidents-inscription': REGISTRATION_INCIDENTS_TABLE,
  'mes-incidents': REGISTRATION_INCIDENTS_TABLE,
  'incidents-examen': incidentTable([
    reference('sessionId', 'Session', 'sessions'),
    reference('siteId', 'Site de composition', 'sites-composition'),
    reference('epreuveId', 'Épreuve', 'epreuves'),
    reference('typeId', 'Type d’incident', 'types-incidents-examen'),
    text('Candidats concernés', 'candidatsTexte'),
  ]),
  'journal-connexions': {
    columns: [
      { header: 'Date', cell: (row) => instant(row.date) },
      text('Identifiant', 'login'),
      text('Type', 'type'),
      text('Détail', 'motif'),
      text('Adresse IP', 'adresseIp'),
      text('Navigateur', 'navigateur'),
    ],
    references: [],
  },
};

export const exportTableOf = (resource: string): ExportTable | undefined =>
  Object.hasOwn(EXPORT_TABLES, resource) ? EXPORT_TABLES[resource] : undefined;
