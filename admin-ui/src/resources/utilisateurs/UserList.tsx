import {
  CreateButton,
  Datagrid,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { ExportButtons } from '../../common/ExportButtons';
import { ActiveField, DateTimeField } from '../../common/fields';
import { useCan } from '../../dashboard/permissions';
import { fieldDisplay, fieldFilter } from '../lists/fields';
import { PROFILS } from '../profils/path';
import { CENTRE_DEPOT, useUserRoute, type UserScreenProps } from './kind';

const filtersOf = (enroleurs: boolean) => [
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
  ...(enroleurs ? [fieldFilter(CENTRE_DEPOT)!] : []),
];

interface Utilisateur extends RaRecord {
  nom: string;
  prenoms: string;
  login: string;
  telephone: string;
  centreDepotId: string | null;
  actif: boolean;
  modifieLe: string;
}

const Actions = () => {
  const canWrite = useCan(useUserRoute().path, 'write');
  return (
    <TopToolbar>
      {canWrite ? <CreateButton /> : null}
      <ExportButtons />
    </TopToolbar>
  );
};

export const UserList = ({ enroleurs = false }: UserScreenProps) => {
  const { fields } = useUserRoute();
  return (
    <List<Utilisateur>
      filters={filtersOf(enroleurs)}
      actions={<Actions />}
      exporter={false}
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
        {enroleurs ? fieldDisplay(CENTRE_DEPOT) : null}
        <ActiveField source="actif" label={`${fields}.actif`} sortable={false} />
        <DateTimeField source="modifieLe" label={`${fields}.modifieLe`} sortable />
      </Datagrid>
    </List>
  );
};
