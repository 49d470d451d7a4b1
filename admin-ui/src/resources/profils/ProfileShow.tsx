import { Box, Typography } from '@mui/material';
import { PERMISSION_GROUPS } from '@examens-pro/domain';
import {
  DeleteWithConfirmButton,
  EditButton,
  Labeled,
  Show,
  Tab,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { DateTimeField } from '../../common/fields';
import { HistoryPanel } from '../../common/HistoryPanel';
import { useCan } from '../../dashboard/permissions';
import { PROFILS } from './path';

const Actions = () => {
  const record = useRecordContext();
  const canWrite = useCan(PROFILS, 'write');
  const canRemove = useCan(PROFILS, 'remove');
  return (
    <TopToolbar>
      {canWrite ? <EditButton /> : null}
      {record && canRemove ? (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          confirmTitle="Supprimer ce profil ?"
          confirmContent="La suppression n’est possible que si aucun utilisateur n’a ce profil."
        />
      ) : null}
    </TopToolbar>
  );
};

/** The permissions read as sentences, under their group's heading. */
const PermissionsByGroup = () => {
  const record = useRecordContext();
  const held = new Set<string>((record?.permissions as string[] | undefined) ?? []);
  const groups = PERMISSION_GROUPS.map((group) => ({
    ...group,
    permissions: group.permissions.filter((p) => held.has(p.code)),
  })).filter((group) => group.permissions.length > 0);
  if (groups.length === 0) return <Typography>Aucune permission.</Typography>;
  return (
    <Box>
      {groups.map((group) => (
        <Box key={group.key} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {group.label}
          </Typography>
          <ul style={{ margin: '4px 0' }}>
            {group.permissions.map((p) => (
              <li key={p.code}>{p.label}</li>
            ))}
          </ul>
        </Box>
      ))}
    </Box>
  );
};

const Title = () => {
  const record = useRecordContext();
  return <span>Profil {record ? String(record.libelle) : ''}</span>;
};

const F = `resources.${PROFILS}.fields`;

export const ProfileShow = () => (
  <Show actions={<Actions />} title={<Title />}>
    <TabbedShowLayout>
      <Tab label="app.details">
        <TextField source="libelle" />
        <Labeled label={`${F}.permissions`} fullWidth>
          <PermissionsByGroup />
        </Labeled>
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
