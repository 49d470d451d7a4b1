/**
 * The dashboard's route table: every dashboard route of seed §2 with its French label, its menu
 * section, the API resource behind it and the permissions of which a user needs any. The menu, the
 * client-side guard, `POST /api/can/uniq` and the services' checks all read it.
 * Paths are relative to /tableau-de-bord.
 */
import { allows } from '../core/access.js';
import { REFERENCE_LISTS } from '../reference-lists/lists.js';
import type { DashboardRoute } from './routeDeclaration.js';
import { HOME_ROUTES } from './homeRoutes.js';
import { USER_ROUTES } from './userRoutes.js';
import { REGISTRATION_ROUTES } from './registrationRoutes.js';
import { EXAM_ROUTES } from './examRoutes.js';
import { REPORT_ROUTES } from './reportRoutes.js';
import { CONFIGURATION_ROUTES } from './configurationRoutes.js';

export {
  MENU_SECTIONS,
  type DashboardRoute,
  type MenuSection,
  type ScreenKind,
} from './routeDeclaration.js';

/** The routes, section after section. */
const ROUTES = [
  ...HOME_ROUTES,
  ...USER_ROUTES,
  ...REGISTRATION_ROUTES,
  ...EXAM_ROUTES,
  ...REPORT_ROUTES,
  ...CONFIGURATION_ROUTES,
];

/** Every route's id, checked by the compiler wherever a screen or a link names one. */
export type RouteId = (typeof ROUTES)[number]['id'];

/** Each configuration list with a screen serves its route's records. */
export const DASHBOARD_ROUTES: readonly (DashboardRoute & { readonly id: RouteId })[] = ROUTES.map(
  (r) => {
    const list = REFERENCE_LISTS.find((l) => l.path === r.path);
    return list && !r.resource
      ? { ...r, resource: list.name, itemLabel: list.itemLabel, screen: 'resource' as const }
      : r;
  },
);

export const routeById = (id: RouteId): DashboardRoute =>
  DASHBOARD_ROUTES.find((r) => r.id === id)!;

const normalize = (path: string): string =>
  path
    .split(/[?#]/)[0]!
    .replace(/^\/?tableau-de-bord(?=\/|$)/, '')
    .replace(/^\/+|\/+$/g, '');

export const routeForResource = (resource: string): DashboardRoute | undefined =>
  DASHBOARD_ROUTES.find((r) => r.resource === resource);

/**
 * The route a dashboard path belongs to: the route itself, or for a record's screens
 * (`configuration/metiers/123/show`) the list route it lives under. Trailing slashes are ignored;
 * the path may carry the `/tableau-de-bord` prefix.
 */
export const routeForPath = (path: string): DashboardRoute | undefined => {
  const normalized = normalize(path);
  const exact = DASHBOARD_ROUTES.find((r) => r.path === normalized);
  if (exact) return exact;
  return DASHBOARD_ROUTES.filter(
    (r) => r.resource && r.path !== '' && normalized.startsWith(`${r.path}/`),
  ).sort((a, b) => b.path.length - a.path.length)[0];
};

/** Whether a path is a dashboard path (`/tableau-de-bord` and below). */
export const isDashboardPath = (path: string): boolean =>
  /^\/tableau-de-bord(\/|$)/.test(path.split(/[?#]/)[0]!);

/** May a user holding `held` open this route? A route without permissions is any signed-in user's. */
export const canOpen = (held: ReadonlySet<string>, r: DashboardRoute): boolean =>
  r.permissions.length === 0 || allows(held, r.permissions);

/** Reading, writing or deleting a route's records, or one of its named actions. */
export type Access = 'read' | 'write' | 'remove' | { readonly action: string };

/** What a command or query on a route's records requires. */
export const requirementFor = (r: DashboardRoute, access: Access): readonly string[] => {
  const write = r.write ?? r.permissions;
  if (access === 'read')
    return [
      ...new Set([
        ...r.permissions,
        ...write,
        ...(r.remove ?? []),
        ...Object.values(r.actions ?? {}).flat(),
      ]),
    ];
  if (access === 'write') return write;
  if (access === 'remove') return r.remove ?? write;
  return r.actions?.[access.action] ?? write;
};

/**
 * Permissions of which a user needs any to read a resource through the API: anyone who may open a
 * route listing it, or act on it.
 */
export const resourceRequirement = (resource: string, access: Access): readonly string[] => {
  const routes = DASHBOARD_ROUTES.filter((r) => r.resource === resource);
  if (routes.length === 0) {
    // A list managed from another screen (filières, corps de métiers) carries its own.
    return REFERENCE_LISTS.find((l) => l.name === resource)?.permissions ?? [];
  }
  return [...new Set(routes.flatMap((r) => requirementFor(r, access)))];
};

/** Routes producing a kind of document, for the documents' own checks. */
export const documentRequirement = (kind: string): readonly string[] => {
  const routes = DASHBOARD_ROUTES.filter((r) => r.documents?.includes(kind));
  return [...new Set(routes.flatMap((r) => requirementFor(r, 'read')))];
};
