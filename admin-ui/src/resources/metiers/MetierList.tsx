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
import { exportTable, instant, type TableOf } from '../../common/exportTable';
import { ActiveField, DateTimeField } from '../../common/fields';
import { referenceResource, type ListItem } from '../lists/definition';
import { fieldDisplay, fieldFilter } from '../lists/fields';
import { ScreenTabs } from '../lists/ScreenTabs';
import { CLASSIFICATION, CORPS_DE_METIER, FILIERE } from './fields';

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

/** The screen's columns, filière and corps de métier by their libellé. */
const table: TableOf<Metier> = async (records, fetchRelatedRecords) => {
  const filieres = await fetchRelatedRecords<ListItem>(
    records,
    FILIERE.name,
    referenceResource(FILIERE.reference!),
  );
  const corps = await fetchRelatedRecords<ListItem>(
    records,
    CORPS_DE_METIER.name,
    referenceResource(CORPS_DE_METIER.reference!),
  );
  return exportTable(
    records,
    {
      Code: (m) => m.code,
      Libellé: (m) => m.libelle,
      [FILIERE.label]: (m) => (m.filiereId ? (filieres[m.filiereId]?.libelle ?? m.filiereId) : ''),
      [CORPS_DE_METIER.label]: (m) =>
        m.corpsDeMetierId ? (corps[m.corpsDeMetierId]?.libelle ?? m.corpsDeMetierId) : '',
      Statut: (m) => (m.actif ? 'Actif' : 'Inactif'),
      'Modifié le': (m) => instant(m.modifieLe),
      'Modifié par': (m) => m.modifiePar,
    },
    'metiers',
  );
};

const Actions = () => (
  <TopToolbar>
    <CreateButton />
    <ExportButtons table={table} />
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
