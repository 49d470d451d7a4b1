import {
  ALLOCATED_KEEPS_PLACE,
  CANDIDATURE_FIELDS,
  CANDIDATURE_STATUS_LABELS,
  CANDIDATURE_STATUSES,
  PIECES_STATE_LABELS,
  PIECES_STATES,
  SEXES,
  type ListField,
} from '@examens-pro/domain';
import { ResourceContextProvider, type RaRecord } from 'react-admin';
import { Suspense } from 'react';
import { lazyScreen } from '../../../common/lazyScreen';
import type { FieldDeclaration, ResourceDeclaration } from '../../../kit/declaration';
import { ResourceCreate } from '../../../kit/ResourceForm';
import { routeLabels } from '../../../kit/routes';
import { screensOf } from '../../../kit/screens';
import { OpenedMetierInput, PersonSourceInput } from './CandidatureInputs';
import { PaymentsTab } from './PaymentsTab';
import { PiecesTab } from './PiecesTab';
import { StepButtons } from './StepButtons';
import { CANDIDATURE_BULK_ACTIONS } from '../bulkActions/actions';

/** A dossier's pièces and payments, tabs of its page (read-only where the route grants no action). */
const SHOW_TABS = [
  { label: 'Pièces justificatives', path: 'pieces', content: <PiecesTab /> },
  { label: 'Paiements', path: 'paiements', content: <PaymentsTab /> },
];

/** An allocated candidate keeps their métier and centre de dépôt until de-allocated (server rule). */
const allocatedKeepsPlace = (record: RaRecord): string | undefined =>
  record.statut === 'affecte' ? ALLOCATED_KEEPS_PLACE : undefined;

/** How the list, the filters and the search use each field of the form. */
const USE: Readonly<Record<string, Partial<FieldDeclaration>>> = {
  sessionId: { inList: true, filter: 'alwaysOn' },
  metierId: {
    inList: true,
    filter: true,
    locked: allocatedKeepsPlace,
    // Only the session's opened métiers may be chosen.
    input: (field) => <OpenedMetierInput key={field.name} field={field} />,
  },
  centreDepotId: {
    inList: true,
    filter: true,
    help: 'Un enrôleur inscrit toujours dans son propre centre de dépôt.',
    locked: allocatedKeepsPlace,
  },
  categorie: { inList: true, filter: true },
  sexe: { inList: false, filter: true },
  handicapId: { filter: true },
  telephone: { search: 'téléphone' },
  matricule: {
    search: 'matricule',
    help: 'Agents : 8 caractères au moins.',
  },
  apprentiId: {
    help: 'Catégorie « Apprenti » : son dossier d’apprenti (le patron suit) ; son identité remplit le dossier.',
    input: (field) => <PersonSourceInput key={field.name} field={field} />,
  },
  patronId: {
    help: 'Catégorie « Patron » : le patron inscrit ; son responsable remplit l’identité du dossier.',
    input: (field) => <PersonSourceInput key={field.name} field={field} />,
  },
  datePremierePriseService: { help: 'Agents seulement.' },
};

const fieldOf = (field: ListField): FieldDeclaration => ({
  ...field,
  inList: false,
  ...USE[field.name],
});

/**
 * A dossier: its number and the candidate's name (given by the server), the form's fields as the
 * domain declares them, its statut; the steps (Soumettre, Valider, Rejeter, Désister) on its page.
 */
export const candidatures: ResourceDeclaration = {
  ...routeLabels('candidatures'),
  newItem: 'nouveau dossier',
  fields: [
    {
      name: 'numeroDossier',
      label: 'Numéro de dossier',
      type: 'text',
      inList: true,
      inForm: false,
      sortable: true,
      search: 'numéro de dossier',
    },
    {
      name: 'libelle',
      label: 'Nom et prénoms',
      type: 'text',
      inList: true,
      inForm: false,
      inShow: false,
      sortable: true,
      search: 'nom',
    },
    ...CANDIDATURE_FIELDS.map(fieldOf),
    {
      // Sent with the creation only; the server records the confirmation in the dossier's history.
      name: 'confirmerHomonyme',
      label: 'Il s’agit d’une autre personne qu’un inscrit au nom proche',
      type: 'boolean',
      inForm: 'create',
      inShow: false,
      help: 'À cocher, après vérification, seulement si l’enregistrement signale une personne au nom proche née le même jour.',
    },
    {
      name: 'statut',
      label: 'Statut',
      type: 'choice',
      choices: CANDIDATURE_STATUSES.map((value) => ({
        value,
        label: CANDIDATURE_STATUS_LABELS[value],
      })),
      inList: true,
      inForm: false,
      filter: 'alwaysOn',
    },
    {
      // Given by the allocation to a site (by hand or automatic); kept once de-allocated.
      name: 'numeroCandidat',
      label: 'N° candidat',
      type: 'text',
      inList: true,
      inForm: false,
      inShow: false,
      sortable: true,
      search: 'numéro de candidat',
      display: (record) => <span style={{ whiteSpace: 'nowrap' }}>{record.numeroCandidat}</span>,
    },
    {
      name: 'siteId',
      label: 'Site de composition',
      type: 'reference',
      reference: 'sites-composition',
      inForm: false,
      filter: false,
    },
    {
      name: 'numeroCandidat',
      label: 'Numéro de candidat',
      type: 'text',
      inForm: false,
    },
    {
      name: 'numeroTable',
      label: 'Numéro de table',
      type: 'integer',
      grouping: false,
      inForm: false,
    },
    {
      name: 'motifRejetId',
      label: 'Motif du rejet',
      type: 'reference',
      reference: 'motifs-rejet',
      inForm: false,
    },
    { name: 'commentaireRejet', label: 'Commentaire du rejet', type: 'text', inForm: false },
    {
      name: 'etatPieces',
      label: 'État des pièces',
      type: 'choice',
      choices: PIECES_STATES.map((value) => ({ value, label: PIECES_STATE_LABELS[value] })),
      inList: true,
      inForm: false,
      filter: true,
    },
    {
      name: 'resteAPayer',
      label: 'Reste à payer (FCFA)',
      type: 'integer',
      inForm: false,
    },
  ],
  sort: { field: 'numeroDossier', order: 'DESC' },
  canEdit: (record) => ['brouillon', 'soumis', 'valide', 'affecte'].includes(String(record.statut)),
  remove: {
    title: (record) => `Supprimer le dossier ${String(record.numeroDossier)} ?`,
    content:
      'Seul un dossier à l’état « Brouillon » peut être supprimé ; sinon, enregistrez le désistement du candidat.',
  },
  slots: { stepActions: <StepButtons />, showTabs: SHOW_TABS },
  bulkActions: CANDIDATURE_BULK_ACTIONS,
};

export const candidatureScreens = screensOf(candidatures);

/** « Inscrits »: the validated dossiers (the server's scope), read and exported only. */
export const inscritScreens = screensOf({
  ...candidatures,
  ...routeLabels('inscrits'),
  fields: candidatures.fields.map((field) =>
    field.name === 'statut' ? { ...field, inList: false, filter: false } : field,
  ),
  readOnly: true,
  remove: undefined,
  bulkActions: undefined,
  slots: { showTabs: SHOW_TABS },
});

/**
 * « Liste d’examen »: the allocated candidates (the server's scope) with their candidate and table
 * numbers and their site, filtered by site and métier; read and exported only.
 */
export const examListScreens = screensOf({
  ...candidatures,
  ...routeLabels('liste-examen'),
  fields: [
    {
      name: 'numeroCandidat',
      label: 'N° candidat',
      type: 'text',
      inList: true,
      sortable: true,
      search: 'numéro de candidat',
    },
    {
      name: 'libelle',
      label: 'Nom et prénoms',
      type: 'text',
      inList: true,
      sortable: true,
      search: 'nom',
    },
    {
      name: 'sessionId',
      label: 'Session',
      type: 'reference',
      reference: 'sessions',
      inList: false,
      filter: 'alwaysOn',
    },
    {
      name: 'siteId',
      label: 'Site de composition',
      type: 'reference',
      reference: 'sites-composition',
      inList: true,
      filter: true,
    },
    {
      name: 'numeroTable',
      label: 'Table',
      type: 'integer',
      grouping: false,
      inList: true,
      sortable: true,
    },
    {
      name: 'metierId',
      label: 'Métier',
      type: 'reference',
      reference: 'metiers',
      inList: true,
      filter: true,
    },
    {
      name: 'numeroDossier',
      label: 'Numéro de dossier',
      type: 'text',
      inList: true,
      search: 'numéro de dossier',
    },
    { name: 'dateNaissance', label: 'Date de naissance', type: 'date' },
    {
      name: 'sexe',
      label: 'Sexe',
      type: 'choice',
      choices: SEXES,
      filter: true,
    },
    { name: 'handicapId', label: 'Handicap', type: 'reference', reference: 'types-handicap' },
  ],
  sort: { field: 'numeroCandidat', order: 'ASC' },
  readOnly: true,
  remove: undefined,
  bulkActions: undefined,
  slots: {},
});

/**
 * « Inscrire un candidat »: the dossier's creation form as a page of its own, which then leads to
 * the new dossier's page in the list of candidates.
 */
/** « Soumettre une liste d’agents », loaded apart (only who opens this page downloads it). */
const PersonListPanel = lazyScreen(
  () => import('./PersonListPanel'),
  (m) => m.PersonListPanel,
);

export const RegisterPage = () => (
  <>
    <Suspense fallback={null}>
      <PersonListPanel />
    </Suspense>
    <ResourceContextProvider value="inscription/candidats/liste">
      <ResourceCreate declaration={{ ...candidatures, label: 'Inscrire un candidat' }} />
    </ResourceContextProvider>
  </>
);
