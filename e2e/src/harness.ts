import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = resolve(__dirname, '../artifacts');
const ROOT = resolve(__dirname, '../..');

/** No chromium, no journey: said loudly, and the tests count as skipped. */
export const browserAvailable = (): boolean => {
  if (existsSync(CHROMIUM)) return true;
  console.warn(
    `\n*** E2E IGNORÉS : chromium introuvable (${CHROMIUM}). Installez-le : apt-get install -y chromium ***\n`,
  );
  return false;
};

/** A port the system gave and took back: free for a server of the journey. */
export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface Product {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts the built product (`embedded/dist/main.js`, UI from `admin-ui/dist`) on fresh data. */
export const startProduct = async (env: Record<string, string> = {}): Promise<Product> => {
  if (
    !existsSync(join(ROOT, 'embedded/dist/main.js')) ||
    !existsSync(join(ROOT, 'admin-ui/dist/index.html'))
  ) {
    throw new Error('Produit non construit : lancez `npm run build` avant les parcours.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'embedded/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Listening (30 s), then ready (2 min): the read models have caught up with what the start-up
  // wrote (the first administrator, the geography), as a load balancer's readiness probe waits.
  for (const [probe, ms] of [
    ['health', 30_000],
    ['ready', 120_000],
  ] as const) {
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        if ((await fetch(`${url}/api/${probe}`)).ok) break;
      } catch {
        // not yet listening
      }
      if (child.exitCode !== null)
        throw new Error(`Le produit s’est arrêté (code ${child.exitCode}).`);
      if (Date.now() > deadline) {
        // Never left running behind a failed start (it would load every journey after it).
        child.kill('SIGKILL');
        throw new Error(`Le produit ne répond pas (${probe}).`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          done();
        });
        child.kill('SIGTERM');
      }),
  };
};

/** Content-Security-Policy violations seen by any page since the last check (see csp.setup.ts). */
const cspViolations: string[] = [];

/** Every violation recorded since the last call, and forgotten. */
export const takeCspViolations = (): string[] => cspViolations.splice(0);

/**
 * Records every CSP violation of the context's pages: the document's `securitypolicyviolation`
 * events (through a binding registered before any page script runs) and the browser's console
 * reports of a refused resource, inline script or eval.
 */
const watchCsp = async (context: BrowserContext): Promise<void> => {
  await context.exposeBinding('__examensCspViolation', ({ page }, report: string) => {
    cspViolations.push(`${page?.url() ?? '?'} — ${report}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = `${event.effectiveDirective} : ${event.blockedURI || 'inline'} (${event.sourceFile || '?'}:${event.lineNumber}) ${event.sample}`;
      void (
        window as unknown as { __examensCspViolation(report: string): Promise<void> }
      ).__examensCspViolation(report);
    });
  });
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text()))
        cspViolations.push(`${page.url()} — console : ${message.text()}`);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
};

/** Debian's chromium; every context it opens (browser.newPage included) reports CSP violations. */
export const launchBrowser = async (): Promise<Browser> => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  // The app's service worker (the offline shell, #35) only where a journey asks for it
  // (`serviceWorkers: 'allow'`): elsewhere each new context would precache the whole build beside
  // the journey's own requests, and pages would come through the worker rather than the server.
  browser.newContext = async (options) => {
    const context = await newContext({ serviceWorkers: 'block', ...options });
    await watchCsp(context);
    return context;
  };
  return browser;
};

/** What a command of the API answers: the record's id, its new revision, the event's position. */
export interface CommandAnswer {
  readonly id: string;
  readonly revision: number;
  readonly position: string;
}

/**
 * A command of the API (`POST`) as the user signed in on `page` (the product's origin is the
 * page's), signed with the session's CSRF token, with the revision it expects (`If-Match`) if
 * any. Journeys set up the data they click through with it; a refusal fails the step, the
 * server's answer quoted.
 */
export const api = async (
  page: Page,
  path: string,
  data: Record<string, unknown>,
  ifMatch?: number,
): Promise<CommandAnswer> => {
  const { origin } = new URL(page.url());
  if (!origin.startsWith('http'))
    throw new Error(`api(${path}) : la page n’est pas encore sur le produit (${page.url()}).`);
  const { csrfToken } = (await (await page.request.get(`${origin}/api/auth/csrf`)).json()) as {
    csrfToken: string;
  };
  const response = await page.request.post(`${origin}${path}`, {
    data,
    headers: {
      'x-csrf-token': csrfToken,
      ...(ifMatch === undefined ? {} : { 'if-match': `W/"${ifMatch}"` }),
    },
  });
  if (response.status() >= 300)
    throw new Error(`${path} : ${response.status()} ${await response.text()}`);
  return (await response.json()) as CommandAnswer;
};

/**
 * Screenshots are kept as artefacts of the run (e2e/artifacts), the screen as it settles: its
 * transitions (a progress bar filling, a button being enabled) played to their end.
 */
export const shot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({
    path: join(ARTIFACTS, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
};

/**
 * Types a date as staff do, DD/MM/YYYY (and HH:MM:SS where the field has a time), into a date field
 * of the dashboard (MUI X's picker: one section per part), replacing what it held: each part into
 * its own section, seen there before the next (digits typed in one burst on a loaded machine land
 * in a section the picker has already left). The whole date is read back at the end: a screen that
 * redraws the field while it is typed (a list answering the previous filter) must keep what was
 * typed, and fails here if it does not (it lost the day and month: « JJ MM 2026 »).
 */
export const typeDate = async (page: Page, label: RegExp, ddmmyyyy: string): Promise<void> => {
  const sections = page.getByRole('group', { name: label }).getByRole('spinbutton');
  const parts = ddmmyyyy.match(/\d+/g) ?? [];
  const shows = async (index: number, digits: string, waitMs: number): Promise<boolean> => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if ((await sections.nth(index).innerText()) === digits) return true;
      if (Date.now() >= deadline) return false;
      await page.waitForTimeout(50);
    }
  };
  for (const [index, digits] of parts.entries()) {
    await sections.nth(index).click();
    await page.keyboard.type(digits);
    await shows(index, digits, 5_000);
  }
  const read = await Promise.all(parts.map((digits, index) => shows(index, digits, 1_000)));
  if (!read.every(Boolean))
    throw new Error(
      `La date ${ddmmyyyy} saisie n’est pas restée dans le champ : ${(await sections.allInnerTexts()).join(' ')}`,
    );
};

/**
 * Whether the image named `alt` is drawn: it is waited for until loaded (a loaded machine serves
 * it late), then true when the browser could decode it, false when it failed to load.
 */
export const imageDrawn = async (page: Page, alt: string): Promise<boolean> => {
  const image = page.getByRole('img', { name: alt, exact: true });
  await image.waitFor();
  return image.evaluate(
    (element) =>
      new Promise<boolean>((done) => {
        const img = element as HTMLImageElement;
        if (img.complete) return done(img.naturalWidth > 0);
        img.addEventListener('load', () => done(img.naturalWidth > 0), { once: true });
        img.addEventListener('error', () => done(false), { once: true });
      }),
  );
};

/** The dashboard's menu (a collapsible tree: only the current screen's groups open on arrival). */
export const dashboardMenu = (page: Page): Locator =>
  page.locator('nav[aria-label="Menu principal"]');

/**
 * The dashboard menu's entry for a screen, by its address (`href`, with /tableau-de-bord) or its
 * exact name, shown: the groups that hold it are opened first, outermost first, as a user clicks.
 */
export const menuEntry = async (page: Page, entry: string | { name: string }): Promise<Locator> => {
  const menu = dashboardMenu(page);
  const anywhere =
    typeof entry === 'string'
      ? menu.locator(`a[href="${entry}"]`)
      : menu.getByRole('link', { name: entry.name, exact: true, includeHidden: true });
  await anywhere.waitFor({ state: 'attached' });
  const href = await anywhere.getAttribute('href');
  const link = menu.locator(`a[href="${href}"]`);
  for (let guard = 0; guard < 6 && !(await link.isVisible()); guard += 1) {
    await menu
      .locator(`[data-menu-group]:has(a[href="${href}"]) > button[aria-expanded="false"]`)
      .first()
      .click();
  }
  await link.waitFor();
  // Once every group holding it has unfolded: an entry is not clicked while it still moves.
  const unfolding = menu.locator(
    `[data-menu-group]:has(a[href="${href}"]) > .MuiCollapse-root:not(.MuiCollapse-entered)`,
  );
  for (let wait = 0; wait < 50 && (await unfolding.count()) > 0; wait += 1)
    await page.waitForTimeout(50);
  return link;
};

/** Opens a screen from the dashboard menu, opening the groups that hold its entry. */
export const openFromMenu = async (page: Page, href: string): Promise<void> => {
  await (await menuEntry(page, href)).click();
  await page.waitForURL(`**${href}`);
};

/** Opens every group of the dashboard menu, so that every entry the user is offered shows. */
export const expandMenu = async (page: Page): Promise<void> => {
  const closed = dashboardMenu(page).locator('button[aria-expanded="false"]');
  for (let guard = 0; guard < 100 && (await closed.count()) > 0; guard += 1) {
    await closed.first().click();
  }
  if ((await closed.count()) > 0) throw new Error('Des groupes du menu restent fermés.');
  const unfolding = dashboardMenu(page).locator('.MuiCollapse-root:not(.MuiCollapse-entered)');
  for (let wait = 0; wait < 50 && (await unfolding.count()) > 0; wait += 1)
    await page.waitForTimeout(50);
};
