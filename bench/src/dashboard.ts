import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium } from 'playwright-core';
import { round } from './machine.js';
import { startServer, type BenchServer } from './server.js';

const UI = resolve(__dirname, '../../admin-ui/dist');

interface ManifestEntry {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  src?: string;
}

/** gzip size of the JS a route loads before it can show anything: the entry and its static imports. */
export const weighJs = () => {
  const manifest = JSON.parse(readFileSync(join(UI, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestEntry
  >;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, seen);
    return seen;
  };
  const gz = (keys: Set<string>): number =>
    [...keys].reduce(
      (sum, key) => sum + gzipSync(readFileSync(join(UI, manifest[key]!.file))).length,
      0,
    );
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const dashboard = Object.keys(manifest).find((key) => key.endsWith('dashboard/Dashboard.tsx'))!;
  const home = closure(entry);
  const withDashboard = closure(dashboard, new Set(home));
  return {
    homeInitialJsGzipKiB: round(gz(home) / 1024, 1),
    dashboardJsGzipKiB: round(gz(withDashboard) / 1024, 1),
  };
};

/** First load of the métiers list in headless chromium, cold cache, until its rows are on screen. */
export const benchDashboardLoad = async (options: { port: number; runs: number }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ui-'));
  const server = await startServer(dataDir, options.port);
  for (let i = 0; i < 30; i += 1) {
    await fetch(`${server.url}/api/metiers`, {
      method: 'POST',
      headers: server.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ code: `UI${i}`, libelle: `Métier affiché ${i}` }),
    });
  }
  try {
    return await dashboardLoads(server, {
      runs: options.runs,
      path: '/tableau-de-bord/configuration/metiers',
      text: 'Métier affiché 0',
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * First loads of a dashboard screen (`path`) in headless chromium against a running product, each
 * in a new context (cold cache), signed in by the session cookie alone, until `text` is on screen.
 */
export const dashboardLoads = async (
  server: Pick<BenchServer, 'url' | 'cookieValue'>,
  options: { runs: number; path: string; text: string },
) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  const times: number[] = [];
  try {
    for (let i = 0; i < options.runs; i += 1) {
      const context = await browser.newContext();
      // Signed in (the sign-in itself is not what is measured): the session cookie only.
      await context.addCookies([
        { name: 'examens_session', value: server.cookieValue, url: server.url },
      ]);
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${server.url}${options.path}`);
      await page.getByText(options.text).first().waitFor();
      times.push(performance.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  return {
    runs: times.length,
    medianMs: round(times[Math.floor(times.length / 2)]!),
    maxMs: round(times[times.length - 1]!),
  };
};
