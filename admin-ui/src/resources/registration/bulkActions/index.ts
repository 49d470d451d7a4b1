import DoneAllIcon from '@mui/icons-material/DoneAll';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazyScreen } from '../../../common/lazyScreen';

/** « Actions groupées »: the runs (a list) and each run's progress and outcomes (its page). */
export const bulkRuns = {
  list: lazyScreen(
    () => import('./screens'),
    (m) => m.BulkRunsList,
  ),
  show: lazyScreen(
    () => import('./screens'),
    (m) => m.BulkRunShow,
  ),
  icon: DoneAllIcon,
  recordRepresentation: (record: { libelleAction?: string }) => record.libelleAction ?? '',
};

/** « Résultats des actions groupées »: every dossier's outcome, a list only. */
export const bulkResults = {
  list: lazyScreen(
    () => import('./screens'),
    (m) => m.BulkResultsList,
  ),
  icon: FactCheckIcon,
};
