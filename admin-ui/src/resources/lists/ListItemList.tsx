import {
  CreateButton,
  Datagrid,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { ExportButtons } from '../../common/ExportButtons';
import { ActiveField, DateTimeField } from '../../common/fields';
import { useListCan } from './access';
import { ScreenTabs } from './ScreenTabs';
import { screenTitle, type ListItem, type ReferenceListDefinition } from './definition';
import { fieldDisplay, fieldFilter } from './fields';

const searchPlaceholder = (list: ReferenceListDefinition): string => {
  const texts = list.fields.filter((f) => f.type === 'text').map((f) => f.label.toLowerCase());
  return `Rechercher (${['code', 'libellé', ...texts].join(', ')})`;
};

const filtersOf = (list: ReferenceListDefinition) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={searchPlaceholder(list)} />,
  <SelectInput
    key="actif"
    source="actif"
    label="app.statut"
    choices={[
      { id: true, name: 'Actifs' },
      { id: false, name: 'Inactifs' },
    ]}
  />,
  ...list.fields.flatMap((field) => {
    const filter = fieldFilter(field);
    return filter ? [filter] : [];
  }),
];

const Actions = ({ canWrite }: { canWrite: boolean }) => (
  <TopToolbar>
    {canWrite ? <CreateButton /> : null}
    <ExportButtons />
  </TopToolbar>
);

/**
 * Any reference list: search, status and reference filters, sort, pages, CSV and XLSX exports. A
 * list managed from another screen shows that screen's tabs above it.
 */
export const ListItemList = ({ definition }: { definition: ReferenceListDefinition }) => {
  const canWrite = useListCan(definition, 'write');
  const list = (
    <List<ListItem>
      filters={filtersOf(definition)}
      actions={<Actions canWrite={canWrite} />}
      exporter={false}
      sort={{ field: 'libelle', order: 'ASC' }}
      perPage={25}
      title={screenTitle(definition)}
      // Without the right to create, the "create the first one" invitation would only be refused.
      empty={canWrite ? undefined : false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="code" label="Code" />
        <TextField source="libelle" label="Libellé" />
        {definition.fields
          .filter((field) => field.inList)
          .map((field) => fieldDisplay(field, 'list'))}
        <ActiveField source="actif" label="Statut" sortable={false} />
        <DateTimeField source="modifieLe" label="Modifié le" sortable />
      </Datagrid>
    </List>
  );
  return definition.managedFrom ? (
    <>
      <ScreenTabs path={definition.managedFrom} />
      {list}
    </>
  ) : (
    list
  );
};
