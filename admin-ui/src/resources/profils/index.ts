import BadgeIcon from '@mui/icons-material/Badge';
import { ProfileCreate } from './ProfileCreate';
import { ProfileEdit } from './ProfileEdit';
import { ProfileList } from './ProfileList';
import { ProfileShow } from './ProfileShow';

export default {
  list: ProfileList,
  create: ProfileCreate,
  edit: ProfileEdit,
  show: ProfileShow,
  icon: BadgeIcon,
  recordRepresentation: (record: { libelle?: string }) => record.libelle ?? '',
};
