import { ValidationError, type CollectionDefinition } from '@examens-pro/domain';
import type { FieldOperators, Filter, ListQuery, Scalar, SortSpec } from '@examens-pro/platform';

/** At most this many rows per page; react-admin's export asks for 1,000. */
export const MAX_PAGE = 1000;

export interface DialectQuery {
  readonly sort?: string;
  readonly range?: string;
  readonly filter?: string;
}

const json = (name: string, raw: string | undefined): unknown => {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ValidationError(`Paramètre « ${name} » invalide : JSON attendu.`, {
      [name]: 'JSON attendu.',
    });
  }
};

const OPERATORS = { gte: '$gte', lte: '$lte', gt: '$gt', lt: '$lt', ne: '$ne' } as const;

const isScalar = (value: unknown): value is Scalar =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * ra-data-simple-rest's dialect → the read-store query: `sort=["libelle","ASC"]`, `range=[0,24]`,
 * `filter={"q":"élec","actif":true,"id":["a","b"],"creeLe_gte":"2026-01-01"}`. Only declared fields.
 */
export const parseListQuery = (
  collection: CollectionDefinition,
  query: DialectQuery,
): ListQuery => {
  // Its own fields only: `constructor`, `__proto__` or `toString` are no field of anything.
  const known = (field: string): boolean =>
    field === 'id' || Object.hasOwn(collection.fields, field);
  const coerce = (field: string, value: Scalar): Scalar => {
    if (collection.fields[field] === 'boolean' && (value === 'true' || value === 'false'))
      return value === 'true';
    if (
      collection.fields[field] === 'number' &&
      typeof value === 'string' &&
      value.trim() !== '' &&
      !Number.isNaN(Number(value))
    ) {
      return Number(value);
    }
    return value;
  };

  let sort: SortSpec[] | undefined;
  const rawSort = json('sort', query.sort);
  if (rawSort !== undefined) {
    if (
      !Array.isArray(rawSort) ||
      typeof rawSort[0] !== 'string' ||
      !['ASC', 'DESC'].includes(String(rawSort[1] ?? 'ASC'))
    ) {
      throw new ValidationError('Paramètre « sort » invalide : ["champ","ASC"] attendu.', {
        sort: 'Tri invalide.',
      });
    }
    if (!known(rawSort[0]))
      throw new ValidationError(`Tri impossible sur le champ « ${rawSort[0]} ».`, {
        sort: 'Champ inconnu.',
      });
    sort = [{ field: rawSort[0], order: (rawSort[1] ?? 'ASC') as 'ASC' | 'DESC' }];
  }

  let skip = 0;
  let limit = 25;
  const rawRange = json('range', query.range);
  if (rawRange !== undefined) {
    if (
      !Array.isArray(rawRange) ||
      rawRange.length !== 2 ||
      !rawRange.every((n) => Number.isSafeInteger(n) && n >= 0) ||
      rawRange[1] < rawRange[0]
    ) {
      throw new ValidationError('Paramètre « range » invalide : [début,fin] attendu.', {
        range: 'Plage invalide.',
      });
    }
    skip = rawRange[0];
    limit = Math.min(rawRange[1] - rawRange[0] + 1, MAX_PAGE);
  }

  const filter: Record<string, Scalar | FieldOperators | string> = {};
  const rawFilter = json('filter', query.filter) ?? {};
  if (typeof rawFilter !== 'object' || rawFilter === null || Array.isArray(rawFilter)) {
    throw new ValidationError('Paramètre « filter » invalide : objet JSON attendu.', {
      filter: 'Filtre invalide.',
    });
  }
  for (const [key, value] of Object.entries(rawFilter as Record<string, unknown>)) {
    if (value === undefined || value === '') continue;
    if (key === 'q') {
      if (typeof value !== 'string')
        throw new ValidationError('La recherche doit être un texte.', { q: 'Texte attendu.' });
      if (value.trim() !== '') filter.$q = value.slice(0, 200);
      continue;
    }
    const suffix = /^(.+)_(gte|lte|gt|lt|ne)$/.exec(key);
    const field = suffix && !known(key) ? suffix[1]! : key;
    if (!known(field))
      throw new ValidationError(`Filtre impossible sur le champ « ${key} ».`, {
        filter: 'Champ inconnu.',
      });
    const existing = (filter[field] ?? {}) as FieldOperators;
    if (Array.isArray(value)) {
      if (!value.every(isScalar))
        throw new ValidationError(`Filtre « ${key} » invalide.`, { filter: 'Valeurs invalides.' });
      filter[field] = { ...existing, $in: value.map((v) => coerce(field, v)) };
    } else if (isScalar(value)) {
      const operator =
        suffix && field !== key ? OPERATORS[suffix[2] as keyof typeof OPERATORS] : '$eq';
      const coerced = coerce(field, value);
      // A bound is a text, a number or a date: `true` or `null` orders nothing.
      if (
        operator !== '$eq' &&
        operator !== '$ne' &&
        !['string', 'number'].includes(typeof coerced)
      )
        throw new ValidationError(`Filtre « ${key} » invalide.`, {
          filter: 'Texte ou nombre attendu.',
        });
      filter[field] = { ...existing, [operator]: coerced };
    } else {
      throw new ValidationError(`Filtre « ${key} » invalide.`, { filter: 'Valeur invalide.' });
    }
  }
  // A read by ids without a range (react-admin's getMany) answers every id asked, not a first page.
  const ids = (filter.id as FieldOperators | undefined)?.$in;
  if (rawRange === undefined && ids) limit = Math.min(Math.max(ids.length, 1), MAX_PAGE);
  return { filter: filter as Filter, sort, skip, limit };
};

export const contentRange = (
  resource: string,
  skip: number,
  count: number,
  total: number,
): string =>
  count === 0 ? `${resource} */${total}` : `${resource} ${skip}-${skip + count - 1}/${total}`;
