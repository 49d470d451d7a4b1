/**
 * Calls to the sign-in service that the public pages, the account page and the auth provider make
 * (sign-in, sign-out, change of password, the paths one may open); the dashboard's data provider
 * shares the CSRF token and the reactions to 401/403 from here. Screens read and write through the
 * data provider only.
 */
import { isAbsoluteAddress, routeForPath } from '@examens-pro/domain';

/** Seed §8: sign-in errors arrive as an `error` query parameter; staff read them in French. */
export const AUTH_ERRORS: Record<string, string> = {
  CredentialsSignin: 'Identifiant ou mot de passe incorrect.',
  TooManyAttempts: 'Trop de tentatives de connexion échouées. Réessayez dans 15 minutes.',
  // Too many sign-in attempts from one address (the server's limit per client, a minute by default).
  TooManyRequests: 'Trop de tentatives depuis cette adresse. Réessayez dans une minute.',
  SessionRequired: 'Veuillez vous connecter pour accéder à cette page.',
  MissingCSRF: 'Votre session a expiré. Rechargez la page et réessayez.',
  SessionExpired: 'Votre session a expiré. Veuillez vous reconnecter.',
};

export const authErrorMessage = (code: string | null | undefined): string | undefined =>
  code ? (AUTH_ERRORS[code] ?? AUTH_ERRORS.CredentialsSignin) : undefined;

/** Where an unauthenticated user is sent from a protected page (seed §4). */
export const signInUrl = (callbackUrl: string, error = 'SessionRequired'): string =>
  `/connexion?${new URLSearchParams({ error, callbackUrl }).toString()}`;

export const currentPath = (): string =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

let csrf: Promise<string> | undefined;

/** The token is bound to the session: it changes at sign-in and sign-out, so it is refetched then. */
export const getCsrfToken = (): Promise<string> => {
  csrf ??= fetch('/api/auth/csrf', { credentials: 'same-origin', cache: 'no-store' })
    .then((res) => {
      if (!res.ok) throw new Error(`csrf ${res.status}`);
      return res.json() as Promise<{ csrfToken: string }>;
    })
    .then((body) => body.csrfToken)
    .catch((error: unknown) => {
      csrf = undefined;
      throw error;
    });
  return csrf;
};

export const forgetCsrfToken = (): void => {
  csrf = undefined;
};

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: { message?: string; code?: string; errors?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

/** What the app does when the server says the session is gone or the password must change. */
export const sessionEvents = {
  onUnauthenticated: (): void => undefined,
  onPasswordChangeRequired: (): void => undefined,
};

/** Reacts to the API's access codes; true when the answer was one of them. */
export const handleAccessAnswer = (status: number, code: string | undefined): boolean => {
  if (status === 401) {
    sessionEvents.onUnauthenticated();
    return true;
  }
  if (status === 403 && code === 'mot-de-passe-a-changer') {
    sessionEvents.onPasswordChangeRequired();
    return true;
  }
  return false;
};

const isWrite = (method: string | undefined): boolean =>
  !['GET', 'HEAD', 'OPTIONS'].includes((method ?? 'GET').toUpperCase());

/**
 * fetch with the CSRF header on every write; a refused token is refetched once and the call
 * retried once (the session may have been renewed in another tab).
 */
const fetchWithCsrf = async (url: string, init: RequestInit = {}): Promise<Response> => {
  const attempt = async (): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (isWrite(init.method)) headers.set('x-csrf-token', await getCsrfToken());
    return fetch(url, { credentials: 'same-origin', ...init, headers });
  };
  const first = await attempt();
  if (first.status !== 403 || !isWrite(init.method)) return first;
  const body = (await first
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  if (body.code !== 'csrf') return first;
  forgetCsrfToken();
  return attempt();
};

const readJson = async (res: Response): Promise<Record<string, unknown>> =>
  (await res.json().catch(() => ({}))) as Record<string, unknown>;

/** JSON call to the API: French message of the server on failure, access codes handled. */
const apiJson = async <T>(url: string, init: RequestInit & { json?: unknown } = {}) => {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('Accept', 'application/json');
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  const res = await fetchWithCsrf(url, {
    ...rest,
    headers,
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  const body = await readJson(res);
  if (!res.ok) {
    handleAccessAnswer(res.status, body.code as string | undefined);
    throw new ApiError(
      typeof body.message === 'string' && body.message
        ? body.message
        : 'Nous n’avons pas pu effectuer l’opération demandée. Veuillez actualiser la page et réessayer.',
      res.status,
      body,
    );
  }
  return body as T;
};

const form = (fields: Record<string, string>): URLSearchParams => new URLSearchParams(fields);

/**
 * The sign-in service answers absolute addresses on the product's origin, as Auth.js does; the app
 * navigates within itself by path (the origin PUBLIC_URL names may not be the one this page was
 * opened on), and a path never leaves this site.
 */
export const sitePath = (url: string, fallback: string): string => {
  try {
    const { pathname, search, hash } = new URL(url, window.location.origin);
    const path = `${pathname}${search}${hash}`;
    return path.startsWith('/') && !path.startsWith('//') ? path : fallback;
  } catch {
    return fallback;
  }
};

/**
 * Seed §7: form-encoded with a fresh token; the answer's `url` says where to go, or carries the
 * error code as its `error` parameter.
 */
export const signIn = async (
  login: string,
  password: string,
  callbackUrl: string,
): Promise<{ url: string; error?: string }> => {
  forgetCsrfToken();
  const csrfToken = await getCsrfToken();
  const res = await fetch('/api/auth/callback/credentials', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    },
    body: form({ csrfToken, callbackUrl, json: 'true', login, password }),
  });
  const body = (await readJson(res)) as { url?: string };
  const url = body.url ?? '';
  const error =
    new URL(url || '/', window.location.origin).searchParams.get('error') ??
    (res.ok ? undefined : 'CredentialsSignin');
  // A new session means a new token, whatever the outcome.
  forgetCsrfToken();
  return { url: url ? sitePath(url, callbackUrl) : '', error: error ?? undefined };
};

export const signOut = async (callbackUrl = '/connexion'): Promise<string> => {
  const csrfToken = await getCsrfToken();
  const res = await fetch('/api/auth/signout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    },
    body: form({ csrfToken, callbackUrl, json: 'true' }),
  });
  forgetCsrfToken();
  const body = (await readJson(res)) as { url?: string };
  return body.url ? sitePath(body.url, callbackUrl) : callbackUrl;
};

export const changePassword = (currentPassword: string, newPassword: string) =>
  apiJson<{ ok: true }>('/api/auth/change-password', {
    method: 'POST',
    json: { currentPassword, newPassword },
  });

/**
 * Seed §6/§7: the server decides whether a dashboard path may be opened. The body carries the
 * route's permission requirement (`{ permissions }`, seed §7); a path outside the route table is
 * sent as it is (`{ path }`, the form kept for compatibility).
 */
export const canOpenPath = async (path: string): Promise<boolean> => {
  const route = routeForPath(path);
  const res = await fetch('/api/can/uniq', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(route ? { permissions: route.permissions } : { path }),
  });
  const body = (await readJson(res)) as { can?: boolean; code?: string };
  if (handleAccessAnswer(res.status, body.code)) return false;
  return body.can === true;
};

/** Seed §2: an absolute address causes a full page load, a path an in-app navigation. */
export const isAbsoluteUrl = isAbsoluteAddress;
