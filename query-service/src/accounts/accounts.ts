import type { FastifyPluginAsync } from 'fastify';
import {
  mayGrant,
  NotFoundError,
  profilesCollection,
  resourceRequirement,
  SITE_SETTINGS_ID,
  siteSettingsCollection,
  usersCollection,
  type ProfileDocument,
  type SiteSettingsDocument,
  type UserDocument,
} from '@examens-pro/domain';
import {
  checkAccess,
  etag,
  officeTimeZone,
  sessionTimes,
  type ReadStore,
} from '@examens-pro/platform';
import { permissionReaders } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';

/** What `GET /api/informations` tells about the running product. */
export interface ProductInformation {
  readonly version: string;
  readonly buildId: string;
  readonly environnement: string;
  readonly adaptateurs: {
    readonly evenements: string;
    readonly lectures: string;
    readonly travaux: string;
    readonly sessions: string;
  };
}

export interface AccountReadOptions {
  readonly readStore: ReadStore;
  readonly information: () => ProductInformation;
}

/**
 * GET /api/mon-compte (one's own account), GET /api/maintenance (public: the public pages ask it)
 * and GET /api/informations (version, environment, one's session, the office's time zone
 * `fuseauHoraire`, in which the dashboard shows every time).
 */
export const accountReadRoutes: FastifyPluginAsync<AccountReadOptions> = async (
  app,
  { readStore, information },
) => {
  await readStore.ensureCollection(usersCollection);
  await readStore.ensureCollection(siteSettingsCollection);
  await readStore.ensureCollection(profilesCollection);
  const users = readStore.collection<UserDocument>(usersCollection);
  const profiles = readStore.collection<ProfileDocument>(profilesCollection);
  const settings = readStore.collection<SiteSettingsDocument>(siteSettingsCollection);
  const timeZone = officeTimeZone();

  app.get('/api/mon-compte', async (request, reply) => {
    const principal = await checkAccess(request, { anyOf: [] });
    await awaitPosition(request, reply, { readStore, projections: ['utilisateurs'] });
    const doc = await users.get(principal.user.id);
    if (!doc) throw new NotFoundError('Votre compte est introuvable.');
    reply.header('ETag', etag(doc.version));
    return doc;
  });

  /**
   * The profiles the caller may give an account: those whose permissions are all among
   * the caller's, by libellé, for whoever creates or modifies users or enrôleurs. The user and
   * enrôleur forms offer these only; the commands refuse any other.
   */
  const givers = [
    ...new Set([
      ...resourceRequirement('utilisateurs', 'write'),
      ...resourceRequirement('enroleurs', 'write'),
    ]),
  ];
  app.get('/api/profils/attribuables', permissionReaders(givers), async (request, reply) => {
    await awaitPosition(request, reply, { readStore, projections: ['profils'] });
    const held = request.principal!.permissions;
    const found: ProfileDocument[] = [];
    const page = 500;
    for (let skip = 0; ; skip += page) {
      const { items } = await profiles.list({
        sort: [{ field: 'libelle', order: 'ASC' }],
        skip,
        limit: page,
      });
      found.push(...items.filter((profile) => mayGrant(held, profile.permissions)));
      if (items.length < page) break;
    }
    reply.header('Cache-Control', 'no-store');
    return found;
  });

  app.get('/api/maintenance', async (request, reply) => {
    await awaitPosition(request, reply, { readStore, projections: ['parametres-site'] });
    const doc = await settings.get(SITE_SETTINGS_ID);
    reply.header('Cache-Control', 'no-store');
    return { active: doc?.maintenance ?? false, message: doc?.message ?? '' };
  });

  app.get('/api/informations', async (request, reply) => {
    await checkAccess(request, { anyOf: [] });
    reply.header('Cache-Control', 'no-store');
    const signedInAt = request.session.signedInAt!;
    return {
      ...information(),
      session: sessionTimes(signedInAt),
      heureServeur: new Date().toISOString(),
      fuseauHoraire: timeZone,
    };
  });
};
