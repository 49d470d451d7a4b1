import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { lazyScreen } from '../../../common/lazyScreen';

/** « Historique des modifications »: a list only (one line per change of any dossier). */
export default {
  list: lazyScreen(
    () => import('./screens'),
    (m) => m.CandidatureChangesList,
  ),
  icon: ManageSearchIcon,
};
