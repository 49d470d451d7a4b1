import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useBasename } from 'react-admin';
import { canOpen, routeById } from '@examens-pro/domain';
import { usePermissions } from '../../../dashboard/permissions';

export const PIECES_QUEUE = 'inscription/candidats/file-verification-pieces';

/** « File de vérification des pièces », from the bilan, for who checks pièces. */
export const PiecesQueueLink = () => {
  const basename = useBasename();
  const held = usePermissions();
  if (!canOpen(held, routeById(PIECES_QUEUE))) return null;
  return (
    <Button
      component={Link}
      to={`${basename}/${PIECES_QUEUE}`}
      startIcon={<PlaylistAddCheckIcon />}
      variant="outlined"
      sx={{ alignSelf: 'center' }}
    >
      File de vérification des pièces
    </Button>
  );
};
