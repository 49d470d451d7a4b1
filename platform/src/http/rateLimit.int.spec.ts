import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { installErrorHandling } from './errors.js';
import { clientRateLimit, installRateLimits } from './rateLimit.js';

/** A service with one limited route, as the public lookup will declare it. */
const service = async (redis?: Redis, nameSpace?: string): Promise<FastifyInstance> => {
  const app = Fastify();
  installErrorHandling(app);
  await installRateLimits(app, { redis, nameSpace });
  app.post(
    '/api/limitee',
    { onRequest: clientRateLimit(app, 'essai', { max: 3, windowSeconds: 30 }) },
    async () => ({ ok: true }),
  );
  app.post('/api/libre', async () => ({ ok: true }));
  await app.ready();
  return app;
};

const post = (app: FastifyInstance, remoteAddress: string, url = '/api/limitee') =>
  app.inject({ method: 'POST', url, remoteAddress });

describe('a limit declared on one route', () => {
  it('counts per address in one process, and leaves the other routes alone', async () => {
    const app = await service();
    try {
      for (let i = 0; i < 3; i += 1) expect((await post(app, '192.0.2.1')).statusCode).toBe(200);
      const refused = await post(app, '192.0.2.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json()).toEqual({
        message: 'Trop de tentatives depuis cette adresse. Réessayez dans 30 secondes.',
        code: 'trop-de-requetes',
      });
      expect((await post(app, '192.0.2.2')).statusCode).toBe(200);
      expect((await post(app, '192.0.2.1', '/api/libre')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

const url = process.env.TEST_REDIS_URL;
if (!url) {
  describe('a limit shared through Redis', () => {
    it.skip('IGNORÉ : Redis ne répond pas (voir REDIS_URL)', () => undefined);
  });
} else {
  describe('a limit shared through Redis', () => {
    const redis = new Redis(url);
    afterAll(() => redis.disconnect());

    it('is one budget for every replica of a service', async () => {
      const nameSpace = `test-${randomUUID().slice(0, 8)}:limites:`;
      const [a, b] = [await service(redis, nameSpace), await service(redis, nameSpace)];
      try {
        expect((await post(a!, '192.0.2.1')).statusCode).toBe(200);
        expect((await post(b!, '192.0.2.1')).statusCode).toBe(200);
        expect((await post(a!, '192.0.2.1')).statusCode).toBe(200);
        const refused = await post(b!, '192.0.2.1');
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(25);
        expect((await post(a!, '192.0.2.2')).statusCode).toBe(200);
      } finally {
        await a!.close();
        await b!.close();
        for (const key of await redis.keys(`${nameSpace}*`)) await redis.del(key);
      }
    });
  });
}
