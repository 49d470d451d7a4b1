import type { FastifyRequest } from 'fastify';
import { PreconditionRequiredError, ValidationError } from '@examens-pro/domain/kernel';
import { eventIdFor, newId } from '../commands/ids.js';

/** `If-Match: W/"3"` (or `"3"`, or `3`) → 3. Required on every command but a creation. */
export const requiredRevision = (request: FastifyRequest): number => {
  const header = request.headers['if-match'];
  if (header === undefined || header === '') throw new PreconditionRequiredError();
  const match = /^(?:W\/)?"?(\d{1,15})"?$/.exec(String(header).trim());
  if (!match)
    throw new ValidationError('En-tête If-Match invalide : la version attendue est un nombre.', {
      version: 'Version invalide.',
    });
  return Number(match[1]);
};

export const etag = (revision: number): string => `W/"${revision}"`;

/**
 * The command id: the client's `Idempotency-Key` when given (a retry then appends nothing twice),
 * otherwise a fresh one.
 */
export const commandIdOf = (request: FastifyRequest): string => {
  const key = request.headers['idempotency-key'];
  if (typeof key === 'string' && /^[A-Za-z0-9._:-]{8,100}$/.test(key)) return key;
  return newId();
};

/** How far back an entry kept offline may say it was typed. */
const TYPED_AT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * `X-Saisi-Le`: when an entry kept offline was typed (#35), as the browser's clock says. Kept only
 * when it is an ISO instant before `now` and at most 7 days before it; anything else (a clock ahead
 * included) is ignored: the command is then as if typed when received.
 */
export const typedAtOf = (request: FastifyRequest, now: string): string | undefined => {
  const header = request.headers['x-saisi-le'];
  if (typeof header !== 'string' || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(header)) return undefined;
  const typed = Date.parse(header);
  const received = Date.parse(now);
  if (Number.isNaN(typed) || typed < received - TYPED_AT_MAX_AGE_MS) return undefined;
  return typed >= received ? undefined : new Date(typed).toISOString();
};

/** The id of a created item: derived from the command id, so that a retried creation finds its item. */
export const newItemId = (commandId: string): string => eventIdFor(`item:${commandId}`, 0);
