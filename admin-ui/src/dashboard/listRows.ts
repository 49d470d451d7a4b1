import type { QueryClient, QueryKey, SetDataOptions } from '@tanstack/react-query';
import { CANDIDATURE_LIST_FIELDS } from '@examens-pro/domain';

/**
 * The API resources whose lists answer some fields of each item only (the domain's `listFields`):
 * the dossiers, read as « Liste des candidats », « Inscrits » and « Liste d'examen ».
 */
export const LIST_ROW_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = Object.fromEntries(
  ['candidatures', 'inscrits', 'liste-examen'].map((name) => [
    name,
    new Set<string>(CANDIDATURE_LIST_FIELDS),
  ]),
);

/** A row of such a list: a record holding nothing but its list fields. */
export const isListRow = (resource: string, record: unknown): boolean => {
  const fields = LIST_ROW_FIELDS[resource];
  return (
    fields !== undefined &&
    typeof record === 'object' &&
    record !== null &&
    Object.keys(record).every((key) => fields.has(key))
  );
};

/**
 * react-admin copies each row a list read into the cache of the item's own read (getOne), so that
 * its page opens at once from the list. A dossier's row carries its list fields only: copied, the
 * dossier's page, its form or an identity correction would open on a record without identity,
 * pièces and payments. Those copies are refused (the page then reads the whole item first); every
 * other write of that cache, and every other resource's, goes through unchanged.
 * `apiResource`: the API's name of a react-admin resource (a screen's path).
 */
export const refuseListRowsAsItems = (
  client: QueryClient,
  apiResource: (resource: string) => string,
): QueryClient => {
  const setQueryData = client.setQueryData.bind(client) as (
    queryKey: QueryKey,
    updater: unknown,
    options?: SetDataOptions,
  ) => unknown;
  const guarded = (queryKey: QueryKey, updater: unknown, options?: SetDataOptions): unknown => {
    const [resource, kind] = queryKey;
    const api = typeof resource === 'string' && kind === 'getOne' ? apiResource(resource) : '';
    if (!LIST_ROW_FIELDS[api]) return setQueryData(queryKey, updater, options);
    return setQueryData(
      queryKey,
      (previous: unknown) => {
        const next =
          typeof updater === 'function'
            ? (updater as (old: unknown) => unknown)(previous)
            : updater;
        // Undefined leaves the cache as it was (react-query writes nothing).
        return previous === undefined && isListRow(api, next) ? undefined : next;
      },
      options,
    );
  };
  client.setQueryData = guarded as QueryClient['setQueryData'];
  return client;
};
