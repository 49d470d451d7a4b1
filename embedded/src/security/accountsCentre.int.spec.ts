import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type Agent } from '../testApp.js';

/**
 * Centres stay apart, in the accounts too: a user attached to a centre de dépôt does not leave it
 * through the accounts. They create accounts of their own centre only, read, modify, reset, disable
 * and reactivate only their centre's accounts (another centre's, or a national one, answers 404 as
 * if it did not exist), and move no account, theirs included, to another centre or out of every
 * centre. A national user (no centre) keeps every account in reach.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Answer = { id: string; revision: number; position: string };

let t: TestApp;
let admin: Agent;
let centreA: string;
let centreB: string;
/** A profile within every manager's permissions. */
let smallProfile: string;
/** Centre B's enrôleur, and a national user: neither reachable from centre A. */
let enrolerB: Answer;
let national: Answer;

const ENROLER_B = {
  nom: 'Ndzana',
  prenoms: 'Berthe Clarisse',
  login: 'enroleur.douala@test.local',
  telephone: '677112233',
};
const NATIONAL = {
  nom: 'Owona',
  prenoms: 'Nadège',
  login: 'direction.examens@test.local',
  telephone: '699887766',
};

/** What a centre-A manager of accounts holds: the enrôleurs' and the users' screens. */
const MANAGER = [
  'compte.enregistrer',
  'enroleur.enregistrer',
  'enroleur.lister',
  'enroleur.supprimer',
  'utilisateur.enregistrer',
  'utilisateur.lister',
  'utilisateur.supprimer',
  'administration.historique',
];

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The text of an answer: JSON and CSV as they are, an XLSX's cells. */
const textOf = async (response: LightMyRequestResponse): Promise<string> => {
  if (!String(response.headers['content-type'] ?? '').includes('spreadsheetml'))
    return response.body;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) =>
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))),
  );
  return cells.join('\n');
};

const created = async (agent: Agent, url: string, payload: Record<string, unknown>) => {
  const response = await agent.inject({ method: 'POST', url, payload });
  if (response.statusCode !== 201) throw new Error(`${url} : ${response.body}`);
  return response.json<Answer>();
};

let sequence = 0;
const account = (centreDepotId: string | null, extra: Record<string, unknown> = {}) => ({
  nom: 'Mbarga',
  prenoms: 'Luc',
  login: `compte-${++sequence}@test.local`,
  telephone: '699000010',
  profilId: smallProfile,
  motDePasse: 'Temporaire-Essai-1',
  centreDepotId,
  ...extra,
});

/** The account as the administrator reads it (and its ETag). */
const asAdminReads = async (id: string, position?: string) => {
  const response = await admin.inject({
    method: 'GET',
    url: `/api/utilisateurs/${id}`,
    headers: position ? { 'x-min-position': position } : {},
  });
  expect(response.statusCode).toBe(200);
  return {
    etag: String(response.headers.etag),
    doc: response.json<Record<string, unknown> & { centreDepotId: string | null }>(),
  };
};

/** The editable details of an account, as its form sends them back. */
const detailsOf = (doc: Record<string, unknown>) => ({
  nom: doc.nom,
  prenoms: doc.prenoms,
  login: doc.login,
  telephone: doc.telephone,
  profilId: doc.profilId,
  centreDepotId: doc.centreDepotId,
});

const selfOf = async (agent: Agent) =>
  (await agent.inject({ method: 'GET', url: '/api/auth/session' })).json<{
    user: { id: string };
  }>().user.id;

/** Refused, nothing written: answers the refusal. */
const refused = async (
  attempt: () => Promise<LightMyRequestResponse>,
  status: number,
): Promise<LightMyRequestResponse> => {
  const before = await t.eventStore.headPosition();
  const response = await attempt();
  expect({ status: response.statusCode, body: response.json() }).toEqual({
    status,
    body: expect.objectContaining({ message: expect.any(String) }),
  });
  expect(await t.eventStore.headPosition()).toBe(before);
  return response;
};

/** A centre-A manager of their own (a fresh one per attack: an attack that worked moves it). */
let managers = 0;
const centreAManager = () => t.userWith(MANAGER, `gestion.a.${++managers}@test.local`, centreA);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  const departement = async (q: string) =>
    (await admin.inject({ method: 'GET', url: `/api/departements?filter=${enc({ q })}` })).json<
      { id: string }[]
    >()[0]!.id;
  centreA = (
    await created(admin, '/api/centres-depot', {
      code: 'DEP-YDE',
      libelle: 'Dépôt de Yaoundé',
      departementId: await departement('Mfoundi'),
    })
  ).id;
  centreB = (
    await created(admin, '/api/centres-depot', {
      code: 'DEP-DLA',
      libelle: 'Dépôt de Douala',
      departementId: await departement('Wouri'),
    })
  ).id;
  smallProfile = (
    await created(admin, '/api/profils', {
      libelle: 'Son compte',
      permissions: ['compte.enregistrer'],
    })
  ).id;
  enrolerB = await created(admin, '/api/enroleurs', {
    ...ENROLER_B,
    profilId: smallProfile,
    motDePasse: 'Temporaire-Essai-1',
    centreDepotId: centreB,
  });
  national = await created(admin, '/api/utilisateurs', {
    ...NATIONAL,
    profilId: smallProfile,
    motDePasse: 'Temporaire-Essai-1',
  });
});
afterAll(async () => t?.close());

describe('a centre A user’s own account', () => {
  it('is not moved to centre B through PUT /api/enroleurs/:id (as for an unknown centre)', async () => {
    const manager = await centreAManager();
    const self = await selfOf(manager);
    const { etag, doc } = await asAdminReads(self);
    const put = (centreDepotId: string) =>
      manager.inject({
        method: 'PUT',
        url: `/api/enroleurs/${self}`,
        headers: { 'if-match': etag },
        payload: { ...detailsOf(doc), centreDepotId },
      });
    const toB = await refused(() => put(centreB), 400);
    // Exactly what a centre that does not exist gets.
    const unknown = await refused(() => put('centre-inexistant'), 400);
    expect(toB.json()).toEqual(unknown.json());
    expect((await asAdminReads(self)).doc.centreDepotId).toBe(centreA);
  });

  it('is not taken out of every centre through PUT /api/utilisateurs/:id', async () => {
    const manager = await centreAManager();
    const self = await selfOf(manager);
    const { etag, doc } = await asAdminReads(self);
    for (const centreDepotId of [null, '']) {
      const response = await refused(
        () =>
          manager.inject({
            method: 'PUT',
            url: `/api/utilisateurs/${self}`,
            headers: { 'if-match': etag },
            payload: { ...detailsOf(doc), centreDepotId },
          }),
        400,
      );
      expect(response.json<{ message: string }>().message).toMatch(/centre de dépôt/);
    }
    const { centreDepotId: _centre, ...withoutCentre } = detailsOf(doc);
    await refused(
      () =>
        manager.inject({
          method: 'PUT',
          url: `/api/utilisateurs/${self}`,
          headers: { 'if-match': etag },
          payload: withoutCentre,
        }),
      400,
    );
    expect((await asAdminReads(self)).doc.centreDepotId).toBe(centreA);
  });
});

describe('a centre A user creating an account', () => {
  it('creates no national account (no centre) through POST /api/utilisateurs', async () => {
    const manager = await centreAManager();
    for (const payload of [
      account(null),
      account(''),
      { ...account(null), centreDepotId: undefined },
    ]) {
      const response = await refused(
        () => manager.inject({ method: 'POST', url: '/api/utilisateurs', payload }),
        400,
      );
      expect(response.json<{ message: string }>().message).toMatch(/centre de dépôt/);
    }
  });

  it('creates no account of centre B (as for an unknown centre), through either route', async () => {
    const manager = await centreAManager();
    for (const url of ['/api/utilisateurs', '/api/enroleurs']) {
      const toB = await refused(
        () => manager.inject({ method: 'POST', url, payload: account(centreB) }),
        400,
      );
      const unknown = await refused(
        () => manager.inject({ method: 'POST', url, payload: account('centre-inexistant') }),
        400,
      );
      expect({ url, answer: toB.json() }).toEqual({ url, answer: unknown.json() });
    }
  });
});

describe('a centre A user acting on centre B’s enrôleur and on a national account', () => {
  it('cannot reset their password (404), nor sign in as them', async () => {
    const manager = await centreAManager();
    for (const [resource, target] of [
      ['enroleurs', enrolerB],
      ['utilisateurs', enrolerB],
      ['utilisateurs', national],
    ] as const) {
      const { etag } = await asAdminReads(target.id);
      await refused(
        () =>
          manager.inject({
            method: 'POST',
            url: `/api/${resource}/${target.id}/reinitialiser-mot-de-passe`,
            headers: { 'if-match': etag },
            payload: { motDePasse: 'Prise-De-Compte-1' },
          }),
        404,
      );
    }
    const { response } = await t.signIn(ENROLER_B.login, 'Prise-De-Compte-1');
    expect(response.statusCode).not.toBe(200);
  });

  it('cannot modify, move, disable or reactivate them (404)', async () => {
    const manager = await centreAManager();
    for (const [resource, target] of [
      ['enroleurs', enrolerB],
      ['utilisateurs', enrolerB],
      ['utilisateurs', national],
    ] as const) {
      const { etag, doc } = await asAdminReads(target.id);
      for (const [method, path, payload] of [
        ['PUT', '', { ...detailsOf(doc), centreDepotId: centreA }],
        ['PUT', '', { ...detailsOf(doc), prenoms: 'Autre' }],
        ['POST', '/desactiver', undefined],
        ['POST', '/reactiver', undefined],
      ] as const) {
        const response = await refused(
          () =>
            manager.inject({
              method,
              url: `/api/${resource}/${target.id}${path}`,
              headers: { 'if-match': etag },
              payload,
            }),
          404,
        );
        expect(response.body).not.toContain(String(doc.login));
      }
    }
    expect((await asAdminReads(enrolerB.id)).doc).toMatchObject({
      centreDepotId: centreB,
      actif: true,
    });
  });
});

describe('a centre A user reading the accounts', () => {
  it('lists, shows, exports and reads the history of their centre’s accounts only', async () => {
    const manager = await centreAManager();
    const self = await selfOf(manager);
    const needles = [
      ENROLER_B.login,
      ENROLER_B.telephone,
      ENROLER_B.nom,
      NATIONAL.login,
      NATIONAL.telephone,
      NATIONAL.nom,
    ];
    const leaks: string[] = [];
    for (const resource of ['enroleurs', 'utilisateurs']) {
      for (const query of [
        '',
        `?filter=${enc({ centreDepotId: centreB })}`,
        `?filter=${enc({ q: ENROLER_B.nom })}`,
        `?filter=${enc({ id: [enrolerB.id, national.id] })}`,
      ])
        for (const path of ['', '/export.csv', '/export.xlsx']) {
          const response = await manager.inject({
            method: 'GET',
            url: `/api/${resource}${path}${query}`,
          });
          expect(response.statusCode).toBe(200);
          const text = await textOf(response);
          if (needles.some((needle) => text.includes(needle)))
            leaks.push(`${resource}${path}${query}`);
        }
      for (const target of [enrolerB.id, national.id])
        for (const path of ['', '/historique']) {
          const response = await manager.inject({
            method: 'GET',
            url: `/api/${resource}/${target}${path}`,
          });
          if (response.statusCode !== 404)
            leaks.push(`${resource}/${target}${path} → ${response.statusCode}`);
        }
    }
    expect(leaks).toEqual([]);
    // Cut, not emptied: their own account is listed.
    const own = await manager.inject({ method: 'GET', url: '/api/enroleurs' });
    expect(own.json<{ id: string }[]>().map((u) => u.id)).toContain(self);
  });
});

describe('a centre A manager within their centre', () => {
  it('still creates, modifies, resets, disables and reactivates centre A’s enrôleurs', async () => {
    const manager = await centreAManager();
    const mine = await created(manager, '/api/enroleurs', account(centreA));
    const { etag, doc } = await asAdminReads(mine.id, mine.position);
    expect(doc.centreDepotId).toBe(centreA);
    const modified = await manager.inject({
      method: 'PUT',
      url: `/api/enroleurs/${mine.id}`,
      headers: { 'if-match': etag },
      payload: { ...detailsOf(doc), prenoms: 'Luc Olivier' },
    });
    expect(modified.statusCode).toBe(200);
    const reset = await manager.inject({
      method: 'POST',
      url: `/api/enroleurs/${mine.id}/reinitialiser-mot-de-passe`,
      headers: { 'if-match': String(modified.headers.etag) },
      payload: { motDePasse: 'Nouveau-Provisoire-2' },
    });
    expect(reset.statusCode).toBe(200);
    const disabled = await manager.inject({
      method: 'POST',
      url: `/api/enroleurs/${mine.id}/desactiver`,
      headers: { 'if-match': String(reset.headers.etag) },
    });
    expect(disabled.statusCode).toBe(200);
    const reactivated = await manager.inject({
      method: 'POST',
      url: `/api/enroleurs/${mine.id}/reactiver`,
      headers: { 'if-match': String(disabled.headers.etag) },
    });
    expect(reactivated.statusCode).toBe(200);
    // Through the users' route too, attached to their centre; and their own details.
    await created(manager, '/api/utilisateurs', account(centreA));
    const self = await selfOf(manager);
    const own = await asAdminReads(self);
    const renamed = await manager.inject({
      method: 'PUT',
      url: `/api/enroleurs/${self}`,
      headers: { 'if-match': own.etag },
      payload: { ...detailsOf(own.doc), telephone: '699000099' },
    });
    expect(renamed.statusCode).toBe(200);
    const shown = await manager.inject({
      method: 'GET',
      url: `/api/enroleurs/${mine.id}`,
      headers: { 'x-min-position': reactivated.json<Answer>().position },
    });
    expect(shown.json()).toMatchObject({ prenoms: 'Luc Olivier', actif: true });
  });

  it('leaves a national user every account: they move centre B’s enrôleur and create national accounts', async () => {
    const { etag, doc } = await asAdminReads(enrolerB.id, national.position);
    const moved = await admin.inject({
      method: 'PUT',
      url: `/api/enroleurs/${enrolerB.id}`,
      headers: { 'if-match': etag },
      payload: { ...detailsOf(doc), centreDepotId: centreA },
    });
    expect(moved.statusCode).toBe(200);
    const back = await admin.inject({
      method: 'PUT',
      url: `/api/enroleurs/${enrolerB.id}`,
      headers: { 'if-match': String(moved.headers.etag) },
      payload: { ...detailsOf(doc), centreDepotId: centreB },
    });
    expect(back.statusCode).toBe(200);
    await created(admin, '/api/utilisateurs', account(null));
    const all = await admin.inject({ method: 'GET', url: '/api/utilisateurs' });
    const ids = all.json<{ id: string }[]>().map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([enrolerB.id, national.id]));
  });
});
