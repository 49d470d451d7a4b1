import HistoryIcon from '@mui/icons-material/ManageHistory';
import { lazyScreen } from '../../common/lazyScreen';

const screens = () => import('./screens');

/** The sign-in journal: a list only (written by the sign-in service, never from a screen). */
export default {
  list: lazyScreen(screens, (m) => m.JournalList),
  icon: HistoryIcon,
};
