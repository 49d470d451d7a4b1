import { Edit, ShowButton, TopToolbar } from 'react-admin';
import { MetierForm } from './MetierForm';

const Actions = () => (
  <TopToolbar>
    <ShowButton />
  </TopToolbar>
);

export const MetierEdit = () => (
  <Edit mutationMode="pessimistic" actions={<Actions />} redirect="show">
    <MetierForm />
  </Edit>
);
