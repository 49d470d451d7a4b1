import { z } from 'zod';
import { ValidationError, type FieldErrors } from './errors.js';

/** French messages for the generic zod issues; schemas give their own message where it matters. */
const frenchIssue = (issue: z.core.$ZodIssue): string => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Ce champ est obligatoire.' : 'Valeur de type incorrect.';
    case 'too_small':
      return `Valeur trop courte (minimum ${String(issue.minimum)}).`;
    case 'too_big':
      return `Valeur trop longue (maximum ${String(issue.maximum)}).`;
    case 'unrecognized_keys':
      return `Champ inconnu : ${issue.keys.join(', ')}.`;
    case 'invalid_format':
      return 'Format invalide.';
    default:
      return 'Valeur invalide.';
  }
};

/** Parses untrusted input; on failure throws a ValidationError with a French message per field. */
export const parseInput = <T extends z.ZodType>(schema: T, input: unknown): z.output<T> => {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    // A schema's own message wins over the generic one; zod's English default never reaches a user.
    const own =
      issue.message && !/^(Invalid|Too|Expected|Unrecognized|Required)/.test(issue.message);
    fields[key] ??= own ? issue.message : frenchIssue(issue);
  }
  const first = Object.values(fields)[0] ?? 'Données invalides.';
  throw new ValidationError(first, fields);
};

/** A code: letters, digits, dot, dash, underscore; stored upper case without accents. */
export const codeSchema = z
  .string({ error: 'Le code est obligatoire.' })
  .trim()
  .min(1, { error: 'Le code est obligatoire.' })
  .max(30, { error: 'Le code compte au plus 30 caractères.' })
  .transform((value) =>
    value
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toUpperCase(),
  )
  .refine((value) => /^[A-Z0-9][A-Z0-9._-]*$/.test(value), {
    error:
      'Le code ne contient que des lettres, des chiffres, des points, des tirets et des soulignés.',
  });

export const libelleSchema = z
  .string({ error: 'Le libellé est obligatoire.' })
  .trim()
  .min(1, { error: 'Le libellé est obligatoire.' })
  .max(200, { error: 'Le libellé compte au plus 200 caractères.' })
  .transform((value) => value.replace(/\s+/g, ' '));
