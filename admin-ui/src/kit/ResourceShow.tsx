import {
  DeleteWithConfirmButton,
  EditButton,
  Show,
  Tab,
  TabbedShowLayout,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { ActivationButton } from '../common/ActivationButton';
import { ActiveField } from '../common/fields';
import { HistoryPanel } from '../common/HistoryPanel';
import { auditStamps } from './audit';
import type { ResourceDeclaration } from './declaration';
import { fieldDisplay } from './fields';
import { RecordTitle } from './RecordTitle';
import { useRouteCan } from './useRouteCan';

/**
 * Éditer (while the record may still change), the resource's own buttons (its steps, each checking
 * its own permission), Désactiver /
 * Réactiver, Supprimer: each only for who may write or remove.
 */
const Actions = ({ declaration }: { declaration: ResourceDeclaration }) => {
  const record = useRecordContext();
  const { write, remove } = useRouteCan();
  const editable = record && (declaration.canEdit?.(record) ?? true);
  return (
    <TopToolbar>
      {write && editable ? <EditButton /> : null}
      {write ? declaration.slots?.showActions : null}
      {declaration.slots?.stepActions}
      {write && declaration.activable ? (
        <ActivationButton nameSource={declaration.activable.nameSource} />
      ) : null}
      {record && remove && declaration.remove ? (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          confirmTitle={declaration.remove.title(record)}
          confirmContent={declaration.remove.content}
        />
      ) : null}
    </TopToolbar>
  );
};

/** An item's page: its details with the audit stamps, and its history read from its events. */
export const ResourceShow = ({ declaration }: { declaration: ResourceDeclaration }) => (
  <Show
    actions={<Actions declaration={declaration} />}
    title={<RecordTitle itemLabel={declaration.itemLabel} />}
  >
    <TabbedShowLayout>
      <Tab label="app.details">
        {declaration.fields
          .filter((field) => field.inShow ?? true)
          .map((field) => fieldDisplay(field, 'show'))}
        {declaration.activable ? <ActiveField source="actif" label="app.statut" /> : null}
        {auditStamps(declaration)}
      </Tab>
      {(declaration.slots?.showTabs ?? []).map((tab) => (
        <Tab key={tab.path} label={tab.label} path={tab.path}>
          {tab.content}
        </Tab>
      ))}
      <Tab label="app.historique" path="historique">
        <HistoryPanel />
      </Tab>
    </TabbedShowLayout>
  </Show>
);
