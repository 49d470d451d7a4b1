import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/**
 * The Content-Security-Policy of every answer (the built UI, the API, downloads). Scripts come only
 * from the product's own files: no inline script, no `eval`/`new Function`. Styles allow
 * `'unsafe-inline'`: Material UI's emotion writes `<style>` elements and `style` attributes at run
 * time. Images may be `data:`/`blob:` (previews of an uploaded signature). The gateway
 * (gateway/nginx.conf) sends the same policy with the UI files it serves itself.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The policy as a header value: `default-src 'self'; base-uri 'self'; …`. */
export const contentSecurityPolicy = (): string =>
  Object.entries(CONTENT_SECURITY_POLICY)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');

/**
 * The policy of a stored file the product's own pages show in a frame (a pièce beside its
 * checklist in « File de vérification des pièces »): the same, except that pages of the same origin
 * may frame it (`frame-ancestors 'self'`, `X-Frame-Options: SAMEORIGIN`); no other site may.
 */
export const FRAMED_FILE_POLICY: Readonly<Record<string, readonly string[]>> = {
  ...CONTENT_SECURITY_POLICY,
  'frame-ancestors': ["'self'"],
};

/** Lets the product's own pages frame this answer (see FRAMED_FILE_POLICY). */
export const allowSameOriginFrames = (reply: FastifyReply): void => {
  reply
    .header(
      'Content-Security-Policy',
      Object.entries(FRAMED_FILE_POLICY)
        .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
        .join('; '),
    )
    .header('X-Frame-Options', 'SAMEORIGIN');
};

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Headers every answer carries anyway, whoever sends it: not helmet's to give. */
const TRANSPORT_HEADERS = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * The headers helmet gives an answer with these options, read once from an answer of a Fastify
 * of its own: they depend on the options only (no nonce), so each request is given the same.
 */
export const securityHeaders = async (): Promise<Readonly<Record<string, string>>> => {
  const probe = Fastify();
  await probe.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(CONTENT_SECURITY_POLICY).map(([directive, sources]) => [
          directive,
          [...sources],
        ]),
      ),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: REFERRER_POLICY },
    strictTransportSecurity: false,
  });
  probe.get('/', async () => 'ok');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(answer.headers)
      .filter(([name]) => !TRANSPORT_HEADERS.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
};

/**
 * Security headers on every answer of this app (pages, API, errors, downloads), installed first by
 * whoever owns the root (the embedded process or a standalone service): the CSP above,
 * `X-Frame-Options: DENY` beside `frame-ancestors 'none'`, `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy`, and helmet's other defaults. HSTS only on an answer to a request that came over
 * TLS (`request.protocol`, which believes X-Forwarded-Proto from a trusted proxy only): a product
 * reached over plain HTTP on an office network must never be told to insist on HTTPS.
 * Helmet's headers are computed once (`securityHeaders`): @fastify/helmet builds its middleware
 * again, CSP parsed, for every request (a tenth of a signed-in list's time).
 */
export const installSecurityHeaders = async (app: FastifyInstance): Promise<void> => {
  const headers = Object.entries(await securityHeaders());
  app.addHook('onRequest', function securityHeadersHook(request, reply, done) {
    for (const [name, value] of headers) reply.header(name, value);
    if (request.protocol === 'https')
      reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    done();
  });
};

/**
 * Fastify's `trustProxy` from TRUSTED_PROXIES: the listed peers only, and nobody when the list is
 * empty (then `request.ip` is the peer's address and `request.protocol` the socket's, whatever
 * X-Forwarded-* say).
 */
export const trustProxyOf = (trustedProxies: readonly string[]): false | string[] =>
  trustedProxies.length > 0 ? [...trustedProxies] : false;
