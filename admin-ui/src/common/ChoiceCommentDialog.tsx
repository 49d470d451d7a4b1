import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Button } from 'react-admin';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A dialog asking for one choice from a list and a comment before an action (a new statut, a
 * motif de rejet…): the choice's and the comment's errors stand under their field, the confirm
 * button waits for the request.
 */
export const ChoiceCommentDialog = ({
  open,
  onClose,
  title,
  intro,
  choiceLabel,
  choice,
  onChoice,
  choices,
  choiceError,
  comment,
  onComment,
  commentRequired = false,
  commentRows,
  commentError,
  confirm,
  onConfirm,
  pending,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  intro?: ReactNode;
  choiceLabel: string;
  choice: string;
  onChoice: (value: string) => void;
  choices: readonly Choice[];
  choiceError?: string;
  comment: string;
  onComment: (value: string) => void;
  commentRequired?: boolean;
  commentRows: number;
  commentError?: string;
  confirm: string;
  onConfirm: () => void;
  pending: boolean;
}) => (
  <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
    <DialogTitle>{title}</DialogTitle>
    <DialogContent>
      {intro ? <DialogContentText>{intro}</DialogContentText> : null}
      <TextField
        select
        label={choiceLabel}
        value={choice}
        onChange={(event) => onChoice(event.target.value)}
        fullWidth
        margin="normal"
        required
        error={Boolean(choiceError)}
        helperText={choiceError}
      >
        {choices.map((item) => (
          <MenuItem key={item.value} value={item.value}>
            {item.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Commentaire"
        value={comment}
        onChange={(event) => onComment(event.target.value)}
        fullWidth
        multiline
        minRows={commentRows}
        margin="normal"
        required={commentRequired}
        error={Boolean(commentError)}
        helperText={commentError}
      />
    </DialogContent>
    <DialogActions>
      <Button label="ra.action.cancel" onClick={onClose} />
      <Button label={confirm} onClick={onConfirm} disabled={pending} />
    </DialogActions>
  </Dialog>
);
