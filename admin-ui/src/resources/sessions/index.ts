import EventIcon from '@mui/icons-material/Event';
import { lazyScreen } from '../../common/lazyScreen';

const screens = () => import('./screens');

/** A session has its own form and life cycle (steps confirmed one by one), not the lists' screens. */
export default {
  list: lazyScreen(screens, (m) => m.SessionList),
  create: lazyScreen(screens, (m) => m.SessionCreate),
  edit: lazyScreen(screens, (m) => m.SessionEdit),
  show: lazyScreen(screens, (m) => m.SessionShow),
  icon: EventIcon,
  recordRepresentation: (record: { libelle?: string; annee?: number }) =>
    record.annee ? `${record.libelle ?? ''} (${record.annee})` : (record.libelle ?? ''),
};
