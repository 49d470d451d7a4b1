import CloseIcon from '@mui/icons-material/Close';
import { useState } from 'react';
import { Button, useGetList } from 'react-admin';
import { ChoiceCommentDialog } from '../../../common/ChoiceCommentDialog';
import { referenceResource } from '../../../kit/routes';
import { useRecordAction } from '../../../kit/useRecordAction';

/**
 * « Rejeter » and its dialog: the motif (the configured list, active ones) and an optional
 * comment, sent as `{ motifId, commentaire }` to the record's `action`; the server's refusal is
 * shown under the motif. A dossier and each of its pièces are rejected the same way.
 */
export const RejectButton = ({
  action,
  title,
  confirm,
  success,
}: {
  action: string;
  title: string;
  confirm: string;
  success: string;
}) => {
  const [open, setOpen] = useState(false);
  const [motifId, setMotifId] = useState('');
  const [commentaire, setCommentaire] = useState('');
  const [error, setError] = useState<string>();
  const { data: motifs = [] } = useGetList(
    referenceResource('motifs-rejet'),
    {
      filter: { actif: true },
      sort: { field: 'libelle', order: 'ASC' },
      pagination: { page: 1, perPage: 200 },
    },
    { enabled: open },
  );
  const { mutate, isPending } = useRecordAction<Error & { body?: { message?: string } }>({
    action,
    data: { motifId, commentaire },
    success,
    onSuccess: () => setOpen(false),
    onError: (e) => setError(e.body?.message ?? e.message),
  });
  return (
    <>
      <Button label="Rejeter" onClick={() => setOpen(true)} disabled={isPending}>
        <CloseIcon />
      </Button>
      <ChoiceCommentDialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        choiceLabel="Motif du rejet"
        choice={motifId}
        onChoice={setMotifId}
        choices={motifs.map((motif) => ({ value: String(motif.id), label: String(motif.libelle) }))}
        choiceError={error}
        comment={commentaire}
        onComment={setCommentaire}
        commentRows={2}
        confirm={confirm}
        onConfirm={() => mutate()}
        pending={isPending}
      />
    </>
  );
};
