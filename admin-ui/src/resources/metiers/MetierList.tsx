import {
  CreateButton,
  Datagrid,
  ExportButton,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { exportCsv } from '../../common/csv';
import { ActiveField, DateTimeField } from '../../common/fields';
import { formatDateTime } from '../../common/format';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Rechercher (code, libellé)" />,
  <SelectInput
    key="actif"
    source="actif"
    label="app.statut"
    choices={[
      { id: true, name: 'Actifs' },
      { id: false, name: 'Inactifs' },
    ]}
  />,
];

interface Metier extends RaRecord {
  code: string;
  libelle: string;
  actif: boolean;
  modifieLe: string;
  modifiePar: string;
}

const exporter = (records: Metier[]) =>
  exportCsv(
    records,
    {
      Code: (m) => m.code,
      Libellé: (m) => m.libelle,
      Statut: (m) => (m.actif ? 'Actif' : 'Inactif'),
      'Modifié le': (m) => formatDateTime(m.modifieLe),
      'Modifié par': (m) => m.modifiePar,
    },
    'metiers',
  );

const Actions = () => (
  <TopToolbar>
    <CreateButton />
    <ExportButton maxResults={1000} />
    <DownloadDocumentButton kind="liste-metiers" label="Télécharger la liste (PDF)" />
  </TopToolbar>
);

export const MetierList = () => (
  <List<Metier>
    filters={filters}
    actions={<Actions />}
    exporter={exporter}
    sort={{ field: 'libelle', order: 'ASC' }}
    perPage={25}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="code" />
      <TextField source="libelle" />
      <ActiveField
        source="actif"
        label="resources.configuration/metiers.fields.actif"
        sortable={false}
      />
      <DateTimeField
        source="modifieLe"
        label="resources.configuration/metiers.fields.modifieLe"
        sortable
      />
    </Datagrid>
  </List>
);
