import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { ExamensDataProvider } from '../../dashboard/dataProvider';
import { useRouteCan } from '../../kit/useRouteCan';
import { FileUploadButton } from '../../common/FileUploadButton';
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
  if (!record || !can.action('joindre') || !['ouvert', 'en-cours'].includes(String(record.statut)))
    return null;
  const label = record.pieceJointe ? 'Remplacer la pièce jointe' : 'Joindre une pièce';
  return (
    <FileUploadButton
      label={label}
      accept={ATTACHMENT_ACCEPT}
      icon={<AttachFileIcon />}
      check={attachmentProblem}
      upload={async (file) => {
        await dataProvider.command(attachmentCommand(api, String(record.id)), {
          file,
          revision: Number(record.version),
          headers: { 'X-Nom-Fichier': encodeURIComponent(file.name) },
        });
        notify('La pièce jointe est enregistrée.', { type: 'success' });
        refresh();
      }}
      failure={(error) => serverMessage(error) ?? ATTACHMENT_FAILED}
    />
  );
};
