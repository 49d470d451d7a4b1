import BadgeIcon from '@mui/icons-material/Badge';
import { lazyResource } from '../../../kit/lazyResource';

export default lazyResource(() => import('./screens').then((m) => m.profileScreens), {
  icon: BadgeIcon,
  recordRepresentation: (record: { libelle?: string }) => record.libelle ?? '',
});
