import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  candidaturesCollection,
  candidaturesResource,
  identityCorrectionsCollection,
  identityCorrectionsResource,
  NotFoundError,
  PIECES_REPORT_FILTERS,
  PIECES_REPORT_STATUSES,
  PIECES_REPORT_TABLE,
  piecesReport,
  ValidationError,
  type CandidatureDocument,
  type ExportRow,
  type IdentityCorrectionDocument,
  type RouteId,
} from '@examens-pro/domain';
import {
  allowSameOriginFrames,
  type DocumentStorage,
  type Filter,
  type ReadStore,
} from '@examens-pro/platform';
import { type LabelSource, sendTableExport } from '../exports.js';
import { outsideScope, permissionReaders, readers, scopedFilter } from '../readers.js';
import { awaitPosition } from '../routes/resource.js';
import { sessionsOf } from '../sessionChoices.js';
import { sendStoredFile } from '../storedFile.js';

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
    permissionReaders(requirement),
    async (request, reply) => {
      await awaitPosition(request, reply, {
        readStore,
        projections: candidaturesResource.projections,
      });
      const doc = await dossiers.get(request.params.id);
      if (!doc || outsideScope(candidaturesResource, request, doc))
        throw new NotFoundError(candidaturesResource.notFoundMessage);
      const piece = (doc.pieces ?? []).find((p) => p.pieceId === request.params.pieceId);
      if (!piece?.fichier || !storage.exists(piece.fichier))
        throw new NotFoundError('Cette pièce n’a pas été déposée.');
      // Shown beside its checklist (« File de vérification des pièces »): framed by our pages only.
      allowSameOriginFrames(reply);
      return sendStoredFile(reply, storage, { ...piece, fichier: piece.fichier });
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
    permissionReaders(requirement),
    async (request, reply) => {
      await awaitPosition(request, reply, {
        readStore,
        projections: identityCorrectionsResource.projections,
      });
      const doc = await corrections.get(request.params.id);
      if (!doc || outsideScope(identityCorrectionsResource, request, doc))
        throw new NotFoundError(identityCorrectionsResource.notFoundMessage);
      if (!storage.exists(doc.document.fichier))
        throw new NotFoundError('Le document de cette correction est introuvable.');
      return sendStoredFile(reply, storage, doc.document);
    },
  );
};

const REPORT_ROUTE: RouteId = 'inscription/candidats/bilan-general-pieces';

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
  const guard = readers(REPORT_ROUTE);
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
    const filter = scopedFilter(candidaturesResource, request, filterOf(request.query.filter));
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
  app.get('/sessions', guard, () => sessionsOf(readStore));

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
        return sendTableExport(
          request,
          reply,
          'bilan-pieces',
          format,
          PIECES_REPORT_TABLE,
          all(),
          labels,
        );
      },
    );
};
