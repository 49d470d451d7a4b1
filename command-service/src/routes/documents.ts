import type { FastifyPluginAsync } from 'fastify';
import {
  DOCUMENT_CATEGORY,
  documentDecider,
  documentRequestSchema,
  documentRequirement,
  parseInput,
  streamName,
} from '@examens-pro/domain';
import { checkAccess, commandIdOf, handleCommand, newItemId } from '@examens-pro/platform';
import { commandContext } from '../context.js';
import type { RouteDeps } from './deps.js';

/** POST /api/documents { kind }: asks for a document; a worker makes it and records the outcome. */
export const documentsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { eventStore }) => {
  app.post('/', async (request, reply) => {
    const { kind } = parseInput(documentRequestSchema, request.body);
    // Whoever may open the screen a document comes from may ask for it.
    request.principal = await checkAccess(request, { anyOf: documentRequirement(kind) });
    const context = commandContext(request, commandIdOf(request));
    const documentId = newItemId(context.commandId);
    const outcome = await handleCommand(eventStore, {
      stream: streamName(DOCUMENT_CATEGORY, documentId),
      decider: documentDecider,
      command: { type: 'RequestDocument', data: { documentId, kind } },
      context,
    });
    reply.status(201);
    return { id: documentId, revision: outcome.revision, position: outcome.position };
  });
};
