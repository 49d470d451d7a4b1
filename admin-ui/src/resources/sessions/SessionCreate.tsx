import { Create } from 'react-admin';
import { SessionForm } from './SessionForm';

export const SessionCreate = () => (
  <Create redirect="show" mutationMode="pessimistic" title="Sessions : nouvelle session">
    <SessionForm />
  </Create>
);
