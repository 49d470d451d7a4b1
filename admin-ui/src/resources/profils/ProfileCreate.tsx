import { Create } from 'react-admin';
import { ProfileForm } from './ProfileForm';

export const ProfileCreate = () => (
  <Create redirect="show" mutationMode="pessimistic">
    <ProfileForm />
  </Create>
);
