import { useEffect } from 'react';
import { forgetCsrfToken } from './api';
import { createStore, useStore } from './store';

export interface SessionUser {
  id: string;
  name: string;
  nom: string;
  prenoms: string;
  login: string;
  email?: string;
  telephone?: string;
  profilId: string;
  profil: string;
  permissions: string[];
  is_change_password: 0 | 1;
}

export interface SessionData {
  user: SessionUser;
  expires: string;
  signedInAt: string;
  idleTimeoutMinutes: number;
  absoluteTimeoutHours: number;
}

/** Seed §4: loading while the first fetch is pending, then authenticated or unauthenticated. */
export type SessionState =
  | { status: 'loading' }
  | { status: 'authenticated'; session: SessionData }
  | { status: 'unauthenticated' };

export const sessionStore = createStore<SessionState>({ status: 'loading' });

const REFRESH_MS = 5 * 60 * 1000;

let pending: Promise<SessionState> | undefined;

/**
 * The last session the server confirmed, kept on this device for a day (#35): a page of the exam
 * sites reloaded without network still knows who types, so that what they type waits in their own
 * queue. It grants nothing: every command is authorised by the server when it is sent.
 */
const SNAPSHOT = 'examens-pro.derniere-session';
const SNAPSHOT_MS = 24 * 60 * 60 * 1000;
const keepSnapshot = (state: SessionState): void => {
  try {
    if (state.status === 'authenticated')
      localStorage.setItem(SNAPSHOT, JSON.stringify({ at: Date.now(), session: state.session }));
    else localStorage.removeItem(SNAPSHOT);
  } catch {
    // Storage refused (private mode, quota): the page simply needs the network to reload.
  }
};
const snapshot = (): SessionData | undefined => {
  try {
    const kept = JSON.parse(localStorage.getItem(SNAPSHOT) ?? 'null') as {
      at: number;
      session: SessionData;
    } | null;
    return kept && Date.now() - kept.at < SNAPSHOT_MS ? kept.session : undefined;
  } catch {
    return undefined;
  }
};

const sameSession = (a: SessionState, b: SessionState): boolean =>
  a.status === b.status &&
  (a.status !== 'authenticated' ||
    JSON.stringify(a.session) === JSON.stringify((b as typeof a).session));

/** The last session request started: an older one's answer is stale and changes nothing. */
let latest = 0;

const fetchSession = (): Promise<SessionState> => {
  const request = (latest += 1);
  return fetch(
    `/api/auth/session?${new URLSearchParams({ callbackUrl: window.location.pathname })}`,
    { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } },
  )
    .then(async (res) => {
      const body = (res.ok ? await res.json() : {}) as Partial<SessionData>;
      // Sent before the session changed (signed in, password changed): the newer one answers.
      if (request !== latest) return pending ?? sessionStore.get();
      const next: SessionState = body.user
        ? { status: 'authenticated', session: body as SessionData }
        : { status: 'unauthenticated' };
      const current = sessionStore.get();
      // The token is bound to the session: a change of user or sign-out makes it stale.
      if (
        current.status === 'authenticated' &&
        (next.status !== 'authenticated' || next.session.user.id !== current.session.user.id)
      )
        forgetCsrfToken();
      if (!sameSession(current, next)) sessionStore.set(next);
      keepSnapshot(next);
      return next;
    })
    .catch(() => {
      // The server is unreachable: keep what we knew rather than throwing the user out.
      // Started without network: the session last confirmed here, if recent (see SNAPSHOT).
      const current = sessionStore.get();
      if (current.status === 'loading' && request === latest) {
        const kept = snapshot();
        sessionStore.set(
          kept ? { status: 'authenticated', session: kept } : { status: 'unauthenticated' },
        );
      }
      return sessionStore.get();
    });
};

/**
 * Fetches the session; concurrent callers share one request. `changed`: the session has just
 * changed on the server (signed in, password changed), so a request sent before that — the page's
 * first one, still on its way on a slow network — must not answer: a new one is sent, and the
 * older one's answer, whenever it comes, is ignored.
 */
export const refreshSession = ({ changed = false } = {}): Promise<SessionState> => {
  if (pending && !changed) return pending;
  const request: Promise<SessionState> = fetchSession().finally(() => {
    if (pending === request) pending = undefined;
  });
  pending = request;
  return request;
};

/** The API said 401: the session is gone, whatever the last fetch said. */
export const markUnauthenticated = (): void => {
  forgetCsrfToken();
  keepSnapshot({ status: 'unauthenticated' });
  sessionStore.set({ status: 'unauthenticated' });
};

export const useSession = (): SessionState => useStore(sessionStore);

export const sessionUser = (state: SessionState): SessionUser | undefined =>
  state.status === 'authenticated' ? state.session.user : undefined;

/** "Prénoms NOM", as French administrations write a person's name. */
export const displayName = (user: { nom: string; prenoms: string }): string =>
  `${user.prenoms} ${user.nom.toLocaleUpperCase('fr-FR')}`.trim();

/** Seed §3/§7: fetched at start, when the window regains focus, and every five minutes. */
export const useSessionKeeper = (): void => {
  useEffect(() => {
    // The page's start may have asked already (main.tsx): that answer is the one awaited.
    if (sessionStore.get().status === 'loading') void refreshSession();
    const onFocus = () => void refreshSession();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshSession();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(() => void refreshSession(), REFRESH_MS);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, []);
};
