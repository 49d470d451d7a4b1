import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MongoNetworkError, MongoServerSelectionError } from 'mongodb';
import { isDomainError, ValidationError } from '@examens-pro/domain/kernel';

/**
 * The body limit of a command that takes no file (Fastify's default, said out loud): a route that
 * takes a file or a list sets its own (`bodyLimit` beside `onRequest: requireAccess(…)`).
 */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Body of every error answer: react-admin shows `message` and puts `errors` under the form fields. */
export interface ErrorBody {
  readonly message: string;
  readonly code?: string;
  readonly errors?: Record<string, string>;
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Le contenu envoyé n’est pas un JSON valide.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le contenu envoyé est vide alors qu’un JSON est attendu.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Le contenu envoyé est trop volumineux.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Longueur de contenu invalide.',
};

/** How long a client is asked to wait, in seconds, when a server behind the service is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const READ_STORE_UNAVAILABLE_MESSAGE =
  'Service momentanément indisponible : la base de lecture ne répond pas. Réessayez dans un instant.';
export const SESSIONS_UNAVAILABLE_MESSAGE =
  'Service momentanément indisponible : le stockage des sessions ne répond pas. Réessayez dans un instant.';

/**
 * The French answer when `error` says a server the request needs does not answer: MongoDB (no
 * server selected in time, connection lost or timed out) or Redis (ioredis gave up the command
 * while reconnecting, or lost its connection). None for any other error. The causes of a wrapped
 * error are looked at too.
 */
export const unavailableServerMessage = (error: unknown): string | undefined => {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof MongoServerSelectionError || current instanceof MongoNetworkError)
      return READ_STORE_UNAVAILABLE_MESSAGE;
    if (current.name === 'MaxRetriesPerRequestError' || current.message === 'Connection is closed.')
      return SESSIONS_UNAVAILABLE_MESSAGE;
    current = current.cause;
  }
  return undefined;
};

/**
 * One error handler per service: domain errors keep their status and French message, Fastify's own
 * client errors are translated, a server that does not answer (MongoDB, Redis) is a 503 with
 * `Retry-After`, and the text of a 5xx never leaves the server.
 */
export const installErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler(
    (error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (isDomainError(error)) {
        const body: ErrorBody = {
          message: error.message,
          code: error.code,
          ...(error instanceof ValidationError && Object.keys(error.fields).length > 0
            ? { errors: error.fields }
            : {}),
        };
        return reply.status(error.status).send(body);
      }
      const status = (error as FastifyError).statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code = (error as FastifyError).code;
        const message = (code && FASTIFY_MESSAGES[code]) ?? 'Requête invalide.';
        return reply.status(status).send({ message, code: 'requete-invalide' } satisfies ErrorBody);
      }
      const unavailable = unavailableServerMessage(error);
      if (unavailable) {
        // An outage is the operator's to see, once per request, without the whole stack.
        request.log.warn(`Service indisponible (503) : ${error.name} : ${error.message}`);
        return reply
          .status(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({ message: unavailable, code: 'service-indisponible' } satisfies ErrorBody);
      }
      request.log.error({ err: error }, 'erreur interne');
      return reply.status(500).send({
        message: 'Erreur interne du serveur.',
        code: 'erreur-interne',
      } satisfies ErrorBody);
    },
  );
};

/** The 404 answer of the API; set once, by whoever owns the root (a server or the embedded process). */
export const installNotFoundHandler = (app: FastifyInstance): void => {
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      message: `Page non retrouvée : ${request.url.split('?')[0]}`,
      code: 'introuvable',
    } satisfies ErrorBody),
  );
};
