import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  DELIBERATIONS_PROJECTION,
  JURYS,
  listCollection,
  LIST_PROJECTION,
  NotFoundError,
  PV_ARCHIVES_PROJECTION,
  pvArchivesCollection,
  RESULTS_PROJECTION,
  resultsCollection,
  ValidationError,
  type PvArchiveDocument,
  type ReadModelDocument,
  type RouteId,
} from '@examens-pro/domain';
import type { DocumentStorage, ReadStore } from '@examens-pro/platform';
import { checkArchivedPv, readAllItems, sessionJuryStates } from '@examens-pro/application';
import { readers } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';
import { sessionOf, sessionsOf } from '../sessionChoices.js';

type Doc = ReadModelDocument & Record<string, unknown>;

const ARCHIVE: RouteId = 'espace-examen/archives-des-proces-verbal/sauvegarde';
const CONSULT: RouteId = 'espace-examen/archives-des-proces-verbal/consultations';
const RESULTS: RouteId = 'espace-examen/gestion-des-admissions/resultat-et-pv';

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];

/**
 * The archived PVs (`/api/archives-pv/…`; the list itself is the generic resource's):
 * - GET `choix?sessionId=&juryId=` → the sessions; for one, its juries with their deliberation's
 *   statut; for a jury, its centres d'examen with their deliberated candidates and the versions
 *   archived of each (« Sauvegarde », « Résultats et PV »);
 * - GET `/:id/fichier` → an archived version's bytes as stored (`?apercu=1`: shown inline);
 * - GET `/:id/verification` → its bytes hashed again: « Intègre » or « Altéré ».
 */
export const pvArchiveQueryRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly storage: DocumentStorage;
}> = async (app, { readStore, storage }) => {
  const archives = readStore.collection<PvArchiveDocument>(pvArchivesCollection);
  const find = async (id: string) => {
    const doc = await archives.get(id);
    if (!doc) throw new NotFoundError('Ce procès-verbal archivé est introuvable.');
    return doc;
  };

  app.get<{ Querystring: { sessionId?: string; juryId?: string } }>(
    '/choix',
    readers(ARCHIVE, RESULTS),
    async (request, reply) => {
      await awaitPosition(request, reply, {
        readStore,
        projections: [
          PV_ARCHIVES_PROJECTION,
          DELIBERATIONS_PROJECTION,
          RESULTS_PROJECTION,
          LIST_PROJECTION,
        ],
      });
      const sessions = await sessionsOf(readStore);
      if (!request.query.sessionId) return { sessions };
      const session = await sessionOf(readStore, request.query.sessionId);
      const jurys = await sessionJuryStates(readStore, session.id);
      const juryId = request.query.juryId?.trim();
      if (!juryId) return { sessions, jurys };
      if (!jurys.some((j) => j.id === juryId))
        throw new ValidationError('Ce jury n’est pas un jury de cette session.', {
          juryId: 'Ce jury n’est pas un jury de cette session.',
        });
      const juryDoc = await readStore.collection<Doc>(listCollection(JURYS)).get(juryId);
      const centres = new Map(
        (await readAllItems(readStore, 'centres-examen')).map((c) => [c.id, c]),
      );
      const counts = new Map(
        (
          await readStore
            .collection(resultsCollection)
            .group({ filter: { juryId }, by: ['centreExamenId'] })
        ).map((g) => [String(g.key.centreExamenId ?? ''), g.count]),
      );
      const versions: PvArchiveDocument[] = [];
      for await (const doc of archives.stream({
        filter: { juryId },
        sort: [{ field: 'numeroVersion', order: 'DESC' }],
      }))
        versions.push(doc);
      return {
        sessions,
        jurys,
        centres: ids(juryDoc?.centreExamenIds)
          .map((id) => ({
            id,
            libelle: String(centres.get(id)?.libelle ?? id),
            candidats: counts.get(id) ?? 0,
            versions: versions.filter((v) => v.centreExamenId === id),
          }))
          .sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr')),
      };
    },
  );

  const serve = async (reply: FastifyReply, doc: PvArchiveDocument, inline: boolean) => {
    if (!storage.exists(doc.fichier))
      throw new NotFoundError('Le fichier de ce procès-verbal archivé est introuvable.');
    const name = doc.nomFichier.replace(/\.pdf$/, `-v${doc.numeroVersion}.pdf`);
    reply
      .type('application/pdf')
      .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
      // Named after its content: an archived version never changes.
      .header('Cache-Control', 'private, max-age=31536000, immutable')
      .header('Digest', `sha-256=${Buffer.from(doc.sha256, 'hex').toString('base64')}`);
    return reply.send(storage.read(doc.fichier));
  };

  app.get<{ Params: { id: string }; Querystring: { apercu?: string } }>(
    '/:id/fichier',
    readers(ARCHIVE, CONSULT),
    async (request, reply) =>
      serve(reply, await find(request.params.id), request.query.apercu === '1'),
  );

  app.get<{ Params: { id: string } }>(
    '/:id/verification',
    readers(ARCHIVE, CONSULT),
    async (request) => {
      const doc = await find(request.params.id);
      return {
        id: doc.id,
        numeroVersion: doc.numeroVersion,
        ...(await checkArchivedPv(storage, doc)),
      };
    },
  );
};
