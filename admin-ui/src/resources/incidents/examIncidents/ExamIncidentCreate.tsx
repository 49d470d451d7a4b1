import { useNavigate } from 'react-router-dom';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  FormDataConsumer,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  useBasename,
  useGetOne,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import { EXAM_INCIDENT_CATEGORY, EXAM_INCIDENT_MESSAGES } from '@examens-pro/domain';
import { fieldInput } from '../../../kit/fields';
import { referenceResource } from '../../../kit/routes';
import { IncidentForm } from '../IncidentForm';

const API = EXAM_INCIDENT_CATEGORY;
/** The candidates a site seats for a session (`GET /api/incidents-examen/candidats`). */
const CANDIDATES = `${API}/candidats`;
const SESSIONS = referenceResource('sessions');

const SITE = fieldInput({
  name: 'siteId',
  label: 'Site de composition',
  type: 'reference',
  reference: 'sites-composition',
  required: true,
  requiredMessage: EXAM_INCIDENT_MESSAGES.siteId,
});

const TYPE = fieldInput({
  name: 'typeId',
  label: 'Type d’incident',
  type: 'reference',
  reference: 'types-incidents-examen',
  required: true,
  requiredMessage: EXAM_INCIDENT_MESSAGES.typeId,
  choose: 'select',
});

/** Recorded on the exam sites, with or without network (#35). */
const OFFLINE = { label: 'Incident d’examen' };

const SessionInput = () => (
  <ReferenceInput source="sessionId" reference={SESSIONS} sort={{ field: 'annee', order: 'DESC' }}>
    <AutocompleteInput
      label="Session"
      optionText="libelle"
      filterToQuery={(q: string) => ({ q })}
      validate={required(EXAM_INCIDENT_MESSAGES.sessionId)}
      noOptionsText="Aucune session ne correspond."
      sx={{ minWidth: 320 }}
    />
  </ReferenceInput>
);

/** The épreuves of the chosen session's examen (none until a session is chosen). */
const EpreuveInput = ({ sessionId }: { sessionId?: string }) => {
  const { data: session } = useGetOne(
    SESSIONS,
    { id: sessionId ?? '' },
    { enabled: Boolean(sessionId) },
  );
  return (
    <ReferenceInput
      source="epreuveId"
      reference={referenceResource('epreuves')}
      filter={{ actif: true, examenId: session?.examenId ?? '(aucune session)' }}
      sort={{ field: 'libelle', order: 'ASC' }}
    >
      <AutocompleteInput
        label="Épreuve"
        optionText="libelle"
        validate={required(EXAM_INCIDENT_MESSAGES.epreuveId)}
        disabled={!session}
        helperText={session ? undefined : 'Choisissez d’abord la session.'}
        noOptionsText="Aucune épreuve active de cet examen ne correspond."
        sx={{ minWidth: 320 }}
      />
    </ReferenceInput>
  );
};

const candidateText = (record: RaRecord) =>
  [record.numeroCandidat, record.libelle].filter(Boolean).join(' — ');

/** The candidates involved, among those the chosen site seats for the chosen session. */
const CandidatesInput = ({ sessionId, siteId }: { sessionId?: string; siteId?: string }) => {
  const ready = Boolean(sessionId && siteId);
  return (
    <ReferenceArrayInput
      source="candidatureIds"
      reference={CANDIDATES}
      filter={{ sessionId, siteId }}
      sort={{ field: 'numeroCandidat', order: 'ASC' }}
      perPage={50}
    >
      <AutocompleteArrayInput
        label="Candidats concernés"
        optionText={candidateText}
        filterToQuery={(q: string) => ({ q })}
        disabled={!ready}
        helperText={
          ready
            ? 'Numéro de candidat ou nom ; laisser vide si l’incident ne concerne aucun candidat.'
            : 'Choisissez d’abord la session et le site.'
        }
        noOptionsText="Aucun candidat affecté à ce site ne correspond."
        fullWidth
      />
    </ReferenceArrayInput>
  );
};

/**
 * « Enregistrer un incident d’examen »: the session, the site and the épreuve where it happened,
 * its type, the candidates involved (seated at that site), a description and an optional
 * attachment (the shared incident form); then the incident's page. Without network the incident
 * waits on this device (its lists are read from the day's copy) and goes when the network returns.
 */
export const ExamIncidentCreate = () => {
  const navigate = useNavigate();
  const basename = useBasename();
  const resource = useResourceContext();
  return (
    <IncidentForm
      api={API}
      title="Enregistrer un incident d’examen"
      offline={OFFLINE}
      dataOf={(values) => ({
        sessionId: values.sessionId,
        siteId: values.siteId,
        epreuveId: values.epreuveId,
        typeId: values.typeId,
        candidatureIds: values.candidatureIds ?? [],
      })}
      onRecorded={(answer) =>
        navigate(`${basename}/${resource}/${encodeURIComponent(String(answer.id))}/show`)
      }
    >
      <SessionInput />
      {SITE}
      <FormDataConsumer<{ sessionId?: string; siteId?: string }>>
        {({ formData }) => (
          <>
            <EpreuveInput sessionId={formData.sessionId} />
            {TYPE}
            <CandidatesInput sessionId={formData.sessionId} siteId={formData.siteId} />
          </>
        )}
      </FormDataConsumer>
    </IncidentForm>
  );
};
