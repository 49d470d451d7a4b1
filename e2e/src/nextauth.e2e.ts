import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, adminEnvironment } from './accounts';
import { browserAvailable, launchBrowser, startProduct, type Product } from './harness';

/**
 * The sign-in service as the real `next-auth/react` v4 client sees it (seed §7): the client runs in
 * the browser on a page of the product's origin, under the product's own headers (CSP included),
 * pointed at `/api/auth`. next-auth lives in tools/next-auth-client, outside the workspaces, so that
 * its Next.js peer never enters the product's install; this journey installs it when it is missing.
 */
const run = browserAvailable() ? describe : describe.skip;

const CLIENT_DIR = resolve(__dirname, '../../tools/next-auth-client');
/** Served by the test (page.route) from the product's origin, loaded by a <script src>. */
const SCRIPT_PATH = '/__test__/next-auth.js';

const installClient = (): void => {
  if (existsSync(join(CLIENT_DIR, 'node_modules/next-auth/react/index.js'))) return;
  console.log('Installation de next-auth (tools/next-auth-client, une fois)…');
  // Its .npmrc (legacy-peer-deps) keeps the `next` peer out.
  execFileSync('npm', ['install', '--prefix', CLIENT_DIR, '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
};

/** `next-auth/react` as one browser script: its functions on `window.nextAuth`. */
const bundleClient = async (origin: string): Promise<string> => {
  installClient();
  const result = await build({
    stdin: {
      contents: `import { getProviders, getCsrfToken, signIn, getSession, signOut } from 'next-auth/react';
window.nextAuth = { getProviders, getCsrfToken, signIn, getSession, signOut };`,
      resolveDir: CLIENT_DIR,
      sourcefile: 'next-auth-client.js',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    logLevel: 'silent',
    // What a Next.js build inlines: NEXTAUTH_URL names the origin and the base path /api/auth.
    define: {
      'process.env.NODE_ENV': '"production"',
      'process.env.NEXTAUTH_URL': JSON.stringify(`${origin}/api/auth`),
      'process.env.NEXTAUTH_URL_INTERNAL': 'undefined',
      'process.env.VERCEL_URL': 'undefined',
    },
  });
  const script = result.outputFiles[0]!.text;
  if (/\bprocess\.env\b/.test(script))
    throw new Error('next-auth lit encore process.env : complétez `define`.');
  return script;
};

interface SignInResponse {
  error: string | null;
  status: number;
  ok: boolean;
  url: string | null;
}

run('parcours : le vrai client next-auth/react v4 contre le service de connexion', () => {
  let product: Product;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    product = await startProduct(adminEnvironment());
    const script = await bundleClient(product.url);
    browser = await launchBrowser();
    page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.route(`${product.url}${SCRIPT_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: script }),
    );
    // A page of the product's origin with the product's own headers, and no app of its own.
    const opened = await page.goto(`${product.url}/api/health`);
    expect(opened?.ok()).toBe(true);
    await page.addScriptTag({ url: SCRIPT_PATH });
    await page.waitForFunction(() => 'nextAuth' in window);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** Calls `window.nextAuth[name](...args)` in the page and answers its result. */
  const call = <T>(name: string, ...args: unknown[]): Promise<T> =>
    page.evaluate(
      ([fn, params]) =>
        (
          (window as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>)
            .nextAuth![fn as string]!(...(params as unknown[])) as Promise<unknown>
        ).then((value) => value ?? null),
      [name, args] as const,
    ) as Promise<T>;

  it('lists the credentials provider and gives a CSRF token', async () => {
    const providers =
      await call<Record<string, { id: string; type: string; callbackUrl: string }>>('getProviders');
    expect(providers.credentials).toMatchObject({
      id: 'credentials',
      type: 'credentials',
      callbackUrl: `${product.url}/api/auth/callback/credentials`,
    });
    expect(await call<string>('getCsrfToken')).toMatch(/\S{20,}/);
  });

  it('signs in with redirect: false, a wrong then the right password, on absolute addresses', async () => {
    const refused = await call<SignInResponse>('signIn', 'credentials', {
      redirect: false,
      login: ADMIN.login,
      password: 'pas-le-bon-mot-de-passe',
    });
    expect(refused).toMatchObject({ error: 'CredentialsSignin', ok: false, url: null });
    expect(await call('getSession')).toBeNull();

    const accepted = await call<SignInResponse>('signIn', 'credentials', {
      redirect: false,
      callbackUrl: `${product.url}/tableau-de-bord`,
      login: ADMIN.login,
      password: ADMIN.temporaryPassword,
    });
    expect(accepted).toEqual({
      error: null,
      status: 200,
      ok: true,
      url: `${product.url}/tableau-de-bord`,
    });
  });

  it('reads the session, with the password-change flag of a temporary password', async () => {
    const session = await call<{ user: Record<string, unknown>; expires: string }>('getSession');
    expect(session.user).toMatchObject({ login: ADMIN.login, is_change_password: 0 });
    expect(Date.parse(session.expires)).toBeGreaterThan(Date.now());
  });

  it('signs out with redirect: false, after which the session is empty', async () => {
    const out = await call<{ url: string }>('signOut', { redirect: false });
    // Its callbackUrl is the page's address: answered on the same origin.
    expect(out).toEqual({ url: `${product.url}/api/health` });
    expect(await call('getSession')).toBeNull();
    expect(problems.filter((p) => !/401|Unauthorized/i.test(p))).toEqual([]);
  });
});
