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
import { useListCan } from './access';
import type { ReferenceListDefinition } from './definition';
import { fieldDisplay } from './fields';

const Actions = ({ definition }: { definition: ReferenceListDefinition }) => {
  const record = useRecordContext();
  const canWrite = useListCan(definition, 'write');
  const canRemove = useListCan(definition, 'remove');
  return (
    <TopToolbar>
      {canWrite ? <EditButton /> : null}
      {canWrite ? <ActivationButton /> : null}
      {record && canRemove ? (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          confirmTitle={`Supprimer « ${String(record.libelle)} » ?`}
          confirmContent="La suppression n’est possible que si l’élément n’est utilisé nulle part ; sinon, désactivez-le."
        />
      ) : null}
    </TopToolbar>
  );
};

const Title = ({ itemLabel }: { itemLabel: string }) => {
  const record = useRecordContext();
  return <span>{record ? `${itemLabel} ${record.code} — ${record.libelle}` : itemLabel}</span>;
};

export const ListItemShow = ({ definition }: { definition: ReferenceListDefinition }) => (
  <Show
    actions={<Actions definition={definition} />}
    title={<Title itemLabel={definition.itemLabel} />}
  >
    <TabbedShowLayout>
      <Tab label="app.details">
        <TextField source="code" label="Code" />
        <TextField source="libelle" label="Libellé" />
        {definition.fields.map((field) => fieldDisplay(field))}
        <ActiveField source="actif" label="Statut" />
        <TextField source="creePar" label="Créé par" />
        <DateTimeField source="creeLe" label="Créé le" />
        <TextField source="modifiePar" label="Modifié par" />
        <DateTimeField source="modifieLe" label="Modifié le" />
      </Tab>
      <Tab label="app.historique" path="historique">
        <HistoryPanel />
      </Tab>
    </TabbedShowLayout>
  </Show>
);
