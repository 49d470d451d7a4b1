import {
  Datagrid,
  DateInput,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { SIGN_IN_JOURNAL_TYPES } from '@examens-pro/domain';
import { ExportButtons } from '../../common/ExportButtons';
import { DateTimeField } from '../../common/fields';

const FIELDS = 'resources.utilisateurs-profils/journal-des-connexions.fields';

/**
 * A day picked in the browser as the instants that bound it there: the journal's dates are UTC
 * instants, the office reads its own days.
 */
const dayStart = (value: string | null): string | null =>
  value ? new Date(`${value}T00:00:00`).toISOString() : null;
const dayEnd = (value: string | null): string | null =>
  value ? new Date(`${value}T23:59:59.999`).toISOString() : null;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Rechercher (identifiant, adresse IP)" />,
  <SelectInput
    key="type"
    source="type"
    label={`${FIELDS}.type`}
    alwaysOn
    choices={Object.values(SIGN_IN_JOURNAL_TYPES).map((type) => ({ id: type, name: type }))}
  />,
  <DateInput key="date_gte" source="date_gte" label="Du" parse={dayStart} alwaysOn />,
  <DateInput key="date_lte" source="date_lte" label="Au" parse={dayEnd} alwaysOn />,
];

interface JournalLine extends RaRecord {
  date: string;
  login: string;
  utilisateurId: string | null;
  type: string;
  motif: string;
  adresseIp: string;
  navigateur: string;
}

const Actions = () => (
  <TopToolbar>
    <ExportButtons />
  </TopToolbar>
);

/**
 * "Journal des connexions": sign-ins, failures, lockouts, sign-outs, password changes and resets,
 * newest first; read only.
 */
export const JournalList = () => (
  <List<JournalLine>
    filters={filters}
    actions={<Actions />}
    exporter={false}
    sort={{ field: 'date', order: 'DESC' }}
    perPage={25}
    empty={false}
  >
    <Datagrid rowClick={false} bulkActionButtons={false}>
      <DateTimeField source="date" label={`${FIELDS}.date`} sortable />
      <TextField source="login" />
      <TextField source="type" />
      <TextField source="motif" sortable={false} />
      <TextField source="adresseIp" />
      <TextField source="navigateur" sortable={false} />
    </Datagrid>
  </List>
);
