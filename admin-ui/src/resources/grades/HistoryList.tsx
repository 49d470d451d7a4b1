import { formatMark, GRADE_ACTION_LABELS, type GradeAction } from '@examens-pro/domain';
import type { FieldDeclaration, ResourceDeclaration } from '../../kit/declaration';
import { OfficeDayFilter } from '../../kit/fields';
import { ResourceList } from '../../kit/ResourceList';
import { routeLabels } from '../../kit/routes';

const mark = (name: string, label: string): FieldDeclaration => ({
  name,
  label,
  type: 'custom',
  inList: true,
  sortable: false,
  display: (record) => {
    const value = record[name] as number | null | undefined;
    return value === null || value === undefined ? '—' : formatMark(value);
  },
});

const reference = (name: string, label: string, list: string, filter: FieldDeclaration['filter']) =>
  ({
    name,
    label,
    type: 'reference',
    reference: list,
    inList: true,
    filter,
    activeOnly: false,
    link: false,
  }) as const;

/**
 * « Historique des modifications des notes »: every grade event, newest first — when, who, which
 * candidate and épreuve, the entry (1st, 2nd, import), old → new mark, the reason; filters by
 * session, épreuve, site, action and period. `resource` is the route's API resource (the disputes'
 * route shows those made through disputes only).
 */
const declaration = (resource: string): ResourceDeclaration => ({
  ...routeLabels(resource),
  fields: [
    { name: 'le', label: 'Date', type: 'datetime', inList: true, sortable: true },
    // An entry kept offline on an exam site: when it was typed, before it reached the server.
    { name: 'tapeeLe', label: 'Tapée le', type: 'datetime', inList: true, sortable: false },
    {
      name: 'numeroCandidat',
      label: 'N° candidat',
      type: 'text',
      inList: true,
      sortable: true,
      search: 'numéro de candidat',
    },
    { ...reference('sessionId', 'Session', 'sessions', 'alwaysOn'), inList: false },
    reference('epreuveId', 'Épreuve', 'epreuves', 'alwaysOn'),
    reference('siteId', 'Site', 'sites-composition', true),
    {
      name: 'action',
      label: 'Action',
      type: 'choice',
      choices: (Object.keys(GRADE_ACTION_LABELS) as GradeAction[]).map((value) => ({
        value,
        label: GRADE_ACTION_LABELS[value],
      })),
      inList: true,
      sortable: true,
      filter: 'alwaysOn',
    },
    {
      name: 'rang',
      label: 'Saisie',
      type: 'custom',
      inList: true,
      sortable: false,
      display: (record) => (record.rang === 1 ? '1re' : record.rang === 2 ? '2e' : '—'),
    },
    mark('valeurSaisie', 'Valeur'),
    mark('ancienneNote', 'Ancienne note'),
    mark('nouvelleNote', 'Note retenue'),
    { name: 'resultat', label: 'Résultat', type: 'text', inList: true, sortable: false },
    { name: 'motif', label: 'Motif', type: 'text', inList: true, sortable: false, search: 'motif' },
    { name: 'par', label: 'Par', type: 'text', inList: true, sortable: true, search: 'agent' },
    { name: 'fichier', label: 'Fichier', type: 'text', inList: true, sortable: false },
  ],
  sort: { field: 'le', order: 'DESC' },
  readOnly: true,
  slots: {
    filters: [
      <OfficeDayFilter key="le_gte" source="le_gte" label="Du" bound="start" alwaysOn />,
      <OfficeDayFilter key="le_lte" source="le_lte" label="Au" bound="end" alwaysOn />,
    ],
  },
});

export const GradeHistoryList = () => (
  <ResourceList declaration={declaration('historique-notes')} />
);
export const DisputeGradeHistoryList = () => (
  <ResourceList declaration={declaration('historique-notes-contentieux')} />
);
