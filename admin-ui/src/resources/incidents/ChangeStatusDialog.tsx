import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useState } from 'react';
import { Button, useRecordContext } from 'react-admin';
import { INCIDENT_NEXT, INCIDENT_STATUS_LABELS, type IncidentStatus } from '@examens-pro/domain';
import { useRecordAction } from '../../kit/useRecordAction';
import { ChoiceCommentDialog } from '../../common/ChoiceCommentDialog';
import { serverErrors, serverMessage } from '../../common/serverErrors';

const COMMENT_REQUIRED = 'Un commentaire est obligatoire.';

/**
 * « Changer le statut » and its dialog: the steps the incident's statut allows (ouvert → en cours
 * → résolu | rejeté) and the comment each step requires, sent as `{ statut, commentaire }` with the
 * version the user saw; the server's refusal lands under its field. Shown only while a step is
 * left, to who may write on the route (the show screen checks it).
 */
export const ChangeStatusButton = () => {
  const record = useRecordContext();
  const next = INCIDENT_NEXT[record?.statut as IncidentStatus] ?? [];
  const [open, setOpen] = useState(false);
  const [statut, setStatut] = useState<string>('');
  const [commentaire, setCommentaire] = useState('');
  const [errors, setErrors] = useState<{ statut?: string; commentaire?: string }>({});
  const close = () => {
    setOpen(false);
    setErrors({});
  };
  const { mutate, isPending } = useRecordAction({
    action: 'statut',
    success: 'Le statut de l’incident est modifié.',
    onSuccess: () => {
      close();
      setCommentaire('');
    },
    onError: (error) => {
      const fields = serverErrors(error) ?? {};
      setErrors({
        statut: fields.statut ?? (fields.commentaire ? undefined : serverMessage(error)),
        commentaire: fields.commentaire,
      });
    },
  });
  if (!record || next.length === 0) return null;
  const chosen = next.includes(statut as IncidentStatus)
    ? statut
    : next.length === 1
      ? next[0]!
      : '';
  const submit = () => {
    const found = {
      statut: chosen ? undefined : 'Choisissez le nouveau statut.',
      commentaire: commentaire.trim() ? undefined : COMMENT_REQUIRED,
    };
    setErrors(found);
    if (found.statut || found.commentaire) return;
    mutate({ statut: chosen, commentaire: commentaire.trim() });
  };
  return (
    <>
      <Button label="Changer le statut" onClick={() => setOpen(true)} disabled={isPending}>
        <SwapHorizIcon />
      </Button>
      <ChoiceCommentDialog
        open={open}
        onClose={close}
        title="Changer le statut"
        intro={<>Statut actuel : {INCIDENT_STATUS_LABELS[record.statut as IncidentStatus]}.</>}
        choiceLabel="Nouveau statut"
        choice={chosen}
        onChoice={setStatut}
        choices={next.map((value) => ({ value, label: INCIDENT_STATUS_LABELS[value] }))}
        choiceError={errors.statut}
        comment={commentaire}
        onComment={setCommentaire}
        commentRequired
        commentRows={3}
        commentError={errors.commentaire}
        confirm="Valider"
        onConfirm={submit}
        pending={isPending}
      />
    </>
  );
};
