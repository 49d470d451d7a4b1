import { Edit, ShowButton, TopToolbar } from 'react-admin';
import type { UserScreenProps } from './kind';
import { UserForm } from './UserForm';

const Actions = () => (
  <TopToolbar>
    <ShowButton />
  </TopToolbar>
);

export const UserEdit = ({ enroleurs }: UserScreenProps) => (
  <Edit mutationMode="pessimistic" actions={<Actions />} redirect="show">
    <UserForm enroleurs={enroleurs} />
  </Edit>
);
