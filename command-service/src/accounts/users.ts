import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ENROLER_NOT_FOUND,
  fold,
  NotFoundError,
  ownAccountSchema,
  streamName,
  USER_CATEGORY,
  userDecider,
  ValidationError,
  type UserEvent,
  parseInput,
  profileInputSchema,
  resetPasswordSchema,
  userCreateSchema,
  userModifySchema,
  usersResource,
} from '@examens-pro/domain';
import { callerCentre } from '@examens-pro/platform';
import { accountTrust, profileCommands, userCommands } from '@examens-pro/application';
import { signInJournalFor } from './signInJournal.js';
import { commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';

/** What the person acting holds (the route's guard put them on the request). */
const heldBy = (request: { principal?: { permissions: ReadonlySet<string> } }) =>
  request.principal?.permissions ?? new Set<string>();

/**
 * /api/utilisateurs and /api/enroleurs (users attached to a centre de dépôt, under their own
 * permissions). Users are never deleted (their name stays on every event they signed):
 * deactivation is the deletion, guarded by "Supprimer un utilisateur" / "Supprimer un enrôleur".
 * Whoever acts gives only a profile within their own permissions, and acts only on accounts whose
 * profile is (`accountTrust`: 403 naming what they lack). A person attached to a centre de dépôt
 * acts only on that centre's accounts (another centre's, or a national one, answers 404, here and
 * in the services' centre scope hook) and attaches an account to that centre only.
 */
export const usersRoutes: FastifyPluginAsync<
  RouteDeps & { resource?: 'utilisateurs' | 'enroleurs' }
> = async (app, { eventStore, resource = 'utilisateurs' }) => {
  const users = userCommands(eventStore);
  const trust = accountTrust(eventStore);
  const enrolers = resource === 'enroleurs';
  /** Through /api/enroleurs a centre de dépôt is required, and only enrôleurs are reached. */
  const withCentre = <T extends { centreDepotId: string | null }>(input: T): T => {
    if (enrolers && !input.centreDepotId)
      throw new ValidationError(CENTRE_MISSING, { centreDepotId: CENTRE_MISSING });
    return input;
  };
  /**
   * The account as the person acting may reach it: through /api/enroleurs an enrôleur only; for a
   * person attached to a centre, an account of that centre only (from its stream: the read model
   * the scope hook reads may lag behind a move).
   */
  const reachable = async (id: string, request: FastifyRequest): Promise<string> => {
    const centre = callerCentre(request);
    if (!enrolers && !centre) return id;
    const user = fold(
      userDecider,
      (await eventStore.readStream(streamName(USER_CATEGORY, id))) as unknown as UserEvent[],
    );
    if (
      user.status === 'absent' ||
      (enrolers && !user.centreDepotId) ||
      (centre && user.centreDepotId !== centre)
    )
      throw new NotFoundError(enrolers ? ENROLER_NOT_FOUND : usersResource.notFoundMessage);
    return id;
  };

  commandRoute(app, {
    method: 'POST',
    url: '/',
    resource,
    access: 'write',
    input: (body) => withCentre(parseInput(userCreateSchema, body)),
    run: async ({ id, input, context, request }) => {
      await trust.mayGive(heldBy(request), input.profilId);
      return users.create(id, input, context, callerCentre(request));
    },
  });
  commandRoute(app, {
    method: 'PUT',
    url: '/:id',
    resource,
    access: 'write',
    input: (body) => withCentre(parseInput(userModifySchema, body)),
    run: async ({ id, input, revision, context, request }) => {
      await reachable(id, request);
      await trust.mayActOn(heldBy(request), id, 'modifier-compte');
      await trust.mayGive(heldBy(request), input.profilId);
      return users.modify(id, input, revision, context, callerCentre(request));
    },
  });
  // Deactivation is the users' deletion: guarded by "Supprimer".
  commandRoute(app, {
    method: 'POST',
    url: '/:id/desactiver',
    resource,
    access: 'remove',
    run: async ({ id, revision, context, request }) => {
      await reachable(id, request);
      await trust.mayActOn(heldBy(request), id, 'desactiver');
      return users.deactivate(id, revision, context);
    },
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/reactiver',
    resource,
    access: 'write',
    run: async ({ id, revision, context, request }) => {
      await reachable(id, request);
      await trust.mayActOn(heldBy(request), id, 'reactiver');
      return users.reactivate(id, revision, context);
    },
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/reinitialiser-mot-de-passe',
    resource,
    access: 'write',
    input: (body) => parseInput(resetPasswordSchema, body),
    run: async ({ id, input, revision, context, request }) => {
      await reachable(id, request);
      await trust.mayActOn(heldBy(request), id, 'reinitialiser');
      const journal = signInJournalFor(eventStore, request, context.commandId);
      return users.resetPassword(
        id,
        input.motDePasse,
        revision,
        context,
        // The administrator acted; the entry is about the account reset.
        (user) => journal('PasswordResetJournaled', { login: user.login, user }, {}, context.actor),
      );
    },
  });
};

const CENTRE_MISSING = 'Le centre de dépôt est obligatoire pour un enrôleur.';

/**
 * /api/profils: whoever writes a profile gives it only permissions they hold, and edits or deletes
 * only a profile whose permissions they hold (`accountTrust`: 403 naming what they lack).
 */
export const profilesRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, readStore },
) => {
  const profiles = profileCommands(eventStore, readStore);
  const trust = accountTrust(eventStore);
  const input = (body: unknown) => parseInput(profileInputSchema, body);
  commandRoute(app, {
    method: 'POST',
    url: '/',
    resource: 'profils',
    access: 'write',
    input,
    run: async ({ id, input, context, request }) => {
      await trust.mayWriteProfile(heldBy(request), null, input.permissions);
      return profiles.create(id, input, context);
    },
  });
  commandRoute(app, {
    method: 'PUT',
    url: '/:id',
    resource: 'profils',
    access: 'write',
    input,
    run: async ({ id, input, revision, context, request }) => {
      await trust.mayWriteProfile(heldBy(request), id, input.permissions);
      return profiles.modify(id, input, revision, context);
    },
  });
  commandRoute(app, {
    method: 'DELETE',
    url: '/:id',
    resource: 'profils',
    access: 'remove',
    run: async ({ id, revision, context, request }) => {
      await trust.mayWriteProfile(heldBy(request), id, null);
      return profiles.remove(id, revision, context);
    },
  });
};

/** PUT /api/mon-compte: one's own details ("Enregistrer son compte"). */
export const ownAccountRoutes: FastifyPluginAsync<RouteDeps> = async (app, { eventStore }) => {
  const users = userCommands(eventStore);
  // The account is the caller's own: its revision is required though the URL names no record.
  commandRoute(app, {
    method: 'PUT',
    url: '/',
    anyOf: ['compte.enregistrer'],
    ifMatch: true,
    status: 200,
    input: (body) => parseInput(ownAccountSchema, body),
    run: ({ input, revision, context }) => users.modifyOwnAccount(input, revision, context),
  });
};
