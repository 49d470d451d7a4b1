import AttachFileIcon from '@mui/icons-material/AttachFile';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Button as MuiButton, Card, CardContent, Stack, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  AutocompleteInput,
  Form,
  maxLength,
  ReferenceInput,
  required,
  SaveButton,
  TextInput,
  Title,
  useBasename,
  useDataProvider,
  useGetList,
  useNotify,
  type RaRecord,
} from 'react-admin';
import { canOpen, INCIDENT_DESCRIPTION_MAX, routeById } from '@examens-pro/domain';
import type { CommandAnswer, ExamensDataProvider } from '../../dashboard/dataProvider';
import { usePermissions } from '../../dashboard/permissions';
import { fieldInput } from '../../kit/fields';
import { referenceResource } from '../../kit/routes';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_FAILED,
  ATTACHMENT_HELP,
  attachmentCommand,
  attachmentProblem,
  fileSize,
  serverErrors,
  serverMessage,
} from './attachment';

const MY_INCIDENTS = 'inscription/gestion-des-incidents/mes-incidents';
const DOSSIERS = referenceResource('candidatures');
const FAILED = 'L’incident n’a pas pu être enregistré. Vérifiez votre connexion et réessayez.';

/** Keeps an emptied text as '' rather than react-admin's null. */
const keepText = (value: string | null): string => value ?? '';

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

/** The attachment chosen (checked at once: PDF or image, 5 MB at most), sent after the incident. */
const AttachmentInput = ({
  file,
  problem,
  onChange,
}: {
  file: File | undefined;
  problem: string | undefined;
  onChange: (file: File | undefined) => void;
}) => {
  const id = useId();
  const label = 'Pièce jointe (facultative)';
  return (
    <Stack spacing={0.5} alignItems="flex-start" sx={{ mt: 1, mb: 2 }}>
      <Typography variant="body2" color="text.secondary" component="span">
        {label}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center">
        <MuiButton component="label" htmlFor={id} variant="outlined" startIcon={<AttachFileIcon />}>
          {file ? 'Choisir un autre fichier' : 'Choisir un fichier'}
          <input
            id={id}
            type="file"
            hidden
            accept={ATTACHMENT_ACCEPT}
            aria-label={label}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              onChange(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </MuiButton>
        {file ? (
          <>
            <Typography variant="body2">
              {file.name} ({fileSize(file.size)})
            </Typography>
            <MuiButton size="small" onClick={() => onChange(undefined)}>
              Retirer
            </MuiButton>
          </>
        ) : null}
      </Stack>
      {problem ? (
        <Typography variant="caption" color="error" role="alert">
          {problem}
        </Typography>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {ATTACHMENT_HELP}
        </Typography>
      )}
    </Stack>
  );
};

/**
 * « Enregistrer un incident »: its type, the dossier it concerns if any, a description and an
 * optional attachment. The incident is recorded (`POST /api/incidents-inscription`), then its
 * attachment sent with the revision it answered; then « Mes incidents », or an empty form for who
 * may not open it. The server's refusals land under their fields.
 */
export const RecordIncidentPage = () => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const held = usePermissions();
  const [round, setRound] = useState(0);
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();

  const choose = (chosen: File | undefined) => {
    setFile(chosen);
    setProblem(chosen ? attachmentProblem(chosen) : undefined);
  };

  const done = () => {
    setFile(undefined);
    setProblem(undefined);
    if (canOpen(held, routeById(MY_INCIDENTS))) navigate(`${basename}/${MY_INCIDENTS}`);
    else setRound((n) => n + 1);
  };

  const submit = async (values: Record<string, unknown>) => {
    if (file && attachmentProblem(file)) {
      setProblem(attachmentProblem(file));
      return undefined;
    }
    let answer: CommandAnswer;
    try {
      answer = await dataProvider.command('incidents-inscription', {
        data: {
          typeId: values.typeId,
          ...(values.candidatureId ? { candidatureId: values.candidatureId } : {}),
          description: values.description,
        },
      });
    } catch (error) {
      notify(serverMessage(error) ?? FAILED, { type: 'error' });
      return serverErrors(error);
    }
    if (file) {
      try {
        await dataProvider.command(attachmentCommand(String(answer.id)), {
          file,
          revision: answer.revision,
          headers: { 'X-Nom-Fichier': encodeURIComponent(file.name) },
        });
      } catch (error) {
        notify(
          `Incident enregistré, mais sans sa pièce jointe : ${serverMessage(error) ?? ATTACHMENT_FAILED}`,
          { type: 'warning' },
        );
        done();
        return undefined;
      }
    }
    notify('Incident enregistré.', { type: 'success' });
    done();
    return undefined;
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Enregistrer un incident" />
      <Card>
        <CardContent>
          <Form key={round} onSubmit={submit} noValidate>
            <Stack sx={{ maxWidth: 720 }}>
              {TYPE}
              <DossierInput />
              <TextInput
                source="description"
                label="Description"
                multiline
                minRows={4}
                fullWidth
                parse={keepText}
                validate={[
                  required('Décrivez l’incident.'),
                  maxLength(
                    INCIDENT_DESCRIPTION_MAX,
                    `La description ne doit pas dépasser ${INCIDENT_DESCRIPTION_MAX} caractères.`,
                  ),
                ]}
              />
              <AttachmentInput file={file} problem={problem} onChange={choose} />
              <Box>
                <SaveButton label="Enregistrer l’incident" icon={<SaveIcon />} alwaysEnable />
              </Box>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
};
