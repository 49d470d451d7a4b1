import { Box, Link } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { AutocompleteInput, ReferenceInput, type RaRecord } from 'react-admin';
import { changeValueText } from '@examens-pro/domain';
import type { FieldDeclaration } from '../../kit/declaration';
import { OfficeDayFilter } from '../../kit/fields';

/*
 * What the two change logs of the dossiers share (« Historique des modifications » and its
 * identity corrections): the before → after column, the text columns and the agent/period
 * filters.
 */

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

/** A sortable text column shown in the list. */
export const text = (name: string, label: string, more: Partial<FieldDeclaration> = {}) =>
  ({ name, label, type: 'text', inList: true, sortable: true, ...more }) as const;

/** The session, a filter only (a log spans the sessions, closed ones too). */
export const sessionFilterField: FieldDeclaration = {
  name: 'sessionId',
  label: 'Session',
  type: 'reference',
  reference: 'sessions',
  inList: false,
  filter: true,
  activeOnly: false,
};

/** The dossier's centre de dépôt, shown as a name (no link): a column, a filter, or both. */
export const centreDepotField = (
  shown: Pick<FieldDeclaration, 'inList' | 'filter'>,
): FieldDeclaration => ({
  name: 'centreDepotId',
  label: 'Centre de dépôt',
  type: 'reference',
  reference: 'centres-depot',
  ...shown,
  link: false,
});

/** The column listing each changed field, « avant → après ». */
export const changesField: FieldDeclaration = {
  name: 'changes',
  label: 'Changements (avant → après)',
  type: 'custom',
  inList: true,
  sortable: false,
  display: (record) => <Changes record={record} />,
};

/**
 * The filters by agent (the agents who changed the dossiers the reader may read, listed by the
 * log itself: no access to the users needed) and by period (the lines' dates are instants; the
 * office reads its own days, DD/MM/YYYY, TIME_ZONE).
 */
export const changeLogFilters = (resource: string) => [
  <ReferenceInput
    key="acteurId"
    source="acteurId"
    reference={`${resource}/acteurs`}
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
  <OfficeDayFilter key="date_gte" source="date_gte" label="Du" bound="start" alwaysOn />,
  <OfficeDayFilter key="date_lte" source="date_lte" label="Au" bound="end" alwaysOn />,
];
