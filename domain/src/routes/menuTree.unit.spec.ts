import { describe, expect, it } from '@jest/globals';
import {
  MENU_GROUP_LABELS,
  MENU_OVERVIEW_LABEL,
  menuGroupsLeadingTo,
  menuTree,
  sectionGroupKey,
  type MenuGroup,
  type MenuNode,
} from './menuTree.js';
import { DASHBOARD_ROUTES, MENU_SECTIONS, routeById, type RouteId } from './routeTable.js';

const routes = (...ids: RouteId[]) => ids.map(routeById);
const group = (nodes: readonly MenuNode[], label: string): MenuGroup => {
  const found = nodes.find((n) => n.kind === 'group' && n.label === label);
  if (!found || found.kind !== 'group') throw new Error(`no group ${label}`);
  return found;
};
const labels = (nodes: readonly MenuNode[]) => nodes.map((n) => n.label);
const links = (nodes: readonly MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.kind === 'link' ? [n.path] : links(n.children)));

describe('the dashboard menu as a tree', () => {
  const whole = menuTree(DASHBOARD_ROUTES);

  it('has the seed’s seven sections in order, Mon compte being its one link', () => {
    expect(labels(whole)).toEqual(MENU_SECTIONS.map((s) => s.label));
    expect(whole[0]).toEqual({
      kind: 'link',
      key: 'mon-compte',
      label: 'Mon compte',
      path: 'mon-compte',
    });
    expect(whole.slice(1).every((n) => n.kind === 'group')).toBe(true);
  });

  it('offers every route exactly once, in the route table’s order within each group', () => {
    const offered = links(whole);
    expect([...offered].sort()).toEqual(DASHBOARD_ROUTES.map((r) => r.path).sort());
    expect(new Set(offered).size).toBe(offered.length);
  });

  it('nests Inscription by path: Candidats is a group whose first entry is its own screen', () => {
    const inscription = group(whole, 'Inscription');
    expect(inscription.key).toBe(sectionGroupKey('inscription'));
    expect(labels(inscription.children)).toEqual([
      'Patrons',
      'Apprentis',
      'Inscrits',
      'Candidats',
      'Affectation des candidats aux sites',
      'Gestion des incidents',
    ]);
    const candidats = group(inscription.children, 'Candidats');
    expect(candidats.key).toBe('inscription/candidats');
    expect(candidats.children[0]).toEqual({
      kind: 'link',
      key: 'inscription/candidats',
      label: MENU_OVERVIEW_LABEL,
      path: 'inscription/candidats',
    });
    // Below it, its screens in the route table's order.
    const below = labels(candidats.children);
    expect(below).toEqual(expect.arrayContaining(['Inscrire un candidat', 'Liste des candidats']));
    expect(below.indexOf('Inscrire un candidat')).toBeLessThan(
      below.indexOf('Liste des candidats'),
    );
    expect(below.slice(1)).toEqual(
      DASHBOARD_ROUTES.filter((r) => r.path.startsWith('inscription/candidats/')).map(
        (r) => r.label,
      ),
    );
  });

  it('names the groups that are no route: Configuration → Inscriptions, Examen & session', () => {
    const configuration = group(whole, 'Configuration');
    expect(labels(configuration.children).slice(-2)).toEqual(['Inscriptions', 'Examen & session']);
    expect(labels(group(configuration.children, 'Examen & session').children)).toContain(
      'Épreuves',
    );
    const admissions = group(group(whole, 'Espace Examen').children, 'Gestion des admissions');
    expect(labels(admissions.children)).toEqual(
      expect.arrayContaining(['Attestations', 'Décisions d’admission']),
    );
  });

  it('has a label for every group of the route table, none guessed from its path', () => {
    const groupsOf = (nodes: readonly MenuNode[]): MenuGroup[] =>
      nodes.flatMap((n) => (n.kind === 'group' ? [n, ...groupsOf(n.children)] : []));
    for (const g of groupsOf(whole)) {
      if (g.key.startsWith('section:')) continue;
      const own = DASHBOARD_ROUTES.find((r) => r.path === g.key);
      expect([g.key, own?.label ?? MENU_GROUP_LABELS[g.key]]).toEqual([g.key, g.label]);
      expect(g.label).toBeDefined();
    }
  });

  it('drops groups and sections whose entries are all absent', () => {
    const tree = menuTree(routes('', 'informations', 'mon-compte', 'configuration/langues'));
    expect(labels(tree)).toEqual(['Mon compte', 'Tableau de bord', 'Configuration']);
    expect(labels(group(tree, 'Configuration').children)).toEqual(['Langues']);
  });

  it('makes a screen with nothing the user may open below it a plain link', () => {
    const tree = menuTree(routes('inscription/patrons', 'inscription/candidats'));
    expect(group(tree, 'Inscription').children).toEqual([
      { kind: 'link', key: 'inscription/patrons', label: 'Patrons', path: 'inscription/patrons' },
      {
        kind: 'link',
        key: 'inscription/candidats',
        label: 'Candidats',
        path: 'inscription/candidats',
      },
    ]);
  });

  it('keeps a group whose own screen is not offered, without an overview entry', () => {
    const tree = menuTree(routes('inscription/candidats/liste'));
    const candidats = group(group(tree, 'Inscription').children, 'Candidats');
    expect(candidats.children).toEqual([
      {
        kind: 'link',
        key: 'inscription/candidats/liste',
        label: 'Liste des candidats',
        path: 'inscription/candidats/liste',
      },
    ]);
  });

  it('says which groups lead to the current screen’s entry, outermost first', () => {
    expect(menuGroupsLeadingTo(whole, 'inscription/candidats/liste')).toEqual([
      'section:inscription',
      'inscription/candidats',
    ]);
    expect(menuGroupsLeadingTo(whole, 'inscription/candidats')).toEqual([
      'section:inscription',
      'inscription/candidats',
    ]);
    expect(menuGroupsLeadingTo(whole, 'configuration/examen-session/epreuves')).toEqual([
      'section:configuration',
      'configuration/examen-session',
    ]);
    expect(menuGroupsLeadingTo(whole, '')).toEqual(['section:tableau-de-bord']);
    expect(menuGroupsLeadingTo(whole, 'mon-compte')).toEqual([]);
    expect(
      menuGroupsLeadingTo(menuTree(routes('inscription/patrons')), 'configuration/langues'),
    ).toEqual([]);
  });
});
