import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazyScreen } from '../../../common/lazyScreen';

/** « Historique des modifications des identités »: a list only (one line per correction). */
export default {
  list: lazyScreen(
    () => import('./CorrectionsList'),
    (m) => m.CorrectionsList,
  ),
  icon: FactCheckIcon,
};
