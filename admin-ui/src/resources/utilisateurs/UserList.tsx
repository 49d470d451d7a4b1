import {
  CreateButton,
  Datagrid,
  ExportButton,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { exportCsv } from '../../common/csv';
import { ActiveField, DateTimeField } from '../../common/fields';
import { formatDateTime } from '../../common/format';
import { useCan } from '../../dashboard/permissions';
import { PROFILS, UTILISATEURS } from '../profils/path';

const filters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Rechercher (nom, prénoms, identifiant, téléphone)"
  />,
  <SelectInput
    key="actif"
    source="actif"
    label="app.statut"
    choices={[
      { id: true, name: 'Actifs' },
      { id: false, name: 'Inactifs' },
    ]}
  />,
  <ReferenceInput key="profilId" source="profilId" reference={PROFILS}>
    <SelectInput
      optionText="libelle"
      label="resources.utilisateurs-profils/utilisateurs.fields.profilId"
    />
  </ReferenceInput>,
];

interface Utilisateur extends RaRecord {
  nom: string;
  prenoms: string;
  login: string;
  telephone: string;
  actif: boolean;
  modifieLe: string;
}

const exporter = (records: Utilisateur[]) =>
  exportCsv(
    records,
    {
      Nom: (u) => u.nom,
      Prénoms: (u) => u.prenoms,
      Identifiant: (u) => u.login,
      Téléphone: (u) => u.telephone,
      Statut: (u) => (u.actif ? 'Actif' : 'Inactif'),
      'Modifié le': (u) => formatDateTime(u.modifieLe),
    },
    'utilisateurs',
  );

const Actions = () => {
  const canWrite = useCan(UTILISATEURS, 'write');
  return (
    <TopToolbar>
      {canWrite ? <CreateButton /> : null}
      <ExportButton maxResults={1000} />
    </TopToolbar>
  );
};

const F = `resources.${UTILISATEURS}.fields`;

export const UserList = () => (
  <List<Utilisateur>
    filters={filters}
    actions={<Actions />}
    exporter={exporter}
    sort={{ field: 'nom', order: 'ASC' }}
    perPage={25}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="nom" />
      <TextField source="prenoms" />
      <TextField source="login" />
      <TextField source="telephone" sortable={false} />
      <ReferenceField source="profilId" reference={PROFILS} sortable={false} link={false}>
        <TextField source="libelle" />
      </ReferenceField>
      <ActiveField source="actif" label={`${F}.actif`} sortable={false} />
      <DateTimeField source="modifieLe" label={`${F}.modifieLe`} sortable />
    </Datagrid>
  </List>
);
