import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pdfText } from '@examens-pro/workers/testing/pdfText';
import { startTestApp, type Agent } from './testApp.js';
import {
  advance,
  composingSession,
  requests,
  type ExamFixture,
  type Reply,
} from './examFixture.js';

/**
 * Anonymity of written épreuves: the session's rule, the copies numbered per sheet (a shuffled
 * block of the session's numbers), marks entered and imported against those numbers, the grid,
 * the list of marks, the 360° view and the grade sheets saying nothing of whose copy it is, and the
 * link lifted for the deliberation only.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let fx: ExamFixture;
let ouvreur: Agent;
let agent: Agent;
let position = '0';

interface Row {
  candidatureId: string;
  numeroCandidat: string;
  nom: string;
  numeroAnonymat: string | null;
  presence: string | null;
  note: number | null;
  statut: string;
}
interface Sheet {
  anonyme: boolean;
  numerotee: boolean;
  candidats: Row[];
}

const c = (i: number) => fx.candidates[i]!;
const track = (response: Reply) => {
  if (response.statusCode < 300) position = response.json<{ position: string }>().position;
  return response;
};
const keys = (epreuve: 'theo' | 'prat') => ({
  sessionId: fx.ids.session,
  epreuveId: fx.ids[epreuve],
  siteId: fx.ids.lycee,
});
const sheet = (epreuve: 'theo' | 'prat', vue = '') =>
  requests(admin).read<Sheet>(
    `/api/notes/feuille?sessionId=${fx.ids.session}&epreuveId=${fx.ids[epreuve]}&siteId=${fx.ids.lycee}${vue ? `&vue=${vue}` : ''}`,
    position,
  );
const importCsv = async (csv: string) =>
  track(
    (await agent.inject({
      method: 'POST',
      url: `/api/notes/importation?sessionId=${fx.ids.session}`,
      payload: Buffer.from(csv),
      headers: { 'content-type': 'text/csv' },
    })) as Reply,
  );

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  fx = await composingSession(t, admin, 8, 'BTA');
  position = fx.position;
  ouvreur = await t.userWith(['note.autoriser-importation'], 'ouvreur@test.local');
  agent = await t.userWith(['note.importer', 'note.lister'], 'agent@test.local');
}, 180_000);
afterAll(async () => t.close());

describe('anonymity of written épreuves', () => {
  it('is a session rule, set under a window’s permission and only with both windows closed', async () => {
    const url = `/api/configurations-notes/${fx.ids.session}/anonymat`;
    expect((await requests(agent).put(url, { anonymat: true })).statusCode).toBe(403);
    expect((await requests(ouvreur).put(url, { anonymat: 'oui' })).statusCode).toBe(400);
    expect(track(await requests(ouvreur).put(url, { anonymat: true })).statusCode).toBe(200);
    expect(
      track(
        await requests(ouvreur).post(
          `/api/configurations-notes/${fx.ids.session}/importation/ouvrir`,
        ),
      ).statusCode,
    ).toBe(200);
    const locked = await requests(ouvreur).put(url, { anonymat: false });
    expect(locked.statusCode).toBe(409);
    expect(locked.json<{ message: string }>().message).toBe(
      'Fermez les fenêtres d’importation et de modification avant de changer la règle d’anonymat.',
    );
  });

  it('numbers a written sheet’s copies once: a shuffled block, unique, naming nobody', async () => {
    const before = await sheet('theo');
    expect(before).toMatchObject({ anonyme: true, numerotee: false, candidats: [] });
    // A practical épreuve is not anonymous.
    const prat = await requests(agent).post('/api/notes/anonymat', keys('prat'));
    expect(prat.statusCode).toBe(409);
    expect(track(await requests(agent).post('/api/notes/anonymat', keys('theo'))).statusCode).toBe(
      200,
    );
    // Again: nothing more (the numbers stay).
    expect(track(await requests(agent).post('/api/notes/anonymat', keys('theo'))).statusCode).toBe(
      200,
    );
    const theo = await sheet('theo');
    expect(theo.numerotee).toBe(true);
    expect(theo.candidats).toHaveLength(6);
    const numbers = theo.candidats.map((r) => r.numeroAnonymat!);
    expect(numbers.every((n) => /^\d{6}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(6);
    expect(numbers).toEqual([...numbers].sort());
    for (const row of theo.candidats)
      expect(row).toMatchObject({ candidatureId: '', numeroCandidat: '', nom: '' });
    // The list of marks does not say whose copy it is either.
    const listed = await requests(agent).read<
      { numeroAnonymat: string; numeroCandidat: string; nom: string }[]
    >(
      `/api/notes?filter=${encodeURIComponent(JSON.stringify({ epreuveId: fx.ids.theo, siteId: fx.ids.lycee }))}`,
      position,
    );
    expect(listed.map((m) => [m.numeroCandidat, m.nom])).toEqual(listed.map(() => ['', '']));
    // The presences are taken by name: their view names the candidates (without marks).
    const presences = await sheet('theo', 'presences');
    expect(presences.candidats.map((r) => r.numeroCandidat).sort()).toEqual(
      [0, 1, 3, 4, 6, 7].map((i) => c(i).numeroCandidat).sort(),
    );
  });

  it('takes marks by anonymity number, in the grid and by file; a candidate number is refused', async () => {
    const [first, second] = (await sheet('theo')).candidats.map((r) => r.numeroAnonymat!);
    const typed = track(
      await requests(agent).post('/api/notes/saisies', {
        ...keys('theo'),
        saisies: [{ numeroAnonymat: first, note: '13,5' }],
      }),
    );
    expect(typed.statusCode).toBe(200);
    const byNumber = await importCsv(
      `numero_candidat;code_epreuve;note\n${c(0).numeroCandidat};BTA-THEO;12\n`,
    );
    expect(byNumber.statusCode).toBe(400);
    expect(byNumber.json<{ lignes: unknown[] }>().lignes).toEqual([
      {
        ligne: 2,
        message:
          'Les copies de l’épreuve « BTA-THEO » sont anonymes : leurs notes se donnent par numéro d’anonymat (colonne numero_anonymat).',
      },
    ]);
    const unknown = await importCsv(`numero_anonymat;code_epreuve;note\n999999;BTA-THEO;12\n`);
    expect(unknown.json<{ lignes: { message: string }[] }>().lignes[0]!.message).toBe(
      'Aucune copie de cette session ne porte le numéro d’anonymat « 999999 ».',
    );
    const again = await importCsv(`numero_anonymat;code_epreuve;note\n${first};BTA-THEO;14\n`);
    expect(again.json<{ lignes: { message: string }[] }>().lignes[0]!.message).toBe(
      `La copie ${first} a déjà une note retenue (13,5) : une modification se fait dans la liste des notes, avec un motif.`,
    );
    const imported = await importCsv(
      `numero_anonymat;code_epreuve;note\n${second};BTA-THEO;9,25\n`,
    );
    expect(imported.statusCode).toBe(201);
    const theo = await sheet('theo');
    expect(
      theo.candidats.filter((r) => r.statut === 'retenue').map((r) => [r.numeroAnonymat, r.note]),
    ).toEqual([
      [first, 13.5],
      [second, 9.25],
    ]);
  });

  it('keeps the marks out of the 360° view and off the grade sheets, which print the copies’ numbers', async () => {
    const chercheur = await t.userWith(['candidat.rechercher'], 'chercheur@test.local');
    const views = await Promise.all(
      [0, 1, 3, 4, 6, 7].map((i) =>
        requests(chercheur).read<{
          notes: { epreuve: { code: string }; note: number | null; statut: string }[];
          chronologie: { quoi: string }[];
        }>(`/api/recherche-candidats/${c(i).id}`, position),
      ),
    );
    const theoNotes = views.flatMap((v) => v.notes.filter((n) => n.epreuve.code === 'BTA-THEO'));
    expect(theoNotes.map((n) => [n.note, n.statut])).toEqual(
      theoNotes.map(() => [null, 'anonyme']),
    );
    expect(views.flatMap((v) => v.chronologie.filter((s) => s.quoi.startsWith('Note')))).toEqual(
      [],
    );
    const fiches = await t.userWith(['note.telecharger-fiches'], 'fiches@test.local');
    const requested = track(
      await requests(fiches).post('/api/documents', { kind: 'fiches-notes', cible: keys('theo') }),
    );
    expect(requested.statusCode).toBe(201);
    const { id } = requested.json<{ id: string }>();
    let state = await requests(fiches).read<{ statut: string }>(
      `/api/documents/${id}/progression`,
      position,
    );
    for (let i = 0; i < 400 && state.statut === 'demande'; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      state = await requests(fiches).read<{ statut: string }>(`/api/documents/${id}/progression`);
    }
    expect(state.statut).toBe('genere');
    const file = await fiches.inject({ method: 'GET', url: `/api/documents/${id}/fichier` });
    const text = pdfText(file.rawPayload).join('\n');
    expect(text).toContain('N° d’anonymat');
    for (const row of (await sheet('theo')).candidats) expect(text).toContain(row.numeroAnonymat!);
    for (const i of [0, 1, 3, 4, 6, 7]) expect(text).not.toContain(c(i).numeroCandidat);
  });

  it('is lifted for the deliberation only, by whoever deliberates; the grid and the 360° then name the candidates', async () => {
    const url = `/api/configurations-notes/${fx.ids.session}/anonymat/lever`;
    const jury = await t.userWith(['deliberation.deliberer'], 'jury@test.local');
    expect((await requests(ouvreur).post(url)).statusCode).toBe(403);
    const early = await requests(jury).post(url);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(
      'L’anonymat se lève pour la délibération : cette session est à l’étape « Composition ».',
    );
    position = await advance(fx.session, 'deliberation');
    expect(track(await requests(jury).post(url)).statusCode).toBe(200);
    const theo = await sheet('theo');
    expect(theo.anonyme).toBe(false);
    const retained = theo.candidats.filter((r) => r.statut === 'retenue');
    expect(retained).toHaveLength(2);
    for (const row of retained) {
      expect(row.numeroCandidat).toMatch(/^BTA-(ELEC|COIF)-\d{5}$/);
      expect(row.nom).not.toBe('');
    }
    const who = retained.find((r) => r.note === 13.5)!;
    const chercheur = await t.userWith(['candidat.rechercher'], 'chercheur2@test.local');
    const view = await requests(chercheur).read<{
      notes: { epreuve: { code: string }; note: number | null }[];
    }>(`/api/recherche-candidats/${who.candidatureId}`, position);
    expect(view.notes.find((n) => n.epreuve.code === 'BTA-THEO')!.note).toBe(13.5);
    // The rule no longer changes.
    await requests(ouvreur).post(`/api/configurations-notes/${fx.ids.session}/importation/fermer`);
    expect(
      (
        await requests(ouvreur).put(`/api/configurations-notes/${fx.ids.session}/anonymat`, {
          anonymat: false,
        })
      ).statusCode,
    ).toBe(409);
  });
});
