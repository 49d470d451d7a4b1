import {
  DeleteWithConfirmButton,
  EditButton,
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
import { CLASSIFICATION } from './fields';

/** Reading a métier through the filières' or corps' tab never offers to change it. */
const Actions = () => {
  const record = useRecordContext();
  const canWrite = useCan('configuration/metiers', 'write');
  const canRemove = useCan('configuration/metiers', 'remove');
  return (
    <TopToolbar>
      {canWrite ? <EditButton /> : null}
      {canWrite ? <ActivationButton /> : null}
      {record && canRemove ? (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          confirmTitle="Supprimer ce métier ?"
          confirmContent="La suppression n’est possible que si le métier n’est utilisé nulle part ; sinon, désactivez-le."
        />
      ) : null}
    </TopToolbar>
  );
};

const Title = () => {
  const record = useRecordContext();
  return <span>Métier {record ? `${record.code} — ${record.libelle}` : ''}</span>;
};

export const MetierShow = () => (
  <Show actions={<Actions />} title={<Title />}>
    <TabbedShowLayout>
      <Tab label="app.details">
        <TextField source="code" />
        <TextField source="libelle" />
        {CLASSIFICATION.map((field) => fieldDisplay(field))}
        <ActiveField source="actif" label="resources.configuration/metiers.fields.actif" />
        <TextField source="creePar" />
        <DateTimeField source="creeLe" label="resources.configuration/metiers.fields.creeLe" />
        <TextField source="modifiePar" />
        <DateTimeField
          source="modifieLe"
          label="resources.configuration/metiers.fields.modifieLe"
        />
      </Tab>
      <Tab label="app.historique" path="historique">
        <HistoryPanel />
      </Tab>
    </TabbedShowLayout>
  </Show>
);
