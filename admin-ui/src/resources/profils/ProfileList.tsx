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
import { exportTable, instant, type TableOf } from '../../common/exportTable';
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

/** The screen's columns; the permissions themselves are read on each profile's page. */
const table: TableOf<Profil> = (records) =>
  exportTable(
    records,
    {
      Libellé: (p) => p.libelle,
      'Nombre de permissions': (p) => p.nombrePermissions,
      'Modifié le': (p) => instant(p.modifieLe),
      'Modifié par': (p) => p.modifiePar,
    },
    'profils',
  );

const Actions = () => {
  const canWrite = useCan(PROFILS, 'write');
  return (
    <TopToolbar>
      {canWrite ? <CreateButton /> : null}
      <ExportButtons table={table} />
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
