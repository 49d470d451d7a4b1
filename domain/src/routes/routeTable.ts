/**
 * The dashboard's route table: UI path ↔ API resource ↔ menu section and French label. The menu,
 * the client-side routes and (with the accounts issue) the permission checks all read it.
 * Paths are relative to /tableau-de-bord.
 */
export interface MenuSection {
  readonly key: string;
  readonly label: string;
}

export interface DashboardRoute {
  /** Path under /tableau-de-bord, e.g. `configuration/metiers`; react-admin's resource name. */
  readonly path: string;
  /** The API resource behind it (`/api/<resource>`), when it is a list of records. */
  readonly resource?: string;
  readonly label: string;
  /** One item, for titles ("Métier ELEC"). */
  readonly itemLabel?: string;
  readonly section: MenuSection['key'];
  /** Permissions of which a user needs any (filled by the accounts issue). */
  readonly permissions: readonly string[];
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

export const DASHBOARD_ROUTES: readonly DashboardRoute[] = [
  {
    path: 'configuration/metiers',
    resource: 'metiers',
    label: 'Métiers',
    itemLabel: 'Métier',
    section: 'configuration',
    permissions: ['configuration.metiers'],
  },
];

export const routeForResource = (resource: string): DashboardRoute | undefined =>
  DASHBOARD_ROUTES.find((route) => route.resource === resource);

export const routeForPath = (path: string): DashboardRoute | undefined => {
  const normalized = path.replace(/^\/+|\/+$/g, '');
  return DASHBOARD_ROUTES.find((route) => route.path === normalized);
};
