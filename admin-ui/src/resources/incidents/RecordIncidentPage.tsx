import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  AutocompleteInput,
  ReferenceInput,
  useBasename,
  useGetList,
  type RaRecord,
} from 'react-admin';
import { canOpen, INCIDENT_CATEGORY, routeById } from '@examens-pro/domain';
import { usePermissions } from '../../dashboard/permissions';
import { fieldInput } from '../../kit/fields';
import { referenceResource } from '../../kit/routes';
import { IncidentForm } from './IncidentForm';

const MY_INCIDENTS = 'inscription/gestion-des-incidents/mes-incidents';
const DOSSIERS = referenceResource('candidatures');

const TYPE = fieldInput({
  name: 'typeId',
  label: 'Type d’incident',
  type: 'reference',
  reference: 'types-incidents',
  required: true,
  requiredMessage: 'Choisissez le type d’incident.',
  choose: 'select',
});

const dossierText = (record: RaRecord) =>
  [record.numeroDossier, record.libelle].filter(Boolean).join(' — ');

/**
 * The dossier concerned, searched by number or name among those the user may read (an enrôleur:
 * their centre's). Who may not read the dossiers (the list answers 403) records without one.
 */
const DossierInput = () => {
  const { isPending, error } = useGetList(
    DOSSIERS,
    { pagination: { page: 1, perPage: 1 } },
    { retry: false },
  );
  if (isPending || error) return null;
  return (
    <ReferenceInput
      source="candidatureId"
      reference={DOSSIERS}
      sort={{ field: 'numeroDossier', order: 'DESC' }}
      perPage={20}
    >
      <AutocompleteInput
        label="Dossier concerné (facultatif)"
        optionText={dossierText}
        filterToQuery={(q: string) => ({ q })}
        noOptionsText="Aucun dossier ne correspond."
        helperText="Numéro de dossier ou nom du candidat."
        fullWidth
      />
    </ReferenceInput>
  );
};

/**
 * « Enregistrer un incident »: its type, the dossier it concerns if any, a description and an
 * optional attachment (the shared incident form); then « Mes incidents », or an empty form for who
 * may not open it.
 */
export const RecordIncidentPage = () => {
  const navigate = useNavigate();
  const basename = useBasename();
  const held = usePermissions();
  const [round, setRound] = useState(0);
  return (
    <IncidentForm
      key={round}
      api={INCIDENT_CATEGORY}
      title="Enregistrer un incident"
      dataOf={(values) => ({
        typeId: values.typeId,
        ...(values.candidatureId ? { candidatureId: values.candidatureId } : {}),
      })}
      onRecorded={() => {
        if (canOpen(held, routeById(MY_INCIDENTS))) navigate(`${basename}/${MY_INCIDENTS}`);
        else setRound((n) => n + 1);
      }}
    >
      {TYPE}
      <DossierInput />
    </IncidentForm>
  );
};
