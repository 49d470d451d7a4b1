import { resourceRequirement, type Access } from '@examens-pro/domain';
import { requireAccess } from '@examens-pro/platform';

/**
 * The preHandler of a command on a resource: the route table says who may. A resource nobody is
 * named for is a mistake in the table, caught at start-up rather than opened to every signed-in user.
 */
export const may = (resource: string, access: Exclude<Access, 'read'>) => {
  const requirement = resourceRequirement(resource, access);
  if (requirement.length === 0)
    throw new Error(`Aucune permission ne garde les commandes de « ${resource} ».`);
  return requireAccess(requirement);
};
