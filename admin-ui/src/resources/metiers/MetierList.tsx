import {
  CreateButton,
  Datagrid,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { DownloadDocumentButton } from '../../common/DownloadDocumentButton';
import { ExportButtons } from '../../common/ExportButtons';
import { ActiveField, DateTimeField } from '../../common/fields';
import { fieldDisplay, fieldFilter } from '../lists/fields';
import { ScreenTabs } from '../lists/ScreenTabs';
import { CLASSIFICATION } from './fields';

const METIERS = 'configuration/metiers';

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
  ...CLASSIFICATION.map((field) => fieldFilter(field)!),
];

interface Metier extends RaRecord {
  code: string;
  libelle: string;
  filiereId: string | null;
  corpsDeMetierId: string | null;
  actif: boolean;
  modifieLe: string;
  modifiePar: string;
}

const Actions = () => (
  <TopToolbar>
    <CreateButton />
    <ExportButtons />
    <DownloadDocumentButton kind="liste-metiers" label="Télécharger la liste (PDF)" />
  </TopToolbar>
);

export const MetierList = () => (
  <>
    <ScreenTabs path={METIERS} />
    <List<Metier>
      filters={filters}
      actions={<Actions />}
      exporter={false}
      sort={{ field: 'libelle', order: 'ASC' }}
      perPage={25}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="code" />
        <TextField source="libelle" />
        {CLASSIFICATION.map((field) => fieldDisplay(field, 'list'))}
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
  </>
);
