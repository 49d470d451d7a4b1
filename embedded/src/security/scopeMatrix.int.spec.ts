import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { NATIONAL_PERMISSIONS, PERMISSION_CODES, REFERENCE_LISTS } from '@examens-pro/domain';
import { pdfText } from '@examens-pro/workers/testing/pdfText';
import { signaturePng } from '@examens-pro/workers/testing/signaturePng';
import { startTestApp, type Agent } from '../testApp.js';
import { closedDeliberation, requests, type DeliberationFixture } from '../examFixture.js';

/**
 * « Centres stay apart »: every GET, export and download route of the
 * query service and every command route of the command service, as the app registered them (an
 * `onRoute` hook: a new route is covered without editing this file), called by a user attached to
 * centre de dépôt A who holds every permission, on centre B's records: 404, or an answer (a list,
 * an export) that holds nothing of centre B; and no command writes anything.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
const PUBLIC = 'https://examens.example.org';

/** Centre B's enrôleur: an account of centre B (name, login and phone found nowhere else). */
const B_ENROLER = {
  nom: 'Vouvounkeng',
  prenoms: 'Bernadette',
  login: 'enroleur.douala@test.local',
  telephone: '677445566',
};

/** Centre B's candidates: names found nowhere else in the fixture. */
const B_NAMES = [
  { nom: 'Wandjiwoua', prenoms: 'Bertille Ornella' },
  { nom: 'Yebgamassi', prenoms: 'Bonaventure Kilian' },
  { nom: 'Zambokolo', prenoms: 'Berenice Quitterie' },
];

interface Route {
  readonly method: string;
  readonly url: string;
}

/**
 * Routes that are not a centre's data, each with its reason. Anything else registered is checked.
 * A prefix ending in `/` covers every route under it.
 */
const NOT_CENTRE_DATA: readonly (readonly [pattern: string, reason: string])[] = [
  // The reference lists (configuration: métiers, sites, centres, épreuves, jurys…): shared by
  // every centre, read by everyone who chooses from them; their writes are configuration.
  ...REFERENCE_LISTS.map(
    (list) =>
      [`/api/${list.name}/`, `liste de référence « ${list.name} » (configuration)`] as const,
  ),
  ['/api/public/', 'espace public : pas de session, pas de centre (ses champs : public.routes)'],
  ['/api/auth/', 'connexion et jeton CSRF : le compte de l’appelant'],
  ['/api/can/', 'unicité d’un code de configuration'],
  ['/api/mon-compte/', 'le compte de l’appelant'],
  ['/api/health', 'état du service'],
  ['/api/ready', 'état des projections'],
  ['/api/informations', 'version et adaptateurs du produit'],
  ['/api/maintenance/', 'mode maintenance du produit'],
  ['/api/images/', 'images de signature (configuration des signataires)'],
  ['/api/profils/', 'profils de droits (question 2)'],
  ['/api/sessions/', 'sessions d’examen (configuration)'],
  ['/api/configurations-notes/', 'fenêtres de saisie des notes d’une session (configuration)'],
  ['/api/references-examen/', 'arrêté de la session (configuration)'],
  ['/api/signatures-ministre/', 'signature du ministre (image, versions)'],
  ['/api/certificat-signature/', 'certificat de signature des documents du bureau (configuration)'],
  ['/api/rapports/choix', 'listes de choix des rapports (sessions, géographie)'],
  ['/api/bilan-affectation/sessions', 'liste des sessions'],
  ['/api/bilan-affectation/geographie', 'zones et départements des sites'],
  ['/api/bilan-pieces/sessions', 'liste des sessions'],
  ['/api/extraction-admis/sessions', 'liste des sessions'],
  ['/api/statistiques-admissions/sessions', 'liste des sessions'],
  ['/api/couverture-jurys/sessions', 'liste des sessions'],
];

const allowed = (url: string) =>
  NOT_CENTRE_DATA.find(([pattern]) =>
    pattern.endsWith('/') ? `${url}/`.startsWith(pattern) : url === pattern,
  );

let t: TestApp;
let admin: Agent;
let centreA: Agent;
let fx: DeliberationFixture;
const routes: Route[] = [];
/** Centre B's records, by kind: every `:param` is tried with each. */
const bIds: Record<string, string[]> = {};
/** What must never be read by centre A: B's names and numbers. */
const needles: string[] = [];

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The text of an answer: JSON and CSV as they are, an XLSX's cells, a PDF's bytes as Latin-1. */
const textOf = async (response: LightMyRequestResponse): Promise<string> => {
  const type = String(response.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.eachSheet((sheet) =>
      sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))),
    );
    return cells.join('\n');
  }
  if (type.includes('application/pdf')) return pdfText(response.rawPayload).join('\n');
  return response.body;
};

const waitGenerated = async (id: string) => {
  for (let i = 0; i < 600; i += 1) {
    const state = await requests(admin).read<{ statut: string }>(
      `/api/documents/${id}/progression`,
    );
    if (state.statut !== 'demande') return state.statut;
    await new Promise((r) => setTimeout(r, 50));
  }
  return 'demande';
};

beforeAll(async () => {
  t = await startTestApp({
    publicUrl: `${PUBLIC}/`,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat())
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
    },
  });
  admin = await t.asAdmin();
  const r = requests(admin);
  const image = await admin.inject({
    method: 'POST',
    url: '/api/images',
    headers: { 'content-type': 'image/png' },
    payload: signaturePng(),
  });
  expect(image.statusCode).toBe(201);
  await r.created('/api/signataires', {
    code: 'DEC',
    libelle: 'Paul Atangana',
    titre: 'Directeur des examens et concours',
    signeAttestations: true,
    signeDiplomes: true,
    signature: image.json<{ fichier: string }>().fichier,
  });
  // Candidates 0–2 at centre A (Dépôt de Yaoundé), 3–5 at centre B (Dépôt de Douala); 3 and 5
  // admitted; 5 composes at the Lycée de Douala beside candidate 2 (centre A).
  fx = await closedDeliberation(t, admin, {
    count: 6,
    candidate: async (i, s) => {
      if (i < 3) return {};
      s.ids.depotB ??= (
        await s.r.created('/api/centres-depot', {
          code: 'CQP-DEP-DLA',
          libelle: 'Dépôt de Douala',
          departementId: s.ids.wouri,
        })
      ).id;
      return { depot: 'depotB', ...B_NAMES[i - 3]! };
    },
  });
  const { ids } = fx;
  const b = fx.candidates.slice(3);
  bIds.candidature = b.map((c) => c.id);
  for (const c of b) {
    const doc = await r.read<{ numeroDossier: string; numeroCandidat: string }>(
      `/api/candidatures/${c.id}`,
      fx.position,
    );
    needles.push(c.nom, c.prenoms, doc.numeroDossier, doc.numeroCandidat);
  }
  // Centre B's documents: a convocation, an attestation, an extraction, a draft decision of its
  // département, the attendance list of the Lycée de Douala (both centres' candidates).
  const documents: string[] = [];
  const ask = async (url: string, payload: Record<string, unknown>) => {
    const answer = await r.created(url, payload);
    documents.push(answer.id);
    return answer;
  };
  await ask('/api/documents', {
    kind: 'convocations',
    cible: { sessionId: ids.session, candidatureId: b[0]!.id },
  });
  await ask('/api/attestations/documents', {
    kind: 'attestations',
    sessionId: ids.session,
    candidatureIds: [b[0]!.id],
  });
  await ask('/api/documents', {
    kind: 'extraction-admis',
    cible: { sessionId: ids.session, centreDepotId: ids.depotB },
  });
  await ask('/api/documents', {
    kind: 'decision-admission',
    cible: { sessionId: ids.session, departementId: ids.wouri },
  });
  await ask('/api/documents', {
    kind: 'liste-emargement',
    cible: { sessionId: ids.session, siteId: ids.douala },
  });
  for (const id of documents) expect(await waitGenerated(id)).toBe('genere');
  bIds.document = documents;
  // A registration incident on a centre B dossier.
  const type = await r.created('/api/types-incidents', { code: 'DBL', libelle: 'Doublon' });
  bIds.incidentType = [type.id];
  const incident = await r.created('/api/incidents-inscription', {
    typeId: type.id,
    candidatureId: b[0]!.id,
    description: 'Deux dossiers.',
  });
  bIds.incident = [incident.id];
  // A decision of centre B's département (Wouri).
  const decision = await r.post('/api/decisions-admission', {
    sessionId: ids.session,
    departementId: ids.wouri,
  });
  expect(decision.statusCode).toBe(201);
  bIds.decision = [decision.json<{ id: string }>().id];
  bIds.jury = [fx.juryId];
  bIds.session = [ids.session!];
  // An enrôleur account of centre B.
  const profile = await r.created('/api/profils', {
    libelle: 'Enrôleur de Douala',
    permissions: ['compte.enregistrer'],
  });
  bIds.profile = [profile.id];
  const account = await r.created('/api/enroleurs', {
    ...B_ENROLER,
    profilId: profile.id,
    motDePasse: 'Temporaire-Essai-1',
    centreDepotId: ids.depotB,
  });
  bIds.account = [account.id];
  needles.push(B_ENROLER.nom, B_ENROLER.login, B_ENROLER.telephone);
  // A payment statement of centre B, matched against its dossiers by its own enrôleur.
  const cashier = await t.userWith(['candidat.modifier'], 'caisse.b@test.local', ids.depotB);
  const numero = needles[2]!;
  const statement = await cashier.inject({
    method: 'POST',
    url: `/api/releves-paiement?sessionId=${ids.session}&canal=virement&fichier=b.csv`,
    headers: { 'content-type': 'text/csv' },
    payload: `date;montant;reference;numero_dossier\r\n19/11/2026;1000;VIR-B-1;${numero}\r\n`,
  });
  expect(statement.statusCode).toBe(201);
  bIds.statement = [statement.json<{ id: string }>().id];
  centreA = await t.userWith(PERMISSION_CODES, 'centre.a@test.local', ids.depot);
}, 300_000);
afterAll(async () => t?.close());

/** Every value a path parameter is tried with: centre B's records of every kind. */
const valuesOf = (param: string): string[] => {
  if (param === 'juryId') return bIds.jury!;
  if (param === 'sessionId') return bIds.session!;
  if (param === 'pieceId' || param === 'fichier' || param === 'numero') return ['x'];
  return [
    ...bIds.candidature!,
    ...bIds.document!,
    ...bIds.incident!,
    ...bIds.decision!,
    ...bIds.jury!,
    ...bIds.account!,
    ...bIds.statement!,
  ];
};

/** The route's URL once for each combination of centre B values of its parameters. */
const urlsOf = (url: string): string[] => {
  const param = /:(\w+)/.exec(url);
  if (!param) return [url];
  return valuesOf(param[1]!).flatMap((value) =>
    urlsOf(url.replace(`:${param[1]}`, encodeURIComponent(value))),
  );
};

describe('a centre A user on centre B data', () => {
  it('reads, searches, exports and downloads nothing of centre B', async () => {
    const reads = routes.filter((route) => route.method === 'GET' && !allowed(route.url));
    expect(reads.length).toBeGreaterThan(50);
    const { ids } = fx;
    const [b0] = bIds.candidature!;
    const query = [
      `sessionId=${ids.session}`,
      `siteId=${ids.douala}`,
      `epreuveId=${ids.theo}`,
      `juryId=${fx.juryId}`,
      `candidatureId=${b0}`,
    ].join('&');
    const queries = [
      `?${query}`,
      `?${query}&centreExamenId=${ids.ceDouala}`.replace(`siteId=${ids.douala}&`, ''),
      `?${query}&departementId=${ids.wouri}`.replace(`siteId=${ids.douala}&`, ''),
      `?${query}&q=${encodeURIComponent(B_NAMES[0]!.nom)}`,
      `?${query}&q=${encodeURIComponent(needles[3]!)}`,
      `?filter=${enc({ sessionId: ids.session, centreDepotId: ids.depotB })}`,
      `?filter=${enc({ q: B_NAMES[1]!.nom })}`,
      `?filter=${enc({ id: bIds.candidature })}`,
    ];
    const leaks = new Set<string>();
    for (const route of reads)
      for (const url of urlsOf(route.url))
        for (const q of queries) {
          const response = await centreA.inject({ method: 'GET', url: `${url}${q}` });
          const what = `GET ${route.url} → ${response.statusCode}`;
          if (response.statusCode === 404) continue;
          if (response.statusCode >= 500 || response.statusCode === 403) {
            leaks.add(`${what} ${response.body.slice(0, 160)}`);
            continue;
          }
          if (response.statusCode >= 400) continue;
          const text = await textOf(response);
          if (needles.some((needle) => text.includes(needle))) leaks.add(what);
        }
    expect([...leaks]).toEqual([]);
    // Cut, not emptied: the list of a site both centres compose at names centre A's candidate;
    // the search finds centre A's.
    const own = fx.candidates[2]!;
    const list = await centreA.inject({
      method: 'GET',
      url: `/api/liste-examen/liste-emargement.xlsx?sessionId=${ids.session}&siteId=${ids.douala}`,
    });
    expect(list.statusCode).toBe(200);
    expect(await textOf(list)).toContain(own.nom);
    const found = await requests(centreA).read<{ candidats: { id: string }[] }>(
      `/api/recherche-candidats?q=${encodeURIComponent(own.nom)}`,
    );
    expect(found.candidats.map((c) => c.id)).toContain(own.id);
    // A centre A user filtering on their own centre gets their own dossiers, not nothing.
    const mine = await centreA.inject({
      method: 'GET',
      url: `/api/candidatures?filter=${enc({ centreDepotId: ids.depot })}`,
    });
    expect(mine.json<{ id: string }[]>().map((c) => c.id)).toContain(own.id);
  }, 600_000);
});

/** A new account attached to centre B (users, enrôleurs): answered as for an unknown centre. */
const newAccount = (centreDepotId: string) => ({
  nom: 'Nkoulou',
  prenoms: 'Armel',
  login: 'nouveau.compte@test.local',
  telephone: '699000077',
  profilId: bIds.profile![0],
  motDePasse: 'Temporaire-Essai-1',
  centreDepotId,
});

/** The centre B record a creation's body names, when not a dossier: centre B itself. */
const BODY_TARGET_OF: Record<string, () => string> = {
  'POST /api/utilisateurs': () => fx.ids.depotB!,
  'POST /api/enroleurs': () => fx.ids.depotB!,
};

/**
 * Commands whose target is named in their body (a creation): the payload naming centre B's record
 * (`x`), answered exactly as for a record that does not exist.
 */
const BODY_TARGETS: Record<string, (x: string) => Record<string, unknown>> = {
  'POST /api/documents': (x) => ({
    kind: 'convocations',
    cible: { sessionId: fx.ids.session, candidatureId: x },
  }),
  'POST /api/attestations/documents': (x) => ({
    kind: 'attestations',
    sessionId: fx.ids.session,
    candidatureIds: [x],
  }),
  'POST /api/lots-candidatures': (x) => ({ action: 'valider', ids: [x] }),
  'POST /api/utilisateurs': newAccount,
  'POST /api/enroleurs': newAccount,
  'POST /api/incidents-inscription': (x) => ({
    typeId: bIds.incidentType![0],
    candidatureId: x,
    description: 'Sur un dossier d’un autre centre.',
  }),
};

/**
 * Creations that name no other centre's record: what they write is filed under the caller's own
 * centre, whatever the body says (the command handlers replace `centreDepotId` by the caller's).
 */
const OWN_CENTRE_CREATIONS: Record<string, string> = {
  'POST /api/candidatures': 'le dossier est déposé au centre de l’enrôleur',
  'POST /api/listes-candidats': 'la liste est appliquée au centre de l’enrôleur',
  'POST /api/listes-candidats/verifier': 'vérification d’un fichier : rien d’un centre',
  'POST /api/releves-paiement':
    'le relevé est rapproché des seuls dossiers du centre de l’enrôleur',
};

/** Centre B's records by the resource (URL prefix) whose commands take them as `:id`. */
const PATH_TARGETS = (): Record<string, string[]> => ({
  candidatures: bIds.candidature!,
  'incidents-inscription': bIds.incident!,
  documents: bIds.document!,
  'decisions-admission': bIds.decision!,
  deliberations: bIds.jury!,
  'visibilites-resultats': bIds.session!,
  'incidents-examen': bIds.candidature!,
  'archives-pv': bIds.document!,
  utilisateurs: bIds.account!,
  enroleurs: bIds.account!,
  'releves-paiement': bIds.statement!,
});

const urlWith = (url: string, values: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));

describe('a centre A user’s commands on centre B data', () => {
  it('answer 404 (or as for a record that does not exist) and write nothing', async () => {
    const commands = routes.filter((route) => route.method !== 'GET' && !allowed(route.url));
    expect(commands.length).toBeGreaterThan(20);
    const problems: string[] = [];
    const send = (method: string, url: string, payload: Record<string, unknown>) =>
      centreA.inject({
        method: method as 'POST',
        url,
        payload,
        headers: { 'if-match': 'W/"0"' },
      });
    for (const route of commands) {
      const key = `${route.method} ${route.url}`;
      if (OWN_CENTRE_CREATIONS[key]) continue;
      const before = await t.eventStore.headPosition();
      const prefix = route.url.split('/')[2]!;
      const param = /:(\w+)/.exec(route.url)?.[1];
      const answers: LightMyRequestResponse[] = [];
      if (param) {
        const targets = PATH_TARGETS()[prefix];
        if (!targets) {
          problems.push(`${key} : ni dans la liste blanche, ni de cible du centre B connue`);
          continue;
        }
        for (const id of targets) {
          const response = await send(route.method, urlWith(route.url, { [param]: id }), {});
          answers.push(response);
          if (response.statusCode !== 404)
            problems.push(`${key} (${id}) → ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      } else {
        const body = BODY_TARGETS[key];
        const target = BODY_TARGET_OF[key]?.() ?? bIds.candidature![0]!;
        const response = await send(route.method, route.url, body?.(target) ?? {});
        answers.push(response);
        if (body) {
          // Exactly what a record that does not exist gets: its existence is not told.
          const none = await send(route.method, route.url, body('dossier-inexistant'));
          const shown = (r: LightMyRequestResponse) => [
            r.statusCode,
            r.json<{ message?: string }>().message,
          ];
          if (
            ![400, 404].includes(response.statusCode) ||
            JSON.stringify(shown(response)) !== JSON.stringify(shown(none))
          )
            problems.push(
              `${key} → ${JSON.stringify(shown(response))} ≠ ${JSON.stringify(shown(none))}`,
            );
        } else if (response.statusCode !== 404)
          problems.push(
            `${key} → ${response.statusCode} ${response.body.slice(0, 120)} (ni dans la liste blanche, ni 404)`,
          );
      }
      for (const response of answers) {
        const text = response.body;
        if (needles.some((needle) => text.includes(needle)))
          problems.push(`${key} : données du centre B`);
      }
      if ((await t.eventStore.headPosition()) !== before) problems.push(`${key} : a écrit`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

describe('the routes', () => {
  it('are enumerated from the registrations', () => {
    // Both services' routes, as registered: the search, a download, a command.
    for (const url of [
      'GET /api/recherche-candidats/:id',
      'GET /api/documents/:id/fichier',
      'POST /api/candidatures/:id/valider',
    ])
      expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(url);
  });
});

describe('the national screens', () => {
  it('are not offered to a centre A user, whatever their profile holds', async () => {
    const session = await centreA.inject({ method: 'GET', url: '/api/auth/session' });
    const permissions = session.json<{ user: { permissions: string[] } }>().user.permissions;
    // The centre's own work stays; the national work (marks, deliberations…) is not offered.
    expect(permissions).toContain('candidat.lister-inscrits');
    expect(permissions.filter((code) => NATIONAL_PERMISSIONS.has(code))).toEqual([]);
    const can = async (body: Record<string, unknown>) =>
      (await centreA.inject({ method: 'POST', url: '/api/can/uniq', payload: body })).json<{
        can: boolean;
      }>().can;
    expect(await can({ permissions: ['note.lister'] })).toBe(false);
    expect(await can({ path: 'espace-examen/notes/liste-des-notes' })).toBe(false);
    expect(await can({ permissions: ['candidat.lister-inscrits'] })).toBe(true);
  });
});
