import SaveIcon from '@mui/icons-material/Save';
import { Alert, AlertTitle, Box, Card, CardContent, List, ListItem, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import {
  Form,
  maxLength,
  required,
  SaveButton,
  TextInput,
  Title,
  useDataProvider,
  useNotify,
} from 'react-admin';
import { INCIDENT_DESCRIPTION_MAX } from '@examens-pro/domain';
import type { CommandAnswer, ExamensDataProvider } from '../../dashboard/dataProvider';
import { serverErrors, serverMessage } from '../../common/serverErrors';
import { submit as keep, useOutbox } from '../../offline/outbox';
import { formatDateTime } from '../../common/format';
import { sessionUser, useSession } from '../../common/session';
import { ATTACHMENT_REFUSED } from '../../offline/sendEntry';
import { ATTACHMENT_FAILED, attachmentCommand, attachmentProblem } from './attachment';
import { AttachmentInput, useAttachmentChoice } from './AttachmentInput';

const FAILED = 'L’incident n’a pas pu être enregistré. Vérifiez votre connexion et réessayez.';
const KEPT =
  'Incident gardé sur cet appareil : il partira au retour du réseau. Vous pouvez en saisir un autre.';

/** « Incident d’examen — « Coupure d’électricité en salle 3… » »: how a waiting one is listed. */
const labelOf = (title: string, description: unknown): string => {
  const text = String(description ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return `${title} — « ${text.length > 60 ? `${text.slice(0, 60)}…` : text} »`;
};

/** Keeps an emptied text as '' rather than react-admin's null. */
const keepText = (value: string | null): string => value ?? '';

/** The signed-in person's incidents of this kind waiting on this device: listed above the form. */
const WaitingIncidents = ({ api }: { api: string }) => {
  const outbox = useOutbox();
  const user = sessionUser(useSession());
  const waiting = outbox.entries.filter(
    (e) =>
      e.kind === 'incident' && e.path === api && e.author === user?.id && e.state === 'pending',
  );
  if (waiting.length === 0) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      <AlertTitle>En attente d’envoi, gardés sur cet appareil</AlertTitle>
      <List dense disablePadding aria-label="Incidents en attente d’envoi">
        {waiting.map((entry) => (
          <ListItem key={entry.id} disableGutters>
            {entry.label}, saisi le {formatDateTime(entry.typedAt)}
            {entry.attachment ? ` (pièce jointe : ${entry.attachment.name})` : ''}
          </ListItem>
        ))}
      </List>
    </Alert>
  );
};

/**
 * The form recording an incident of any kind: the kind's own inputs (`children`), a description and
 * an optional attachment. The incident is recorded (`POST /api/<api>` with `dataOf(values)` and the
 * description), then its attachment sent with the revision it answered; `onRecorded` then says
 * where the user goes. The server's refusals land under their fields.
 *
 * `offline` (the exam sites' form, #35): the incident and its attachment go through the queue of
 * entries (offline/outbox): without network they wait on this device, the form is emptied for the
 * next one, and they are sent, in order and as their author, when the network returns.
 */
export const IncidentForm = ({
  api,
  title,
  dataOf,
  onRecorded,
  offline,
  children,
}: {
  api: string;
  title: string;
  /** Kept offline when the network is gone; `label`: what the waiting entry is called. */
  offline?: { label: string };
  dataOf: (values: Record<string, unknown>) => Record<string, unknown>;
  onRecorded: (answer: CommandAnswer) => void;
  children: ReactNode;
}) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const attachment = useAttachmentChoice();
  // A new form once an incident is kept offline: the next one starts empty.
  const [formKey, setFormKey] = useState(0);

  const submitKept = async (
    offline: { label: string },
    values: Record<string, unknown>,
    file: File | undefined,
  ) => {
    const description = values.description;
    let outcome;
    try {
      outcome = await keep(
        {
          kind: 'incident',
          path: api,
          data: { ...dataOf(values), description },
          label: labelOf(offline.label, description),
          sheet: '',
          rows: {},
        },
        file,
      );
    } catch (error) {
      const recorded = (error as { body?: { enregistre?: CommandAnswer } }).body?.enregistre;
      notify(serverMessage(error) ?? FAILED, { type: recorded ? 'warning' : 'error' });
      if (recorded) onRecorded(recorded);
      return recorded ? undefined : serverErrors(error);
    }
    if (outcome.status === 'queued') {
      notify(KEPT, { type: 'info' });
      attachment.choose(undefined);
      setFormKey((k) => k + 1);
      return undefined;
    }
    notify('Incident enregistré.', { type: 'success' });
    onRecorded(outcome.answer as CommandAnswer);
    return undefined;
  };

  const submit = async (values: Record<string, unknown>) => {
    const { file } = attachment;
    if (file && attachmentProblem(file)) {
      attachment.setProblem(attachmentProblem(file));
      return undefined;
    }
    if (offline) return submitKept(offline, values, file);
    let answer: CommandAnswer;
    try {
      answer = await dataProvider.command(api, {
        data: { ...dataOf(values), description: values.description },
      });
    } catch (error) {
      notify(serverMessage(error) ?? FAILED, { type: 'error' });
      return serverErrors(error);
    }
    if (file) {
      try {
        answer = await dataProvider.command(attachmentCommand(api, String(answer.id)), {
          file,
          revision: answer.revision,
          headers: { 'X-Nom-Fichier': encodeURIComponent(file.name) },
        });
      } catch (error) {
        notify(`${ATTACHMENT_REFUSED}${serverMessage(error) ?? ATTACHMENT_FAILED}`, {
          type: 'warning',
        });
        onRecorded(answer);
        return undefined;
      }
    }
    notify('Incident enregistré.', { type: 'success' });
    onRecorded(answer);
    return undefined;
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={title} />
      <Card>
        <CardContent>
          {offline ? <WaitingIncidents api={api} /> : null}
          <Form key={formKey} onSubmit={submit} noValidate>
            <Stack sx={{ maxWidth: 720 }}>
              {children}
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
              <AttachmentInput label="Pièce jointe (facultative)" attachment={attachment} />
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
