import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  requirementFor,
  routeById,
  type Access,
  type CommandContext,
  type RouteId,
} from '@examens-pro/domain';
import {
  beforeBody,
  commandIdOf,
  etag,
  JSON_BODY_LIMIT,
  newItemId,
  requiredRevision,
  requireAccess,
} from '@examens-pro/platform';
import type { CommandAnswer } from '@examens-pro/platform';
import { commandContext } from './context.js';
import { may } from './guard.js';

type Params = { id: string };

/** Who may: the route-table permissions of a resource, or of one screen of the route table. */
type Guard =
  | { readonly resource: string; readonly route?: undefined }
  | { readonly route: RouteId; readonly resource?: undefined };

type CommandRoute<Input, Answer> = Guard & {
  readonly method: 'POST' | 'PUT' | 'DELETE';
  /** Under the resource's prefix: `/`, `/:id`, `/:id/desactiver`, `/:juryId/cloture`… */
  readonly url: string;
  /** Which of the guard's permissions: writing, deleting, or a named action of the route. */
  readonly access: Exclude<Access, 'read'>;
  /**
   * Whether the client must say which revision it read (If-Match, 428 without it): by default on
   * `/:id` routes, the records a screen edits; commands that read their aggregate afresh and
   * decide on it (a jury's deliberation, a session's visibility) say `false`.
   */
  readonly ifMatch?: boolean;
  /** The status of a success: 201 by default when the URL names no record, else 200. */
  readonly status?: 200 | 201 | 202;
  /** The most its body may weigh (413 beyond, from the declared length): JSON_BODY_LIMIT unless a file. */
  readonly bodyLimit?: number;
  /**
   * Parses the body into the command's input (a French 400 on bad input, before anything else).
   * The context gives the rules about today (a date of birth is past) the command's instant.
   */
  readonly input?: (body: unknown, context: CommandContext) => Input;
  /**
   * Runs the command. `id` is the path's, or for a creation one derived from the command id (a
   * retried creation names the same item); `revision` is the If-Match the client read.
   */
  readonly run: (command: {
    readonly id: string;
    readonly input: Input;
    readonly revision: number;
    readonly context: CommandContext;
    readonly request: FastifyRequest;
  }) => Promise<Answer>;
};

const guardOf = (route: Guard, access: Exclude<Access, 'read'>) =>
  route.route !== undefined
    ? requireAccess(requirementFor(routeById(route.route), access))
    : may(route.resource, access);

/**
 * One command route, the same way everywhere: the route table's permission (checked on arrival,
 * before the body is read), a body limit of its own, the input parsed,
 * If-Match required on an existing item (428 without it), the command id (Idempotency-Key) and the
 * actor in the context, 201 on creation, the new revision as ETag, `{ id, revision, position }`.
 */
export const commandRoute = <Input = undefined, Answer extends object = CommandAnswer>(
  app: FastifyInstance,
  route: CommandRoute<Input, Answer>,
): void => {
  const creation = !route.url.includes(':');
  const ifMatch = route.ifMatch ?? route.url.includes(':id');
  const status = route.status ?? (creation ? 201 : 200);
  app.route<{ Params: Params }>({
    method: route.method,
    url: route.url,
    // Sign-in and permission before the body is read (the CSRF token is checked as early).
    onRequest: beforeBody(guardOf(route, route.access)),
    bodyLimit: route.bodyLimit ?? JSON_BODY_LIMIT,
    handler: async (request, reply) => {
      const revision = ifMatch ? requiredRevision(request) : -1;
      const context = commandContext(request, commandIdOf(request));
      const input = (route.input ? route.input(request.body, context) : undefined) as Input;
      const id = creation ? newItemId(context.commandId) : (request.params.id ?? '');
      const result = await route.run({ id, input, revision, context, request });
      reply.status(status);
      // A command on one aggregate answers its new revision; a batch answers per item.
      if ('revision' in result && typeof result.revision === 'number')
        reply.header('ETag', etag(result.revision));
      return result;
    },
  });
};

/** Deactivation and reactivation, alike on every resource that has them. */
export const activationRoutes = (
  app: FastifyInstance,
  resource: string,
  setActive: (
    id: string,
    active: boolean,
    revision: number,
    context: CommandContext,
  ) => Promise<CommandAnswer>,
): void => {
  for (const [action, active] of [
    ['desactiver', false],
    ['reactiver', true],
  ] as const)
    commandRoute(app, {
      method: 'POST',
      url: `/:id/${action}`,
      resource,
      access: 'write',
      run: ({ id, revision, context }) => setActive(id, active, revision, context),
    });
};

/** The commands of a resource's records: create, modify, and delete when it has one. */
export interface RecordCommands<Input> {
  create(id: string, input: Input, context: CommandContext): Promise<CommandAnswer>;
  modify(
    id: string,
    input: Input,
    revision: number,
    context: CommandContext,
  ): Promise<CommandAnswer>;
  remove?(id: string, revision: number, context: CommandContext): Promise<CommandAnswer>;
}

/** POST /, PUT /:id and DELETE /:id of a resource, alike everywhere. */
export const recordRoutes = <Input>(
  app: FastifyInstance,
  resource: string,
  input: (body: unknown, context: CommandContext) => Input,
  commands: RecordCommands<Input>,
): void => {
  commandRoute(app, {
    method: 'POST',
    url: '/',
    resource,
    access: 'write',
    input,
    run: ({ id, input, context }) => commands.create(id, input, context),
  });
  commandRoute(app, {
    method: 'PUT',
    url: '/:id',
    resource,
    access: 'write',
    input,
    run: ({ id, input, revision, context }) => commands.modify(id, input, revision, context),
  });
  const remove = commands.remove?.bind(commands);
  if (remove)
    commandRoute(app, {
      method: 'DELETE',
      url: '/:id',
      resource,
      access: 'remove',
      run: ({ id, revision, context }) => remove(id, revision, context),
    });
};
