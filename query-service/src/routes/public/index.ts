import type { FastifyPluginAsync } from 'fastify';
import {
  clientRateLimit,
  publicRateLimitsOf,
  type DocumentStorage,
  type EventStore,
  type JobQueue,
  type PaymentConfig,
  type PublicRateLimits,
  type ReadStore,
  type SignInLimiter,
} from '@examens-pro/platform';
import { publicNames } from './names.js';
import { publicPageRoutes } from './pages.js';
import { publicPathRoutes } from './paths.js';
import { publicPaymentRoutes } from './payments.js';
import { publicResultRoutes } from './results.js';
import { publicVerificationRoutes } from './verifications.js';

export interface PublicRoutesOptions {
  readonly readStore: ReadStore;
  readonly eventStore: EventStore;
  readonly jobQueue: JobQueue;
  readonly storage: DocumentStorage;
  /** Each public call's budget per client address (defaults: `publicRateLimitsOf`). */
  readonly limits?: PublicRateLimits;
  /** Failed results lookups per numéro de candidat and client (5 an hour refuse it that number). */
  readonly lookupLimiter: SignInLimiter;
  /** PUBLIC_URL: the product's public origin (receipts' and verifications' addresses). */
  readonly publicUrl?: string;
  /** PAYMENT_*: the online payments' provider and webhook secret (default: none, no online payment). */
  readonly payments?: PaymentConfig;
}

/**
 * The public area's calls, `/api/public/*`: no session, no CSRF token (nothing ambient to abuse),
 * each with its own rate limit per client address. Personal data travels in POST bodies, never in
 * addresses (nor, then, in the access logs). The gateway routes every method here.
 */
export const publicRoutes: FastifyPluginAsync<PublicRoutesOptions> = async (app, given) => {
  // Without the plugin's own registration options (its prefix), passed on to each part.
  const { prefix: _prefix, ...options } = given as PublicRoutesOptions & { prefix?: string };
  const limits = options.limits ?? publicRateLimitsOf({});
  const limited = (name: keyof PublicRateLimits) =>
    clientRateLimit(app, `public-${name}`, limits[name]);
  // Nothing here is cached by a shared cache: answers depend on what the client sent.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
  const names = publicNames(options.readStore);
  await app.register(publicResultRoutes, { ...options, names, limit: limited('resultats') });
  await app.register(publicVerificationRoutes, {
    ...options,
    names,
    limit: limited('verifications'),
  });
  await app.register(publicPageRoutes, { ...options, names, limit: limited('pages') });
  // The per-path lookup runs on every navigation, staff's too: a budget of its own (the pages'
  // size), so that an office behind one address never spends the public pages' budget on it.
  await app.register(publicPathRoutes, {
    ...options,
    limit: clientRateLimit(app, 'public-chemins', limits.pages),
  });
  await app.register(publicPaymentRoutes, {
    ...options,
    names,
    limit: limited('paiements'),
    notificationLimit: limited('notifications'),
    modeLimit: limited('pages'),
  });
};
