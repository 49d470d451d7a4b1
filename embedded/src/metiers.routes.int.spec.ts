import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { referencesCollection } from '@examens-pro/domain';
import { startTestApp, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>> & { admin: Agent };
let t: TestApp;

beforeAll(async () => {
  const started = await startTestApp();
  t = { ...started, admin: await started.asAdmin() };
});
afterAll(async () => t.close());

const json = <T = Record<string, unknown>>(response: LightMyRequestResponse): T =>
  response.json() as T;
const enc = (value: unknown): string => encodeURIComponent(JSON.stringify(value));

interface Answer {
  id: string;
  revision: number;
  position: string;
}

const create = async (
  code: string,
  libelle = `Métier ${code}`,
  headers: Record<string, string> = {},
) => t.admin.inject({ method: 'POST', url: '/api/metiers', payload: { code, libelle }, headers });

const createOk = async (code: string, libelle?: string): Promise<Answer> => {
  const response = await create(code, libelle);
  expect(response.statusCode).toBe(201);
  return json<Answer>(response);
};

const read = async (id: string, position?: string) =>
  t.admin.inject({
    method: 'GET',
    url: `/api/metiers/${id}`,
    headers: position ? { 'x-min-position': position } : {},
  });

const list = async (params: Record<string, unknown>, position?: string) =>
  t.admin.inject({
    method: 'GET',
    url: `/api/metiers?${Object.entries(params)
      .map(([k, v]) => `${k}=${enc(v)}`)
      .join('&')}`,
    headers: position ? { 'x-min-position': position } : {},
  });

const command = async (
  method: 'PUT' | 'DELETE' | 'POST',
  url: string,
  revision?: number,
  payload?: unknown,
) =>
  t.admin.inject({
    method,
    url,
    payload: payload as never,
    headers: revision === undefined ? {} : { 'if-match': `W/"${revision}"` },
  });

describe('métiers over HTTP', () => {
  it('creates a métier (201, id, revision, position) and reads it back at once', async () => {
    const response = await create(' plomb ', '  Plomberie   sanitaire ');
    expect(response.statusCode).toBe(201);
    const answer = json<Answer>(response);
    expect(answer).toEqual({
      id: expect.any(String),
      revision: 0,
      position: expect.stringMatching(/^\d+$/),
    });
    expect(response.headers.etag).toBe('W/"0"');

    const one = await read(answer.id, answer.position);
    expect(one.statusCode).toBe(200);
    expect(one.headers['x-position-reached']).toBe('true');
    expect(one.headers.etag).toBe('W/"0"');
    expect(json(one)).toMatchObject({
      id: answer.id,
      code: 'PLOMB',
      libelle: 'Plomberie sanitaire',
      actif: true,
      version: 0,
      creePar: 'Premier Administrateur',
    });

    const all = await list({ filter: { q: 'plomberie' } }, answer.position);
    expect(all.headers['content-range']).toBe('metiers 0-0/1');
    expect(json<unknown[]>(all)).toHaveLength(1);
  });

  it('records the signed-in user as the actor and the command id on every event', async () => {
    const answer = await createOk('ACTEUR');
    const [event] = await t.eventStore.readStream(`metiers-${answer.id}`);
    const session = (await t.admin.inject({ method: 'GET', url: '/api/auth/session' })).json<{
      user: { id: string };
    }>();
    expect(event?.metadata.actor).toEqual({ id: session.user.id, name: 'Premier Administrateur' });
    expect(event?.metadata.correlationId).toBeTruthy();
  });

  it('lists in the ra-data-simple-rest dialect: sort, range, filters, search, Content-Range', async () => {
    const created: Answer[] = [];
    for (const [code, libelle] of [
      ['LST-A', 'Zinguerie liste'],
      ['LST-B', 'Ébénisterie liste'],
      ['LST-C', 'Couture liste'],
      ['LST-D', 'Électronique liste'],
    ] as const) {
      created.push(await createOk(code, libelle));
    }
    const deactivated = await command('POST', `/api/metiers/${created[2]!.id}/desactiver`, 0);
    const position = json<Answer>(deactivated).position;

    const sorted = await list(
      { sort: ['libelle', 'ASC'], range: [0, 9], filter: { q: 'liste' } },
      position,
    );
    expect(json<{ libelle: string }[]>(sorted).map((m) => m.libelle)).toEqual([
      'Couture liste',
      'Ébénisterie liste',
      'Électronique liste',
      'Zinguerie liste',
    ]);
    const page = await list({ sort: ['code', 'DESC'], range: [1, 2], filter: { q: 'LISTE' } });
    expect(json<{ code: string }[]>(page).map((m) => m.code)).toEqual(['LST-C', 'LST-B']);
    expect(page.headers['content-range']).toBe('metiers 1-2/4');

    const inactive = await list({ filter: { q: 'liste', actif: false } });
    expect(json<{ code: string }[]>(inactive).map((m) => m.code)).toEqual(['LST-C']);
    const many = await list({
      filter: { id: [created[0]!.id, created[3]!.id] },
      sort: ['code', 'ASC'],
    });
    expect(json<{ code: string }[]>(many).map((m) => m.code)).toEqual(['LST-A', 'LST-D']);
    const accents = await list({ filter: { q: 'electronique' } });
    expect(json<{ code: string }[]>(accents).map((m) => m.code)).toEqual(['LST-D']);
    const none = await list({ filter: { q: 'aucun-resultat' } });
    expect(none.headers['content-range']).toBe('metiers */0');
    expect(json(none)).toEqual([]);
  });

  it('answers 400 in French for an invalid list query', async () => {
    const badSort = await list({ sort: ['motdepasse', 'ASC'] });
    expect(badSort.statusCode).toBe(400);
    expect(json(badSort).message).toBe('Tri impossible sur le champ « motdepasse ».');
    const badFilter = await list({ filter: { inconnu: 1 } });
    expect(json(badFilter).message).toBe('Filtre impossible sur le champ « inconnu ».');
    const badRange = await list({ range: [5, 1] });
    expect(json(badRange).message).toBe('Paramètre « range » invalide : [début,fin] attendu.');
    const notJson = await t.admin.inject({ method: 'GET', url: '/api/metiers?filter={oops' });
    expect(notJson.statusCode).toBe(400);
    expect(json(notJson).message).toBe('Paramètre « filter » invalide : JSON attendu.');
    const badPosition = await read('x', 'abc');
    expect(badPosition.statusCode).toBe(400);
    expect(json(badPosition).message).toBe(
      'En-tête X-Min-Position invalide : une position numérique est attendue.',
    );
  });

  it('answers 404 for an unknown métier, on reads and on commands', async () => {
    const response = await read('inconnu');
    expect(response.statusCode).toBe(404);
    expect(json(response).message).toBe('Ce métier est introuvable.');
    const put = await command('PUT', '/api/metiers/inconnu', 0, { code: 'X', libelle: 'Y' });
    expect(put.statusCode).toBe(404);
    expect((await command('POST', '/api/metiers/inconnu/desactiver', 0)).statusCode).toBe(404);
    expect((await command('DELETE', '/api/metiers/inconnu', 0)).statusCode).toBe(404);
    const unknownRoute = await t.admin.inject({ method: 'GET', url: '/api/inconnue' });
    expect(unknownRoute.statusCode).toBe(404);
    expect(json(unknownRoute).message).toBe('Page non retrouvée : /api/inconnue');
  });

  it('answers 400 with a French message per field for an invalid form, and writes nothing', async () => {
    const before = await t.eventStore.headPosition();
    const response = await t.admin.inject({
      method: 'POST',
      url: '/api/metiers',
      payload: { code: 'A B', libelle: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message:
        'Le code ne contient que des lettres, des chiffres, des points, des tirets et des soulignés.',
      code: 'validation',
      errors: {
        code: 'Le code ne contient que des lettres, des chiffres, des points, des tirets et des soulignés.',
        libelle: 'Le libellé est obligatoire.',
      },
    });
    const broken = await t.admin.inject({
      method: 'POST',
      url: '/api/metiers',
      payload: '{"code":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(json(broken).message).toBe('Le contenu envoyé n’est pas un JSON valide.');
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('answers 409 "Ce code existe déjà." for a duplicate code, whatever its case or accents', async () => {
    await createOk('SOUDURE');
    const response = await create('soudure');
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe('Ce code existe déjà.');
  });

  it('modifies with If-Match, answers 428 without it and 412 with a stale one', async () => {
    const { id } = await createOk('MENUIS', 'Menuiserie');
    const ok = await command('PUT', `/api/metiers/${id}`, 0, {
      code: 'MENUIS',
      libelle: 'Menuiserie bois',
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ id, revision: 1 });
    const back = await read(id, json<Answer>(ok).position);
    expect(json(back)).toMatchObject({ libelle: 'Menuiserie bois', version: 1 });

    const missing = await command('PUT', `/api/metiers/${id}`, undefined, {
      code: 'MENUIS',
      libelle: 'Sans version',
    });
    expect(missing.statusCode).toBe(428);
    expect(json(missing).message).toBe(
      'La version de l’élément est requise (en-tête If-Match). Rechargez la page et réessayez.',
    );

    const stale = await command('PUT', `/api/metiers/${id}`, 0, {
      code: 'MENUIS',
      libelle: 'Version périmée',
    });
    expect(stale.statusCode).toBe(412);
    expect(json(stale).message).toBe(
      'Cet élément a été modifié entre-temps. Rechargez la page et réessayez.',
    );

    const unchanged = await command('PUT', `/api/metiers/${id}`, 1, {
      code: 'MENUIS',
      libelle: 'Menuiserie bois',
    });
    expect(json(unchanged)).toMatchObject({ revision: 1 });
  });

  it('changes a code: the new one is taken, the old one is free again, a taken one answers 409', async () => {
    const a = await createOk('CODE-A');
    await createOk('CODE-B');
    const taken = await command('PUT', `/api/metiers/${a.id}`, 0, { code: 'CODE-B', libelle: 'x' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).message).toBe('Ce code existe déjà.');
    const moved = await command('PUT', `/api/metiers/${a.id}`, 0, { code: 'CODE-C', libelle: 'x' });
    expect(moved.statusCode).toBe(200);
    expect((await create('CODE-A')).statusCode).toBe(201);
    expect((await create('CODE-C')).statusCode).toBe(409);
  });

  it('gives back a newly reserved code when the modification loses (412)', async () => {
    const { id } = await createOk('PERD');
    const stale = await command('PUT', `/api/metiers/${id}`, 7, { code: 'GAGNE', libelle: 'x' });
    expect(stale.statusCode).toBe(412);
    expect((await create('GAGNE')).statusCode).toBe(201);
  });

  it('deactivates and reactivates, each once', async () => {
    const { id } = await createOk('ACTIF');
    const off = await command('POST', `/api/metiers/${id}/desactiver`, 0);
    expect(off.statusCode).toBe(200);
    expect(json(await read(id, json<Answer>(off).position))).toMatchObject({
      actif: false,
      version: 1,
    });
    const again = await command('POST', `/api/metiers/${id}/desactiver`, 1);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Ce métier est déjà désactivé.');
    const on = await command('POST', `/api/metiers/${id}/reactiver`, 1);
    expect(on.statusCode).toBe(200);
    expect(json(await read(id, json<Answer>(on).position))).toMatchObject({
      actif: true,
      version: 2,
    });
    const staleOn = await command('POST', `/api/metiers/${id}/reactiver`, 1);
    expect(staleOn.statusCode).toBe(412);
  });

  it('deletes an unused métier (its code is free again) and refuses while it is in use', async () => {
    const unused = await createOk('SUPPR');
    const deleted = await command('DELETE', `/api/metiers/${unused.id}`, 0);
    expect(deleted.statusCode).toBe(200);
    expect((await read(unused.id, json<Answer>(deleted).position)).statusCode).toBe(404);
    expect((await create('SUPPR')).statusCode).toBe(201);

    const used = await createOk('UTILISE');
    // What the usage projection writes when a referencing item (e.g. a candidature) names this métier.
    await t.readStore.write({
      operations: [
        {
          collection: referencesCollection.name,
          type: 'put',
          doc: {
            id: `candidatures-1|metiers|${used.id}`,
            version: 0,
            resource: 'metiers',
            itemId: used.id,
            referrer: 'candidatures-1',
          } as never,
        },
        {
          collection: referencesCollection.name,
          type: 'put',
          doc: {
            id: `candidatures-2|metiers|${used.id}`,
            version: 0,
            resource: 'metiers',
            itemId: used.id,
            referrer: 'candidatures-2',
          } as never,
        },
      ],
    });
    const refused = await command('DELETE', `/api/metiers/${used.id}`, 0);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(
      'Ce métier est utilisé (2 références) : désactivez-le au lieu de le supprimer.',
    );
    expect((await read(used.id, used.position)).statusCode).toBe(200);
  });

  it('treats a retried creation (same Idempotency-Key) as one creation', async () => {
    const headers = { 'idempotency-key': 'essai-cle-0001' };
    const first = await create('IDEM', 'Idempotent', headers);
    const second = await create('IDEM', 'Idempotent', headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(json(second)).toEqual(json(first));
    const all = await list({ filter: { q: 'idempotent' } }, json<Answer>(second).position);
    expect(json<unknown[]>(all)).toHaveLength(1);
  });

  it('lets exactly one of 50 concurrent modifications with the same If-Match win, and loses no update', async () => {
    const { id } = await createOk('CONC', 'Concurrence');
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        command('PUT', `/api/metiers/${id}`, 0, { code: 'CONC', libelle: `Version ${i}` }),
      ),
    );
    const winners = responses.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 412)).toHaveLength(49);
    const winner = responses.indexOf(winners[0]!);
    const stream = await t.eventStore.readStream(`metiers-${id}`);
    // One creation, one modification (métiers are a reference list: the lists' events).
    expect(stream.map((e) => e.type)).toEqual(['ListItemCreated', 'ListItemModified']);
    expect(json(await read(id, json<Answer>(winners[0]!).position))).toMatchObject({
      libelle: `Version ${winner}`,
      version: 1,
    });
  });

  it('lets exactly one of 20 concurrent creations of one code win', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create('UNIQUE', `Essai ${i}`)),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(json(r).message).toBe('Ce code existe déjà.');
    const head = await t.eventStore.headPosition();
    const all = await list({ filter: { q: 'unique' } }, head);
    expect(json<unknown[]>(all)).toHaveLength(1);
  });

  it('serves the data as it is after 5 s when the projections lag behind X-Min-Position', async () => {
    const started = Date.now();
    const response = await list({}, '999999999');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-position-reached']).toBe('false');
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
  });

  it('reads an item history from its events: who, when, what changed', async () => {
    const { id } = await createOk('HISTO', 'Histoire');
    await command('PUT', `/api/metiers/${id}`, 0, {
      code: 'HISTO',
      libelle: 'Histoire-géographie',
    });
    await command('POST', `/api/metiers/${id}/desactiver`, 1);
    const response = await t.admin.inject({ method: 'GET', url: `/api/metiers/${id}/historique` });
    expect(response.statusCode).toBe(200);
    const entries = json<
      {
        action: string;
        actor: string;
        changes: { label: string; before: unknown; after: unknown }[];
      }[]
    >(response);
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['Création', 'Premier Administrateur'],
      ['Modification', 'Premier Administrateur'],
      ['Désactivation', 'Premier Administrateur'],
    ]);
    expect(entries[1]!.changes).toEqual([
      { field: 'libelle', label: 'Libellé', before: 'Histoire', after: 'Histoire-géographie' },
    ]);
    const unknown = await t.admin.inject({ method: 'GET', url: '/api/metiers/inconnu/historique' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers the health check', async () => {
    const response = await t.admin.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
