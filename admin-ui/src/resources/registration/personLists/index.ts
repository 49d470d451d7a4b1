import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { lazyScreen } from '../../../common/lazyScreen';

/** « Listes d’agents »: a list only (the lists submitted and their progress). */
export default {
  list: lazyScreen(
    () => import('./screens'),
    (m) => m.PersonListsList,
  ),
  icon: PlaylistAddCheckIcon,
};
