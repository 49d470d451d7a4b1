import { ENROLER_CENTRE_DEPOT, routeForPath } from '@examens-pro/domain';
import { useResourceContext } from 'react-admin';
import type { ListField } from '../lists/definition';

/**
 * The users' screens serve two routes: the staff's users and the enrôleurs (users attached to a
 * centre de dépôt, under permissions of their own). The route is react-admin's resource.
 */
export interface UserScreenProps {
  /** Adds the required centre de dépôt (input, column, filter, export). */
  enroleurs?: boolean;
}

/** An enrôleur's centre: any active centre de dépôt, chosen like every reference of the lists. */
export const CENTRE_DEPOT: ListField = ENROLER_CENTRE_DEPOT;

/** The route these screens draw (its path, item label and translation keys). */
export const useUserRoute = () => {
  const path = useResourceContext()!;
  return {
    path,
    itemLabel: routeForPath(path)?.itemLabel ?? 'Utilisateur',
    fields: `resources.${path}.fields`,
  };
};
