import { Create } from 'react-admin';
import type { UserScreenProps } from './kind';
import { UserForm } from './UserForm';

export const UserCreate = ({ enroleurs }: UserScreenProps) => (
  <Create redirect="show" mutationMode="pessimistic">
    <UserForm creating enroleurs={enroleurs} />
  </Create>
);
