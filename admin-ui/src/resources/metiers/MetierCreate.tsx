import { Create } from 'react-admin';
import { MetierForm } from './MetierForm';

export const MetierCreate = () => (
  <Create redirect="list" mutationMode="pessimistic">
    <MetierForm />
  </Create>
);
