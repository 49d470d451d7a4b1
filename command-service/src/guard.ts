import { resourceRequirement, type Access } from '@examens-pro/domain';
import { requireAccess } from '@examens-pro/platform';

/** The preHandler of a command on a resource: the route table says who may. */
export const may = (resource: string, access: Exclude<Access, 'read'>) =>
  requireAccess(resourceRequirement(resource, access));
