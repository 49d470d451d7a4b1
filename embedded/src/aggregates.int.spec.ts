import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AGGREGATES,
  DOCUMENT_KINDS,
  documentRequirement,
  aggregateOf,
  aggregateOfResource,
  choosersOf,
  DASHBOARD_ROUTES,
  REFERENCE_EVENT_TYPES,
  REFERENCE_LISTS,
  resourceRequirement,
} from '@examens-pro/domain';
import { allProjections } from '@examens-pro/projections';
import { readRequirement } from '@examens-pro/query-service';
import { documentRenderers, type DocumentDeps } from '@examens-pro/workers';
import { SAMPLES } from '@examens-pro/application/samples';
import { startTestApp } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

const ROOT = resolve(__dirname, '../..');

/**
 * The areas of docs/glossary.md (its « Terms » section, one `### <area>` each) and the code names
 * each one lists: an aggregate belongs to the area whose terms name its stream category.
 */
const glossaryAreas = (): { area: string; terms: string }[] => {
  const text = readFileSync(resolve(ROOT, 'docs/glossary.md'), 'utf8');
  const terms = text.slice(text.indexOf('\n## Terms'));
  const section = terms.slice(0, terms.indexOf('\n## ', 1));
  return section
    .split('\n### ')
    .slice(1)
    .map((part) => ({ area: part.slice(0, part.indexOf('\n')).trim(), terms: part }));
};
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/**
 * Every aggregate declared by a manifest is whole in the running product: its read resources are
 * listed by the query service, written through the command service (unless written elsewhere),
 * fed by registered projections, guarded by a permission, and shown by a dashboard route — or, for
 * a list managed from another screen, by that screen's tabs.
 */
describe('Aggregate manifests', () => {
  const projectionNames = new Set(allProjections().map((p) => p.name));
  const resources = AGGREGATES.flatMap((m) => m.resources.map((r) => ({ manifest: m, r })));

  it.each(resources.map(({ manifest, r }) => [r.name, manifest, r] as const))(
    '%s: read and command routes, projections, permission, screen',
    (name, manifest, resource) => {
      expect(t.app.hasRoute({ method: 'GET', url: `/api/${name}` })).toBe(true);
      expect(t.app.hasRoute({ method: 'GET', url: `/api/${name}/:id` })).toBe(true);
      // A read-only view of an aggregate (the validated dossiers) has no command route.
      expect(t.app.hasRoute({ method: 'POST', url: `/api/${name}` })).toBe(
        manifest.commands && !resource.readOnly,
      );
      for (const projection of resource.projections)
        expect([name, projectionNames.has(projection)]).toEqual([name, true]);
      const list = REFERENCE_LISTS.find((l) => l.name === name);
      if (list?.readOnly) {
        // The geography is read by every signed-in user, written by nobody.
        expect(readRequirement(name)).toEqual([]);
        return;
      }
      expect([name, readRequirement(name).length > 0]).toEqual([name, true]);
      // A route of its own, the tabs of the screen managing it, or (documents) the screens that
      // produce its items.
      const onScreen =
        DASHBOARD_ROUTES.some((route) => route.resource === name) ||
        Boolean(list?.managedFrom) ||
        (manifest.category === 'documents' &&
          DASHBOARD_ROUTES.some((route) => (route.documents ?? []).length > 0));
      expect([name, onScreen]).toEqual([name, true]);
    },
  );

  it('serves every resource route of the route table by both apps', () => {
    // Resource screens, and pages that read an API resource of their own (automatic allocations).
    const resourceRoutes = DASHBOARD_ROUTES.filter((route) => route.resource);
    expect(resourceRoutes.length).toBeGreaterThan(20);
    for (const route of resourceRoutes) {
      const name = route.resource!;
      const manifest = aggregateOfResource(name);
      expect([route.id, Boolean(manifest)]).toEqual([route.id, true]);
      expect([route.id, t.app.hasRoute({ method: 'GET', url: `/api/${name}` })]).toEqual([
        route.id,
        true,
      ]);
      expect([route.id, t.app.hasRoute({ method: 'POST', url: `/api/${name}` })]).toEqual([
        route.id,
        manifest!.commands && !manifest!.resources.find((r) => r.name === name)!.readOnly,
      ]);
    }
    // Every resource screen has its API resource.
    for (const route of DASHBOARD_ROUTES.filter((r) => r.screen === 'resource'))
      expect([route.id, typeof route.resource]).toEqual([route.id, 'string']);
  });

  it('has each aggregate in one area of the glossary, with that area’s folder in every layer', () => {
    const areas = glossaryAreas();
    expect(areas.length).toBeGreaterThanOrEqual(14);
    const missing: string[] = [];
    for (const manifest of AGGREGATES) {
      const home = areas.find(({ terms }) => terms.includes(`\`${manifest.category}\``));
      if (!home) {
        missing.push(`${manifest.category}: absent du glossaire`);
        continue;
      }
      const folders = [`domain/src/${home.area}`];
      // Read: its projections live in the area's folder (a payment is read through its dossier).
      if (manifest.resources.some((r) => r.projections.length > 0))
        folders.push(`projections/src/${home.area}`);
      // Written by staff: its handlers, routes and screens live in the area's folders too.
      if (manifest.commands)
        folders.push(
          `application/src/${home.area}`,
          `command-service/src/${home.area}`,
          `admin-ui/src/resources/${home.area}`,
        );
      for (const folder of folders)
        if (!existsSync(resolve(ROOT, folder))) missing.push(`${manifest.category}: ${folder}`);
    }
    expect(missing).toEqual([]);
  });

  it('serves the history of every resource that declares one', () => {
    for (const { r } of resources)
      expect([
        r.name,
        t.app.hasRoute({ method: 'GET', url: `/api/${r.name}/:id/historique` }),
      ]).toEqual([r.name, r.history !== undefined]);
  });

  it('renders every kind of document an aggregate declares, requested from a screen', () => {
    const renderers = documentRenderers({} as DocumentDeps);
    for (const manifest of AGGREGATES)
      for (const kind of manifest.documents ?? []) {
        expect([kind, kind in DOCUMENT_KINDS]).toEqual([kind, true]);
        expect([kind, typeof renderers[kind as keyof typeof renderers]]).toEqual([
          kind,
          'function',
        ]);
        expect([kind, documentRequirement(kind).length > 0]).toEqual([kind, true]);
      }
  });

  it('has sample commands for every aggregate (crash tests and benches write its events)', () => {
    const covered = new Set(SAMPLES.flatMap((s) => [...s.provides, ...(s.writes ?? [])]));
    expect(AGGREGATES.map((m) => m.category).filter((c) => !covered.has(c))).toEqual([]);
  });

  it('declares every reference to a resource that exists and may be chosen', () => {
    for (const manifest of AGGREGATES)
      for (const reference of manifest.references) {
        const target = aggregateOf(reference.resource);
        expect([manifest.category, reference.field, Boolean(target?.choosable)]).toEqual([
          manifest.category,
          reference.field,
          true,
        ]);
      }
  });

  it('lets whoever edits a referrer read what it chooses from', () => {
    expect(choosersOf('profils')).toEqual(['utilisateurs', 'enroleurs']);
    expect(choosersOf('centres-depot')).toContain('enroleurs');
    expect(choosersOf('centres-depot')).not.toContain('utilisateurs');
    expect(choosersOf('filieres')).toEqual(['metiers']);
    expect(choosersOf('examens')).toContain('sessions');
    for (const permission of resourceRequirement('metiers', 'read'))
      expect(readRequirement('filieres')).toContain(permission);
    for (const permission of resourceRequirement('enroleurs', 'read'))
      expect(readRequirement('centres-depot')).toContain(permission);
  });

  it('feeds the usage projection with every event that tells references', () => {
    const usages = allProjections().find((p) => p.name === 'usages')!;
    expect([...usages.eventTypes].sort()).toEqual([...REFERENCE_EVENT_TYPES].sort());
    expect(REFERENCE_EVENT_TYPES).toEqual(
      expect.arrayContaining([
        'ListItemCreated',
        'ListItemDeleted',
        'UserModified',
        'SessionCreated',
      ]),
    );
  });
});
