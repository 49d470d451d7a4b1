import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  MenuList,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { useGetList } from 'react-admin';
import { referenceResource } from '../../../kit/routes';

export interface Motif {
  readonly id: string;
  readonly libelle: string;
}

/**
 * The motif of a pièce's rejection, chosen by keyboard: the active motifs numbered, a number key
 * (1 to 9) chooses one at once, ↑/↓ then Entrée another; an optional comment typed first goes with
 * it. Échap closes it without rejecting.
 */
export const MotifChooser = ({
  open,
  title,
  onClose,
  onChoose,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onChoose: (motif: Motif, commentaire: string) => void;
}) => {
  const [commentaire, setCommentaire] = useState('');
  const { data = [], isPending } = useGetList(
    referenceResource('motifs-rejet'),
    {
      filter: { actif: true },
      sort: { field: 'libelle', order: 'ASC' },
      pagination: { page: 1, perPage: 200 },
    },
    // Read before the first « R »: the chooser opens with its motifs.
    { staleTime: 60_000 },
  );
  const motifs: Motif[] = data.map((m) => ({ id: String(m.id), libelle: String(m.libelle) }));
  const choose = (motif: Motif) => {
    onChoose(motif, commentaire.trim());
    setCommentaire('');
  };
  const byNumber = (event: KeyboardEvent) => {
    const n = Number(event.key);
    if (!Number.isInteger(n) || n < 1 || n > motifs.length) return;
    event.preventDefault();
    choose(motifs[n - 1]!);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="motif-chooser-title" fullWidth>
      <DialogTitle id="motif-chooser-title">{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Touche 1 à 9 : le motif de ce numéro ; ↑/↓ puis Entrée : le motif choisi ; Échap :
          annuler.
        </Typography>
        {isPending ? (
          <Typography>Chargement des motifs…</Typography>
        ) : motifs.length === 0 ? (
          <Typography>
            Aucun motif de rejet n’est actif : ajoutez-en dans la configuration.
          </Typography>
        ) : (
          <MenuList autoFocusItem={open} aria-label="Motif du rejet" onKeyDown={byNumber}>
            {motifs.map((motif, i) => (
              <MenuItem key={motif.id} onClick={() => choose(motif)}>
                {i < 9 ? `${i + 1}. ` : ''}
                {motif.libelle}
              </MenuItem>
            ))}
          </MenuList>
        )}
        <TextField
          label="Commentaire (facultatif)"
          value={commentaire}
          onChange={(e) => setCommentaire(e.target.value)}
          multiline
          minRows={1}
          sx={{ mt: 1 }}
          fullWidth
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
      </DialogActions>
    </Dialog>
  );
};
