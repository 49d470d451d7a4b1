import type { FastifyPluginAsync } from 'fastify';
import {
  type ExportRow,
  type HistoryEntry,
  type ExportTable,
  type ResourceDefinition,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';
import { parseListQuery, type DialectQuery } from '../dialect.js';
import { type LabelSource, sendTableExport } from '../exports.js';
import { resourceReaders, scopedFilter, type ReadScope } from '../readers.js';
import { awaitPosition, readableHistory } from './resource.js';

export interface ExportRouteOptions {
  readonly resource: ResourceDefinition;
  readonly table: ExportTable;
  /** The list route's: permissions of which a reader needs any (default: the route table's). */
  readonly requirement?: readonly string[];
  /** The list route's scope: equalities every exported row satisfies. */
  readonly baseFilter?: ReadScope;
  readonly readStore: ReadStore;
  readonly labels: LabelSource;
}

/**
 * The rows of a list of changes with their values as histories show them (libellés, labels), the
 * libellés of each batch of rows read at once.
 */
async function* readableRows(
  rows: AsyncIterable<ExportRow>,
  resource: ResourceDefinition,
  labels: LabelSource,
  batchSize = 500,
): AsyncGenerator<ExportRow> {
  let batch: ExportRow[] = [];
  const flush = async () =>
    (await readableHistory(
      batch as unknown as HistoryEntry[],
      resource.changesOf ?? [],
      labels,
      resource.changeFields,
    )) as unknown as ExportRow[];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= batchSize) {
      yield* await flush();
      batch = [];
    }
  }
  if (batch.length > 0) yield* await flush();
}

/**
 * GET /api/<resource>/export.csv and /export.xlsx: the list as its screen shows it (same filter,
 * search and sort, in the list route's dialect), every row of it, under the same guard and scope as
 * the list itself. Rows are read with the read store's cursor and written as they come.
 */
export const exportRoutes: FastifyPluginAsync<ExportRouteOptions> = async (app, options) => {
  const { resource, table, readStore, labels } = options;
  const guard = resourceReaders(resource.name, options.requirement);
  await readStore.ensureCollection(resource.collection);
  const collection = readStore.collection<ExportRow & { id: string; version: number }>(
    resource.collection,
  );
  for (const format of ['csv', 'xlsx'] as const) {
    app.get<{ Querystring: DialectQuery }>(`/export.${format}`, guard, async (request, reply) => {
      // Checked before anything is sent: a wrong filter is a 400, not a broken file.
      const { filter, sort } = parseListQuery(resource.collection, {
        filter: request.query.filter,
        sort: request.query.sort,
      });
      await awaitPosition(request, reply, { readStore, projections: resource.projections });
      const scoped = scopedFilter(resource, request, filter, options.baseFilter);
      // A filter outside the caller's scope exports the headers only.
      const rows: AsyncIterable<ExportRow> =
        scoped === null ? (async function* () {})() : collection.stream({ filter: scoped, sort });
      return sendTableExport(
        request,
        reply,
        resource.name,
        format,
        table,
        resource.changesOf ? readableRows(rows, resource, labels) : rows,
        labels,
      );
    });
  }
};
