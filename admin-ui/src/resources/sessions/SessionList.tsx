import {
  AutocompleteInput,
  CreateButton,
  Datagrid,
  List,
  NumberField,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { ExportButtons } from '../../common/ExportButtons';
import { DateTimeField } from '../../common/fields';
import { useCan } from '../../dashboard/permissions';
import { DayField, EXAMENS, SESSIONS, STATUS_CHOICES, StatusField, type Session } from './common';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Rechercher (libellé)" />,
  // Every examen, inactive ones too: their past sessions are still looked for.
  <ReferenceInput
    key="examenId"
    source="examenId"
    reference={EXAMENS}
    sort={{ field: 'libelle', order: 'ASC' }}
    perPage={50}
  >
    <AutocompleteInput optionText="libelle" label="Examen" sx={{ minWidth: 280 }} />
  </ReferenceInput>,
  <NumberInput key="annee" source="annee" label="Année" step={1} />,
  <SelectInput key="statut" source="statut" label="Étape" choices={STATUS_CHOICES} />,
];

const Actions = ({ canWrite }: { canWrite: boolean }) => (
  <TopToolbar>
    {canWrite ? <CreateButton /> : null}
    <ExportButtons />
  </TopToolbar>
);

/** Sessions, the most recent registration window first. */
export const SessionList = () => {
  const canWrite = useCan(SESSIONS, 'write');
  return (
    <List<Session>
      filters={filters}
      actions={<Actions canWrite={canWrite} />}
      exporter={false}
      sort={{ field: 'ouvertureInscriptions', order: 'DESC' }}
      perPage={25}
      title="Sessions"
      // Without the right to create, the "create the first one" invitation would only be refused.
      empty={canWrite ? undefined : false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="libelle" label="Libellé" />
        <ReferenceField source="examenId" reference={EXAMENS} label="Examen" sortable={false}>
          <TextField source="libelle" />
        </ReferenceField>
        <NumberField source="annee" label="Année" options={{ useGrouping: false }} />
        <DayField source="ouvertureInscriptions" label="Ouverture des inscriptions" sortable />
        <DayField source="clotureInscriptions" label="Clôture des inscriptions" />
        <DayField source="debutComposition" label="Début de la composition" sortable />
        <DayField source="finComposition" label="Fin de la composition" />
        <StatusField source="statut" label="Étape" />
        <DateTimeField source="modifieLe" label="Modifiée le" sortable />
      </Datagrid>
    </List>
  );
};
