/**
 * The lists « Enregistrer un incident » (examen) chooses from, kept for the day (#35): sessions,
 * sites, épreuves, incident types and the site's candidates, as this browser read them, per user.
 * Without network a list is answered from the records kept under the same filter (a typed search
 * filtered here, sorted and paged here), and a chosen record from any list it was read in. A copy
 * from another day, or another user's, is never shown.
 */
import { get, update } from 'idb-keyval';
import type {
  GetListParams,
  GetListResult,
  GetManyResult,
  GetOneResult,
  Identifier,
  RaRecord,
} from 'react-admin';
import { NetworkError, NOT_KEPT, readsDatabase, today } from './readCache';

/** The API resources the offline incident form reads. */
export const OFFLINE_LISTS: ReadonlySet<string> = new Set([
  'sessions',
  'sites-composition',
  'epreuves',
  'types-incidents-examen',
  'incidents-examen/candidats',
]);

interface Kept {
  readonly day: string;
  readonly records: Readonly<Record<string, RaRecord>>;
}

/** A filter without its typed search, its keys in order: the list a search is made in. */
const filterKey = (filter: Record<string, unknown> = {}): string =>
  JSON.stringify(
    Object.keys(filter)
      .filter((k) => k !== 'q' && filter[k] !== undefined)
      .sort()
      .map((k) => [k, filter[k]]),
  );

const listKey = (user: string, resource: string, filter?: Record<string, unknown>) =>
  `${user}|liste|${resource}|${filterKey(filter)}`;
const recordsKey = (user: string, resource: string) => `${user}|fiches|${resource}`;

const byId = (records: readonly RaRecord[]): Record<string, RaRecord> =>
  Object.fromEntries(records.map((r) => [String(r.id), r]));

/** Adds records to a kept set (of today: another day's is started again), or replaces it. */
const merge = (key: string, records: readonly RaRecord[], replace = false): void => {
  void update<Kept>(
    key,
    (kept) => ({
      day: today(),
      records: {
        ...(kept && kept.day === today() && !replace ? kept.records : {}),
        ...byId(records),
      },
    }),
    readsDatabase,
  ).catch(() => undefined);
};

const keptRecords = async (key: string): Promise<readonly RaRecord[] | undefined> => {
  const kept = await get<Kept>(key, readsDatabase).catch(() => undefined);
  return kept && kept.day === today() ? Object.values(kept.records) : undefined;
};

/** A list read online: its records kept under its filter (the whole list when it came whole). */
export const keepList = (
  user: string,
  resource: string,
  params: GetListParams,
  result: GetListResult,
): void => {
  const whole = !params.filter?.q && result.total === result.data.length;
  merge(listKey(user, resource, params.filter), result.data, whole);
  keepRecords(user, resource, result.data);
};

export const keepRecords = (user: string, resource: string, records: readonly RaRecord[]): void =>
  merge(recordsKey(user, resource), records);

/** Lower case, without accents: « Électricité » finds « electricite ». */
const folded = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const matches = (record: RaRecord, q: string): boolean =>
  Object.values(record).some(
    (value) =>
      (typeof value === 'string' || typeof value === 'number') &&
      folded(String(value)).includes(folded(q)),
  );

/** A list's page from kept records: searched, sorted and paged as the server would. */
export const selectRecords = (
  records: readonly RaRecord[],
  params: Pick<GetListParams, 'filter' | 'sort' | 'pagination'>,
): GetListResult => {
  const q = typeof params.filter?.q === 'string' ? params.filter.q.trim() : '';
  const found = q ? records.filter((r) => matches(r, q)) : [...records];
  const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
  const sorted = found.sort(
    (a, b) =>
      String(a[field] ?? '').localeCompare(String(b[field] ?? ''), 'fr', { numeric: true }) *
      (order === 'DESC' ? -1 : 1),
  );
  const { page, perPage } = params.pagination ?? { page: 1, perPage: sorted.length };
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: sorted.length };
};

/** Whether a list is kept today under this filter (the day's lists are then in place). */
export const hasKeptList = async (
  user: string,
  resource: string,
  filter: Record<string, unknown>,
): Promise<boolean> => (await keptRecords(listKey(user, resource, filter))) !== undefined;

export const offlineList = async (
  user: string,
  resource: string,
  params: GetListParams,
): Promise<GetListResult> => {
  const records = await keptRecords(listKey(user, resource, params.filter));
  if (!records) throw new NetworkError(NOT_KEPT);
  return selectRecords(records, params);
};

export const offlineMany = async (
  user: string,
  resource: string,
  ids: readonly Identifier[],
): Promise<GetManyResult> => {
  const records = await keptRecords(recordsKey(user, resource));
  const found = (records ?? []).filter((r) => ids.map(String).includes(String(r.id)));
  if (found.length === 0 && ids.length > 0) throw new NetworkError(NOT_KEPT);
  return { data: found };
};

export const offlineOne = async (
  user: string,
  resource: string,
  id: Identifier,
): Promise<GetOneResult> => ({ data: (await offlineMany(user, resource, [id])).data[0]! });
