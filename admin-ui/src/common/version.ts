import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export const BUILD_ID: string = __BUILD_ID__;

const POLL_MS = 60 * 1000;
/** Seed §8/§9: a chunk that fails to load reloads the page at most once in this window. */
const RELOAD_GUARD_MS = 10_000;
const RELOAD_KEY = 'examens-pro:rechargement';

let newVersionReady = false;

const checkVersion = async (): Promise<void> => {
  try {
    const res = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return;
    const latest = (await res.json()) as { id?: string };
    if (latest.id && latest.id !== BUILD_ID) newVersionReady = true;
  } catch {
    // Offline or between deployments: try again at the next poll.
  }
};

/**
 * Reloads once after a failed chunk load (a new build replaced the hashed files); a second
 * failure within the guard window is left to the error screen instead of reloading forever.
 */
export const reloadAfterChunkError = (): boolean => {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
};

/** A lazy import that reloads the page when its chunk is gone, before giving up. */
export const importWithReload =
  <T>(load: () => Promise<T>): (() => Promise<T>) =>
  () =>
    load().catch((error: unknown) => {
      if (reloadAfterChunkError()) return new Promise<T>(() => undefined);
      throw error;
    });

/**
 * Seed §4: a changed build id reloads the page at the next navigation, so nobody loses what they
 * are typing and the next screen comes from the new build.
 */
export const useNewVersionReload = (): void => {
  const location = useLocation();
  const first = useRef(true);

  useEffect(() => {
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      reloadAfterChunkError();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    if (BUILD_ID === 'dev')
      return () => window.removeEventListener('vite:preloadError', onPreloadError);
    void checkVersion();
    const onFocus = () => void checkVersion();
    window.addEventListener('focus', onFocus);
    const timer = setInterval(() => void checkVersion(), POLL_MS);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('focus', onFocus);
      clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (newVersionReady) window.location.reload();
  }, [location.pathname]);
};
