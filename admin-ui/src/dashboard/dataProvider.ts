import {
  fetchUtils,
  HttpError,
  type DataProvider,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import {
  CANDIDATURE_FIELDS,
  ownAccountSchema,
  profileInputSchema,
  listInputSchema,
  REFERENCE_LISTS,
  routeForPath,
  sessionInputSchema,
  userCreateSchema,
  userModifySchema,
} from '@examens-pro/domain';
import { forgetCsrfToken, getCsrfToken, handleAccessAnswer } from '../common/api';
import { sessionStore, sessionUser } from '../common/session';
import {
  isNetworkFailure,
  keepRead,
  keptRead,
  NetworkError,
  NOT_KEPT,
  readableOffline,
} from '../offline/readCache';
import { managedPath } from '../kit/routes';
import {
  keepList,
  keepRecords,
  offlineList,
  offlineMany,
  offlineOne,
  OFFLINE_LISTS,
} from '../offline/listCache';

const API = '/api';

/** The fields each resource's commands accept: the form's record carries more (id, version, stamps). */
const INPUT_FIELDS: Record<string, { create: readonly string[]; update: readonly string[] }> = {
  utilisateurs: {
    create: Object.keys(userCreateSchema.shape),
    update: Object.keys(userModifySchema.shape),
  },
  // Same commands as the users' (with their centre de dépôt), under the enrôleurs' permissions.
  enroleurs: {
    create: Object.keys(userCreateSchema.shape),
    update: Object.keys(userModifySchema.shape),
  },
  // The step changes through `avancer` only: the form never sends `statut`.
  sessions: {
    create: Object.keys(sessionInputSchema.shape),
    update: Object.keys(sessionInputSchema.shape),
  },
  profils: {
    create: Object.keys(profileInputSchema.shape),
    update: Object.keys(profileInputSchema.shape),
  },
  // A dossier's form: the fields the domain declares (its number and statut are the server's).
  candidatures: {
    create: [...CANDIDATURE_FIELDS.map((field) => field.name), 'confirmerHomonyme'],
    update: CANDIDATURE_FIELDS.map((field) => field.name),
  },
  'mon-compte': {
    create: Object.keys(ownAccountSchema.shape),
    update: Object.keys(ownAccountSchema.shape),
  },
  // Each reference list takes what its contract does: its code and libellé where it types them,
  // and the fields its definition declares.
  ...Object.fromEntries(
    REFERENCE_LISTS.filter((list) => !list.readOnly).map((list) => {
      const fields = Object.keys(listInputSchema(list).shape);
      return [list.name, { create: fields, update: fields }];
    }),
  ),
};

/** The signed-in user's own account: one document, no id in its address. */
const OWN_ACCOUNT = 'mon-compte';

/**
 * Lists managed from another screen have their screens under its path
 * (`configuration/metiers/filieres`), which the route table would read as that screen's records.
 */
const MANAGED_LISTS: Record<string, string> = Object.fromEntries(
  REFERENCE_LISTS.filter((list) => !list.path).flatMap((list) => {
    const path = managedPath(list);
    return path ? [[path, list.name]] : [];
  }),
);

/**
 * react-admin's resource is the UI path (`configuration/metiers`); the API's is `metiers`. A list
 * without screens (`departements`, `zones`) is referenced by its API name, which maps to itself.
 */
export const apiResource = (resource: string): string =>
  MANAGED_LISTS[resource] ?? routeForPath(resource)?.resource ?? resource;

/**
 * The highest position a command of this tab answered: reads send it back as `X-Min-Position`,
 * so a list, or a screen's own read (`read`), shows at once what the user just saved (the server
 * waits for its projections).
 */
let minPosition: string | undefined;
const remember = (position: string | undefined): void => {
  if (position && (minPosition === undefined || BigInt(position) > BigInt(minPosition)))
    minPosition = position;
};

const isWrite = (method: string | undefined): boolean =>
  !['GET', 'HEAD'].includes((method ?? 'GET').toUpperCase());

/**
 * Every write carries the session's CSRF token; a refused token is refetched and the call retried
 * once. 401 and the password-change 403 are handed to the app (common/api), which redirects.
 */
const httpClient = async (
  url: string,
  options: fetchUtils.Options = {},
): ReturnType<typeof fetchUtils.fetchJson> => {
  const attempt = async () => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    if (minPosition) headers.set('X-Min-Position', minPosition);
    if (isWrite(options.method)) headers.set('x-csrf-token', await getCsrfToken());
    return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'same-origin' });
  };
  try {
    return await attempt();
  } catch (error) {
    // No answer at all: said in French, and told apart from a refusal (offline/outbox waits).
    if (error instanceof TypeError) throw new NetworkError();
    if (!(error instanceof HttpError)) throw error;
    const code = (error.body as { code?: string } | undefined)?.code;
    if (error.status === 403 && code === 'csrf' && isWrite(options.method)) {
      forgetCsrfToken();
      try {
        return await attempt();
      } catch (retried) {
        if (retried instanceof HttpError)
          handleAccessAnswer(retried.status, (retried.body as { code?: string } | undefined)?.code);
        throw retried;
      }
    }
    handleAccessAnswer(error.status, code);
    throw error;
  }
};

const reads = simpleRestProvider(API, httpClient);

/** What a refused read or command says when the server gave no words of its own. */
export const REQUEST_FAILED =
  'Nous n’avons pas pu effectuer l’opération demandée. Veuillez actualiser la page et réessayer.';

/** `/api/<path>` with the query's defined values (a path may carry its own query already). */
const apiUrl = (path: string, query: Record<string, string | undefined> = {}): string => {
  const defined = Object.entries(query).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  if (defined.length === 0) return `${API}/${path}`;
  return `${API}/${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(defined).toString()}`;
};

/** The server's French message when it gave one, else the generic one; status and body kept. */
const inFrench = (error: unknown): unknown => {
  if (!(error instanceof HttpError)) return error;
  const message = (error.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message
    ? error
    : new HttpError(REQUEST_FAILED, error.status, error.body);
};

export interface CommandAnswer {
  id: Identifier;
  revision: number;
  position: string;
}

const ifMatch = (record: RaRecord | undefined): Record<string, string> =>
  typeof record?.version === 'number' ? { 'If-Match': `W/"${record.version}"` } : {};

const pickInput = (
  resource: string,
  data: Record<string, unknown>,
  operation: 'create' | 'update',
): Record<string, unknown> => {
  const fields = INPUT_FIELDS[resource]?.[operation];
  return fields
    ? Object.fromEntries(fields.filter((f) => f in data).map((f) => [f, data[f]]))
    : data;
};

const send = async (
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<CommandAnswer> => {
  const { json } = await httpClient(url, {
    method,
    headers: new Headers({
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = json as CommandAnswer;
  remember(answer.position);
  return answer;
};

export interface HistoryEntry {
  revision: number;
  at: string;
  actor: string;
  action: string;
  reason?: string;
  changes: { field: string; label: string; before: unknown; after: unknown }[];
}

export interface ExamensDataProvider extends DataProvider {
  /**
   * A screen's own read (`GET /api/<path>`: a report, a screen's choices), after this tab's last
   * command; refused, an `HttpError` with the server's French message, its status and body.
   */
  read<T>(path: string, query?: Record<string, string | undefined>): Promise<T>;
  /** `POST /api/<resource>/:id/<action>` (desactiver, reactiver…), then the record as it now stands. */
  action(
    resource: string,
    params: { id: Identifier; action: string; previousData: RaRecord; data?: unknown },
  ): Promise<{ data: RaRecord }>;
  /**
   * `POST /api/<resource>/:id/<path>` with a file's raw bytes (a pièce justificative), then the
   * record as it now stands.
   */
  upload(
    resource: string,
    params: {
      id: Identifier;
      path: string;
      file: Blob;
      contentType: string;
      previousData: RaRecord;
      headers?: Record<string, string>;
    },
  ): Promise<{ data: RaRecord }>;
  /**
   * A command at `/api/<path>` answered without reading the record back (a page whose user may
   * act but not read it there: an incident recorded from its own page): a JSON body, or a file's
   * raw bytes; `revision` as If-Match.
   */
  command(
    path: string,
    params?: {
      method?: 'POST' | 'PUT' | 'DELETE';
      data?: unknown;
      file?: Blob;
      revision?: number;
      headers?: Record<string, string>;
    },
  ): Promise<CommandAnswer>;
  history(resource: string, params: { id: Identifier }): Promise<HistoryEntry[]>;
  /** The record as it stood at an instant (`GET /api/<resource>/:id/a-la-date`). */
  asAt(
    resource: string,
    params: { id: Identifier; instant: string },
  ): Promise<{ instant: string; revision: number; record: RaRecord }>;
  /** Asks for a document (`POST /api/documents`); a worker makes it. */
  requestDocument(kind: string, cible?: Record<string, string | number>): Promise<CommandAnswer>;
  documentProgress(id: Identifier): Promise<DocumentProgress>;
  informations(): Promise<Informations>;
  maintenance(): Promise<{ active: boolean; message: string }>;
  setMaintenance(active: boolean, message?: string): Promise<unknown>;
}

export interface Informations {
  version: string;
  buildId: string;
  environnement: string;
  adaptateurs: Record<string, string>;
  session: {
    signedInAt: string;
    expires: string;
    idleTimeoutMinutes: number;
    absoluteTimeoutHours: number;
  };
  heureServeur: string;
  /** The office's time zone (`TIME_ZONE`), in which every time is shown. */
  fuseauHoraire: string;
}

export interface DocumentProgress {
  statut: 'demande' | 'genere' | 'echec';
  progression: number;
  raison?: string;
}

/**
 * A read of a list the offline incident form chooses from (offline/listCache): kept for the
 * signed-in user when it answers, answered from the day's copy when the network is gone.
 */
const keptForTheDay = async <R>(
  api: string,
  read: () => Promise<R>,
  keep: (user: string, api: string, result: R) => void,
  offline: (user: string, api: string) => Promise<R>,
): Promise<R> => {
  const user = OFFLINE_LISTS.has(api) ? sessionUser(sessionStore.get())?.id : undefined;
  if (!user) return read();
  try {
    const result = await read();
    keep(user, api, result);
    return result;
  } catch (error) {
    if (isNetworkFailure(error)) return offline(user, api);
    throw error;
  }
};

/**
 * Reads in the ra-data-simple-rest dialect; writes are commands (`If-Match` from the record's
 * version), each followed by a read-back at the position it answered. Pessimistic mode only.
 */
export const dataProvider: ExamensDataProvider = {
  getList: (resource, params) =>
    keptForTheDay(
      apiResource(resource),
      () => reads.getList(apiResource(resource), params),
      (user, api, result) => keepList(user, api, params, result),
      (user, api) => offlineList(user, api, params),
    ),
  async getOne(resource, params) {
    if (apiResource(resource) === OWN_ACCOUNT) {
      const { json } = await httpClient(`${API}/${OWN_ACCOUNT}`);
      return { data: json as never };
    }
    return keptForTheDay(
      apiResource(resource),
      () => reads.getOne(apiResource(resource), params),
      (user, api, result) => keepRecords(user, api, [result.data]),
      (user, api) => offlineOne(user, api, params.id),
    );
  },
  getMany: (resource, params) =>
    keptForTheDay(
      apiResource(resource),
      () => reads.getMany(apiResource(resource), params),
      (user, api, result) => keepRecords(user, api, result.data),
      (user, api) => offlineMany(user, api, params.ids),
    ),
  getManyReference: (resource, params) => reads.getManyReference(apiResource(resource), params),

  async create(resource, params) {
    const api = apiResource(resource);
    const answer = await send(
      'POST',
      `${API}/${api}`,
      {},
      pickInput(api, params.data as Record<string, unknown>, 'create'),
    );
    return reads.getOne(api, { id: answer.id }) as never;
  },

  async update(resource, params) {
    const api = apiResource(resource);
    const body = pickInput(api, params.data as Record<string, unknown>, 'update');
    if (api === OWN_ACCOUNT) {
      await send('PUT', `${API}/${OWN_ACCOUNT}`, ifMatch(params.previousData), body);
      const { json } = await httpClient(`${API}/${OWN_ACCOUNT}`);
      return { data: json as never };
    }
    await send(
      'PUT',
      `${API}/${api}/${encodeURIComponent(String(params.id))}`,
      ifMatch(params.previousData),
      body,
    );
    return reads.getOne(api, { id: params.id }) as never;
  },

  async updateMany(resource, params) {
    const api = apiResource(resource);
    for (const id of params.ids) {
      const { data } = await reads.getOne(api, { id });
      await send(
        'PUT',
        `${API}/${api}/${encodeURIComponent(String(id))}`,
        ifMatch(data),
        pickInput(api, { ...data, ...params.data }, 'update'),
      );
    }
    return { data: params.ids };
  },

  async delete(resource, params) {
    const api = apiResource(resource);
    await send(
      'DELETE',
      `${API}/${api}/${encodeURIComponent(String(params.id))}`,
      ifMatch(params.previousData),
    );
    return { data: params.previousData as never };
  },

  async deleteMany(resource, params) {
    const api = apiResource(resource);
    for (const id of params.ids) {
      const { data } = await reads.getOne(api, { id });
      await send('DELETE', `${API}/${api}/${encodeURIComponent(String(id))}`, ifMatch(data));
    }
    return { data: params.ids };
  },

  async action(resource, { id, action, previousData, data }) {
    const api = apiResource(resource);
    await send(
      'POST',
      `${API}/${api}/${encodeURIComponent(String(id))}/${action}`,
      ifMatch(previousData),
      data,
    );
    return reads.getOne(api, { id });
  },

  async upload(resource, { id, path, file, contentType, previousData, headers = {} }) {
    const api = apiResource(resource);
    const { json } = await httpClient(`${API}/${api}/${encodeURIComponent(String(id))}/${path}`, {
      method: 'POST',
      headers: new Headers({
        Accept: 'application/json',
        'Content-Type': contentType,
        ...ifMatch(previousData),
        ...headers,
      }),
      body: file,
    });
    remember((json as CommandAnswer).position);
    return reads.getOne(api, { id });
  },

  async command(path, { method = 'POST', data, file, revision, headers = {} } = {}) {
    const match: Record<string, string> =
      revision === undefined ? {} : { 'If-Match': `W/"${revision}"` };
    try {
      if (!file) return await send(method, `${API}/${path}`, { ...match, ...headers }, data);
      const { json } = await httpClient(`${API}/${path}`, {
        method,
        headers: new Headers({
          Accept: 'application/json',
          'Content-Type': 'application/octet-stream',
          ...match,
          ...headers,
        }),
        body: file,
      });
      const answer = json as CommandAnswer;
      remember(answer.position);
      return answer;
    } catch (error) {
      throw inFrench(error);
    }
  },

  async read<T>(path: string, query?: Record<string, string | undefined>) {
    // The exam sites' screens read their sheet from this browser's copy of the day when offline.
    const user = readableOffline(path) ? sessionUser(sessionStore.get())?.id : undefined;
    try {
      const { json } = await httpClient(apiUrl(path, query));
      if (user) keepRead(user, apiUrl(path, query), json ?? {});
      // An answer without a body reads as an empty object, as a JSON call of the pages always did.
      return (json ?? {}) as T;
    } catch (error) {
      if (user && isNetworkFailure(error)) {
        const kept = await keptRead<T>(user, apiUrl(path, query));
        if (kept !== undefined) return kept;
        throw new NetworkError(NOT_KEPT);
      }
      throw inFrench(error);
    }
  },

  async history(resource, { id }) {
    const { json } = await httpClient(
      `${API}/${apiResource(resource)}/${encodeURIComponent(String(id))}/historique`,
    );
    return json as HistoryEntry[];
  },

  async asAt(resource, { id, instant }) {
    const { json } = await httpClient(
      `${API}/${apiResource(resource)}/${encodeURIComponent(String(id))}/a-la-date?instant=${encodeURIComponent(instant)}`,
    );
    const { instant: at, revision, ...rest } = json as Record<string, unknown>;
    return {
      instant: String(at),
      revision: Number(revision),
      record: Object.values(rest)[0] as RaRecord,
    };
  },

  requestDocument: (kind, cible) =>
    send('POST', `${API}/documents`, {}, cible ? { kind, cible } : { kind }),

  async documentProgress(id) {
    const { json } = await httpClient(
      `${API}/documents/${encodeURIComponent(String(id))}/progression`,
    );
    return json as DocumentProgress;
  },

  async informations() {
    const { json } = await httpClient(`${API}/informations`);
    return json as Informations;
  },

  async maintenance() {
    const { json } = await httpClient(`${API}/maintenance`);
    return json as { active: boolean; message: string };
  },

  async setMaintenance(active, message = '') {
    const { json } = await httpClient(`${API}/maintenance/${active ? 'activer' : 'desactiver'}`, {
      method: 'POST',
      headers: new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' }),
      body: JSON.stringify(active ? { message } : {}),
    });
    remember((json as { position?: string }).position);
    return json;
  },
};
