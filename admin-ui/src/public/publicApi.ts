/**
 * The public area's calls (`/api/public/*`): no session, no CSRF token. Personal data goes in POST
 * bodies, never in the address. Every answer comes back as `{ status, body }` with a French message
 * for a failure the page shows as it is (the server's, or one for an unreachable server).
 */
export interface PublicAnswer<T> {
  readonly status: number;
  readonly body: T | undefined;
  /** The server's French message (or ours), for a status that is not 2xx. */
  readonly message?: string;
  /** The field messages of a 400. */
  readonly errors?: Readonly<Record<string, string>>;
}

export const UNREACHABLE =
  'Le service ne répond pas. Vérifiez votre connexion et réessayez dans quelques instants.';

const answer = async <T>(response: Response): Promise<PublicAnswer<T>> => {
  const body = (await response.json().catch(() => undefined)) as
    (T & { message?: string; errors?: Record<string, string> }) | undefined;
  if (response.ok) return { status: response.status, body };
  return {
    status: response.status,
    body: undefined,
    message: body?.message ?? UNREACHABLE,
    errors: body?.errors,
  };
};

/** One call, never with cookies; an unreachable server answers in French too. */
const call = async <T>(path: string, init: RequestInit = {}): Promise<PublicAnswer<T>> => {
  try {
    return await answer<T>(
      await fetch(`/api/public/${path}`, {
        credentials: 'omit',
        ...init,
        headers: { Accept: 'application/json', ...(init.headers as Record<string, string>) },
      }),
    );
  } catch {
    return { status: 0, body: undefined, message: UNREACHABLE };
  }
};

export const postPublic = <T>(path: string, json: unknown): Promise<PublicAnswer<T>> =>
  call<T>(path, {
    method: 'POST',
    cache: 'no-store',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(json),
  });

/** A file's bytes sent as they are (`/diplomes`' file check), with headers of its own. */
export const postPublicFile = <T>(
  path: string,
  file: Blob,
  headers: Record<string, string> = {},
): Promise<PublicAnswer<T>> =>
  call<T>(path, {
    method: 'POST',
    cache: 'no-store',
    headers: { 'Content-Type': 'application/pdf', ...headers },
    body: file,
  });

export const getPublic = <T>(path: string): Promise<PublicAnswer<T>> => call<T>(path);

/** AAAA-MM-JJ as JJ/MM/AAAA. */
export const frenchDay = (iso: string | null | undefined): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};
