import { z } from 'zod';
import type {
  CollectionDefinition,
  FieldType,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import type { CommandContext } from '../core/envelope.js';
import { ValidationError } from '../core/errors.js';
import { codeSchema, libelleSchema, parseInput } from '../core/validation.js';
import { describeHistory, type HistoryEntry, type HistoryEvent } from '../history/history.js';
import type { ListItemEvent, ListValues } from './item.js';
import { REFERENCE_LISTS, type ListField, type ReferenceListDefinition } from './lists.js';
import { isAbbreviatedName, NAME_ABBREVIATED, storedName } from '../registration/identity.js';

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

const nf = new Intl.NumberFormat('fr-FR');

/** Stored images are named after their content: `image-<sha256>.png|jpg`. */
export const SIGNATURE_FILE = /^image-[a-f0-9]{64}\.(png|jpg)$/;
export const IMAGE_MAX_BYTES = 1024 * 1024;

/** The kind of image from its first bytes (never from the name or the claimed type). */
export const imageKind = (bytes: Uint8Array): 'png' | 'jpg' | undefined => {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpg';
  return undefined;
};

/** A real calendar day written YYYY-MM-DD (2027-02-30 and 2027-13-01 are not). */
export const isIsoDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** One e-mail address, in lower case. */
const emailSchema = (field: ListField, named: string, required: string): z.ZodType => {
  const address = z
    .string({ error: `${named} doit être un texte.` })
    .trim()
    .toLowerCase()
    .max(254, { error: `${named} compte au plus 254 caractères.` })
    .refine((value) => value === '' || EMAIL.test(value), {
      error: `${named} n’est pas une adresse e-mail valide.`,
    });
  return field.required
    ? address.refine((value) => value !== '', { error: required })
    : address.default('');
};

/** A person's name (nom, prénoms). */
const personNameSchema = (field: ListField, named: string, required: string): z.ZodType => {
  // Checked as typed (seed §5 rule 3), stored cleaned and capitalised (seed text rules).
  const name = z
    .string({ error: `${named} doit être un texte.` })
    .trim()
    .max(100, { error: `${named} compte au plus 100 caractères.` })
    .refine((value) => value === '' || !isAbbreviatedName(value), { error: NAME_ABBREVIATED })
    .transform(storedName)
    .refine((value) => value === '' || /\p{L}/u.test(value), {
      error: `${named} doit contenir des lettres.`,
    });
  return field.required
    ? name.refine((value) => value !== '', { error: required })
    : name.default('');
};

/** A phone number: 8 to 15 digits, spaces, dots and dashes dropped. */
const phoneSchema = (field: ListField, named: string, required: string): z.ZodType => {
  const phone = z
    .string({ error: `${named} doit être un texte.` })
    .trim()
    .transform((value) => value.replace(/[\s.-]/g, ''))
    .refine((value) => value === '' || /^\+?[0-9]{8,15}$/.test(value), {
      error: `${named} compte de 8 à 15 chiffres (indicatif + accepté).`,
    });
  return field.required
    ? phone.refine((value) => value !== '', { error: required })
    : phone.default('');
};

/** A whole number, within the field's bounds. */
const integerSchema = (field: ListField, named: string): z.ZodType => {
  const range =
    field.min !== undefined && field.max !== undefined
      ? ` entre ${nf.format(field.min)} et ${nf.format(field.max)}`
      : '';
  const message = `${named} doit être un nombre entier${range}.`;
  let integer = z.number({ error: message }).int({ error: message });
  if (field.min !== undefined) integer = integer.min(field.min, { error: message });
  if (field.max !== undefined) integer = integer.max(field.max, { error: message });
  return field.required
    ? z.preprocess((value) => (value === '' || value === null ? undefined : value), integer)
    : integer.nullable().default(null);
};

/** A decimal number (a coefficient), kept to two decimals. */
const numberSchema = (field: ListField, named: string): z.ZodType => {
  const bound =
    field.positive && field.max !== undefined
      ? ` supérieur à 0 et au plus ${nf.format(field.max)}`
      : field.positive
        ? ' supérieur à 0'
        : '';
  const message = `${named} doit être un nombre${bound}.`;
  let number = z.number({ error: message });
  if (field.positive) number = number.gt(0, { error: message });
  if (field.min !== undefined) number = number.min(field.min, { error: message });
  if (field.max !== undefined) number = number.max(field.max, { error: message });
  const rounded = number.transform((value) => Math.round(value * 100) / 100);
  return field.required
    ? z.preprocess((value) => (value === '' || value === null ? undefined : value), rounded)
    : rounded.nullable().default(null);
};

/** A calendar day, YYYY-MM-DD. */
const dateSchema = (field: ListField, named: string, required: string): z.ZodType => {
  const date = z
    .string({ error: required })
    .trim()
    .refine((value) => value === '' || isIsoDate(value), {
      error: `${named} : date invalide.`,
    });
  return field.required
    ? date.refine((value) => value !== '', { error: required })
    : date
        .transform((value) => (value === '' ? null : value))
        .nullable()
        .default(null);
};

/** Several items of another list, each once. */
const referencesSchema = (field: ListField, named: string, required: string): z.ZodType => {
  const ids = z
    .array(z.string().trim().min(1), { error: `${named} : une liste est attendue.` })
    .max(200, { error: `${named} : 200 éléments au plus.` })
    .transform((ids) => [...new Set(ids)]);
  // Required: one item at least (a jury's centres d'examen).
  return field.required
    ? z.preprocess(
        (value) => value ?? [],
        ids.refine((list) => list.length > 0, { error: required }),
      )
    : ids.default([]);
};

/** An uploaded image, by its stored file name. */
const imageSchema = (field: ListField, named: string, required: string): z.ZodType => {
  const file = z
    .string({ error: required })
    .trim()
    .refine((value) => value === '' || SIGNATURE_FILE.test(value), {
      error: `${named} : image inconnue, envoyez-la de nouveau.`,
    });
  return field.required
    ? file.refine((value) => value !== '', { error: required })
    : file
        .transform((value) => (value === '' ? null : value))
        .nullable()
        .default(null);
};

/** Several e-mail addresses, stored separated by commas. */
const emailListSchema = (field: ListField, named: string, required: string): z.ZodType => {
  const list = z
    .string({ error: `${named} doit être un texte.` })
    .transform((value) =>
      value
        .split(/[,;\s]+/)
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((email) => EMAIL.test(email)), {
      error: `${named} : une adresse e-mail n’est pas valide.`,
    })
    .transform((emails) => [...new Set(emails)].join(', '));
  return field.required ? list.refine((value) => value !== '', { error: required }) : list;
};

/** One field's zod schema, French messages naming the field. */
const fieldSchema = (field: ListField): z.ZodType => {
  const named = `« ${field.label} »`;
  const required = `${named} est obligatoire.`;
  switch (field.type) {
    case 'text': {
      const text = z
        .string({ error: `${named} doit être un texte.` })
        .trim()
        .max(500, { error: `${named} compte au plus 500 caractères.` });
      return field.required ? text.min(1, { error: required }) : text.default('');
    }
    case 'email':
      return emailSchema(field, named, required);
    case 'person-name':
      return personNameSchema(field, named, required);
    case 'phone':
      return phoneSchema(field, named, required);
    case 'integer':
      return integerSchema(field, named);
    case 'number':
      return numberSchema(field, named);
    case 'date':
      return dateSchema(field, named, required);
    case 'choice': {
      const values = (field.choices ?? []).map((c) => c.value);
      const choice = z.enum(values as [string, ...string[]], {
        error: `${named} : choisissez parmi ${(field.choices ?? []).map((c) => c.label).join(', ')}.`,
      });
      return field.required ? choice : choice.nullable().default(null);
    }
    case 'references':
      return referencesSchema(field, named, required);
    case 'image':
      return imageSchema(field, named, required);
    case 'boolean':
      return z.boolean({ error: `${named} vaut oui ou non.` }).default(false);
    case 'email-list':
      return emailListSchema(field, named, required);
    case 'reference': {
      const id = z.string({ error: required }).trim();
      return field.required ? id.min(1, { error: required }) : id.nullable().default(null);
    }
    default: {
      const never: never = field.type;
      throw new Error(`type de champ inconnu : ${String(never)}`);
    }
  }
};

/**
 * The body of a record declared by its fields (a candidature): each field's schema, nothing else,
 * built once per declaration.
 */
const recordSchemas = new WeakMap<readonly ListField[], z.ZodType>();
export const recordInputSchema = (fields: readonly ListField[]): z.ZodType => {
  let schema = recordSchemas.get(fields);
  if (!schema) {
    schema = z.strictObject(
      Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])),
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `Champ inconnu : ${issue.keys.join(', ')}.`
            : undefined,
      },
    );
    recordSchemas.set(fields, schema);
  }
  return schema;
};

/** Body of POST and PUT /api/<list>: code, libellé and the list's own fields. */
const inputSchemas = new WeakMap<
  ReferenceListDefinition,
  ReturnType<typeof buildListInputSchema>
>();

/** The body of POST and PUT /api/<list>, built once per list (zod compiles a schema on first use). */
export const listInputSchema = (list: ReferenceListDefinition) => {
  let schema = inputSchemas.get(list);
  if (!schema) {
    schema = buildListInputSchema(list);
    inputSchemas.set(list, schema);
  }
  return schema;
};

/** The libellé as the list calls it (« La raison sociale est obligatoire. »). */
const titleSchema = (list: ReferenceListDefinition) => {
  if (!list.title) return libelleSchema;
  const { subject } = list.title;
  return z
    .string({ error: `${subject} est obligatoire.` })
    .trim()
    .min(1, { error: `${subject} est obligatoire.` })
    .max(200, { error: `${subject} compte au plus 200 caractères.` })
    .transform((value) => value.replace(/\s+/g, ' '));
};

const buildListInputSchema = (list: ReferenceListDefinition) =>
  z.strictObject(
    {
      // A list without codes takes none; one whose libellé is derived takes none either.
      ...(list.code === false ? {} : { code: codeSchema }),
      ...(list.titleFrom ? {} : { libelle: titleSchema(list) }),
      ...Object.fromEntries(list.fields.map((field) => [field.name, fieldSchema(field)])),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Champ inconnu : ${issue.keys.join(', ')}.`
          : undefined,
    },
  );

export interface ListItemInput {
  code: string;
  libelle: string;
  values: ListValues;
}

/** A derived libellé: its fields' values, in order (« Mbarga Jean-Pierre »). */
const titleOf = (fields: readonly string[], values: ListValues): string =>
  fields
    .map((field) => values[field])
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .join(' ');

/**
 * Parses a list item's form, then the list's own rules between fields, judged at the command's
 * instant (`now`: an apprenti's date of birth is past).
 */
export const parseListItem = (
  list: ReferenceListDefinition,
  body: unknown,
  context: Pick<CommandContext, 'now'>,
): ListItemInput => {
  const {
    code = '',
    libelle: typed = '',
    ...values
  } = parseInput(listInputSchema(list), body) as {
    code?: string;
    libelle?: string;
  } & ListValues;
  const errors = list.check?.(values, context) ?? {};
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  const libelle = list.titleFrom ? titleOf(list.titleFrom, values) : typed;
  return { code, libelle, values };
};

export interface ListItemDocument extends ReadModelDocument {
  code: string;
  libelle: string;
  actif: boolean;
  creeLe: string;
  creePar: string;
  modifieLe: string;
  modifiePar: string;
  [field: string]: unknown;
}

const FIELD_TYPES: Record<ListField['type'], FieldType | undefined> = {
  text: undefined,
  'person-name': undefined,
  email: undefined,
  number: 'number',
  date: 'string',
  choice: 'string',
  references: undefined,
  image: undefined,
  phone: undefined,
  'email-list': undefined,
  integer: 'number',
  boolean: 'boolean',
  reference: 'string',
};

const collections = new Map<string, CollectionDefinition>();

/** The read-model collection of a list: one index per filterable field (references, numbers, yes/no). */
export const listCollection = (list: ReferenceListDefinition): CollectionDefinition => {
  let collection = collections.get(list.name);
  if (!collection) {
    collection = {
      name: list.name,
      fields: {
        code: 'string',
        libelle: 'string',
        actif: 'boolean',
        creeLe: 'string',
        modifieLe: 'string',
        ...Object.fromEntries(
          list.fields.flatMap((field) => {
            const type = FIELD_TYPES[field.type];
            return type ? [[field.name, type]] : [];
          }),
        ),
      },
      // Names and phone numbers are searched too (an apprenti by name or phone), codes where any.
      searchFields: [
        ...(list.code === false ? [] : ['code']),
        'libelle',
        ...list.fields
          .filter((f) =>
            list.code === false
              ? ['text', 'person-name', 'phone', 'email'].includes(f.type)
              : f.type === 'text',
          )
          .map((f) => f.name),
      ],
      defaultSort: { field: list.order ?? 'libelle', order: 'ASC' },
    };
    collections.set(list.name, collection);
  }
  return collection;
};

export const LIST_PROJECTION = 'listes-de-reference';

export const listHistory =
  (list: ReferenceListDefinition) =>
  (events: readonly HistoryEvent[]): HistoryEntry[] =>
    describeHistory<Record<string, unknown>>(events, {
      initial: {},
      apply: (state, event) => {
        const e = event as unknown as ListItemEvent;
        switch (e.type) {
          case 'ListItemCreated':
            return { code: e.data.code, libelle: e.data.libelle, ...e.data.values, actif: true };
          case 'ListItemModified':
            return { ...state, code: e.data.code, libelle: e.data.libelle, ...e.data.values };
          case 'ListItemDeactivated':
            return { ...state, actif: false };
          case 'ListItemReactivated':
            return { ...state, actif: true };
          case 'ListItemDeleted':
            return {};
          default:
            return state;
        }
      },
      actions: {
        ListItemCreated: 'Création',
        ListItemModified: 'Modification',
        ListItemDeactivated: 'Désactivation',
        ListItemReactivated: 'Réactivation',
        ListItemDeleted: 'Suppression',
      },
      fields: {
        ...(list.code === false ? {} : { code: 'Code' }),
        // A derived libellé says again what its fields say: not a line of its own.
        ...(list.titleFrom ? {} : { libelle: list.title?.label ?? 'Libellé' }),
        ...Object.fromEntries(list.fields.map((f) => [f.name, f.label])),
        actif: 'Actif',
      },
    });

export const listResource = (list: ReferenceListDefinition): ResourceDefinition => ({
  name: list.name,
  collection: listCollection(list),
  projections: [LIST_PROJECTION],
  category: list.name,
  label: list.itemLabel.toLowerCase(),
  notFoundMessage: list.notFoundMessage,
  fields: list.fields,
  history: listHistory(list),
});

export const LIST_RESOURCES: readonly ResourceDefinition[] = REFERENCE_LISTS.map(listResource);
