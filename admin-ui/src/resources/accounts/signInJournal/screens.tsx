import { SIGN_IN_JOURNAL_TYPES } from '@examens-pro/domain';
import type { FieldDeclaration, ResourceDeclaration } from '../../../kit/declaration';
import { OfficeDayFilter } from '../../../kit/fields';
import { ResourceList } from '../../../kit/ResourceList';
import { routeLabels } from '../../../kit/routes';

const text = (name: string, label: string, more: Partial<FieldDeclaration> = {}) =>
  ({ name, label, type: 'text', inList: true, sortable: true, ...more }) as const;

/**
 * "Journal des connexions": sign-ins, failures, lockouts, sign-outs, password changes and resets,
 * newest first; read only (the sign-in service writes it, never a screen).
 */
const journal: ResourceDeclaration = {
  ...routeLabels('journal-connexions'),
  fields: [
    { name: 'date', label: 'Date', type: 'datetime', inList: true },
    text('login', 'Identifiant', { search: 'identifiant' }),
    {
      name: 'type',
      label: 'Type',
      type: 'choice',
      // The journal stores the French type itself.
      choices: Object.values(SIGN_IN_JOURNAL_TYPES).map((type) => ({ value: type, label: type })),
      inList: true,
      sortable: true,
      filter: 'alwaysOn',
    },
    text('motif', 'Détail', { sortable: false }),
    text('adresseIp', 'Adresse IP', { search: 'adresse IP' }),
    text('navigateur', 'Navigateur', { sortable: false }),
  ],
  sort: { field: 'date', order: 'DESC' },
  readOnly: true,
  slots: {
    filters: [
      // The journal's dates are instants; the office reads its own days (DD/MM/YYYY, TIME_ZONE).
      <OfficeDayFilter key="date_gte" source="date_gte" label="Du" bound="start" alwaysOn />,
      <OfficeDayFilter key="date_lte" source="date_lte" label="Au" bound="end" alwaysOn />,
    ],
  },
};

export const JournalList = () => <ResourceList declaration={journal} />;
