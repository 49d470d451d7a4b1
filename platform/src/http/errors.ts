import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDomainError, ValidationError } from '@examens-pro/domain';

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

/**
 * One error handler per service: domain errors keep their status and French message, Fastify's own
 * client errors are translated, and the text of a 5xx never leaves the server.
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
