import { Edit, ShowButton, TopToolbar } from 'react-admin';
import { ProfileForm } from './ProfileForm';

const Actions = () => (
  <TopToolbar>
    <ShowButton />
  </TopToolbar>
);

export const ProfileEdit = () => (
  <Edit mutationMode="pessimistic" actions={<Actions />} redirect="show">
    <ProfileForm />
  </Edit>
);
