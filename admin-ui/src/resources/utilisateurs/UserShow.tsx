import {
  EditButton,
  FunctionField,
  ReferenceField,
  Show,
  Tab,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { ActivationButton } from '../../common/ActivationButton';
import { ActiveField, DateTimeField } from '../../common/fields';
import { HistoryPanel } from '../../common/HistoryPanel';
import { useCan } from '../../dashboard/permissions';
import { PROFILS, UTILISATEURS } from '../profils/path';
import { ResetPasswordButton } from './ResetPasswordButton';

const Actions = () => {
  const canWrite = useCan(UTILISATEURS, 'write');
  if (!canWrite) return <TopToolbar />;
  return (
    <TopToolbar>
      <EditButton />
      <ResetPasswordButton />
      <ActivationButton nameSource="login" />
    </TopToolbar>
  );
};

const Title = () => {
  const record = useRecordContext();
  return <span>Utilisateur {record ? `${String(record.prenoms)} ${String(record.nom)}` : ''}</span>;
};

const F = `resources.${UTILISATEURS}.fields`;

export const UserShow = () => (
  <Show actions={<Actions />} title={<Title />}>
    <TabbedShowLayout>
      <Tab label="app.details">
        <TextField source="nom" />
        <TextField source="prenoms" />
        <TextField source="login" />
        <TextField source="telephone" />
        <ReferenceField source="profilId" reference={PROFILS} link={false}>
          <TextField source="libelle" />
        </ReferenceField>
        <ActiveField source="actif" label={`${F}.actif`} />
        <FunctionField
          source="is_change_password"
          render={(record) =>
            record.is_change_password === 0
              ? 'Provisoire : à changer à la prochaine connexion'
              : 'Choisi par l’utilisateur'
          }
        />
        <TextField source="creePar" />
        <DateTimeField source="creeLe" label={`${F}.creeLe`} />
        <TextField source="modifiePar" />
        <DateTimeField source="modifieLe" label={`${F}.modifieLe`} />
      </Tab>
      <Tab label="app.historique" path="historique">
        <HistoryPanel />
      </Tab>
    </TabbedShowLayout>
  </Show>
);
