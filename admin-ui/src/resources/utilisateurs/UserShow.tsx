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
import { fieldDisplay } from '../lists/fields';
import { PROFILS } from '../profils/path';
import { CENTRE_DEPOT, useUserRoute, type UserScreenProps } from './kind';
import { ResetPasswordButton } from './ResetPasswordButton';

const Actions = () => {
  const canWrite = useCan(useUserRoute().path, 'write');
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
  const { itemLabel } = useUserRoute();
  return (
    <span>
      {itemLabel} {record ? `${String(record.prenoms)} ${String(record.nom)}` : ''}
    </span>
  );
};

export const UserShow = ({ enroleurs = false }: UserScreenProps) => {
  const { fields } = useUserRoute();
  return (
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
          {enroleurs ? fieldDisplay(CENTRE_DEPOT) : null}
          <ActiveField source="actif" label={`${fields}.actif`} />
          <FunctionField
            source="is_change_password"
            render={(record) =>
              record.is_change_password === 0
                ? 'Provisoire : à changer à la prochaine connexion'
                : 'Choisi par l’utilisateur'
            }
          />
          <TextField source="creePar" />
          <DateTimeField source="creeLe" label={`${fields}.creeLe`} />
          <TextField source="modifiePar" />
          <DateTimeField source="modifieLe" label={`${fields}.modifieLe`} />
        </Tab>
        <Tab label="app.historique" path="historique">
          <HistoryPanel />
        </Tab>
      </TabbedShowLayout>
    </Show>
  );
};
