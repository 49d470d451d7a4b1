import {
  EditButton,
  NumberField,
  ReferenceField,
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
import { AdvanceButton } from './AdvanceButton';
import { DayField, EXAMENS, SESSIONS, StatusField, type Session } from './common';

/** A closed session is final: the server refuses its modification, so nothing offers one. */
const Actions = () => {
  const record = useRecordContext<Session>();
  const canWrite = useCan(SESSIONS, 'write');
  return (
    <TopToolbar>
      {canWrite && record && record.statut !== 'cloturee' ? <EditButton /> : null}
      <AdvanceButton />
    </TopToolbar>
  );
};

const Title = () => {
  const record = useRecordContext<Session>();
  return <span>Session {record ? `${record.libelle} (${record.annee})` : ''}</span>;
};

export const SessionShow = () => (
  <Show actions={<Actions />} title={<Title />}>
    <TabbedShowLayout>
      <Tab label="app.details">
        <TextField source="libelle" label="Libellé" />
        <ReferenceField source="examenId" reference={EXAMENS} label="Examen">
          <TextField source="libelle" />
        </ReferenceField>
        <NumberField source="annee" label="Année" options={{ useGrouping: false }} />
        <StatusField source="statut" label="Étape" />
        <DayField source="ouvertureInscriptions" label="Ouverture des inscriptions" />
        <DayField source="clotureInscriptions" label="Clôture des inscriptions" />
        <DayField source="debutComposition" label="Début de la composition" />
        <DayField source="finComposition" label="Fin de la composition" />
        <TextField source="creePar" label="Créée par" />
        <DateTimeField source="creeLe" label="Créée le" />
        <TextField source="modifiePar" label="Modifiée par" />
        <DateTimeField source="modifieLe" label="Modifiée le" />
      </Tab>
      <Tab label="app.historique" path="historique">
        <HistoryPanel />
      </Tab>
    </TabbedShowLayout>
  </Show>
);
