import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type Agent } from './testApp.js';
import {
  deliberatingSession,
  requests,
  type DeliberationFixture,
  type Reply,
} from './examFixture.js';

/**
 * The deliberation over HTTP: provisional results computed from the grade sheets (each mark brought
 * to 20, coefficients, ranks), the jury's overrides with a reason, the closing refused while a
 * candidate lacks a mark, the results frozen at closing (a later grade change waits for a recorded
 * re-deliberation and is listed among the disputes), and « Délibérer » on every route.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let fx: DeliberationFixture;
let jury: Agent; // « Délibérer »
let lecteur: Agent; // lists marks only
let correcteur: Agent; // changes marks
let position = '0';

interface Line {
  candidatureId: string;
  numeroCandidat: string;
  nom: string;
  moyenne: number | null;
  calcule: string | null;
  resultat: string | null;
  derogation: { resultat: string; motif: string } | null;
  rang: number | null;
  manquantes: string[];
  notes: { code: string; note: number | null; sur20: number | null; absent: boolean }[];
  aRedeliberer?: boolean;
  revisions?: { objet: string; detail: string }[];
  maintenant?: { moyenne: number | null; resultat: string | null } | null;
}
interface View {
  statut: string;
  provisoire: boolean;
  lignes: Line[];
  bilan: Record<string, number>;
  numeroArrete: string | null;
}

const track = (response: Reply) => {
  if (response.statusCode < 300) position = response.json<{ position: string }>().position;
  return response;
};
const view = (as = jury) =>
  requests(as).read<View>(`/api/deliberations/${fx.juryId}/resultats`, position);
const lineOf = (v: View, i: number) =>
  v.lignes.find((l) => l.candidatureId === fx.candidates[i]!.id)!;
const post = async (as: Agent, path: string, payload?: unknown) =>
  track(await requests(as).post(`/api/deliberations/${fx.juryId}/${path}`, payload));

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  // Candidate 4 has no THEO mark yet; 5 is absent at PRAT-COIF (Coiffure, Douala).
  fx = await deliberatingSession(t, admin, {
    count: 7,
    marks: (i, epreuve) =>
      i === 4 && epreuve === 'theo' ? null : i === 5 && epreuve === 'prat' ? 'absent' : undefined,
  });
  position = fx.position;
  jury = await t.userWith(['deliberation.deliberer'], 'jury@test.local', undefined, {
    nom: 'Ondoa',
    prenoms: 'Jean',
  });
  lecteur = await t.userWith(['note.lister'], 'lecteur@test.local');
  correcteur = await t.userWith(
    ['note.modifier', 'note.lister', 'note.autoriser-modification'],
    'correcteur@test.local',
  );
}, 240_000);
afterAll(async () => t.close());

describe('provisional results', () => {
  it('bring each mark to 20, weigh it by its coefficient, rank by average, and say what is missing', async () => {
    const v = await view();
    expect(v.provisoire).toBe(true);
    expect(v.statut).toBe('ouverte');
    // 0: ELEC 15; 1: COIF 7 and 14/40; 2: ELEC 12; 3: COIF 16 and 32/40; 6: ELEC 13.
    expect(lineOf(v, 1)).toMatchObject({
      moyenne: 7,
      resultat: 'ajourne',
      notes: [
        // In code order.
        { code: 'CQP-PRAT', note: 14, sur20: 7, absent: false },
        { code: 'CQP-THEO', note: 7, sur20: 7, absent: false },
      ],
    });
    expect(lineOf(v, 3)).toMatchObject({ moyenne: 16, resultat: 'admis', rang: 1 });
    expect(lineOf(v, 0)).toMatchObject({ moyenne: 15, resultat: 'admis', rang: 2 });
    expect(lineOf(v, 6)).toMatchObject({ moyenne: 13, resultat: 'admis', rang: 3 });
    expect(lineOf(v, 2)).toMatchObject({ moyenne: 12, resultat: 'admis', rang: 4 });
    // 4: no THEO mark — no result yet; 5: absent at PRAT.
    expect(lineOf(v, 4)).toMatchObject({ moyenne: null, resultat: null, manquantes: ['CQP-THEO'] });
    expect(lineOf(v, 5)).toMatchObject({ moyenne: null, resultat: 'absent', rang: null });
    expect(v.bilan).toMatchObject({
      effectif: 7,
      admis: 4,
      ajournes: 1,
      absents: 1,
      incomplets: 1,
    });
  });

  it('are read under « Délibérer » only', async () => {
    for (const path of [`${fx.juryId}/resultats`, 'choix'])
      expect((await requests(lecteur).get(`/api/deliberations/${path}`)).statusCode).toBe(403);
    for (const path of ['cloture', 'derogations', 'derogations/retrait', 'redeliberations'])
      expect(
        (
          await requests(lecteur).post(`/api/deliberations/${fx.juryId}/${path}`, {
            candidatureId: fx.candidates[1]!.id,
            resultat: 'admis',
            motif: 'Rachat du jury',
          })
        ).statusCode,
      ).toBe(403);
  });
});

describe('the earlier path /api/deliberation-jurys', () => {
  it('is an alias: the same results and choices, under the same permission', async () => {
    const now = await view();
    const old = await requests(jury).read<View>(`/api/deliberation-jurys/${fx.juryId}`, position);
    expect(old).toEqual(now);
    const choices = await requests(jury).read<unknown>(
      `/api/deliberations/choix?sessionId=${fx.session.ids.session}`,
      position,
    );
    expect(
      await requests(jury).read<unknown>(
        `/api/deliberation-jurys/choix?sessionId=${fx.session.ids.session}`,
        position,
      ),
    ).toEqual(choices);
    expect((await requests(lecteur).get(`/api/deliberation-jurys/${fx.juryId}`)).statusCode).toBe(
      403,
    );
  });
});

describe('overrides and closing', () => {
  it('an override needs a reason and a result other than the computed one; it is shown as the jury’s', async () => {
    const c1 = fx.candidates[1]!.id;
    const noReason = await post(jury, 'derogations', { candidatureId: c1, resultat: 'admis' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toBe(
      'Indiquez le motif de la décision du jury.',
    );
    const same = await post(jury, 'derogations', {
      candidatureId: c1,
      resultat: 'ajourne',
      motif: 'Rien',
    });
    expect(same.statusCode).toBe(400);
    // An absent candidate's result is not changed.
    const absent = await post(jury, 'derogations', {
      candidatureId: fx.candidates[5]!.id,
      resultat: 'admis',
      motif: 'Rachat',
    });
    expect(absent.statusCode).toBe(409);
    expect(
      (
        await post(jury, 'derogations', {
          candidatureId: c1,
          resultat: 'admis',
          motif: 'Rachat : travaux pratiques remarqués',
        })
      ).statusCode,
    ).toBe(200);
    const line = lineOf(await view(), 1);
    expect(line).toMatchObject({
      calcule: 'ajourne',
      resultat: 'admis',
      derogation: { resultat: 'admis', motif: 'Rachat : travaux pratiques remarqués' },
    });
  });

  it('closing is refused while a candidate lacks a presence or a mark, and writes nothing', async () => {
    const refused = await post(jury, 'cloture');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `Clôture impossible : 1 candidat sans présence ni note retenue à une épreuve : ${fx.candidates[4]!.numeroCandidat} (CQP-THEO).`,
    );
    expect((await view()).statut).toBe('ouverte');
  });

  it('closing freezes every result with the session’s reference; a grade change then waits for a re-deliberation', async () => {
    const { r, ids } = fx.session;
    await r.ok(`/api/configurations-notes/${ids.session}/importation/ouvrir`);
    track(
      await r.post('/api/notes/saisies', {
        sessionId: ids.session,
        epreuveId: ids.theo,
        siteId: ids.lycee,
        saisies: [{ candidatureId: fx.candidates[4]!.id, note: 9 }],
      }),
    );
    await r.ok(`/api/configurations-notes/${ids.session}/importation/fermer`);
    const before = await requests(admin).read<{ resultat: unknown }>(
      `/api/recherche-candidats/${fx.candidates[3]!.id}`,
      position,
    );
    expect(before.resultat).toBeNull();
    expect((await post(jury, 'cloture')).statusCode).toBe(200);
    const closed = await view();
    expect(closed).toMatchObject({
      statut: 'close',
      provisoire: false,
      numeroArrete: '0042/MINEFOP',
    });
    expect(closed.bilan).toMatchObject({ effectif: 7, admis: 5, ajournes: 1, absents: 1 });
    expect(lineOf(closed, 4)).toMatchObject({ moyenne: 9, resultat: 'ajourne' });
    // Frozen: the read model of results, and the jury's document.
    const results = await requests(admin).read<
      { candidatureId: string; resultat: string; admis: boolean }[]
    >(
      `/api/resultats?filter=${encodeURIComponent(JSON.stringify({ juryId: fx.juryId }))}`,
      position,
    );
    expect(results).toHaveLength(7);
    expect(results.filter((x) => x.admis)).toHaveLength(5);
    // The candidate's 360° view (« Rechercher un candidat ») shows the frozen result.
    const seen = async (i: number) =>
      (
        await requests(admin).read<{
          resultat: { libelle: string; moyenne: number | null } | null;
        }>(`/api/recherche-candidats/${fx.candidates[i]!.id}`, position)
      ).resultat;
    expect(await seen(4)).toEqual({ libelle: 'Ajourné', moyenne: 9 });
    expect(await seen(3)).toEqual({ libelle: 'Admis', moyenne: 16 });
    // The jury has deliberated: it can no longer be deleted.
    const juryDoc = await requests(admin).read<{ version: number }>(
      `/api/jurys/${fx.juryId}`,
      position,
    );
    const deleted = await requests(admin).delete(`/api/jurys/${fx.juryId}`, juryDoc.version);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json<{ message: string }>().message).toBe(
      'Ce jury a délibéré : il ne peut plus être supprimé.',
    );
    // Closing twice, or an override now, is refused.
    expect((await post(jury, 'cloture')).statusCode).toBe(409);
    const late = await post(jury, 'derogations', {
      candidatureId: fx.candidates[2]!.id,
      resultat: 'ajourne',
      motif: 'Fraude constatée',
    });
    expect(late.statusCode).toBe(409);

    // A dispute: candidate 4's THEO mark corrected from 9 to 14 after closing.
    await requests(correcteur).ok(`/api/configurations-notes/${ids.session}/modification/ouvrir`);
    track(
      await requests(correcteur).post('/api/notes/modification', {
        sessionId: ids.session,
        epreuveId: ids.theo,
        siteId: ids.lycee,
        candidatureId: fx.candidates[4]!.id,
        note: 14,
        motif: 'Erreur de report constatée en commission',
      }),
    );
    const waiting = lineOf(await view(), 4);
    expect(waiting).toMatchObject({
      moyenne: 9,
      resultat: 'ajourne',
      aRedeliberer: true,
      maintenant: { moyenne: 14, resultat: 'admis' },
    });
    expect(waiting.revisions![0]).toMatchObject({ objet: 'note' });
    expect(waiting.revisions![0]!.detail).toBe(
      'Épreuve théorique : 9 → 14 (Erreur de report constatée en commission)',
    );
    // Listed among the disputes' grade changes.
    const disputes = await requests(admin).read<{ numeroCandidat: string }[]>(
      '/api/historique-notes-contentieux',
      position,
    );
    expect(disputes.map((d) => d.numeroCandidat)).toContain(fx.candidates[4]!.numeroCandidat);
    const noReason = await post(jury, 'redeliberations', { candidatureId: fx.candidates[4]!.id });
    expect(noReason.statusCode).toBe(400);
    expect(
      (
        await post(jury, 'redeliberations', {
          candidatureId: fx.candidates[4]!.id,
          motif: 'Note corrigée après réclamation',
        })
      ).statusCode,
    ).toBe(200);
    const after = await view();
    expect(lineOf(after, 4)).toMatchObject({
      moyenne: 14,
      resultat: 'admis',
      aRedeliberer: false,
      rang: 3,
    });
    // Ranks below moved: 6 (13) and 2 (12) go down one place.
    expect(lineOf(after, 6).rang).toBe(4);
    expect(lineOf(after, 2).rang).toBe(5);
    expect(after.bilan).toMatchObject({ admis: 6, ajournes: 0 });
    const history = await requests(admin).read<{ action: string }[]>(
      `/api/deliberations/${fx.juryId}/historique`,
      position,
    );
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining([
        'Décision du jury sur un résultat',
        'Clôture de la délibération',
        'Nouvelle délibération d’un candidat',
      ]),
    );
  });
});
