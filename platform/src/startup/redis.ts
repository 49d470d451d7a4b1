import { Redis, type RedisOptions } from 'ioredis';

/**
 * The clients a request waits on (sessions, failed sign-ins, rate limits): a command sent while
 * Redis is away fails after two tries to reconnect (at most ~4 s, at ioredis' 2 s between tries)
 * instead of twenty (~40 s), and the request is answered 503 (`installErrorHandling`).
 */
export const REQUEST_REDIS_OPTIONS: RedisOptions = { maxRetriesPerRequest: 1 };

/** Whether each Redis (by address) was last seen away by a client of this process. */
const away = new Map<string, boolean>();

/** Why a connection failed, as short as the error says it (an AggregateError has no message). */
const reasonOf = (error: Error): string =>
  error.message || (error as NodeJS.ErrnoException).code || error.name || 'erreur inconnue';

/**
 * A Redis client that reconnects by itself, as every ioredis client does, and says so: one
 * warning when Redis stops answering, one when it answers again, whatever the number of clients of
 * the process and of failed tries meanwhile (without an `error` listener, ioredis prints
 * « Unhandled error event » at every try). Every `new Redis` of the platform goes through here.
 */
export const openRedis = (
  url: string,
  options: RedisOptions = {},
  log: (message: string) => void = (message) => console.warn(message),
): Redis => {
  const client = new Redis(url, options);
  client.on('error', (error: Error) => {
    if (away.get(url)) return;
    away.set(url, true);
    log(`Redis ne répond pas (${reasonOf(error)}) ; nouvel essai en cours.`);
  });
  client.on('ready', () => {
    if (!away.get(url)) return;
    away.set(url, false);
    log('Redis répond de nouveau.');
  });
  return client;
};
