import { LIBELLE, type ResourceDeclaration } from '../../../kit/declaration';
import { routeLabels } from '../../../kit/routes';
import { screensOf } from '../../../kit/screens';
import { PermissionsByGroup, PermissionsInput } from './PermissionsInput';

/** A profile: a libellé and the permissions its users hold (seed §6). */
const profiles: ResourceDeclaration = {
  ...routeLabels('profils'),
  newItem: 'nouveau profil',
  fields: [
    LIBELLE,
    {
      name: 'nombrePermissions',
      label: 'Nombre de permissions',
      type: 'integer',
      inList: true,
      inShow: false,
      inForm: false,
    },
    {
      name: 'permissions',
      label: 'Permissions',
      type: 'custom',
      display: (record) => <PermissionsByGroup permissions={record.permissions as string[]} />,
      input: () => <PermissionsInput key="permissions" />,
    },
  ],
  sort: { field: 'libelle', order: 'ASC' },
  remove: {
    title: () => 'Supprimer ce profil ?',
    content: 'La suppression n’est possible que si aucun utilisateur n’a ce profil.',
  },
};

/** The profiles' screens, one chunk loaded when the list is first opened. */
export const profileScreens = screensOf(profiles);
