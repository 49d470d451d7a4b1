import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  candidaturesCollection,
  candidaturesResource,
  identityCorrectionsCollection,
  identityCorrectionsResource,
  incidentsResource,
  NotFoundError,
  PIECES_REPORT_FILTERS,
  PIECES_REPORT_STATUSES,
  PIECES_REPORT_TABLE,
  piecesReport,
  routeById,
  requirementFor,
  sessionsCollection,
  ValidationError,
  type CandidatureDocument,
  type ExportRow,
  type IdentityCorrectionDocument,
  type IncidentDocumentBase,
  type ResourceDefinition,
} from '@examens-pro/domain';
import {
  requireAccess,
  type DocumentStorage,
  type Filter,
  type ReadStore,
} from '@examens-pro/platform';
import {
  csvExport,
  EXPORT_TYPES,
  exportBatches,
  exportFileName,
  xlsxExport,
  type LabelSource,
} from '../exports.js';
import { awaitPosition, readScope, withinScope } from './resource.js';

/**
 * GET /api/candidatures/:id/pieces/:pieceId/fichier: a dossier's pièce justificative, to whoever
 * may read the dossier (an enrôleur: their centre's only; 404 otherwise).
 */
export const pieceFileRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly storage: DocumentStorage;
  readonly requirement: readonly string[];
}> = async (app, { readStore, storage, requirement }) => {
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);
  app.get<{ Params: { id: string; pieceId: string } }>(
    '/:id/pieces/:pieceId/fichier',
    { preHandler: requireAccess(requirement) },
    async (request, reply) => {
      await awaitPosition(request, reply, {
        readStore,
        projections: candidaturesResource.projections,
      });
      const doc = await dossiers.get(request.params.id);
      const scope = readScope(candidaturesResource, request);
      if (!doc || (scope && doc.centreDepotId !== scope.centreDepotId))
        throw new NotFoundError(candidaturesResource.notFoundMessage);
      const piece = (doc.pieces ?? []).find((p) => p.pieceId === request.params.pieceId);
      if (!piece?.fichier || !storage.exists(piece.fichier))
        throw new NotFoundError('Cette pièce n’a pas été déposée.');
      return sendStoredFile(reply, storage, { ...piece, fichier: piece.fichier });
    },
  );
};

/** A stored upload, shown inline under the name its sender gave; never cached. */
const sendStoredFile = (
  reply: FastifyReply,
  storage: DocumentStorage,
  file: { fichier: string; nomFichier?: string | null; type?: string | null },
) => {
  const name = (file.nomFichier ?? file.fichier).replace(/[^\w.\- ]/g, '_');
  reply
    .type(file.type ?? 'application/octet-stream')
    .header(
      'Content-Disposition',
      `inline; filename="${name}"; filename*=UTF-8''${encodeURIComponent(file.nomFichier ?? file.fichier)}`,
    )
    .header('Cache-Control', 'private, no-store');
  return reply.send(storage.read(file.fichier));
};

/**
 * GET /api/<incidents>/:id/piece-jointe: an incident's attachment (any kind: `resource`), to
 * whoever may read the incident: a reader of every incident (for a kind read per centre, an
 * enrôleur: their centre's), or the one who recorded it.
 */
export const incidentFileRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly storage: DocumentStorage;
  /** The kind's read resource of every incident (default: the registration incidents). */
  readonly resource?: ResourceDefinition;
  readonly everyIncident: readonly string[];
  readonly ownIncidents: readonly string[];
}> = async (app, { readStore, storage, everyIncident, ownIncidents, resource }) => {
  const kind = resource ?? incidentsResource;
  const incidents = readStore.collection<IncidentDocumentBase & Record<string, unknown>>(
    kind.collection,
  );
  app.get<{ Params: { id: string } }>(
    '/:id/piece-jointe',
    { preHandler: requireAccess([...new Set([...everyIncident, ...ownIncidents])]) },
    async (request, reply) => {
      await awaitPosition(request, reply, {
        readStore,
        projections: kind.projections,
      });
      const doc = await incidents.get(request.params.id);
      const held = request.principal?.permissions ?? new Set<string>();
      const centre = kind.scopedBy ? (request.principal?.user.centreDepotId ?? null) : null;
      const readable =
        doc &&
        (!centre || doc[kind.scopedBy!] === centre) &&
        (everyIncident.some((p) => held.has(p)) || doc.creeParId === request.principal?.user.id);
      if (!readable) throw new NotFoundError(kind.notFoundMessage);
      if (!doc.pieceJointe || !storage.exists(doc.pieceJointe.fichier))
        throw new NotFoundError('Cet incident n’a pas de pièce jointe.');
      return sendStoredFile(reply, storage, doc.pieceJointe);
    },
  );
};

/**
 * GET /api/corrections-identite/:id/document: the document justifying an identity correction, to
 * whoever reads the corrections' history (an enrôleur: their centre's only; 404 otherwise).
 */
export const identityDocumentRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly storage: DocumentStorage;
  readonly requirement: readonly string[];
}> = async (app, { readStore, storage, requirement }) => {
  const corrections = readStore.collection<IdentityCorrectionDocument>(
    identityCorrectionsCollection,
  );
  app.get<{ Params: { id: string } }>(
    '/:id/document',
    { preHandler: requireAccess(requirement) },
    async (request, reply) => {
      await awaitPosition(request, reply, {
        readStore,
        projections: identityCorrectionsResource.projections,
      });
      const doc = await corrections.get(request.params.id);
      const scope = readScope(identityCorrectionsResource, request);
      if (!doc || (scope && doc.centreDepotId !== scope.centreDepotId))
        throw new NotFoundError(identityCorrectionsResource.notFoundMessage);
      if (!storage.exists(doc.document.fichier))
        throw new NotFoundError('Le document de cette correction est introuvable.');
      return sendStoredFile(reply, storage, doc.document);
    },
  );
};

const REPORT_ROUTE = 'inscription/candidats/bilan-general-pieces';

/**
 * GET /api/bilan-pieces?filter={"sessionId":…,"centreDepotId":…,"metierId":…,"statut":…} → one row
 * per centre de dépôt and métier (complets, incomplets, avec une pièce rejetée, total), sorted by
 * libellé, then the totals; `/export.csv` and `/export.xlsx` the same rows. Withdrawn dossiers are
 * not counted unless asked for by statut. An enrôleur counts their centre's dossiers only.
 */
export const piecesReportRoutes: FastifyPluginAsync<{
  readonly readStore: ReadStore;
  readonly labels: LabelSource;
}> = async (app, { readStore, labels }) => {
  const guard = {
    preHandler: requireAccess(requirementFor(routeById(REPORT_ROUTE), 'read')),
  };
  const dossiers = readStore.collection<CandidatureDocument>(candidaturesCollection);

  const filterOf = (raw: unknown): Filter => {
    let parsed: unknown = {};
    if (typeof raw === 'string' && raw.trim() !== '') {
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new ValidationError('Filtre invalide : un objet JSON est attendu.');
      }
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new ValidationError('Filtre invalide : un objet JSON est attendu.');
    const filter: Record<string, string | { $in: string[] }> = {};
    for (const [field, value] of Object.entries(parsed)) {
      if (!(PIECES_REPORT_FILTERS as readonly string[]).includes(field))
        throw new ValidationError(`Filtre inconnu : « ${field} ».`);
      if (value === null || value === undefined || value === '') continue;
      if (typeof value !== 'string')
        throw new ValidationError(`Filtre « ${field} » : un identifiant est attendu.`);
      filter[field] = value;
    }
    if (!filter.statut) filter.statut = { $in: [...PIECES_REPORT_STATUSES] };
    return filter;
  };

  const rowsFor = async (request: FastifyRequest<{ Querystring: { filter?: string } }>) => {
    const filter = withinScope(
      filterOf(request.query.filter),
      readScope(candidaturesResource, request),
    );
    if (filter === null) return piecesReport([]);
    const groups = await dossiers.group({
      filter,
      by: ['centreDepotId', 'metierId', 'etatPieces'],
    });
    const rows = piecesReport(groups);
    const centres = await labels('centres-depot', [
      ...new Set(rows.flatMap((r) => (r.centreDepotId ? [r.centreDepotId] : []))),
    ]);
    const metiers = await labels('metiers', [
      ...new Set(rows.flatMap((r) => (r.metierId ? [r.metierId] : []))),
    ]);
    const named = rows.map((row) => ({
      ...row,
      centreDepot: row.centreDepotId
        ? (centres.get(row.centreDepotId) ?? row.centreDepotId)
        : 'Total',
      metier: row.metierId ? (metiers.get(row.metierId) ?? row.metierId) : '',
    }));
    const byName = new Intl.Collator('fr', { sensitivity: 'base' });
    const total = named.pop()!;
    named.sort(
      (a, b) => byName.compare(a.centreDepot, b.centreDepot) || byName.compare(a.metier, b.metier),
    );
    return [...named, total];
  };

  // The sessions the report may be asked of (its readers may not read the sessions' screen).
  app.get('/sessions', guard, async () => {
    const { items } = await readStore
      .collection<{ id: string; version: number; libelle?: unknown; statut?: unknown }>(
        sessionsCollection,
      )
      .list({ sort: [{ field: 'ouvertureInscriptions', order: 'DESC' }], limit: 200 });
    return items.map((s) => ({ id: s.id, libelle: String(s.libelle ?? ''), statut: s.statut }));
  });

  app.get<{ Querystring: { filter?: string } }>('/', guard, async (request, reply) => {
    await awaitPosition(request, reply, {
      readStore,
      projections: candidaturesResource.projections,
    });
    const rows = await rowsFor(request);
    reply.header('Content-Range', `bilan-pieces 0-${rows.length - 1}/${rows.length}`);
    reply.header('Access-Control-Expose-Headers', 'Content-Range, X-Position-Reached');
    return rows;
  });

  for (const format of ['csv', 'xlsx'] as const)
    app.get<{ Querystring: { filter?: string } }>(
      `/export.${format}`,
      guard,
      async (request, reply) => {
        const rows: readonly ExportRow[] = await rowsFor(request);
        async function* all() {
          yield* rows;
        }
        const batches = exportBatches(PIECES_REPORT_TABLE, all(), labels);
        reply
          .type(EXPORT_TYPES[format])
          .header(
            'Content-Disposition',
            `attachment; filename="${exportFileName('bilan-pieces', format)}"`,
          )
          .header('Cache-Control', 'no-store');
        return reply.send(
          format === 'csv'
            ? csvExport(PIECES_REPORT_TABLE, batches)
            : xlsxExport(PIECES_REPORT_TABLE, batches, (error) =>
                request.log.error({ err: error }, 'export bilan-pieces interrompu'),
              ),
        );
      },
    );
};
