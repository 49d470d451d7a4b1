import { Create } from 'react-admin';
import { UserForm } from './UserForm';

export const UserCreate = () => (
  <Create redirect="show" mutationMode="pessimistic">
    <UserForm creating />
  </Create>
);
