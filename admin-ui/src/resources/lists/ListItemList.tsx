import { useMemo } from 'react';
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
import { exportTable, instant, type TableOf } from '../../common/exportTable';
import { ActiveField, DateTimeField } from '../../common/fields';
import { useListCan } from './access';
import { ScreenTabs } from './ScreenTabs';
import {
  referenceResource,
  screenTitle,
  type ListItem,
  type ReferenceListDefinition,
} from './definition';
import { exportValue, fieldDisplay, fieldFilter } from './fields';

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

/**
 * Same columns as the screen plus every field, references as their libellé (spreadsheet-safe);
 * one table for the CSV and the XLSX.
 */
const tableOf =
  (list: ReferenceListDefinition): TableOf<ListItem> =>
  async (records, fetchRelatedRecords) => {
    const references: Record<string, Record<string, string>> = {};
    for (const field of list.fields.filter(
      (f) => f.type === 'reference' || f.type === 'references',
    )) {
      const related = await fetchRelatedRecords<ListItem>(
        records,
        field.name,
        referenceResource(field.reference!),
      );
      references[field.name] = Object.fromEntries(
        Object.entries(related).map(([id, item]) => [id, item.libelle]),
      );
    }
    return exportTable(
      records,
      {
        Code: (r) => r.code,
        Libellé: (r) => r.libelle,
        ...Object.fromEntries(
          list.fields.map((field) => [
            field.label,
            (r: ListItem) => exportValue(field, r, references),
          ]),
        ),
        Statut: (r) => (r.actif ? 'Actif' : 'Inactif'),
        'Modifié le': (r) => instant(r.modifieLe),
        'Modifié par': (r) => r.modifiePar,
      },
      list.name,
    );
  };

const Actions = ({ canWrite, table }: { canWrite: boolean; table: TableOf<ListItem> }) => (
  <TopToolbar>
    {canWrite ? <CreateButton /> : null}
    <ExportButtons table={table} />
  </TopToolbar>
);

/**
 * Any reference list: search, status and reference filters, sort, pages, CSV and XLSX exports. A
 * list managed from another screen shows that screen's tabs above it.
 */
export const ListItemList = ({ definition }: { definition: ReferenceListDefinition }) => {
  const canWrite = useListCan(definition, 'write');
  const table = useMemo(() => tableOf(definition), [definition]);
  const list = (
    <List<ListItem>
      filters={filtersOf(definition)}
      actions={<Actions canWrite={canWrite} table={table} />}
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
