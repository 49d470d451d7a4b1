import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isAbsoluteAddress, normalizePagePath, type PageMiddleware } from '@examens-pro/domain';

/** The per-path lookup's answer (`GET /api/public/chemins`, seed §2 rule 4 and §7). */
export interface PathLookup {
  readonly path: string;
  readonly redirect: string | null;
  readonly middleware: PageMiddleware;
}

/** As long as the server lets browsers keep an answer. */
const KEEP_MS = 30 * 1000;
/** Redirections followed in a row before stopping (a loop set by mistake). */
const MAX_HOPS = 5;

const answers = new Map<string, { at: number; answer: Promise<PathLookup | null> }>();

/** One path's redirection and flags; null when the server cannot say (the page then shows). */
export const lookupPath = (pathname: string): Promise<PathLookup | null> => {
  const path = normalizePagePath(pathname);
  const known = answers.get(path);
  if (known && Date.now() - known.at < KEEP_MS) return known.answer;
  const answer = fetch(`/api/public/chemins?chemin=${encodeURIComponent(path)}`, {
    headers: { Accept: 'application/json' },
  })
    .then(async (res) => (res.ok ? ((await res.json()) as PathLookup) : null))
    .catch(() => null);
  answers.set(path, { at: Date.now(), answer });
  return answer;
};

/**
 * On every navigation, follows the path's redirection if staff set one: an absolute address loads
 * a full page (`window.location.assign`), a path navigates within the app, replacing the entry.
 */
export const useRedirects = (): void => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hops = useRef(0);

  useEffect(() => {
    let current = true;
    void lookupPath(pathname).then((found) => {
      if (!current) return;
      const target = found?.redirect;
      if (!target || hops.current >= MAX_HOPS) {
        hops.current = 0;
        return;
      }
      hops.current += 1;
      if (isAbsoluteAddress(target)) window.location.assign(target);
      else if (normalizePagePath(target) !== normalizePagePath(pathname))
        void navigate(target, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [pathname, navigate]);
};
