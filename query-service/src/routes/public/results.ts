import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import {
  parsePublicResultLookup,
  PUBLIC_RESULT_NOT_FOUND,
  publicResultAnswer,
  publicResultKey,
  publicResultLockedMessage,
  publicResultsCollection,
  resultsVisibilityCollection,
  type PublicResultDocument,
  type ResultsVisibilityDocument,
} from '@examens-pro/domain';
import {
  clientKeyOf,
  RESULTS_NUMBER_SLOWDOWN,
  type ReadStore,
  type SignInLimiter,
} from '@examens-pro/platform';
import type { PublicNames } from './names.js';

/**
 * `POST /api/public/resultats { numeroCandidat, dateNaissance }` (`/resultat-examen`): the
 * candidate's results in the sessions whose results are visible, from the closed deliberations.
 * An unknown number, a wrong date and a hidden session get the same 404 by the same path (one read
 * by the key number+date, the visibility read, a failure counted), so nothing tells them apart.
 *
 * Failures are counted per client address (an IPv6 one by its /64) and number: 5 within an hour
 * refuse that number to that address for the hour (429, the wait in French), counted before the
 * lookup is evaluated, so that simultaneous guesses get no more. Nobody else is refused: a number
 * that many addresses fail on (`RESULTS_NUMBER_SLOWDOWN`) is only slowed, each of its lookups
 * waiting a moment, so that no one can lock a candidate out on results day. The budget of requests
 * per address comes on top.
 */
export const publicResultRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly lookupLimiter: SignInLimiter;
  readonly names: PublicNames;
  readonly limit: onRequestHookHandler;
}> = async (app, { readStore, lookupLimiter, names, limit }) => {
  await readStore.ensureCollection(publicResultsCollection);
  await readStore.ensureCollection(resultsVisibilityCollection);
  const results = readStore.collection<PublicResultDocument>(publicResultsCollection);
  const visibilities = readStore.collection<ResultsVisibilityDocument>(resultsVisibilityCollection);

  app.post('/resultats', { onRequest: limit }, async (request, reply) => {
    const { numeroCandidat, dateNaissance } = parsePublicResultLookup(request.body);
    const now = Date.now();
    // This client's attempts on this number (reserved before the lookup), then the number's own.
    const pair = `${numeroCandidat}@${clientKeyOf(request.ip)}`;
    const reservation = await lookupLimiter.reserve(pair, now);
    if (!reservation.granted) {
      const seconds = Math.max(1, Math.ceil((reservation.lockedUntil - now) / 1000));
      return reply
        .code(429)
        .header('Retry-After', String(seconds))
        .send({
          message: publicResultLockedMessage(Math.ceil(seconds / 60)),
          code: 'trop-de-tentatives',
        });
    }
    if ((await lookupLimiter.failures(numeroCandidat, now)) >= RESULTS_NUMBER_SLOWDOWN.failures)
      await new Promise((done) => setTimeout(done, RESULTS_NUMBER_SLOWDOWN.delayMs));
    const doc = await results.get(publicResultKey(numeroCandidat, dateNaissance));
    const entries = doc?.entrees ?? [];
    // Always one visibility read at least, found or not: the same work for every answer.
    const sessions = [...new Set(entries.map((e) => e.sessionId))];
    const shown = await visibilities.getMany(sessions.length > 0 ? sessions : ['-']);
    const visible = new Map(shown.filter((v) => v.visible).map((v) => [v.sessionId, v]));
    const published = entries.filter((e) => visible.has(e.sessionId));
    if (published.length === 0) {
      // The reservation stays counted for this client; the number counts one more failure.
      await lookupLimiter.recordFailure(numeroCandidat, now);
      return reply
        .code(404)
        .send({ message: PUBLIC_RESULT_NOT_FOUND, code: 'resultat-introuvable' });
    }
    await lookupLimiter.release(pair, reservation.ticket);
    const answers = await Promise.all(
      published
        .slice()
        .reverse()
        .map(async (entry) =>
          publicResultAnswer(
            entry,
            {
              ...(await names.session(entry.sessionId)),
              metier: await names.metier(entry.metierId),
            },
            visible.get(entry.sessionId)!.moyenneVisible,
          ),
        ),
    );
    return { resultats: answers };
  });
};
