import fastifyCookie from '@fastify/cookie';
import Csrf from '@fastify/csrf';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CsrfError,
  ForbiddenError,
  PasswordChangeRequiredError,
  SessionExpiredError,
  UnauthenticatedError,
} from '@examens-pro/domain';
import type { EventStore } from '../event-store/port.js';
import { loadPrincipal, principalAllows, type Principal } from './principal.js';
import type { SessionRecord, SessionStorePort } from './sessionStore.js';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** ISO instant of the sign-in: the absolute lifetime counts from it. */
    signedInAt?: string;
    /** Epoch ms of the last extension of the idle expiry (at most once a minute). */
    touchedAt?: number;
    csrfSecret?: string;
  }
  interface FastifyRequest {
    /** Set by `requireAccess`: the signed-in user behind this request. */
    principal?: Principal;
  }
}

export const SESSION_COOKIE = 'examens_session';
export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;
/**
 * The idle expiry is pushed back at most this often: other requests read the session and write
 * nothing (a read costs no store write, no Set-Cookie). Idle time is thus counted to the minute.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export interface SessionOptions {
  readonly store: SessionStorePort;
  readonly secret: string;
  readonly eventStore: EventStore;
}

/** When a session started at `signedInAt` ends if left idle from now, and its limits. */
export const sessionTimes = (signedInAt: string) => ({
  signedInAt,
  expires: new Date(
    Math.min(Date.now() + IDLE_TIMEOUT_MS, Date.parse(signedInAt) + ABSOLUTE_TIMEOUT_MS),
  ).toISOString(),
  idleTimeoutMinutes: IDLE_TIMEOUT_MS / 60_000,
  absoluteTimeoutHours: ABSOLUTE_TIMEOUT_MS / 3_600_000,
});

/** Paths whose own handlers check the token, to answer as the sign-in contract says. */
const OWN_CSRF_HANDLING = [
  /^\/api\/auth\/signout\/?$/,
  /^\/api\/auth\/(signin|callback)\/[^/]+\/?$/,
  /^\/api\/can\/uniq\/?$/,
  // The public calls carry no session (nothing ambient to abuse): no token either. Each has its
  // own rate limit, and the payment provider's notifications their own signature.
  /^\/api\/public\//,
];

// Without userInfo: the overload the typings pick first wants one; the token is bound to the session.
const tokens = new Csrf() as unknown as {
  secretSync(): string;
  create(secret: string): string;
  verify(secret: string, token: string): boolean;
};

/** The CSRF token of this session (a secret is created in the session the first time). */
export const csrfTokenFor = (request: FastifyRequest): string => {
  request.session.csrfSecret ??= tokens.secretSync();
  return tokens.create(request.session.csrfSecret);
};

export const hasValidCsrfToken = (request: FastifyRequest, token: unknown): boolean =>
  typeof token === 'string' &&
  token.length > 0 &&
  typeof request.session.csrfSecret === 'string' &&
  tokens.verify(request.session.csrfSecret, token);

/**
 * Sessions for the whole process, installed once by whoever owns the root (the embedded app or a
 * service's own server): cookie HttpOnly + SameSite=Lax (+ Secure when the request came over TLS),
 * idle timeout by the cookie's rolling expiry (the store forgets the session too), absolute
 * lifetime checked against the sign-in time, CSRF token required on every state change.
 */
export const installSessions = async (
  app: FastifyInstance,
  options: SessionOptions,
): Promise<void> => {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    store: options.store as never,
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    // Not on every request: see SESSION_TOUCH_INTERVAL_MS.
    rolling: false,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: IDLE_TIMEOUT_MS,
    },
  });
  app.decorate('sessionEventStore', options.eventStore);
  app.addHook('preHandler', async (request) => {
    const session = request.session as typeof request.session | undefined;
    if (session?.userId) {
      const now = Date.now();
      if (now - (session.touchedAt ?? 0) >= SESSION_TOUCH_INTERVAL_MS) {
        // A changed field saves the session with its new expiry and sends the cookie again.
        session.touchedAt = now;
        session.touch();
      }
    }
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (OWN_CSRF_HANDLING.some((pattern) => pattern.test(path))) return;
    if (!hasValidCsrfToken(request, request.headers['x-csrf-token'])) throw new CsrfError();
  });
};

declare module 'fastify' {
  interface FastifyInstance {
    sessionEventStore: EventStore;
  }
}

/** The signed-in user, or null; an expired session (absolute lifetime) is destroyed on the way. */
export const currentPrincipal = async (request: FastifyRequest): Promise<Principal | null> => {
  if (request.principal) return request.principal;
  const session = request.session as (typeof request.session & SessionRecord) | undefined;
  const userId = session?.userId;
  if (!session || !userId) return null;
  const signedInAt = Date.parse(session.signedInAt ?? '');
  if (!Number.isFinite(signedInAt) || Date.now() - signedInAt > ABSOLUTE_TIMEOUT_MS) {
    await request.session.destroy();
    throw new SessionExpiredError();
  }
  const principal = await loadPrincipal(request.server.sessionEventStore, userId);
  if (!principal) {
    // Deactivated (or vanished) while signed in: the session ends now.
    await request.session.destroy();
    return null;
  }
  request.principal = principal;
  return principal;
};

export interface AccessRule {
  /** Permissions of which the user needs any; empty: any signed-in user. */
  readonly anyOf: readonly string[];
  /** Allowed while the user must still change their password (sign-in service only). */
  readonly whileMustChangePassword?: boolean;
}

/** 401 without a session, 403 while the password must be changed or without a permission. */
export const checkAccess = async (
  request: FastifyRequest,
  rule: AccessRule,
): Promise<Principal> => {
  const principal = await currentPrincipal(request);
  if (!principal) throw new UnauthenticatedError();
  if (principal.user.is_change_password === 0 && !rule.whileMustChangePassword)
    throw new PasswordChangeRequiredError();
  if (!principalAllows(principal, rule.anyOf)) throw new ForbiddenError();
  return principal;
};

/** A route's preHandler: `{ preHandler: requireAccess(['metier.lister']) }`. */
export const requireAccess =
  (anyOf: readonly string[] | ((request: FastifyRequest) => readonly string[])) =>
  async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    await checkAccess(request, {
      anyOf: typeof anyOf === 'function' ? anyOf(request) : anyOf,
    });
  };

// Re-exported so that the plugins' request/reply typings (`request.session`, `reply.clearCookie`)
// reach every service that imports the platform.
export type { FastifySessionObject } from '@fastify/session';
export type { CookieSerializeOptions } from '@fastify/cookie';
