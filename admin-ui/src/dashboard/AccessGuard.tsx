import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { routeForPath } from '@examens-pro/domain';
import { canOpenPath } from '../common/api';
import { useLoadingSignal } from '../common/loadingBar';
import { useSession } from '../common/session';
import { isNetworkFailure } from '../offline/readCache';

/** Answers of the server per user, permission set and route: one call per route and session. */
const answers = new Map<string, Promise<boolean>>();

const Checking = () => {
  useLoadingSignal(true);
  return null;
};

/**
 * Seed §2/§6/§7: opening a dashboard route asks the server (`POST /api/can/uniq`); a refusal goes
 * to /acces-non-autorise. The local route table only hides menu entries, it never decides.
 */
export const AccessGuard = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  const session = useSession();
  const route = routeForPath(pathname);
  const user = session.status === 'authenticated' ? session.session.user : undefined;
  const key =
    route && user ? `${user.id}|${[...user.permissions].sort().join(',')}|${route.path}` : '';
  const [verdict, setVerdict] = useState<{ key: string; can: boolean }>();

  useEffect(() => {
    if (!key) return;
    let current = true;
    let answer = answers.get(key);
    if (!answer) {
      const permissions = user?.permissions ?? [];
      answer = canOpenPath(pathname).catch((error: unknown) => {
        answers.delete(key);
        // No network (an exam site, #35): the session's own permissions decide until the server
        // can be asked again; nothing is granted by it — every command is authorised on arrival.
        const needed = route?.permissions ?? [];
        return (
          isNetworkFailure(error) &&
          (needed.length === 0 || needed.some((p) => permissions.includes(p)))
        );
      });
      answers.set(key, answer);
    }
    void answer.then((can) => {
      if (current) setVerdict({ key, can });
    });
    return () => {
      current = false;
    };
    // The path only matters through the route it belongs to, which the key names.
  }, [key]);

  // An unknown dashboard path: react-admin's catch-all shows the 404 screen.
  if (!route || !user) return <>{children}</>;
  if (verdict?.key !== key) return <Checking />;
  if (!verdict.can) return <Navigate to="/acces-non-autorise" replace />;
  return <>{children}</>;
};
