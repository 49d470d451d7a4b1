import { Edit, ShowButton, TopToolbar } from 'react-admin';
import { UserForm } from './UserForm';

const Actions = () => (
  <TopToolbar>
    <ShowButton />
  </TopToolbar>
);

export const UserEdit = () => (
  <Edit mutationMode="pessimistic" actions={<Actions />} redirect="show">
    <UserForm />
  </Edit>
);
