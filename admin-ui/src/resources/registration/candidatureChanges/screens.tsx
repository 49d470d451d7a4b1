import {
  CANDIDATURE_CHANGES_RESOURCE,
  CANDIDATURE_STATUS_LABELS,
  CANDIDATURE_STATUSES,
} from '@examens-pro/domain';
import type { ResourceDeclaration } from '../../../kit/declaration';
import { ResourceList } from '../../../kit/ResourceList';
import { routeLabels } from '../../../kit/routes';
import {
  centreDepotField,
  changeLogFilters,
  changesField,
  sessionFilterField,
  text,
} from '../changeLog';

/**
 * « Historique des modifications »: every change of every dossier the reader may read (an
 * enrôleur: their centre's), newest first: when, which dossier, who, what, each field before →
 * after, the reason; filters by agent, period, statut, centre and session; CSV/XLSX exports.
 */
const changes: ResourceDeclaration = {
  ...routeLabels(CANDIDATURE_CHANGES_RESOURCE),
  fields: [
    { name: 'date', label: 'Date', type: 'datetime', inList: true },
    text('numeroDossier', 'Numéro de dossier', { search: 'numéro de dossier' }),
    text('libelle', 'Candidat', { search: 'nom' }),
    sessionFilterField,
    centreDepotField({ inList: true, filter: 'alwaysOn' }),
    text('action', 'Action'),
    text('acteur', 'Par'),
    {
      name: 'statut',
      label: 'Statut',
      type: 'choice',
      choices: CANDIDATURE_STATUSES.map((value) => ({
        value,
        label: CANDIDATURE_STATUS_LABELS[value],
      })),
      inList: true,
      sortable: true,
      filter: 'alwaysOn',
    },
    changesField,
    text('motif', 'Motif', { sortable: false }),
  ],
  // Newest first; events of one instant in the log's order.
  sort: { field: 'ordre', order: 'DESC' },
  readOnly: true,
  slots: { filters: changeLogFilters(CANDIDATURE_CHANGES_RESOURCE) },
};

export const CandidatureChangesList = () => <ResourceList declaration={changes} />;
