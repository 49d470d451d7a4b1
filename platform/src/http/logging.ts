import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the access log says of a request: its method, its path without the query string (a name
 * searched for, an attestation's verification code, a filter: none belongs in a log) and the
 * client's address. Routes whose path itself carries a secret name the route instead (receipts).
 */
export const requestLogLine = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.split('?', 1)[0],
  remoteAddress: request.ip,
});

/** The logger options of every service: the given ones, with the access log's request line above. */
export const privateLogger = (
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] => {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestLogLine } };
};
