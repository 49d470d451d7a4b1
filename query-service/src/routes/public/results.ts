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
import type { ReadStore, SignInLimiter } from '@examens-pro/platform';
import type { PublicNames } from './names.js';

/**
 * `POST /api/public/resultats { numeroCandidat, dateNaissance }` (`/resultat-examen`): the
 * candidate's results in the sessions whose results are visible, from the closed deliberations.
 * An unknown number, a wrong date and a hidden session get the same 404 by the same path (one read
 * by the key number+date, the visibility read, a failure counted), so nothing tells them apart;
 * 5 failures on one number within an hour lock it for the hour (429, the wait in French), on top of
 * the budget per client address.
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
    const locked = await lookupLimiter.lockedUntil(numeroCandidat, now);
    if (locked !== null) {
      const seconds = Math.max(1, Math.ceil((locked - now) / 1000));
      return reply
        .code(429)
        .header('Retry-After', String(seconds))
        .send({
          message: publicResultLockedMessage(Math.ceil(seconds / 60)),
          code: 'trop-de-tentatives',
        });
    }
    const doc = await results.get(publicResultKey(numeroCandidat, dateNaissance));
    const entries = doc?.entrees ?? [];
    // Always one visibility read at least, found or not: the same work for every answer.
    const sessions = [...new Set(entries.map((e) => e.sessionId))];
    const shown = await visibilities.getMany(sessions.length > 0 ? sessions : ['-']);
    const visible = new Map(shown.filter((v) => v.visible).map((v) => [v.sessionId, v]));
    const published = entries.filter((e) => visible.has(e.sessionId));
    if (published.length === 0) {
      await lookupLimiter.recordFailure(numeroCandidat, now);
      return reply
        .code(404)
        .send({ message: PUBLIC_RESULT_NOT_FOUND, code: 'resultat-introuvable' });
    }
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
