/** How the route table declares a route: its types, the menu's sections and the helpers. */
export interface MenuSection {
  readonly key: string;
  readonly label: string;
}

/**
 * What a route shows: a resource's screens (list, show, edit, create), a page of its own, or a
 * report (a page reading aggregates, with its exports).
 */
export type ScreenKind = 'resource' | 'page' | 'report';

export interface DashboardRoute {
  /** The route's id: its path, typed as `RouteId` (the UI's screens are keyed by it). */
  readonly id: string;
  /** Path under /tableau-de-bord, e.g. `configuration/metiers`; react-admin's resource name. */
  readonly path: string;
  readonly screen: ScreenKind;
  /**
   * For a resource screen showing part of its resource: equalities every read through this route
   * satisfies (the enrôleurs are the users with `enroleur = true`), applied by the server.
   */
  readonly scope?: Readonly<Record<string, string | number | boolean>>;
  /** The API resource behind it (`/api/<resource>`), when it is a list of records. */
  readonly resource?: string;
  readonly label: string;
  /** One item, for titles ("Métier ELEC"). */
  readonly itemLabel?: string;
  readonly section: MenuSection['key'];
  /** Permissions of which a user needs any to open the screen and read its data; empty: any signed-in user. */
  readonly permissions: readonly string[];
  /** Permissions of which a user needs any to create, modify or act on its records (default: `permissions`). */
  readonly write?: readonly string[];
  /** Permissions of which a user needs any to delete its records (default: `write`). */
  readonly remove?: readonly string[];
  /** Kinds of documents (PDF) produced from this screen. */
  readonly documents?: readonly string[];
  /**
   * Commands on its records that take permissions of their own (create, validate…), by the
   * action's name; whoever holds one also reads the records.
   */
  readonly actions?: Readonly<Record<string, readonly string[]>>;
}

export const MENU_SECTIONS: readonly MenuSection[] = [
  { key: 'mon-compte', label: 'Mon compte' },
  { key: 'tableau-de-bord', label: 'Tableau de bord' },
  { key: 'utilisateurs-profils', label: 'Utilisateurs & profils' },
  { key: 'inscription', label: 'Inscription' },
  { key: 'espace-examen', label: 'Espace Examen' },
  { key: 'rapports-statistiques', label: 'Rapports statistiques' },
  { key: 'configuration', label: 'Configuration' },
];

type Section = MenuSection['key'];

/** The statistical reports' section: its routes are reports. */
export const STATS = 'rapports-statistiques';

export type RouteOf<P extends string> = DashboardRoute & { readonly id: P; readonly path: P };
export const route = <P extends string>(
  section: Section,
  path: P,
  label: string,
  permissions: readonly string[],
  more: Partial<Omit<DashboardRoute, 'id' | 'path' | 'section' | 'label'>> = {},
): RouteOf<P> => ({
  id: path,
  section,
  path,
  label,
  permissions,
  screen: more.resource ? 'resource' : section === STATS ? 'report' : 'page',
  ...more,
});

export const config = <P extends string>(
  path: P,
  label: string,
  code: string,
  more: Partial<Omit<DashboardRoute, 'id' | 'path' | 'section' | 'label'>> = {},
) =>
  route('configuration', `configuration/${path}` as const, label, [`configuration.${code}`], more);
