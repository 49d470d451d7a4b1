import fastifyCookie, { Signer } from '@fastify/cookie';
import Csrf from '@fastify/csrf';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CsrfError,
  ForbiddenError,
  PasswordChangeRequiredError,
  SessionExpiredError,
  UnauthenticatedError,
} from '@examens-pro/domain/kernel';
import { checkNationalAccess } from './centreScope.js';
import { principalAllows, type Principal, type PrincipalSource } from './principal.js';
import type { SessionRecord, SessionStorePort } from './sessionStore.js';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** ISO instant of the sign-in: the absolute lifetime counts from it. */
    signedInAt?: string;
    /** Epoch ms of the last extension of the idle expiry (at most once a minute). */
    touchedAt?: number;
    csrfSecret?: string;
    /**
     * The account's session generation when this session opened (`User.sessionGeneration`): a
     * password changed or reset, a deactivation or a change of profile since ends it.
     */
    sessionGeneration?: number;
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
  /** Who a session's user is, asked on every request that needs them (the application answers). */
  readonly principals: PrincipalSource;
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

/** Signatures kept by a `rememberingSigner`: enough for every session open at once, then renewed. */
const SIGNATURES_KEPT = 10_000;

type Unsigned = ReturnType<Signer['unsign']>;

/**
 * The session cookie's signer (HMAC-SHA256 with the secret), remembering what it computed: every
 * request of a session otherwise verifies its cookie's signature and signs its id again (two
 * HMACs). A signature depends on the value and the secret only, so the same cookie gets the same
 * answer; only valid ones are kept (a forged cookie costs its HMAC each time).
 */
export const rememberingSigner = (
  secret: string,
): { sign(value: string): string; unsign(input: string): Unsigned } => {
  const signer = new Signer(secret, 'sha256');
  const signed = new Map<string, string>();
  const verified = new Map<string, Unsigned>();
  const keep = <V>(map: Map<string, V>, key: string, value: V): V => {
    if (map.size >= SIGNATURES_KEPT) map.clear();
    map.set(key, value);
    return value;
  };
  return {
    sign: (value) => signed.get(value) ?? keep(signed, value, signer.sign(value)),
    unsign: (input) => {
      const known = verified.get(input);
      if (known) return known;
      const result = signer.unsign(input);
      return result.valid && !result.renew ? keep(verified, input, result) : result;
    },
  };
};

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
 * lifetime checked against the sign-in time, CSRF token required on every state change (on
 * arrival, before the body is read, on the routes taking a file: `beforeBody`).
 */
export const installSessions = async (
  app: FastifyInstance,
  options: SessionOptions,
): Promise<void> => {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: rememberingSigner(options.secret),
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
  app.decorate('sessionPrincipals', options.principals);
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
    // After the routes' own onRequest hooks (the sign-in limits count a refused attempt too); a
    // route taking a file checks it on arrival already (`beforeBody`).
    checkCsrf(request);
  });
};

/** A state change without the session's token is refused (403), the sign-in's own aside. */
const checkCsrf = (request: FastifyRequest): void => {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
  const path = request.url.split('?')[0] ?? '';
  if (OWN_CSRF_HANDLING.some((pattern) => pattern.test(path))) return;
  if (!hasValidCsrfToken(request, request.headers['x-csrf-token'])) throw new CsrfError();
};

/**
 * A route's onRequest hook, before its body is read (every route taking a file or a large body):
 * the CSRF token, then `guard` (sign-in and permission: `requireAccess(…)`). A request its sender
 * may not make is refused unread: `{ onRequest: beforeBody(requireAccess([...])), bodyLimit }`.
 */
export const beforeBody =
  (guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    checkCsrf(request);
    await guard(request, reply);
  };

declare module 'fastify' {
  interface FastifyInstance {
    sessionPrincipals: PrincipalSource;
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
  const principal = await request.server.sessionPrincipals(userId);
  if (!principal) {
    // Deactivated (or vanished) while signed in: the session ends now.
    await request.session.destroy();
    return null;
  }
  if ((session.sessionGeneration ?? 0) !== principal.sessionGeneration) {
    // Its password was changed or reset, or it was disabled or given another profile, since this
    // session opened (by another session, an administrator): the session ends now.
    await request.session.destroy();
    return null;
  }
  request.principal = principal;
  return principal;
};

/**
 * The signed-in user changed their own password: this session goes on in the account's new
 * generation (`generation`, the account's after the change), every other one has ended.
 */
export const keepSessionAfterPasswordChange = (
  request: FastifyRequest,
  generation: number,
): void => {
  request.session.sessionGeneration = generation;
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
  // An empty requirement is said to mean any signed-in user: `allows` itself denies an empty one.
  if (rule.anyOf.length > 0 && !principalAllows(principal, rule.anyOf)) throw new ForbiddenError();
  // Centres stay apart: the national work (every centre's candidates) is not a centre's (404).
  checkNationalAccess(principal, rule.anyOf);
  return principal;
};

/**
 * A route's preHandler: `{ preHandler: requireAccess(['metier.lister']) }`; or, with the CSRF token,
 * its onRequest hook, before its body is read: `{ onRequest: beforeBody(requireAccess([...])) }`.
 */
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
