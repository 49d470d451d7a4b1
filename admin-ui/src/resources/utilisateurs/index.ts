import PeopleIcon from '@mui/icons-material/People';
import { lazyScreen } from '../../common/lazyScreen';

const screens = () => import('./screens');

export default {
  list: lazyScreen(screens, (m) => m.UserList),
  create: lazyScreen(screens, (m) => m.UserCreate),
  edit: lazyScreen(screens, (m) => m.UserEdit),
  show: lazyScreen(screens, (m) => m.UserShow),
  icon: PeopleIcon,
  recordRepresentation: (record: { prenoms?: string; nom?: string }) =>
    `${record.prenoms ?? ''} ${record.nom ?? ''}`.trim(),
};
