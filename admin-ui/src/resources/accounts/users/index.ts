import BadgeIcon from '@mui/icons-material/Badge';
import PeopleIcon from '@mui/icons-material/People';
import { lazyResource } from '../../../kit/lazyResource';

const screens = () => import('./screens');
const recordRepresentation = (record: { prenoms?: string; nom?: string }) =>
  `${record.prenoms ?? ''} ${record.nom ?? ''}`.trim();

/** The staff's users and the enrôleurs: the same screens (one chunk), the enrôleurs' with a centre. */
export default lazyResource(() => screens().then((m) => m.userScreens), {
  icon: PeopleIcon,
  recordRepresentation,
});
export const enroleurs = lazyResource(() => screens().then((m) => m.enroleurScreens), {
  icon: BadgeIcon,
  recordRepresentation,
});
