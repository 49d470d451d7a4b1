import BadgeIcon from '@mui/icons-material/Badge';
import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../common/lazyScreen';
import type { UserScreenProps } from './kind';

type Screens = Awaited<ReturnType<typeof screens>>;
const screens = () => import('./screens');
const List = lazyScreen<Screens, UserScreenProps>(screens, (m) => m.UserList);
const Create = lazyScreen<Screens, UserScreenProps>(screens, (m) => m.UserCreate);
const Edit = lazyScreen<Screens, UserScreenProps>(screens, (m) => m.UserEdit);
const Show = lazyScreen<Screens, UserScreenProps>(screens, (m) => m.UserShow);

const recordRepresentation = (record: { prenoms?: string; nom?: string }) =>
  `${record.prenoms ?? ''} ${record.nom ?? ''}`.trim();

/** The same screens (one chunk) for the staff's users and for the enrôleurs. */
const userScreens = (props: UserScreenProps, icon: ResourceProps['icon']) => ({
  list: () => <List {...props} />,
  create: () => <Create {...props} />,
  edit: () => <Edit {...props} />,
  show: () => <Show {...props} />,
  icon,
  recordRepresentation,
});

export default userScreens({}, PeopleIcon);
export const enroleurs = userScreens({ enroleurs: true }, BadgeIcon);
