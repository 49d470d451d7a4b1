import type { FastifyPluginAsync } from 'fastify';
import { centreScopeHook, installErrorHandling } from '@examens-pro/platform';
import { AGGREGATES, READ_RESOURCES, referenceList } from '@examens-pro/domain';
import { authRoutes, canRoutes } from './accounts/auth.js';
import { imagesRoutes } from './reference-lists/images.js';
import { personListsRoutes } from './registration/personLists.js';
import { listRoutes } from './reference-lists/lists.js';
import { sessionsRoutes } from './sessions/sessions.js';
import { candidaturesRoutes } from './registration/candidatures.js';
import { bulkRoutes } from './registration/candidatureBulk.js';
import { allocationRunsRoutes } from './allocation/allocation.js';
import { paymentStatementsRoutes } from './payments/paymentStatements.js';
import { incidentsRoutes } from './incidents/incidents.js';
import { examIncidentsRoutes } from './incidents/examIncidents.js';
import { documentsRoutes } from './documents/documents.js';
import { gradeSettingsRoutes, gradesRoutes } from './grades/grades.js';
import { deliberationsRoutes } from './deliberation/deliberations.js';
import { attestationsRoutes } from './certificates/attestations.js';
import { pvArchiveRoutes } from './deliberation/pvArchive.js';
import { resultsVisibilityRoutes } from './public-results/resultsVisibility.js';
import { maintenanceRoutes } from './accounts/maintenance.js';
import {
  admissionDecisionsRoutes,
  ministerSignatureRoutes,
} from './admission/admissionDecisions.js';
import type { RouteDeps } from './routeDeps.js';
import { signingCertificateRoutes } from './certificates/signingCertificate.js';
import { ownAccountRoutes, profilesRoutes, usersRoutes } from './accounts/users.js';

export type CommandServiceOptions = RouteDeps & {
  /** PUBLIC_URL: the origin of the addresses the sign-in service answers (see accounts/auth.ts). */
  readonly publicUrl?: string;
};

/** The command routes of a resource, by the manifests' resource names (lists: the generic ones). */
const commandModule = (
  resource: string,
):
  | ((app: Parameters<FastifyPluginAsync>[0], options: CommandServiceOptions) => Promise<void>)
  | undefined => {
  const list = referenceList(resource);
  if (list) return async (app, options) => app.register(listRoutes, { ...options, list });
  const modules: Record<string, FastifyPluginAsync<CommandServiceOptions>> = {
    documents: documentsRoutes,
    utilisateurs: usersRoutes,
    enroleurs: (app, options) => usersRoutes(app, { ...options, resource: 'enroleurs' }),
    profils: profilesRoutes,
    sessions: sessionsRoutes,
    candidatures: candidaturesRoutes,
    // Verifying (`/verifier`) and applying a list of agents.
    'listes-candidats': personListsRoutes,
    // Applying an automatic allocation previewed (`{ sessionId, empreinte }`).
    'affectations-automatiques': allocationRunsRoutes,
    // An action in bulk on dossiers (`{ action, ids | filtre, … }`): each dossier as by hand.
    'lots-candidatures': bulkRoutes,
    // A bank or mobile-money statement previewed, decided and applied as payments.
    'releves-paiement': paymentStatementsRoutes,
    'incidents-inscription': incidentsRoutes,
    'incidents-examen': examIncidentsRoutes,
    // A closed jury's generated PV archived as a new version (`{ documentId }`).
    'archives-pv': pvArchiveRoutes,
    // The minister's signature deposited (raw image bytes); a département's decisions prepared,
    // refreshed and signed.
    'signatures-ministre': ministerSignatureRoutes,
    'decisions-admission': admissionDecisionsRoutes,
  };
  const module = modules[resource];
  return module && (async (app, options) => app.register(module, options));
};

/**
 * The command service as a plugin: the embedded process and the standalone server both register it
 * (sessions are installed by whoever owns the root). Routes never read: they decide and append,
 * and answer `{ id, revision, position }`. Every route checks the session and permissions itself.
 */
export const commandService: FastifyPluginAsync<CommandServiceOptions> = async (app, options) => {
  installErrorHandling(app);
  // Centres stay apart: a command on another centre's dossier, incident or document is a 404.
  app.addHook('preValidation', centreScopeHook(options.readStore, READ_RESOURCES));
  await app.register(authRoutes, { prefix: '/api/auth', ...options });
  await app.register(canRoutes, { prefix: '/api/can' });
  await app.register(ownAccountRoutes, { prefix: '/api/mon-compte', ...options });
  await app.register(maintenanceRoutes, { prefix: '/api/maintenance', ...options });
  await app.register(imagesRoutes, { prefix: '/api/images', storage: options.storage });
  // A session's grade windows and double-entry rule; marks, imports and presences (the grade
  // sheets' commands: their read resources are read-only views).
  await app.register(gradeSettingsRoutes, { prefix: '/api/configurations-notes', ...options });
  await app.register(gradesRoutes, { prefix: '/api/notes', ...options });
  // A jury's deliberation: overrides, closing, re-deliberations (its resources are read-only views).
  await app.register(deliberationsRoutes, { prefix: '/api/deliberations', ...options });
  // The admitted candidates' attestations and diplomas, asked for as one PDF (read-only resource).
  await app.register(attestationsRoutes, { prefix: '/api/attestations', ...options });
  // The office's certificate the documents are signed with (deposited, revoked).
  await app.register(signingCertificateRoutes, { prefix: '/api/certificat-signature', ...options });
  // A session's results visible on the public lookup, with the average or not (a read-only view).
  await app.register(resultsVisibilityRoutes, {
    prefix: '/api/visibilites-resultats',
    ...options,
  });
  // Every aggregate staff write: its manifest's resources, one loop. A resource without command
  // routes is a declaration error, caught at start-up.
  for (const manifest of AGGREGATES.filter((m) => m.commands))
    for (const { name } of manifest.resources.filter((resource) => !resource.readOnly)) {
      const module = commandModule(name);
      if (!module) throw new Error(`Aucune route de commande pour « ${name} ».`);
      await app.register(async (scope) => module(scope, options), { prefix: `/api/${name}` });
    }
};
