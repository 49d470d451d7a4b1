import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/config.js';
import { productOrigin } from './origin.js';

const listeningOn = (host: string): Promise<{ address: AddressInfo; close(): Promise<void> }> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, host, () =>
      done({
        address: server.address() as AddressInfo,
        close: () => new Promise((closed) => server.close(() => closed())),
      }),
    );
  });

describe('productOrigin (the origin of the addresses the sign-in service answers)', () => {
  it("is PUBLIC_URL's origin when set, whatever path it carries", () => {
    expect(productOrigin('https://examens.example.org/office/', null)).toBe(
      'https://examens.example.org',
    );
    expect(productOrigin('http://10.0.0.5:8080', null)).toBe('http://10.0.0.5:8080');
  });

  it('is otherwise the host and port the process really listens on', async () => {
    const loopback = await listeningOn('127.0.0.1');
    try {
      expect(productOrigin(undefined, loopback.address)).toBe(
        `http://127.0.0.1:${loopback.address.port}`,
      );
    } finally {
      await loopback.close();
    }
    const everywhere = await listeningOn('0.0.0.0');
    try {
      // A wildcard host is no address a browser can use: the machine itself.
      expect(productOrigin(undefined, everywhere.address)).toBe(
        `http://localhost:${everywhere.address.port}`,
      );
    } finally {
      await everywhere.close();
    }
    expect(productOrigin(undefined, { address: '::1', family: 'IPv6', port: 8443 })).toBe(
      'http://[::1]:8443',
    );
  });

  it('is http://localhost for a process that does not listen (injected requests)', () => {
    expect(productOrigin(undefined, null)).toBe('http://localhost');
  });
});

describe('PUBLIC_URL in the configuration', () => {
  const withDataDir = (env: Record<string, string>) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
    try {
      return loadConfig({ DATA_DIR: dataDir, ...env });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it('is read as given, or left unset', () => {
    expect(withDataDir({ PUBLIC_URL: 'https://examens.example.org' }).publicUrl).toBe(
      'https://examens.example.org',
    );
    expect(withDataDir({}).publicUrl).toBeUndefined();
    expect(withDataDir({ PUBLIC_URL: '' }).publicUrl).toBeUndefined();
  });

  it('refuses anything but an http(s) address, in French', () => {
    for (const value of ['examens.example.org', 'ftp://examens.example.org', 'javascript:alert(1)'])
      expect(() => withDataDir({ PUBLIC_URL: value })).toThrow(
        new ConfigError(`PUBLIC_URL invalide : ${value} (adresse http:// ou https:// attendue)`),
      );
  });
});
