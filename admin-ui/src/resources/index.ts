import type { ResourceProps } from 'react-admin';
import metiers from './metiers';
import profils from './profils';
import utilisateurs from './utilisateurs';

/** Screens per API resource; the route table says where each one lives and how the menu names it. */
export const resourceScreens: Record<string, Omit<ResourceProps, 'name'>> = {
  metiers,
  utilisateurs,
  profils,
};
