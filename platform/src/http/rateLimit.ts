import rateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import type { Redis } from 'ioredis';
import { clientKeyOf } from '../auth/signInLimiter.js';
import type { RateLimit, RateLimits } from '../config/config.js';
import type { ErrorBody } from './errors.js';
import { productOrigin } from './origin.js';

/** The French answer of a refused request: how long to wait, in seconds. */
export const tooManyRequestsMessage = (seconds: number): string =>
  `Trop de tentatives depuis cette adresse. Réessayez dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`;

export interface TooManyRequestsBody extends ErrorBody {
  readonly code: 'trop-de-requetes';
  /** Auth.js's answer to a sign-in: where the client goes, with `error=TooManyRequests`. */
  readonly url?: string;
}

export interface LimitedRoute {
  readonly method: HTTPMethods;
  /** As declared, prefix included (`/api/auth/callback/credentials`). */
  readonly url: string;
}

/** The sign-in service's POSTs that try a password (never `GET /api/auth/session`). */
export const AUTH_LIMITED_ROUTES: readonly LimitedRoute[] = [
  { method: 'POST', url: '/api/auth/signin/credentials' },
  { method: 'POST', url: '/api/auth/callback/credentials' },
  { method: 'POST', url: '/api/auth/change-password' },
];

/**
 * Registers @fastify/rate-limit for limits chosen route by route (none is global). With Redis the
 * counts are shared by every replica of a service; otherwise they live in this process.
 */
export const installRateLimits = async (
  app: FastifyInstance,
  options: { redis?: Redis; nameSpace?: string } = {},
): Promise<void> => {
  await app.register(rateLimit, {
    global: false,
    ...(options.redis
      ? { redis: options.redis, nameSpace: options.nameSpace ?? 'examens-pro:limites:' }
      : {}),
  });
};

export interface ClientRateLimitOptions {
  /** The answer's extra fields (e.g. the sign-in page's address for an Auth.js client). */
  readonly body?: (request: FastifyRequest) => Record<string, unknown>;
}

/**
 * An `onRequest` hook that counts the requests of each client address (`request.ip`: the peer, or
 * the X-Forwarded-For a trusted proxy gave; an IPv6 one by its /64, `clientKeyOf`) under `name`, one budget for every route the hook is put
 * on, and refuses the request past `limit.max` in `limit.windowSeconds`: 429, `Retry-After`, and
 * the wait in French. Put it on a route as `{ onRequest: clientRateLimit(app, …) }`, or on routes
 * declared elsewhere with `limitRoutes`. Needs `installRateLimits` first.
 */
export const clientRateLimit = (
  app: FastifyInstance,
  name: string,
  limit: RateLimit,
  options: ClientRateLimitOptions = {},
): onRequestHookHandler => {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    // An IPv6 client by its /64: one subscriber usually holds the whole network.
    keyGenerator: (request) => `${name}:${clientKeyOf(request.ip)}`,
  });
  return async function clientRateLimitHook(request: FastifyRequest, reply: FastifyReply) {
    const counted = await check(request);
    if (counted.isAllowed) return;
    reply.header('X-RateLimit-Limit', counted.max);
    reply.header('X-RateLimit-Remaining', counted.remaining);
    reply.header('X-RateLimit-Reset', counted.ttlInSeconds);
    if (!counted.isExceeded) return;
    const seconds = Math.max(1, counted.ttlInSeconds);
    request.log.warn({ limite: name, adresse: request.ip }, 'trop de requêtes depuis une adresse');
    const body: TooManyRequestsBody = {
      ...options.body?.(request),
      message: tooManyRequestsMessage(seconds),
      code: 'trop-de-requetes',
    };
    await reply.code(429).header('Retry-After', String(seconds)).send(body);
    return reply;
  };
};

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Puts one `clientRateLimit` on routes declared later by other plugins (matched by method and URL
 * as declared), so that their files stay as they are. Call it on the root before they register.
 */
export const limitRoutes = (
  app: FastifyInstance,
  name: string,
  limit: RateLimit,
  routes: readonly LimitedRoute[],
  options: ClientRateLimitOptions = {},
): void => {
  const hook = clientRateLimit(app, name, limit, options);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = asArray(route.method);
    const matches = routes.some(
      (target) => target.url === route.url && methods.includes(target.method),
    );
    if (matches) route.onRequest = [...asArray(route.onRequest), hook];
  });
};

/**
 * The limits of the sign-in service: its password POSTs share `limits.auth` per client address.
 * The refusal of a sign-in also carries Auth.js's `url` (the sign-in page with
 * `error=TooManyRequests`), so that its clients show an error rather than fail on a missing address.
 */
export const limitAuthRoutes = (
  app: FastifyInstance,
  limits: RateLimits,
  publicUrl: string | undefined,
): void =>
  limitRoutes(app, 'connexion', limits.auth, AUTH_LIMITED_ROUTES, {
    body: (request) =>
      request.url.startsWith('/api/auth/change-password')
        ? {}
        : {
            url: `${productOrigin(publicUrl, app.server.address())}/connexion?error=TooManyRequests`,
          },
  });
