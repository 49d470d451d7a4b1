import {
  CreateButton,
  Datagrid,
  ExportButton,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  type FetchRelatedRecords,
} from 'react-admin';
import { exportCsv } from '../../common/csv';
import { ActiveField, DateTimeField } from '../../common/fields';
import { formatDateTime } from '../../common/format';
import { useCan } from '../../dashboard/permissions';
import {
  referenceResource,
  screenTitle,
  type ListItem,
  type ReferenceListDefinition,
} from './definition';
import { csvValue, fieldDisplay, fieldFilter } from './fields';

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

/** Same columns as the screen plus every field, references as their libellé (spreadsheet-safe). */
const exporterOf =
  (list: ReferenceListDefinition) =>
  async (records: ListItem[], fetchRelatedRecords: FetchRelatedRecords) => {
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
    exportCsv(
      records,
      {
        Code: (r) => r.code,
        Libellé: (r) => r.libelle,
        ...Object.fromEntries(
          list.fields.map((field) => [
            field.label,
            (r: ListItem) => csvValue(field, r, references),
          ]),
        ),
        Statut: (r) => (r.actif ? 'Actif' : 'Inactif'),
        'Modifié le': (r) => formatDateTime(r.modifieLe),
        'Modifié par': (r) => r.modifiePar,
      },
      list.name,
    );
  };

const Actions = ({ canWrite }: { canWrite: boolean }) => (
  <TopToolbar>
    {canWrite ? <CreateButton /> : null}
    <ExportButton maxResults={1000} />
  </TopToolbar>
);

/** Any reference list: search, status and reference filters, sort, pages, CSV export. */
export const ListItemList = ({ definition }: { definition: ReferenceListDefinition }) => {
  const canWrite = useCan(definition.path!, 'write');
  return (
    <List<ListItem>
      filters={filtersOf(definition)}
      actions={<Actions canWrite={canWrite} />}
      exporter={exporterOf(definition)}
      sort={{ field: 'libelle', order: 'ASC' }}
      perPage={25}
      title={screenTitle(definition)}
      // Without the right to create, the "create the first one" invitation would only be refused.
      empty={canWrite ? undefined : false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="code" label="Code" />
        <TextField source="libelle" label="Libellé" />
        {definition.fields.filter((field) => field.inList).map(fieldDisplay)}
        <ActiveField source="actif" label="Statut" sortable={false} />
        <DateTimeField source="modifieLe" label="Modifié le" sortable />
      </Datagrid>
    </List>
  );
};
