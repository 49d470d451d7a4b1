import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listItemDecider, streamName, SYSTEM_ACTOR } from '@examens-pro/domain';
import { handleCommand } from '@examens-pro/platform';
import { readListItem } from '@examens-pro/application';
import {
  addSites,
  METIERS,
  openSession,
  register,
  requests,
  sessionDetails,
  type Answer,
  type TestApp,
} from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * Juries over HTTP: their members (nom, prénoms, fonction,
 * structure, téléphone), their composition (type, session, centres d'examen, métiers, president,
 * members) under their own permissions, one jury at most per (centre d'examen, métier) pair of a
 * session (409 naming the pair and the other jury, under concurrency too), the coverage of the pairs
 * that have candidates, and deletion (released pairs; refused once the jury has deliberated).
 */
let t: TestApp;
let admin: Agent;
let nobody: Agent;
let listeur: Agent;
let composeur: Agent;
let secretaire: Agent;

interface Coverage {
  rows: {
    centre: string;
    metier: string;
    candidats: number;
    etat: string;
    jurys: { libelle: string; actif: boolean }[];
  }[];
  totaux: { paires: number; couvertes: number; sansJury: number; chevauchements: number };
  nonAffectes: number;
  jurys: number;
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
let ids: Record<string, string> = {};

const created = (url: string, payload: Record<string, unknown>, as = admin) =>
  requests(as).created(url, payload);
const read = <T>(url: string, position?: string, as = admin) => requests(as).read<T>(url, position);
const coverage = (session: string | undefined, position?: string, as = admin) =>
  read<Coverage>(`/api/couverture-jurys?sessionId=${session}`, position, as);
/** The coverage as lines « centre × métier : état (jurys) ». */
const lines = (found: Coverage) =>
  found.rows.map(
    (r) =>
      `${r.centre} × ${r.metier} : ${r.etat}${r.jurys.length ? ` (${r.jurys.map((j) => j.libelle).join(', ')})` : ''}`,
  );

const jury = (
  libelle: string,
  centres: string[],
  metiers: string[],
  more: Record<string, unknown> = {},
) => ({
  libelle,
  typeId: ids.type,
  sessionId: ids.session,
  centreExamenIds: centres.map((c) => ids[c]),
  metierIds: metiers.map((m) => ids[m]),
  presidentId: ids.president,
  membreIds: [ids.examinateur],
  ...more,
});

let lastPosition: string | undefined;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  // « CQP 2027 » open to registration, with a Maçonnerie too; « CQP 2028 » only created.
  const session = await openSession(admin, {
    metiers: [...METIERS, ['maco', 'MACO', 'Maçonnerie']],
  });
  ids = session.ids;
  await addSites(session, 20);
  ids.autreSession = (await created('/api/sessions', sessionDetails(ids.examen!, 'CQP', 2028))).id;
  ids.type = (
    await created('/api/types-jurys', { code: 'DELIB', libelle: 'Jury de délibération' })
  ).id;
  ids.presidence = (
    await created('/api/fonctions-membres-jurys', { code: 'PRES', libelle: 'Président' })
  ).id;
  ids.correcteur = (
    await created('/api/fonctions-membres-jurys', { code: 'CORR', libelle: 'Correcteur' })
  ).id;
  // The pairs with candidates: Yaoundé × Électricité (2), Douala × Électricité (1), Douala ×
  // Coiffure (1); one Maçonnerie candidate validated but not allocated yet.
  await register(session, { metier: 'elec', site: 'lycee' });
  await register(session, { metier: 'elec', site: 'lycee' });
  await register(session, { metier: 'elec', site: 'douala' });
  await register(session, { metier: 'coif', site: 'douala' });
  await register(session, { metier: 'maco' });
  lastPosition = session.position;

  nobody = await t.userWith(['candidat.rechercher'], 'sans-droit@test.local');
  listeur = await t.userWith(['jury.lister', 'membre-jury.lister'], 'listeur@test.local');
  composeur = await t.userWith(['jury.enregistrer'], 'composeur@test.local');
  secretaire = await t.userWith(['membre-jury.enregistrer'], 'secretaire@test.local');
}, 120_000);
afterAll(async () => t.close());

describe('jury members', () => {
  it('are recorded with nom, prénoms, fonction, structure and téléphone, named by nom and prénoms', async () => {
    const answer = await created(
      '/api/membres-jury',
      {
        nom: 'fouda',
        prenoms: 'marie-claire',
        fonctionId: ids.presidence,
        structure: 'Délégation régionale du Centre',
        telephone: '6 77 88 99 00',
      },
      secretaire,
    );
    ids.president = answer.id;
    expect(await read(`/api/membres-jury/${answer.id}`, answer.position, listeur)).toMatchObject({
      libelle: 'Fouda Marie-Claire',
      nom: 'Fouda',
      prenoms: 'Marie-Claire',
      fonctionId: ids.presidence,
      structure: 'Délégation régionale du Centre',
      telephone: '677889900',
      actif: true,
    });
    ids.examinateur = (
      await created(
        '/api/membres-jury',
        {
          nom: 'Abena',
          prenoms: 'Joseph',
          fonctionId: ids.correcteur,
          structure: 'Lycée technique',
        },
        secretaire,
      )
    ).id;
    ids.suppleant = (
      await created('/api/membres-jury', {
        nom: 'Ngo Bassa',
        prenoms: 'Ruth',
        fonctionId: ids.correcteur,
      })
    ).id;

    const noFunction = await requests(secretaire).post('/api/membres-jury', {
      nom: 'Atangana',
      prenoms: 'Paul',
      fonctionId: 'inconnue',
    });
    expect(noFunction.statusCode).toBe(400);
    expect(noFunction.json()).toMatchObject({
      errors: { fonctionId: 'Choisissez une fonction active.' },
    });
  });

  it('are listed and written only under their permissions', async () => {
    const member = { nom: 'Essono', prenoms: 'Luc', fonctionId: ids.correcteur };
    for (const as of [nobody, listeur, composeur])
      expect((await requests(as).post('/api/membres-jury', member)).statusCode).toBe(403);
    expect((await nobody.inject({ method: 'GET', url: '/api/membres-jury' })).statusCode).toBe(403);
    expect((await listeur.inject({ method: 'GET', url: '/api/membres-jury' })).statusCode).toBe(
      200,
    );
    // Whoever composes juries chooses their members, types, centres, métiers and sessions.
    for (const resource of ['membres-jury', 'types-jurys', 'centres-examen', 'metiers', 'sessions'])
      expect([
        resource,
        (await composeur.inject({ method: 'GET', url: `/api/${resource}` })).statusCode,
      ]).toEqual([resource, 200]);
    // Deleting a member takes « Supprimer un membre de jury ».
    const removed = await requests(secretaire).delete(`/api/membres-jury/${ids.suppleant}`, 0);
    expect(removed.statusCode).toBe(403);
  });
});

describe('jury composition', () => {
  it('takes its own permissions: listing, recording, deleting', async () => {
    const body = jury('Jury interdit', ['ceYaounde'], ['maco']);
    for (const as of [nobody, listeur, secretaire])
      expect((await requests(as).post('/api/jurys', body)).statusCode).toBe(403);
    for (const url of [
      '/api/jurys',
      `/api/couverture-jurys?sessionId=${ids.session}`,
      '/api/couverture-jurys/sessions',
    ]) {
      expect([url, (await nobody.inject({ method: 'GET', url })).statusCode]).toEqual([url, 403]);
      expect([url, (await secretaire.inject({ method: 'GET', url })).statusCode]).toEqual([
        url,
        403,
      ]);
      expect([url, (await listeur.inject({ method: 'GET', url })).statusCode]).toEqual([url, 200]);
    }
    const answer = await created('/api/jurys', body, composeur);
    // « Enregistrer un jury » does not delete one; « Supprimer un jury » does.
    expect(
      (await requests(composeur).delete(`/api/jurys/${answer.id}`, answer.revision)).statusCode,
    ).toBe(403);
    expect(
      (await requests(admin).delete(`/api/jurys/${answer.id}`, answer.revision)).statusCode,
    ).toBe(200);
  });

  it('holds a type, a session, centres d’examen, métiers, a president and members', async () => {
    const missing = await requests(composeur).post('/api/jurys', jury('Jury vide', [], []));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      errors: {
        centreExamenIds: '« Centres d’examen » est obligatoire.',
        metierIds: '« Métiers » est obligatoire.',
      },
    });
    const twice = await requests(composeur).post(
      '/api/jurys',
      jury('Jury double', ['ceYaounde'], ['maco'], { membreIds: [ids.president] }),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      message: 'Le président figure déjà dans le jury : retirez-le des autres membres.',
    });
    const answer = await created(
      '/api/jurys',
      jury('Jury A', ['ceYaounde', 'ceDouala'], ['elec']),
      composeur,
    );
    ids.juryA = answer.id;
    expect(await read(`/api/jurys/${answer.id}`, answer.position, listeur)).toMatchObject({
      libelle: 'Jury A',
      typeId: ids.type,
      sessionId: ids.session,
      centreExamenIds: [ids.ceYaounde, ids.ceDouala],
      metierIds: [ids.elec],
      presidentId: ids.president,
      membreIds: [ids.examinateur],
      actif: true,
    });
    // A member in a jury is in use: it cannot be deleted.
    const member = await read<{ version: number }>(`/api/membres-jury/${ids.examinateur}`);
    const inUse = await requests(admin).delete(
      `/api/membres-jury/${ids.examinateur}`,
      member.version,
    );
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json<{ message: string }>().message).toContain('Ce membre de jury est utilisé');
  });

  it('refuses a second jury on a (centre d’examen, métier) pair of the session, naming the pair and the jury', async () => {
    const overlap = await requests(composeur).post(
      '/api/jurys',
      jury('Jury B', ['ceDouala'], ['coif', 'elec']),
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json<{ message: string }>().message).toBe(
      'Le centre d’examen « Centre de Douala » et le métier « Électricité » sont déjà couverts par le jury « Jury A » de cette session.',
    );
    // Nothing of the refused jury is kept: its other pair stays free.
    const b = await created('/api/jurys', jury('Jury B', ['ceDouala'], ['coif']), composeur);
    ids.juryB = b.id;
    // A modification taking a pair another jury covers is refused too, and changes nothing.
    const taken = await requests(composeur).put(
      `/api/jurys/${b.id}`,
      jury('Jury B', ['ceDouala'], ['coif', 'elec']),
      b.revision,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toContain('« Jury A »');
    expect(await read(`/api/jurys/${b.id}`, b.position)).toMatchObject({
      version: b.revision,
      metierIds: [ids.coif],
    });
    // Once Jury A gives Douala up, Jury B may take Douala × Électricité.
    const a = await read<{ version: number }>(`/api/jurys/${ids.juryA}`);
    const narrowed = await requests(composeur).put(
      `/api/jurys/${ids.juryA}`,
      jury('Jury A', ['ceYaounde'], ['elec']),
      a.version,
    );
    expect(narrowed.statusCode).toBe(200);
    const widened = await requests(composeur).put(
      `/api/jurys/${b.id}`,
      jury('Jury B', ['ceDouala'], ['coif', 'elec']),
      b.revision,
    );
    expect({ status: widened.statusCode, body: widened.body }).toMatchObject({ status: 200 });
    lastPosition = widened.json<Answer>().position;
    // Another session's pairs are other pairs.
    await created(
      '/api/jurys',
      jury('Jury 2028', ['ceYaounde', 'ceDouala'], ['elec', 'coif'], {
        sessionId: ids.autreSession,
      }),
      composeur,
    );
  });

  it('lets exactly one of two juries created at once on the same pair through', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map((k) =>
        requests(composeur).post(
          '/api/jurys',
          jury(`Jury concurrent ${k}`, ['ceYaounde', 'ceDouala'], ['maco']),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 201)!.json<Answer>();
    const juries = await read<{ libelle: string }[]>(
      `/api/jurys?filter=${enc({ q: 'concurrent' })}`,
      winner.position,
    );
    expect(juries).toHaveLength(1);
    const deleted = await requests(admin).delete(`/api/jurys/${winner.id}`, winner.revision);
    expect(deleted.statusCode).toBe(200);
    lastPosition = deleted.json<Answer>().position;
  });
});

describe('coverage of the session', () => {
  it('shows every (centre d’examen, métier) pair with candidates, its jury, and the gaps', async () => {
    const found = await coverage(ids.session, lastPosition, listeur);
    expect(lines(found)).toEqual([
      'Centre de Douala × Coiffure : couvert (Jury B)',
      'Centre de Douala × Électricité : couvert (Jury B)',
      'Centre de Yaoundé × Électricité : couvert (Jury A)',
    ]);
    expect(found.rows.map((r) => r.candidats)).toEqual([1, 1, 2]);
    expect(found.totaux).toEqual({ paires: 3, couvertes: 3, sansJury: 0, chevauchements: 0 });
    // The Maçonnerie candidate is validated, not allocated: no centre d'examen yet.
    expect(found.nonAffectes).toBe(1);

    // A jury deleted gives its pairs back: they show as gaps, first.
    const b = await read<{ version: number }>(`/api/jurys/${ids.juryB}`);
    const deleted = await requests(admin).delete(`/api/jurys/${ids.juryB}`, b.version);
    expect(deleted.statusCode).toBe(200);
    const gaps = await coverage(ids.session, deleted.json<Answer>().position);
    expect(lines(gaps)).toEqual([
      'Centre de Douala × Coiffure : non-couvert',
      'Centre de Douala × Électricité : non-couvert',
      'Centre de Yaoundé × Électricité : couvert (Jury A)',
    ]);
    expect(gaps.totaux).toMatchObject({ sansJury: 2, couvertes: 1 });
    // …and another jury may take them.
    const c = await created(
      '/api/jurys',
      jury('Jury C', ['ceDouala'], ['elec', 'coif']),
      composeur,
    );
    expect((await coverage(ids.session, c.position)).totaux).toMatchObject({
      sansJury: 0,
      couvertes: 3,
    });
    ids.juryC = c.id;
    // A session without candidates has no pairs.
    expect((await coverage(ids.autreSession)).rows).toEqual([]);
    const none = await admin.inject({ method: 'GET', url: '/api/couverture-jurys' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'Choisissez la session.' });
  });
});

describe('deletion of a jury', () => {
  it('is refused once the jury has deliberated; a modification keeps the deliberation', async () => {
    // The deliberation sets the flag through the lists' decider; this test does the same.
    const stream = streamName('jurys', ids.juryC!);
    const before = (await readListItem(t.eventStore, 'jurys', ids.juryC))!;
    const { revision } = await handleCommand(t.eventStore, {
      stream,
      decider: listItemDecider,
      command: {
        type: 'ModifyListItem',
        data: {
          list: 'jurys',
          itemId: ids.juryC!,
          code: '',
          libelle: before.libelle,
          values: { ...before.values, deliberee: true },
        },
      },
      context: {
        commandId: 'deliberation-jury-c',
        actor: SYSTEM_ACTOR,
        now: new Date().toISOString(),
      },
    });
    const renamed = await requests(composeur).put(
      `/api/jurys/${ids.juryC}`,
      jury('Jury C (Littoral)', ['ceDouala'], ['elec', 'coif']),
      revision,
    );
    expect(renamed.statusCode).toBe(200);
    const refused = await requests(admin).delete(
      `/api/jurys/${ids.juryC}`,
      renamed.json<Answer>().revision,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Ce jury a délibéré : il ne peut plus être supprimé.',
    });
    expect(await read(`/api/jurys/${ids.juryC}`, renamed.json<Answer>().position)).toMatchObject({
      libelle: 'Jury C (Littoral)',
      deliberee: true,
    });
  });
});
