import { Create } from 'react-admin';
import { screenTitle, type ReferenceListDefinition } from './definition';
import { ListItemForm } from './ListItemForm';

export const ListItemCreate = ({ definition }: { definition: ReferenceListDefinition }) => (
  <Create redirect="list" title={`${screenTitle(definition)} : nouvel élément`}>
    <ListItemForm definition={definition} creating />
  </Create>
);
