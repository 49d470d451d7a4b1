/**
 * The dashboard menu as a tree: the seed's seven sections, each holding the routes of the route
 * table nested by path (Inscription → Candidats → Liste des candidats…). Pure: the UI gives it the
 * routes the user may open, and draws what it answers.
 */
import { MENU_SECTIONS, type DashboardRoute } from './routeTable.js';

export interface MenuLink {
  readonly kind: 'link';
  /** The route's path (under /tableau-de-bord). */
  readonly key: string;
  readonly label: string;
  readonly path: string;
}

export interface MenuGroup {
  readonly kind: 'group';
  /** `section:<key>` for a section, else the path the group's entries share. */
  readonly key: string;
  readonly label: string;
  readonly children: readonly MenuNode[];
}

export type MenuNode = MenuLink | MenuGroup;

/**
 * Labels of the path groups that are no route of their own (seed §2 nests screens under them):
 * `espace-examen/notes` holds the notes' screens, `configuration/examen-session` the session's lists.
 */
export const MENU_GROUP_LABELS: Readonly<Record<string, string>> = {
  'espace-examen/notes': 'Notes',
  'espace-examen/presences-des-candidats': 'Présences des candidats',
  'espace-examen/gestion-des-contentieux': 'Gestion des contentieux',
  'espace-examen/gestion-des-jurys': 'Gestion des jurys',
  'espace-examen/gestion-des-incidents': 'Gestion des incidents',
  'espace-examen/archives-des-proces-verbal': 'Archives des procès-verbaux',
  'espace-examen/gestion-des-admissions': 'Gestion des admissions',
  'espace-examen/gestion-des-admissions/attestations': 'Attestations',
  'espace-examen/gestion-des-admissions/decision-d-admission': 'Décisions d’admission',
  'rapports-statistiques/candidats': 'Candidats',
  'rapports-statistiques/patrons': 'Patrons',
  'configuration/inscriptions': 'Inscriptions',
  'configuration/examen-session': 'Examen & session',
};

/**
 * A route that has its own screen and screens below it (Candidats, its counts, above its list and
 * its forms) is a group whose first entry is that screen, under this label.
 */
export const MENU_OVERVIEW_LABEL = 'Vue d’ensemble';

export const sectionGroupKey = (section: string): string => `section:${section}`;

interface Branch {
  readonly path: string;
  route?: DashboardRoute;
  readonly children: Map<string, Branch>;
}

const linkOf = (route: DashboardRoute, label = route.label): MenuLink => ({
  kind: 'link',
  key: route.path,
  label,
  path: route.path,
});

/** A segment's words, as a last resort for a group nobody named: `gestion-des-jurys` → « Gestion des jurys ». */
const labelFromPath = (path: string): string => {
  const words = (path.split('/').pop() ?? path).replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const nodeOf = (branch: Branch): MenuNode => {
  const children = [...branch.children.values()].map(nodeOf);
  const own = branch.route;
  // A screen without entries below it (or none the user may open): a plain link.
  if (children.length === 0) return linkOf(own!);
  return {
    kind: 'group',
    key: branch.path,
    label: own?.label ?? MENU_GROUP_LABELS[branch.path] ?? labelFromPath(branch.path),
    children: own ? [linkOf(own, MENU_OVERVIEW_LABEL), ...children] : children,
  };
};

/**
 * The menu of the given routes (those the user may open, in the route table's order): one group
 * per section that keeps an entry, the routes nested by path below it. A group whose entries are
 * all absent is absent; a section whose only entry is its namesake (Mon compte) is that link.
 */
export const menuTree = (routes: readonly DashboardRoute[]): MenuNode[] =>
  MENU_SECTIONS.flatMap((section): MenuNode[] => {
    const root: Branch = { path: section.key, children: new Map() };
    for (const route of routes.filter((r) => r.section === section.key)) {
      const relative = route.path.startsWith(`${section.key}/`)
        ? route.path.slice(section.key.length + 1)
        : route.path;
      let branch = root;
      let path = route.path.startsWith(`${section.key}/`) ? section.key : '';
      for (const segment of relative.split('/')) {
        path = path ? `${path}/${segment}` : segment;
        let next = branch.children.get(segment);
        if (!next) {
          next = { path, children: new Map() };
          branch.children.set(segment, next);
        }
        branch = next;
      }
      branch.route = route;
    }
    const children = [...root.children.values()].map(nodeOf);
    if (children.length === 0) return [];
    const only = children.length === 1 ? children[0]! : undefined;
    if (only?.kind === 'link' && only.label === section.label) return [only];
    return [{ kind: 'group', key: sectionGroupKey(section.key), label: section.label, children }];
  });

/**
 * The keys of the groups leading to the entry of `path` (a route's path), outermost first: what
 * must be open for the current screen's entry to show. Empty when the tree has no such entry.
 */
export const menuGroupsLeadingTo = (tree: readonly MenuNode[], path: string): string[] => {
  for (const node of tree) {
    if (node.kind === 'link') {
      if (node.path === path) return [];
      continue;
    }
    if (containsLink(node, path)) return [node.key, ...menuGroupsLeadingTo(node.children, path)];
  }
  return [];
};

const containsLink = (node: MenuNode, path: string): boolean =>
  node.kind === 'link' ? node.path === path : node.children.some((c) => containsLink(c, path));
