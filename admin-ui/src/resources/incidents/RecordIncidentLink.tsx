import AddIcon from '@mui/icons-material/Add';
import { canOpen, routeById } from '@examens-pro/domain';
import { Link } from 'react-router-dom';
import { Button, useBasename } from 'react-admin';
import { usePermissions } from '../../dashboard/permissions';

export const RECORD_INCIDENT = 'inscription/gestion-des-incidents/enregistrer-un-incident';

/** « Enregistrer un incident », the page of its own, for who may open it. */
export const RecordIncidentLink = () => {
  const basename = useBasename();
  const held = usePermissions();
  if (!canOpen(held, routeById(RECORD_INCIDENT))) return null;
  return (
    <Button component={Link} to={`${basename}/${RECORD_INCIDENT}`} label="Enregistrer un incident">
      <AddIcon />
    </Button>
  );
};
