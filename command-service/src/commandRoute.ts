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

type CommandAccess = Exclude<Access, 'read'>;

/**
 * Who may: the route-table permissions of a resource, or of one screen of the route table, for
 * writing, deleting or a named action; or the permissions themselves (any of them), for a command
 * that is no screen's record (one's own account, the maintenance switch). When they depend on what
 * is asked (a document's kind), they are read from the body, checked once it is read and parsed:
 * a bad body is still a 400 before a 401 or 403.
 */
type Guard =
  | {
      readonly resource: string;
      readonly access: CommandAccess;
      readonly route?: undefined;
      readonly anyOf?: undefined;
    }
  | {
      readonly route: RouteId;
      readonly access: CommandAccess;
      readonly resource?: undefined;
      readonly anyOf?: undefined;
    }
  | {
      readonly anyOf: readonly string[] | ((body: unknown) => readonly string[]);
      readonly access?: undefined;
      readonly resource?: undefined;
      readonly route?: undefined;
    };

const ANSWERED = Symbol('answered');

/** An answer whose status its outcome decides: a list refused row by row, an unchanged version. */
export interface Answered<Body extends object> {
  readonly [ANSWERED]: true;
  readonly status: number;
  readonly body: Body;
}

/** `run`'s answer with a status of its own (200 or 201 as it turned out, 400 with the bad rows). */
export const answerWith = <Body extends object>(status: number, body: Body): Answered<Body> => ({
  [ANSWERED]: true,
  status,
  body,
});

const isAnswered = (result: object): result is Answered<object> => ANSWERED in result;

type CommandRoute<Input, Answer extends object> = Guard & {
  readonly method: 'POST' | 'PUT' | 'DELETE';
  /** Under the resource's prefix: `/`, `/:id`, `/:id/desactiver`, `/:juryId/cloture`… */
  readonly url: string;
  /**
   * Whether the client must say which revision it read (If-Match, 428 without it): by default on
   * `/:id` routes, the records a screen edits; commands that read their aggregate afresh and
   * decide on it (a jury's deliberation, a session's visibility) say `false`.
   */
  readonly ifMatch?: boolean;
  /**
   * The status of a success: 201 by default when the URL names no record, else 200; `run` may
   * decide it from the outcome with `answerWith`.
   */
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
   * retried creation names the same item); `revision` is the If-Match the client read; `request`
   * gives the rest (other path parameters, the query, a file's name, the caller's centre).
   */
  readonly run: (command: {
    readonly id: string;
    readonly input: Input;
    readonly revision: number;
    readonly context: CommandContext;
    readonly request: FastifyRequest;
  }) => Promise<Answer | Answered<object>>;
};

/** The guard's check: on arrival (`onRequest`) unless it reads the body (`preHandler`). */
const guardOf = (guard: Guard) => {
  if (guard.anyOf === undefined)
    return {
      onRequest: beforeBody(
        guard.route !== undefined
          ? requireAccess(requirementFor(routeById(guard.route), guard.access))
          : may(guard.resource, guard.access),
      ),
    };
  const { anyOf } = guard;
  if (typeof anyOf !== 'function') return { onRequest: beforeBody(requireAccess(anyOf)) };
  return { preHandler: requireAccess((request: FastifyRequest) => anyOf(request.body)) };
};

/**
 * Every command route of the service goes through here (ESLint refuses `app.post` and its kin
 * elsewhere). `accounts/auth.ts` alone keeps its own: `/api/auth/*` and `/api/can/uniq` are the
 * sign-in protocol (its own CSRF handling, no command id, no revision), not commands.
 *
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
    // Sign-in and permission before the body is read (the CSRF token is checked as early), but
    // for permissions that depend on the body.
    ...guardOf(route),
    bodyLimit: route.bodyLimit ?? JSON_BODY_LIMIT,
    handler: async (request, reply) => {
      const revision = ifMatch ? requiredRevision(request) : -1;
      const context = commandContext(request, commandIdOf(request));
      const input = (route.input ? route.input(request.body, context) : undefined) as Input;
      const id = creation ? newItemId(context.commandId) : (request.params.id ?? '');
      const result = await route.run({ id, input, revision, context, request });
      const answer = isAnswered(result) ? result.body : result;
      reply.status(isAnswered(result) ? result.status : status);
      // A command on one aggregate answers its new revision; a batch answers per item.
      if ('revision' in answer && typeof answer.revision === 'number')
        reply.header('ETag', etag(answer.revision));
      return answer;
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
