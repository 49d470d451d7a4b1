import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_NOT_FOUND,
  candidatureDecider,
  fold,
  INCIDENT_CATEGORY,
  incidentDecider,
  NotFoundError,
  parseIncident,
  parseIncidentStatus,
  PIECE_MAX_BYTES,
  registrationIncidentKind,
  streamName,
  ValidationError,
  type Access,
  type CandidatureEvent,
  type CommandContext,
  type Decider,
  type Incident,
  type IncidentCommand,
  type IncidentDetails,
  type IncidentEvent,
  type IncidentKind,
  type IncidentStatus,
  type ListField,
  type PieceFile,
  type RegistrationIncidentData,
} from '@examens-pro/domain';
import { checkReferences, type EventStore } from '@examens-pro/platform';
import type { CommandAnswer } from '@examens-pro/platform';
import { aggregateRunner } from '@examens-pro/application';
import { commandRoute } from '../commandRoute.js';
import type { RouteDeps } from '../routeDeps.js';
import { acceptFiles, storeUpload, uploadedFile } from '../uploads.js';

// ---------------------------------------------------------------------------------------------
// The shared part: every kind of incident is recorded, takes an attachment, changes statut and
// may be deleted the same way; a kind says what its recording checks and names.

/** Another centre's incident does not exist for a reader attached to a centre (an enrôleur). */
const scoped = <D extends object>(
  kind: IncidentKind,
  decider: Decider<IncidentCommand<D>, IncidentEvent<D>, Incident>,
  scope: string | null,
): Decider<IncidentCommand<D>, IncidentEvent<D>, Incident> => ({
  ...decider,
  decide: (command, state) => {
    if (scope && state.status === 'present' && state.centreDepotId !== scope)
      throw new NotFoundError(kind.notFoundMessage);
    return decider.decide(command, state);
  },
});

/** The commands on one kind of incident, whose recording takes `Details`. */
export interface IncidentCommands<Details> {
  record(
    id: string,
    input: Details,
    scope: string | null,
    context: CommandContext,
  ): Promise<CommandAnswer>;
  attach(
    id: string,
    file: PieceFile,
    revision: number,
    scope: string | null,
    context: CommandContext,
  ): Promise<CommandAnswer>;
  changeStatus(
    id: string,
    input: { statut: IncidentStatus; commentaire: string },
    revision: number,
    scope: string | null,
    context: CommandContext,
  ): Promise<CommandAnswer>;
  remove(
    id: string,
    revision: number,
    scope: string | null,
    context: CommandContext,
  ): Promise<CommandAnswer>;
}

/**
 * The commands on one kind of incident; `scope` is the caller's centre de dépôt (an enrôleur's)
 * for a kind read per centre, else null. `prepare` checks a recording's details against the store
 * and gives what the recording names (a French 400 when a detail is refused).
 */
export const incidentCommandsOf = <Details, D extends object>(
  eventStore: EventStore,
  kind: IncidentKind,
  decider: Decider<IncidentCommand<D>, IncidentEvent<D>, Incident>,
  prepare: (input: Details, scope: string | null) => Promise<D>,
): IncidentCommands<Details> => {
  const runner = (scope: string | null) =>
    aggregateRunner(eventStore, kind.category, scoped(kind, decider, scope));
  return {
    async record(id: string, input: Details, scope: string | null, context: CommandContext) {
      const data = await prepare(input, scope);
      return (
        await runner(scope)(
          id,
          { type: 'RecordIncident', data: { incidentId: id, ...data } },
          context,
        )
      ).answer;
    },
    async attach(
      id: string,
      file: PieceFile,
      revision: number,
      scope: string | null,
      context: CommandContext,
    ) {
      return (
        await runner(scope)(
          id,
          { type: 'AttachToIncident', data: { incidentId: id, ...file } },
          context,
          revision,
        )
      ).answer;
    },
    async changeStatus(
      id: string,
      input: { statut: IncidentStatus; commentaire: string },
      revision: number,
      scope: string | null,
      context: CommandContext,
    ) {
      return (
        await runner(scope)(
          id,
          { type: 'ChangeIncidentStatus', data: { incidentId: id, ...input } },
          context,
          revision,
        )
      ).answer;
    },
    async remove(id: string, revision: number, scope: string | null, context: CommandContext) {
      return (
        await runner(scope)(
          id,
          { type: 'DeleteIncident', data: { incidentId: id } },
          context,
          revision,
        )
      ).answer;
    },
  };
};

/** Who may do what on one kind's routes: the route table's resource and access of each command. */
interface IncidentGuards {
  readonly record: { readonly resource: string; readonly access: Exclude<Access, 'read'> };
  readonly attach: { readonly resource: string; readonly access: Exclude<Access, 'read'> };
  readonly changeStatus: { readonly resource: string; readonly access: Exclude<Access, 'read'> };
  /** Absent: this kind's incidents are not deleted. */
  readonly remove?: { readonly resource: string; readonly access: Exclude<Access, 'read'> };
}

/**
 * POST / (the kind's details and a description), POST /:id/piece-jointe (the file's raw bytes: PDF
 * or image, ≤ 5 MB), POST /:id/statut { statut, commentaire } (« Changer le statut »), and DELETE
 * /:id where the kind has it; `scopeOf` gives the caller's scope for a kind read per centre.
 */
export const incidentRoutesOf = async <Details>(
  app: Parameters<FastifyPluginAsync>[0],
  options: {
    readonly commands: IncidentCommands<Details>;
    readonly parse: (body: unknown) => Details;
    readonly guards: IncidentGuards;
    readonly scopeOf: (request: FastifyRequest) => string | null;
    readonly storage: RouteDeps['storage'];
  },
): Promise<void> => {
  const { commands, guards, scopeOf, storage } = options;
  commandRoute(app, {
    method: 'POST',
    url: '/',
    ...guards.record,
    input: options.parse,
    run: ({ id, input, context, request }) => commands.record(id, input, scopeOf(request), context),
  });
  acceptFiles(app);
  commandRoute(app, {
    method: 'POST',
    url: '/:id/piece-jointe',
    ...guards.attach,
    bodyLimit: PIECE_MAX_BYTES,
    input: uploadedFile,
    run: async ({ id, input, revision, context, request }) =>
      commands.attach(
        id,
        await storeUpload(storage, input, request.headers['x-nom-fichier'], 'incident'),
        revision,
        scopeOf(request),
        context,
      ),
  });
  commandRoute(app, {
    method: 'POST',
    url: '/:id/statut',
    ...guards.changeStatus,
    input: parseIncidentStatus,
    run: ({ id, input, revision, context, request }) =>
      commands.changeStatus(id, input, revision, scopeOf(request), context),
  });
  if (guards.remove)
    commandRoute(app, {
      method: 'DELETE',
      url: '/:id',
      ...guards.remove,
      run: ({ id, revision, context, request }) =>
        commands.remove(id, revision, scopeOf(request), context),
    });
};

// ---------------------------------------------------------------------------------------------
// Registration incidents

/** The caller's centre de dépôt (an enrôleur's): their centre's incidents only. */
const centreOf = (request: FastifyRequest): string | null =>
  request.principal?.user.centreDepotId ?? null;

const TYPE_FIELD: ListField = {
  name: 'typeId',
  label: 'Type d’incident',
  type: 'reference',
  reference: 'types-incidents',
  required: true,
  inactiveMessage: 'Choisissez un type d’incident actif.',
};

/**
 * The commands on registration incidents; `scope` is the caller's centre de dépôt (an enrôleur's):
 * another centre's incident, or dossier, does not exist for them.
 */
export const incidentCommands = (eventStore: EventStore) =>
  incidentCommandsOf<IncidentDetails, RegistrationIncidentData>(
    eventStore,
    registrationIncidentKind,
    incidentDecider,
    async (input, scope) => {
      await checkReferences(eventStore, [TYPE_FIELD], { typeId: input.typeId });
      let dossier: { centreDepotId: string; numeroDossier: string; candidat: string } | null = null;
      if (input.candidatureId) {
        const state = fold(
          candidatureDecider,
          (await eventStore.readStream(
            streamName(CANDIDATURE_CATEGORY, input.candidatureId),
          )) as unknown as CandidatureEvent[],
        );
        if (state.status !== 'present' || (scope && state.centreDepotId !== scope))
          throw new ValidationError(CANDIDATURE_NOT_FOUND, {
            candidatureId: CANDIDATURE_NOT_FOUND,
          });
        dossier = {
          centreDepotId: state.centreDepotId,
          numeroDossier: state.numeroDossier,
          candidat: [state.values.nom, state.values.prenoms].filter(Boolean).join(' '),
        };
      }
      return {
        ...input,
        centreDepotId: dossier?.centreDepotId ?? scope,
        numeroDossier: dossier?.numeroDossier ?? null,
        candidat: dossier?.candidat ?? null,
      };
    },
  );

/**
 * /api/incidents-inscription: { typeId, candidatureId?, description } (« Enregistrer un
 * incident »), its attachment, « Changer le statut » and « Supprimer un incident ».
 */
export const incidentsRoutes: FastifyPluginAsync<RouteDeps> = async (
  app,
  { eventStore, storage },
) => {
  const resource = INCIDENT_CATEGORY;
  await incidentRoutesOf(app, {
    commands: incidentCommands(eventStore),
    parse: parseIncident,
    guards: {
      // Recording and attaching are « Mes incidents »' actions: whoever records reads their own.
      record: { resource: 'mes-incidents', access: { action: 'creer' } },
      attach: { resource: 'mes-incidents', access: { action: 'joindre' } },
      changeStatus: { resource, access: 'write' },
      remove: { resource, access: 'remove' },
    },
    scopeOf: centreOf,
    storage,
  });
};
