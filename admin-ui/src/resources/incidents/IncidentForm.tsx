import SaveIcon from '@mui/icons-material/Save';
import { Box, Card, CardContent, Stack } from '@mui/material';
import type { ReactNode } from 'react';
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
import { ATTACHMENT_FAILED, attachmentCommand, attachmentProblem } from './attachment';
import { AttachmentInput, useAttachmentChoice } from './AttachmentInput';

const FAILED = 'L’incident n’a pas pu être enregistré. Vérifiez votre connexion et réessayez.';

/** Keeps an emptied text as '' rather than react-admin's null. */
const keepText = (value: string | null): string => value ?? '';

/**
 * The form recording an incident of any kind: the kind's own inputs (`children`), a description and
 * an optional attachment. The incident is recorded (`POST /api/<api>` with `dataOf(values)` and the
 * description), then its attachment sent with the revision it answered; `onRecorded` then says
 * where the user goes. The server's refusals land under their fields.
 */
export const IncidentForm = ({
  api,
  title,
  dataOf,
  onRecorded,
  children,
}: {
  api: string;
  title: string;
  dataOf: (values: Record<string, unknown>) => Record<string, unknown>;
  onRecorded: (answer: CommandAnswer) => void;
  children: ReactNode;
}) => {
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const attachment = useAttachmentChoice();

  const submit = async (values: Record<string, unknown>) => {
    const { file } = attachment;
    if (file && attachmentProblem(file)) {
      attachment.setProblem(attachmentProblem(file));
      return undefined;
    }
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
        notify(
          `Incident enregistré, mais sans sa pièce jointe : ${serverMessage(error) ?? ATTACHMENT_FAILED}`,
          { type: 'warning' },
        );
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
          <Form onSubmit={submit} noValidate>
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
