import { Edit, ShowButton, TopToolbar, useRecordContext } from 'react-admin';
import type { Session } from './common';
import { SessionForm } from './SessionForm';

const Actions = () => (
  <TopToolbar>
    <ShowButton />
  </TopToolbar>
);

const Title = () => {
  const record = useRecordContext<Session>();
  return <span>Session {record ? `${record.libelle} (${record.annee})` : ''}</span>;
};

export const SessionEdit = () => (
  <Edit mutationMode="pessimistic" actions={<Actions />} redirect="show" title={<Title />}>
    <SessionForm />
  </Edit>
);
