import type { ResourceProps } from 'react-admin';
import { EDITABLE_LISTS } from './lists/definition';
import { listScreens } from './lists';
import metiers from './metiers';
import profils from './profils';
import sessions from './sessions';
import utilisateurs, { enroleurs } from './utilisateurs';

/**
 * Screens per API resource; the route table says where each one lives and how the menu names it.
 * Every reference list the domain declares with a path gets the generic list screens.
 */
export const resourceScreens: Record<string, Omit<ResourceProps, 'name'>> = {
  metiers,
  utilisateurs,
  enroleurs,
  profils,
  sessions,
  ...Object.fromEntries(EDITABLE_LISTS.map((list) => [list.name, listScreens(list)])),
};
