import {
  CreateButton,
  Datagrid,
  List,
  NumberField,
  SearchInput,
  TextField,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { ExportButtons } from '../../common/ExportButtons';
import { DateTimeField } from '../../common/fields';
import { useCan } from '../../dashboard/permissions';
import { PROFILS } from './path';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Rechercher (libellé)" />];

interface Profil extends RaRecord {
  libelle: string;
  nombrePermissions: number;
  modifieLe: string;
  modifiePar: string;
}

const Actions = () => {
  const canWrite = useCan(PROFILS, 'write');
  return (
    <TopToolbar>
      {canWrite ? <CreateButton /> : null}
      <ExportButtons />
    </TopToolbar>
  );
};

export const ProfileList = () => (
  <List<Profil>
    filters={filters}
    actions={<Actions />}
    exporter={false}
    sort={{ field: 'libelle', order: 'ASC' }}
    perPage={25}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="libelle" />
      <NumberField source="nombrePermissions" locales="fr-FR" />
      <DateTimeField source="modifieLe" label={`resources.${PROFILS}.fields.modifieLe`} sortable />
    </Datagrid>
  </List>
);
