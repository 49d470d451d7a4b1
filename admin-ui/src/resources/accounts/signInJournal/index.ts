import HistoryIcon from '@mui/icons-material/ManageHistory';
import { lazyScreen } from '../../../common/lazyScreen';

/** The sign-in journal: a list only (written by the sign-in service, never from a screen). */
export default {
  list: lazyScreen(
    () => import('./screens'),
    (m) => m.JournalList,
  ),
  icon: HistoryIcon,
};
