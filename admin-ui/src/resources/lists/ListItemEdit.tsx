import { Edit, ShowButton, TopToolbar, useRecordContext } from 'react-admin';
import type { ReferenceListDefinition } from './definition';
import { ListItemForm } from './ListItemForm';

const Actions = () => (
  <TopToolbar>
    <ShowButton />
  </TopToolbar>
);

const Title = ({ itemLabel }: { itemLabel: string }) => {
  const record = useRecordContext();
  return <span>{record ? `${itemLabel} ${record.code} — ${record.libelle}` : itemLabel}</span>;
};

export const ListItemEdit = ({ definition }: { definition: ReferenceListDefinition }) => (
  <Edit
    mutationMode="pessimistic"
    actions={<Actions />}
    redirect="show"
    title={<Title itemLabel={definition.itemLabel} />}
  >
    <ListItemForm definition={definition} />
  </Edit>
);
