import BadgeIcon from '@mui/icons-material/Badge';
import { lazyScreen } from '../../common/lazyScreen';

const screens = () => import('./screens');

export default {
  list: lazyScreen(screens, (m) => m.ProfileList),
  create: lazyScreen(screens, (m) => m.ProfileCreate),
  edit: lazyScreen(screens, (m) => m.ProfileEdit),
  show: lazyScreen(screens, (m) => m.ProfileShow),
  icon: BadgeIcon,
  recordRepresentation: (record: { libelle?: string }) => record.libelle ?? '',
};
