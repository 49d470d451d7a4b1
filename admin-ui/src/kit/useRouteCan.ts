import { allows, type Access } from '@examens-pro/domain';
import { useResourceContext } from 'react-admin';
import { usePermissions } from '../dashboard/permissions';
import { routeRequirement } from './routes';

export type RouteRights = Record<'read' | 'write' | 'remove' | 'create', boolean> & {
  /** One of the route's named actions (valider, rejeter…). */
  readonly action: (name: string) => boolean;
};

/**
 * The one way a screen asks what the user may do on a route's records (by default the screen's own
 * resource, which is its dashboard path): read, write (create, modify, act) and remove, from the
 * route table and the user's permissions. It only hides what would be refused: the server checks
 * every call itself.
 */
export const useRouteCan = (path?: string): RouteRights => {
  const resource = useResourceContext();
  const held = usePermissions();
  const can = (access: Access): boolean => {
    const requirement = routeRequirement(path ?? resource ?? '', access);
    return requirement ? allows(held, requirement) : false;
  };
  return {
    read: can('read'),
    write: can('write'),
    remove: can('remove'),
    // Creating is the route's « creer » action where it has one (a dossier), else writing.
    create: can({ action: 'creer' }),
    action: (name) => can({ action: name }),
  };
};
