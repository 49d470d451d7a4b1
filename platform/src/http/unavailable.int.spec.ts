import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { MongoNetworkError, MongoNetworkTimeoutError } from 'mongodb';
import type { CollectionDefinition } from '@examens-pro/domain';
import type { SessionStorePort } from '../auth/sessionStore.js';
import { openReadStore, openSessionStore } from '../config/config.js';
import type { ReadStore } from '../read-store/port.js';
import { freePort } from '../testing/network.js';
import { installErrorHandling, unavailableServerMessage } from './errors.js';

/**
 * A request while a server behind the service is away is answered at once, 503 with
 * `Retry-After` and the French reason, instead of a 500 after the driver's 30 s.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'indisponible-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const DOSSIERS: CollectionDefinition = {
  name: 'dossiers-indisponibles',
  fields: { nom: 'string' },
  searchFields: ['nom'],
  defaultSort: { field: 'nom', order: 'ASC' },
};

/** A service with one route that reads the read models and one that reads a session. */
const service = async (stores: {
  readStore?: ReadStore;
  sessionStore?: SessionStorePort;
}): Promise<FastifyInstance> => {
  const app = Fastify();
  installErrorHandling(app);
  app.get('/api/dossiers/:id', async (request) =>
    stores.readStore!.collection(DOSSIERS).get((request.params as { id: string }).id),
  );
  app.get(
    '/api/session',
    () =>
      new Promise((done, fail) =>
        stores.sessionStore!.get('une-session', (error, session) =>
          error ? fail(error) : done({ session }),
        ),
      ),
  );
  await app.ready();
  return app;
};

const timed = async <T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> => {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
};

describe('a request while MongoDB does not answer', () => {
  it('is answered 503 within seconds, with Retry-After and the reason in French', async () => {
    const port = await freePort();
    // As a service opens it (distributed mode): it only reads.
    const readStore = openReadStore(
      { dataDir, mongodbUrl: `mongodb://127.0.0.1:${port}/indisponible?directConnection=true` },
      { writesReadModels: false },
    );
    const app = await service({ readStore });
    try {
      const { result: answer, ms } = await timed(() =>
        app.inject({ method: 'GET', url: '/api/dossiers/d-1' }),
      );
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toEqual({
        message:
          'Service momentanément indisponible : la base de lecture ne répond pas. Réessayez dans un instant.',
        code: 'service-indisponible',
      });
      // The driver's own server selection waits 30 s.
      expect(ms).toBeLessThan(8000);
    } finally {
      await app.close();
      await readStore.close();
    }
  }, 20_000);
});

describe('a request while Redis (the sessions) does not answer', () => {
  it('is answered 503 within seconds, with Retry-After and the reason in French', async () => {
    const port = await freePort();
    const sessionStore = openSessionStore({ dataDir, redisUrl: `redis://127.0.0.1:${port}` });
    const app = await service({ sessionStore });
    try {
      const { result: answer, ms } = await timed(() =>
        app.inject({ method: 'GET', url: '/api/session' }),
      );
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toEqual({
        message:
          'Service momentanément indisponible : le stockage des sessions ne répond pas. Réessayez dans un instant.',
        code: 'service-indisponible',
      });
      // ioredis' default (20 tries to reconnect per command) answers after ~10 s, 500.
      expect(ms).toBeLessThan(5000);
    } finally {
      await app.close();
      await sessionStore.close().catch(() => undefined);
      // ioredis closes a client that is reconnecting with a 2 s timer (its disconnectTimeout).
      await new Promise((done) => setTimeout(done, 2100));
    }
  }, 20_000);
});

describe('which errors say a server is away', () => {
  it('MongoDB network errors, also as the cause of another; nothing else', () => {
    expect(unavailableServerMessage(new MongoNetworkError('connexion perdue'))).toMatch(
      /la base de lecture ne répond pas/,
    );
    expect(unavailableServerMessage(new MongoNetworkTimeoutError('trop long'))).toMatch(
      /la base de lecture ne répond pas/,
    );
    expect(
      unavailableServerMessage(
        new Error('lecture impossible', { cause: new MongoNetworkError('connexion perdue') }),
      ),
    ).toMatch(/la base de lecture ne répond pas/);
    expect(unavailableServerMessage(new Error('autre chose'))).toBeUndefined();
    expect(unavailableServerMessage('pas une erreur')).toBeUndefined();
  });
});
