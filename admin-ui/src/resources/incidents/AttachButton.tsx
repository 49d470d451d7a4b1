import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { useRouteCan } from '../../kit/useRouteCan';
import { serverMessage } from '../../common/serverErrors';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_FAILED,
  attachmentCommand,
  attachmentProblem,
} from './attachment';

/**
 * « Joindre une pièce » (or « Remplacer la pièce jointe ») on an incident while it is not closed,
 * for who may attach on the route (its « joindre » action, else its writers): the file goes at
 * once to the kind's API resource `api`, with the version the user saw.
 */
export const AttachButton = ({ api }: { api: string }) => {
  const record = useRecordContext();
  const can = useRouteCan();
  const dataProvider = useDataProvider<ExamensDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const id = useId();
  if (!record || !can.action('joindre') || !['ouvert', 'en-cours'].includes(String(record.statut)))
    return null;
  const label = record.pieceJointe ? 'Remplacer la pièce jointe' : 'Joindre une pièce';
  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = attachmentProblem(file);
    setRefusal(problem);
    if (problem) return;
    setSending(true);
    try {
      await dataProvider.command(attachmentCommand(api, String(record.id)), {
        file,
        revision: Number(record.version),
        headers: { 'X-Nom-Fichier': encodeURIComponent(file.name) },
      });
      notify('La pièce jointe est enregistrée.', { type: 'success' });
      refresh();
    } catch (error) {
      setRefusal(serverMessage(error) ?? ATTACHMENT_FAILED);
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack spacing={0.5} alignItems="flex-start">
      <Button
        component="label"
        htmlFor={id}
        size="small"
        startIcon={sending ? <CircularProgress size={16} /> : <AttachFileIcon />}
        disabled={sending}
      >
        {label}
        <input
          id={id}
          type="file"
          hidden
          accept={ATTACHMENT_ACCEPT}
          aria-label={label}
          onChange={send}
        />
      </Button>
      {refusal ? (
        <Typography variant="caption" color="error" role="alert">
          {refusal}
        </Typography>
      ) : null}
    </Stack>
  );
};
