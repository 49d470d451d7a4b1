import HistoryIcon from '@mui/icons-material/History';
import { lazyScreen } from '../../common/lazyScreen';

/** « Historique des modifications des notes »: a list only (one line per grade event). */
export const gradeHistory = {
  list: lazyScreen(
    () => import('./HistoryList'),
    (m) => m.GradeHistoryList,
  ),
  icon: HistoryIcon,
};

/** The same, for the grade changes made through disputes. */
export const disputeGradeHistory = {
  list: lazyScreen(
    () => import('./HistoryList'),
    (m) => m.DisputeGradeHistoryList,
  ),
  icon: HistoryIcon,
};
