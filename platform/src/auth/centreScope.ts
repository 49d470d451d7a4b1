import type { FastifyRequest } from 'fastify';
import { nationalOnly, NotFoundError, type ResourceDefinition } from '@examens-pro/domain/kernel';
import type { Principal } from './principal.js';

/**
 * Centres stay apart: the one place that says what a user attached to a centre
 * de dépôt (an enrôleur) may reach. Both services use it: the query service to cut lists, exports
 * and downloads, the command service to refuse commands on another centre's records. Whatever lies
 * outside the caller's centre answers 404 (or an empty list), never 403: its existence is not told.
 */

/** The centre de dépôt the caller is attached to; null: not attached, every centre. */
export const callerCentre = (request: FastifyRequest): string | null =>
  request.principal?.user.centreDepotId ?? null;

/** The message of what a centre-attached account does not reach: the central services' work. */
export const NATIONAL_NOT_FOUND = 'Cette page est introuvable.';

/**
 * Refuses (404) a centre-attached principal a route that only national permissions open (marks,
 * deliberations, decisions: every centre's candidates together); see `NATIONAL_PERMISSIONS`.
 */
export const checkNationalAccess = (principal: Principal, anyOf: readonly string[]): void => {
  if (principal.user.centreDepotId && nationalOnly(anyOf))
    throw new NotFoundError(NATIONAL_NOT_FOUND);
};

/**
 * Refuses (404) a centre-attached caller a route that acts on every centre at once though its
 * permission also opens centre work (the automatic allocation, under « Affecter les candidats »).
 */
export const nationalRoute = (request: FastifyRequest): void => {
  if (callerCentre(request)) throw new NotFoundError(NATIONAL_NOT_FOUND);
};

/**
 * Whether a record of `resource` lies outside the caller's centre: a resource kept per centre
 * (`scopedBy`) read by a centre-attached caller, the record naming another centre (or none).
 */
export const outsideCentre = (
  resource: Pick<ResourceDefinition, 'scopedBy'>,
  record: object | null | undefined,
  request: FastifyRequest,
): boolean => {
  const centre = callerCentre(request);
  if (!centre || !resource.scopedBy || !record) return false;
  return (record as Record<string, unknown>)[resource.scopedBy] !== centre;
};

/** The record itself, or 404 (the resource's message) when missing or outside the caller's centre. */
export const withinCentre = <T extends object>(
  resource: Pick<ResourceDefinition, 'scopedBy' | 'notFoundMessage'>,
  record: T | null | undefined,
  request: FastifyRequest,
): T => {
  if (!record || outsideCentre(resource, record, request))
    throw new NotFoundError(resource.notFoundMessage);
  return record;
};

/**
 * A document's target as a centre-attached requester may have it: stamped with their centre, so
 * that it is made of that centre's candidates only (and read by that centre only).
 */
export const targetWithinCentre = <T extends object>(
  request: FastifyRequest,
  cible: T,
): T & { centreDepotId?: string } => {
  const centre = callerCentre(request);
  return centre ? { ...cible, centreDepotId: centre } : cible;
};
