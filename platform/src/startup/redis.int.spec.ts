import type { Server } from 'node:net';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Redis } from 'ioredis';
import { freePort, tcpRelay } from '../testing/network.js';
import { openRedis } from './redis.js';

/**
 * Redis away is one warning in French per outage (and one when it is back), not
 * « [ioredis] Unhandled error event » at every try to reconnect.
 */

/** Closing a client that is reconnecting leaves a timer of `disconnectTimeout` (2 s) behind. */
const QUICK = 20;

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

const clients: Redis[] = [];
const servers: Server[] = [];
afterEach(async () => {
  // A client that is reconnecting closes at once (no `end`); a connected one once its socket has.
  await Promise.all(
    clients.splice(0).map((client) => {
      const closed =
        client.status === 'ready' ? new Promise((done) => client.once('end', done)) : undefined;
      client.disconnect();
      return closed;
    }),
  );
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
  jest.restoreAllMocks();
});

describe('a Redis client while Redis does not answer', () => {
  it('warns once for all the clients of the process, however many tries fail', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const url = `redis://127.0.0.1:${await freePort()}`;
    const logs: string[] = [];
    const log = (message: string) => logs.push(message);
    clients.push(
      openRedis(url, { disconnectTimeout: QUICK }, log),
      openRedis(url, { maxRetriesPerRequest: 0, disconnectTimeout: QUICK }, log),
    );
    // ioredis tries again after 50, 100, 150… ms: several failed tries each.
    await sleep(1500);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^Redis ne répond pas \(.+\) ; nouvel essai en cours\.$/);
    expect(errors).not.toHaveBeenCalled();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  describe('a Redis client once Redis answers again', () => {
    it.skip('IGNORÉ : Redis ne répond pas (voir REDIS_URL)', () => undefined);
  });
} else {
  describe('a Redis client once Redis answers again', () => {
    it('says so once, and works', async () => {
      const port = await freePort();
      const url = `redis://127.0.0.1:${port}`;
      const logs: string[] = [];
      const log = (message: string) => logs.push(message);
      const [a, b] = [openRedis(url, {}, log), openRedis(url, {}, log)];
      clients.push(a, b);
      await sleep(300);
      expect(logs).toHaveLength(1);
      servers.push(await tcpRelay(port, new URL(redisUrl), 6379));
      expect(await a.ping()).toBe('PONG');
      expect(await b.ping()).toBe('PONG');
      expect(logs).toHaveLength(2);
      expect(logs[1]).toBe('Redis répond de nouveau.');
    });
  });
}
