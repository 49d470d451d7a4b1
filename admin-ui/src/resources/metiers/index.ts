import WorkIcon from '@mui/icons-material/Work';
import { lazyScreen } from '../../common/lazyScreen';

const screens = () => import('./screens');

export default {
  list: lazyScreen(screens, (m) => m.MetierList),
  create: lazyScreen(screens, (m) => m.MetierCreate),
  edit: lazyScreen(screens, (m) => m.MetierEdit),
  show: lazyScreen(screens, (m) => m.MetierShow),
  icon: WorkIcon,
  recordRepresentation: (record: { code?: string; libelle?: string }) =>
    `${record.code} — ${record.libelle}`,
};
