import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  canOpen,
  changePasswordSchema,
  loginSchema,
  nationalOnly,
  parseInput,
  routeForPath,
  SessionExpiredError,
  usablePermissions,
} from '@examens-pro/domain';
import {
  checkAccess,
  commandIdOf,
  csrfTokenFor,
  currentPrincipal,
  decoyHash,
  hasValidCsrfToken,
  keepSessionAfterPasswordChange,
  needsRehash,
  principalAllows,
  productOrigin,
  sessionTimes,
  verifyPassword,
  type EventStore,
  type Principal,
  type SignInLimiter,
} from '@examens-pro/platform';
import { findUserByLogin, userCommands } from '@examens-pro/application';
import { signInJournalFor } from './signInJournal.js';
import { commandContext } from '../context.js';

export interface AuthRouteDeps {
  readonly eventStore: EventStore;
  readonly signInLimiter: SignInLimiter;
  /** PUBLIC_URL: the origin of the answered addresses; else the address the process listens on. */
  readonly publicUrl?: string;
}

export const SIGN_IN_PAGE = '/connexion';
export const DEFAULT_AFTER_SIGN_IN = '/tableau-de-bord';
export const SIGNOUT_CSRF_MESSAGE = 'Could not fetch CSRF Token for signing out';

type Form = Record<string, unknown>;

/** Only a path of this site: never `//host` nor an absolute address (no open redirect). */
export const safeCallback = (value: unknown, fallback: string): string => {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return fallback;
  let path = value;
  try {
    // The seed's client may send an absolute address of this very site.
    const url = new URL(value, 'http://site.invalid');
    if (/^[a-z]+:/i.test(value) || value.startsWith('//')) {
      if (url.host !== 'site.invalid') path = `${url.pathname}${url.search}${url.hash}`;
    }
  } catch {
    return fallback;
  }
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
    ? path
    : fallback;
};

/**
 * What the journal keeps of a login that is not an e-mail address (often a password typed in the
 * wrong field): its first and last characters around a fixed mask, nothing for a short one.
 */
export const maskTypedLogin = (typed: string): string => {
  const chars = [...typed];
  return chars.length < 5 ? '******' : `${chars[0]}******${chars[chars.length - 1]}`;
};

const signInPageWith = (error: string, callbackUrl: string): string =>
  `${SIGN_IN_PAGE}?${new URLSearchParams({ error, callbackUrl }).toString()}`;

/** Auth.js answers absolute addresses (`new URL(url)` in next-auth/react): a path on the product's origin. */
const onOrigin = (request: FastifyRequest, path: string, publicUrl: string | undefined): string =>
  `${productOrigin(publicUrl, request.server.server.address())}${path}`;

/** The session object of the contract: `{}` when nobody is signed in. */
const sessionBody = (principal: Principal, signedInAt: string) => ({
  user: {
    id: principal.user.id,
    name: principal.actor.name,
    nom: principal.user.nom,
    prenoms: principal.user.prenoms,
    login: principal.user.login,
    email: principal.user.login,
    telephone: principal.user.telephone,
    profilId: principal.user.profilId,
    profil: principal.user.profil,
    // A centre-attached user is not offered the national screens (the services answer 404 there).
    permissions: usablePermissions(principal.permissions, principal.user.centreDepotId),
    is_change_password: principal.user.is_change_password,
  },
  ...sessionTimes(signedInAt),
});

/**
 * The sign-in service of seed §7 under /api/auth (NextAuth's dialect, credentials provider only):
 * csrf, providers, session, signin/callback, signout, and the password change.
 */
export const authRoutes: FastifyPluginAsync<AuthRouteDeps> = async (
  app,
  { eventStore, signInLimiter, publicUrl },
) => {
  await app.register(formbody);
  const absolute = (request: FastifyRequest, path: string) => onOrigin(request, path, publicUrl);
  const users = userCommands(eventStore);

  app.get('/csrf', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { csrfToken: csrfTokenFor(request) };
  });

  app.get('/providers', async (request) => ({
    credentials: {
      id: 'credentials',
      name: 'Identifiants',
      type: 'credentials',
      signinUrl: absolute(request, '/api/auth/signin/credentials'),
      callbackUrl: absolute(request, '/api/auth/callback/credentials'),
    },
  }));

  app.get('/session', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    let principal: Principal | null;
    try {
      principal = await currentPrincipal(request);
    } catch (error) {
      if (error instanceof SessionExpiredError) return {};
      throw error;
    }
    return principal ? sessionBody(principal, request.session.signedInAt!) : {};
  });

  const signIn = async (request: FastifyRequest<{ Body: Form }>, reply: FastifyReply) => {
    const form: Form = request.body && typeof request.body === 'object' ? request.body : {};
    const callbackUrl = safeCallback(form.callbackUrl, DEFAULT_AFTER_SIGN_IN);
    const fail = (status: number, error: string) =>
      reply.status(status).send({ url: absolute(request, signInPageWith(error, callbackUrl)) });
    if (!hasValidCsrfToken(request, form.csrfToken)) return fail(403, 'MissingCSRF');
    // Every attempt is journaled (never its password); the journal never fails a sign-in.
    const journal = signInJournalFor(eventStore, request);
    const parsedLogin = loginSchema.safeParse(form.login);
    const password = typeof form.password === 'string' ? form.password : '';
    if (!parsedLogin.success || password.length === 0 || password.length > 1024) {
      const typed = typeof form.login === 'string' ? form.login.trim().toLowerCase() : '';
      const reason = parsedLogin.success ? 'mot-de-passe' : 'identifiant-inconnu';
      // Not an e-mail address: perhaps a password typed in the wrong field, journaled masked.
      const shown = parsedLogin.success ? typed : maskTypedLogin(typed);
      if (typed) await journal('SignInFailed', { login: shown }, { reason });
      return fail(400, 'CredentialsSignin');
    }
    const login = parsedLogin.data;
    const now = Date.now();
    // Counted before the password is hashed: of simultaneous attempts only the allowed get a guess.
    const reservation = await signInLimiter.reserve(login, now);
    if (!reservation.granted) {
      request.log.warn({ login }, 'connexion refusée : trop de tentatives');
      const user = await findUserByLogin(eventStore, login);
      await journal('SignInFailed', { login, user }, { reason: 'compte-verrouille' });
      return fail(429, 'TooManyAttempts');
    }
    const user = await findUserByLogin(eventStore, login);
    // An unknown login costs what a wrong password costs: timing says nothing about accounts.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !valid || user.status !== 'actif') {
      // The reserved attempt stays counted: it is the failure.
      const reason = !user ? 'identifiant-inconnu' : !valid ? 'mot-de-passe' : 'compte-desactive';
      await journal('SignInFailed', { login, user }, { reason });
      // The failure that reaches the limit starts a lockout.
      const lockedUntil = reservation.lockedUntilOnFailure;
      if (lockedUntil !== null)
        await journal(
          'SignInLockedOut',
          { login, user },
          { lockedUntil: new Date(lockedUntil).toISOString() },
        );
      return fail(401, 'CredentialsSignin');
    }
    await signInLimiter.clear(login);
    // A hash of older parameters is made again with today's, now that the password is at hand.
    if (needsRehash(user.passwordHash)) await users.rehashPassword(user.id, password, request.log);
    await journal('SignInSucceeded', { login, user }, {});
    // A new session id at sign-in (no fixation); the CSRF secret goes with the old session.
    await request.session.regenerate();
    request.session.userId = user.id;
    request.session.signedInAt = new Date(now).toISOString();
    request.session.touchedAt = now;
    // A later password change or reset, deactivation or change of profile ends this session.
    request.session.sessionGeneration = user.sessionGeneration;
    return { url: absolute(request, callbackUrl) };
  };
  app.post<{ Body: Form }>('/signin/credentials', signIn);
  app.post<{ Body: Form }>('/callback/credentials', signIn);
  app.post<{ Params: { provider: string } }>('/signin/:provider', async (request, reply) =>
    reply
      .status(404)
      .send({ url: absolute(request, signInPageWith('OAuthSignin', DEFAULT_AFTER_SIGN_IN)) }),
  );

  app.post<{ Body: Form }>('/signout', async (request, reply) => {
    const form: Form = request.body && typeof request.body === 'object' ? request.body : {};
    const token = form.csrfToken ?? request.headers['x-csrf-token'];
    if (!hasValidCsrfToken(request, token))
      return reply.status(400).send({ message: SIGNOUT_CSRF_MESSAGE });
    let signedIn: Principal | null = null;
    try {
      signedIn = await currentPrincipal(request);
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) throw error;
    }
    // Destroyed on the server: the old cookie is worth nothing from now on.
    await request.session.destroy();
    if (signedIn)
      await signInJournalFor(eventStore, request)(
        'SignedOut',
        { login: signedIn.user.login, user: signedIn.user },
        {},
      );
    reply.clearCookie('examens_session', { path: '/' });
    return { url: absolute(request, safeCallback(form.callbackUrl, SIGN_IN_PAGE)) };
  });

  app.post('/change-password', async (request) => {
    const principal = await checkAccess(request, { anyOf: [], whileMustChangePassword: true });
    request.principal = principal;
    const { currentPassword, newPassword } = parseInput(changePasswordSchema, request.body);
    const context = commandContext(request, commandIdOf(request));
    const answer = await users.changeOwnPassword(currentPassword, newPassword, context);
    // The account's other sessions have ended with the change; this one goes on.
    keepSessionAfterPasswordChange(request, answer.sessionGeneration);
    await signInJournalFor(eventStore, request, context.commandId)(
      'PasswordChangeJournaled',
      { login: principal.user.login, user: principal.user },
      {},
    );
    return { ok: true, position: answer.position };
  });
};

/** National work asked of by a centre-attached user (not theirs: `NATIONAL_PERMISSIONS`). */
const nationalFor = (principal: Principal, codes: readonly string[]): boolean =>
  Boolean(principal.user.centreDepotId) && codes.length > 0 && nationalOnly(codes);

/**
 * POST /api/can/uniq: `{ permissions }` (seed §7: the route's permission requirement, what the
 * client sends) or `{ path }` (kept for compatibility) → `{ can }`; the server decides (seed §6).
 */
export const canRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { permissions?: unknown; path?: unknown } }>('/uniq', async (request, reply) => {
    let principal: Principal | null = null;
    try {
      principal = await currentPrincipal(request);
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) throw error;
    }
    if (!principal)
      return reply
        .status(401)
        .send({ can: false, message: 'Vous devez vous connecter pour accéder à cette page.' });
    const body = request.body && typeof request.body === 'object' ? request.body : {};
    if (Array.isArray(body.permissions)) {
      const codes = body.permissions.filter((code): code is string => typeof code === 'string');
      // An empty requirement is a route any signed-in user opens, as the path form answers.
      const allowed = codes.length === 0 || principalAllows(principal, codes);
      return { can: allowed && !nationalFor(principal, codes) };
    }
    if (typeof body.path === 'string') {
      const route = routeForPath(body.path);
      const usable = new Set(
        usablePermissions(principal.permissions, principal.user.centreDepotId),
      );
      return { can: route ? canOpen(usable, route) : true };
    }
    return reply.status(400).send({
      can: false,
      message: 'Indiquez « permissions » (liste) ou « path » (chemin).',
    });
  });
};
