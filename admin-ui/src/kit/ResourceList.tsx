import { useMemo } from 'react';
import { CreateButton, Datagrid, List, SearchInput, SelectInput, TopToolbar } from 'react-admin';
import { ExportButtons } from '../common/ExportButtons';
import { BulkActionButtons } from './BulkActions';
import { ActiveField, DateTimeField } from '../common/fields';
import { auditLabels } from './audit';
import type { ResourceDeclaration } from './declaration';
import { fieldDisplay, fieldFilter, searchPlaceholder } from './fields';
import { useRouteCan } from './useRouteCan';

/** The search box, the status of activable items, then the declared fields' filters. */
const filtersOf = (declaration: ResourceDeclaration) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={searchPlaceholder(declaration.fields)} />,
  ...(declaration.activable
    ? [
        <SelectInput
          key="actif"
          source="actif"
          label="app.statut"
          choices={[
            { id: true, name: 'app.actifs' },
            { id: false, name: 'app.inactifs' },
          ]}
        />,
      ]
    : []),
  ...declaration.fields.flatMap((field) => {
    const filter = fieldFilter(field);
    return filter ? [filter] : [];
  }),
  ...(declaration.slots?.filters ?? []),
];

/**
 * A resource's list: search and filters, sort, pages, the server's CSV and XLSX exports, the
 * declared actions in bulk, a row opens the item's page; "Créer" only for who may write, never on a read-only list.
 */
export const ResourceList = ({ declaration }: { declaration: ResourceDeclaration }) => {
  const write = useRouteCan().create && !declaration.readOnly && !declaration.createdElsewhere;
  const filters = useMemo(() => filtersOf(declaration), [declaration]);
  const list = (
    <List
      filters={filters}
      actions={
        <TopToolbar>
          {write ? <CreateButton /> : null}
          <ExportButtons />
          {declaration.slots?.listActions}
        </TopToolbar>
      }
      exporter={false}
      sort={declaration.sort}
      perPage={25}
      title={declaration.label}
      // Without the right to create, the "create the first one" invitation would only be refused.
      empty={write ? undefined : false}
    >
      <Datagrid
        rowClick={declaration.readOnly ? false : 'show'}
        bulkActionButtons={
          declaration.bulkActions ? (
            <BulkActionButtons declaration={declaration.bulkActions} />
          ) : (
            false
          )
        }
      >
        {declaration.fields
          .filter((field) => field.inList)
          .map((field) => fieldDisplay(field, 'list'))}
        {declaration.activable ? (
          <ActiveField source="actif" label="app.statut" sortable={false} />
        ) : null}
        {declaration.readOnly ? null : (
          <DateTimeField source="modifieLe" label={auditLabels(declaration).modifieLe} sortable />
        )}
      </Datagrid>
    </List>
  );
  const above = declaration.slots?.aboveList;
  return above ? (
    <>
      {above}
      {list}
    </>
  ) : (
    list
  );
};
