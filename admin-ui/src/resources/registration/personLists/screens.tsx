import type { ResourceDeclaration } from '../../../kit/declaration';
import { ResourceList } from '../../../kit/ResourceList';
import { routeLabels } from '../../../kit/routes';
import { countField, runStatusField } from '../../../kit/runFields';

/**
 * « Listes d’agents »: the lists submitted from « Inscrire un candidat », newest first, with their
 * progress (rows handled, dossiers created and submitted, left brouillons, skipped); read only.
 */
const lists: ResourceDeclaration = {
  ...routeLabels('listes-candidats'),
  fields: [
    { name: 'creeLe', label: 'Soumise le', type: 'datetime', inList: true, sortable: true },
    { name: 'creePar', label: 'Par', type: 'text', inList: true, search: 'auteur' },
    {
      name: 'sessionId',
      label: 'Session',
      type: 'reference',
      reference: 'sessions',
      inList: true,
      filter: 'alwaysOn',
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
      name: 'centreDepotId',
      label: 'Centre de dépôt',
      type: 'reference',
      reference: 'centres-depot',
      inList: true,
      filter: true,
    },
    runStatusField,
    countField('lignes', 'Lignes'),
    countField('creees', 'Dossiers créés'),
    countField('soumises', 'Soumis'),
    countField('brouillons', 'Restés brouillons'),
    countField('ignorees', 'Ignorées'),
  ],
  sort: { field: 'creeLe', order: 'DESC' },
  readOnly: true,
};

export const PersonListsList = () => <ResourceList declaration={lists} />;
