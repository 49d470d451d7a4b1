import { useSession } from '../common/session';

export const usePermissions = (): ReadonlySet<string> => {
  const session = useSession();
  return new Set(session.status === 'authenticated' ? session.session.user.permissions : []);
};

/** A permission held, for what no route names (a switch of a page): the server checks it too. */
export const useHasPermission = (code: string): boolean => usePermissions().has(code);
