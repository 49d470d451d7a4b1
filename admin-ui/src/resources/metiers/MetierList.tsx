import {
  CreateButton,
  Datagrid,
  ExportButton,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { ActiveField, DateTimeField } from '../../common/fields';

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

const Actions = () => (
  <TopToolbar>
    <CreateButton />
    <ExportButton maxResults={1000} />
    <DownloadDocumentButton kind="liste-metiers" label="Télécharger la liste (PDF)" />
  </TopToolbar>
);

export const MetierList = () => (
  <List
    filters={filters}
    actions={<Actions />}
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
