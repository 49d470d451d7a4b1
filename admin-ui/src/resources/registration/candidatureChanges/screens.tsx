import { Box, Link } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { AutocompleteInput, ReferenceInput, type RaRecord } from 'react-admin';
import {
  CANDIDATURE_CHANGES_RESOURCE,
  CANDIDATURE_STATUS_LABELS,
  CANDIDATURE_STATUSES,
  changeValueText,
} from '@examens-pro/domain';
import type { FieldDeclaration, ResourceDeclaration } from '../../../kit/declaration';
import { OfficeDayFilter } from '../../../kit/fields';
import { ResourceList } from '../../../kit/ResourceList';
import { routeLabels } from '../../../kit/routes';

interface Change {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

/** Lines shown before « voir les N changements » (a creation fills every field). */
const FOLDED = 4;

/**
 * Each field the event changed, « Libellé : avant → après » (libellés already read by the server);
 * a long list (a creation) folded to its first lines until asked.
 */
export const Changes = ({ record }: { record: RaRecord }) => {
  const [open, setOpen] = useState(false);
  const changes = (record.changes ?? []) as Change[];
  if (changes.length === 0) return <>—</>;
  const folded = !open && changes.length > FOLDED + 1;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }} aria-label="Changements">
      {(folded ? changes.slice(0, FOLDED) : changes).map((change) => (
        <li key={change.field}>
          {change.label} : {changeValueText(change.before)} → {changeValueText(change.after)}
        </li>
      ))}
      {folded ? (
        <Box component="li" sx={{ listStyle: 'none' }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={(event: MouseEvent) => {
              // The row opens nothing: the click only unfolds.
              event.stopPropagation();
              setOpen(true);
            }}
          >
            Voir les {changes.length} changements
          </Link>
        </Box>
      ) : null}
    </Box>
  );
};

const text = (name: string, label: string, more: Partial<FieldDeclaration> = {}) =>
  ({ name, label, type: 'text', inList: true, sortable: true, ...more }) as const;

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
    {
      name: 'sessionId',
      label: 'Session',
      type: 'reference',
      reference: 'sessions',
      inList: false,
      filter: true,
      activeOnly: false,
    },
    {
      name: 'centreDepotId',
      label: 'Centre de dépôt',
      type: 'reference',
      reference: 'centres-depot',
      inList: true,
      filter: 'alwaysOn',
      link: false,
    },
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
    {
      name: 'changes',
      label: 'Changements (avant → après)',
      type: 'custom',
      inList: true,
      sortable: false,
      display: (record) => <Changes record={record} />,
    },
    text('motif', 'Motif', { sortable: false }),
  ],
  // Newest first; events of one instant in the log's order.
  sort: { field: 'ordre', order: 'DESC' },
  readOnly: true,
  slots: {
    filters: [
      // The agents who changed the dossiers the reader may read (no access to the users needed).
      <ReferenceInput
        key="acteurId"
        source="acteurId"
        reference={`${CANDIDATURE_CHANGES_RESOURCE}/acteurs`}
        sort={{ field: 'libelle', order: 'ASC' }}
        perPage={100}
        alwaysOn
      >
        <AutocompleteInput
          label="Agent"
          optionText="libelle"
          noOptionsText="Aucun agent ne correspond."
          sx={{ minWidth: 260 }}
        />
      </ReferenceInput>,
      // The lines' dates are instants; the office reads its own days (DD/MM/YYYY, TIME_ZONE).
      <OfficeDayFilter key="date_gte" source="date_gte" label="Du" bound="start" alwaysOn />,
      <OfficeDayFilter key="date_lte" source="date_lte" label="Au" bound="end" alwaysOn />,
    ],
  },
};

export const CandidatureChangesList = () => <ResourceList declaration={changes} />;
