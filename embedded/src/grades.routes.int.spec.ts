import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { writeFileSync } from 'node:fs';
import { pdfText } from '@examens-pro/workers/testing/pdfText';
import { startTestApp, type Agent } from './testApp.js';
import { composingSession, requests, type ExamFixture, type Reply } from './examFixture.js';

/**
 * Grades and presences over HTTP: the windows and who opens them, presences, grid entry, the
 * modification with a reason, double entry (same person refused, equal entries retained, different
 * ones a discrepancy resolved by a permission holder), the import all or nothing with every bad row
 * listed, the history of every grade event, and the seed §6 permissions of each route.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let fx: ExamFixture;
let ouvreur: Agent; // opens the import window only
let agentA: Agent; // imports and types marks
let agentB: Agent; // types marks too
let correcteur: Agent; // modifies marks, resolves discrepancies
let lecteur: Agent; // lists marks only
let surveillant: Agent; // records presences

interface Sheet {
  feuilleId: string;
  ouverte: boolean;
  epreuve: { code: string; noteMax: number };
  configuration: {
    importationOuverte: boolean;
    modificationOuverte: boolean;
    doubleSaisie: boolean;
  };
  candidats: {
    candidatureId: string;
    numeroCandidat: string;
    presence: string | null;
    note: number | null;
    statut: string;
    saisies: { rang: number; note: number; par: string; source: string }[];
  }[];
}
interface HistoryLine {
  numeroCandidat: string;
  action: string;
  rang: number | null;
  ancienneNote: number | null;
  nouvelleNote: number | null;
  valeurSaisie: number;
  motif: string;
  par: string;
  fichier: string | null;
}

let position = '0';
const track = (response: Reply) => {
  if (response.statusCode < 300) position = response.json<{ position: string }>().position;
  return response;
};
const keys = (epreuve: 'theo' | 'prat', site: 'lycee' | 'douala') => ({
  sessionId: fx.ids.session,
  epreuveId: fx.ids[epreuve],
  siteId: fx.ids[site],
});
const sheet = (epreuve: 'theo' | 'prat', site: 'lycee' | 'douala', as = admin) =>
  requests(as).read<Sheet>(
    `/api/notes/feuille?sessionId=${fx.ids.session}&epreuveId=${fx.ids[epreuve]}&siteId=${fx.ids[site]}`,
    position,
  );
const rowOf = (s: Sheet, candidatureId: string) =>
  s.candidats.find((c) => c.candidatureId === candidatureId)!;
const enter = async (
  as: Agent,
  epreuve: 'theo' | 'prat',
  site: 'lycee' | 'douala',
  saisies: { candidatureId: string; note: unknown }[],
) => track(await requests(as).post('/api/notes/saisies', { ...keys(epreuve, site), saisies }));
const window = async (as: Agent, fenetre: string, verb: 'ouvrir' | 'fermer') =>
  track(await requests(as).post(`/api/configurations-notes/${fx.ids.session}/${fenetre}/${verb}`));
const importFile = async (as: Agent, content: Buffer | string, type = 'text/csv') =>
  track(
    (await as.inject({
      method: 'POST',
      url: `/api/notes/importation?sessionId=${fx.ids.session}`,
      payload: typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
      headers: { 'content-type': type, 'x-nom-fichier': encodeURIComponent('notes théorie.csv') },
    })) as Reply,
  );
const history = async (filter: Record<string, unknown>) =>
  requests(admin).read<HistoryLine[]>(
    `/api/historique-notes?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["le","ASC"]')}&range=[0,199]`,
    position,
  );

/** The fixture's candidates: 0, 4 Électricité at Yaoundé; 1, 3 Coiffure at Yaoundé; 2, 5 at Douala. */
const c = (i: number) => fx.candidates[i]!;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  fx = await composingSession(t, admin, 8);
  position = fx.position;
  ouvreur = await t.userWith(['note.autoriser-importation'], 'ouvreur@test.local');
  agentA = await t.userWith(['note.importer', 'note.lister'], 'agent.a@test.local', undefined, {
    nom: 'Atangana',
    prenoms: 'Alice',
  });
  agentB = await t.userWith(['note.importer', 'note.lister'], 'agent.b@test.local', undefined, {
    nom: 'Bella',
    prenoms: 'Bruno',
  });
  correcteur = await t.userWith(
    ['note.modifier', 'note.lister', 'note.autoriser-modification'],
    'correcteur@test.local',
    undefined,
    { nom: 'Chamba', prenoms: 'Cécile' },
  );
  lecteur = await t.userWith(['note.lister'], 'lecteur@test.local');
  surveillant = await t.userWith(['presence.enregistrer'], 'surveillant@test.local');
}, 180_000);
afterAll(async () => t.close());

describe('grade windows', () => {
  it('a sheet never written lists its roster; marks are refused while the import window is closed', async () => {
    const theo = await sheet('theo', 'lycee');
    expect(theo.ouverte).toBe(false);
    // Yaoundé: candidates 0, 1, 3, 4, 6, 7 all compose THEO (every métier).
    expect(theo.candidats.map((x) => x.candidatureId).sort()).toEqual(
      [0, 1, 3, 4, 6, 7].map((i) => c(i).id).sort(),
    );
    const numbers = theo.candidats.map((x) => x.numeroCandidat);
    expect(numbers).toEqual([...numbers].sort());
    // PRAT is Coiffure's only: 1, 3, 7 at Yaoundé.
    expect((await sheet('prat', 'lycee')).candidats.map((x) => x.candidatureId).sort()).toEqual(
      [1, 3, 7].map((i) => c(i).id).sort(),
    );
    const refused = await enter(agentA, 'theo', 'lycee', [{ candidatureId: c(0).id, note: '12' }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'La fenêtre d’importation et de saisie des notes est fermée pour cette session : demandez son ouverture à qui en a la permission.',
    );
    expect((await sheet('theo', 'lycee')).ouverte).toBe(false);
  });

  it('each window opens under its own permission, never without it', async () => {
    expect((await window(ouvreur, 'modification', 'ouvrir')).statusCode).toBe(403);
    expect((await window(correcteur, 'importation', 'ouvrir')).statusCode).toBe(403);
    expect((await window(agentA, 'importation', 'ouvrir')).statusCode).toBe(403);
    expect((await window(ouvreur, 'importation', 'ouvrir')).statusCode).toBe(200);
    // Opening it again changes nothing.
    const again = await window(ouvreur, 'importation', 'ouvrir');
    expect(again.statusCode).toBe(200);
    const config = await requests(admin).read<{
      importationOuverte: boolean;
      modificationOuverte: boolean;
    }>(`/api/configurations-notes/${fx.ids.session}`, position);
    expect(config).toMatchObject({ importationOuverte: true, modificationOuverte: false });
    const unknown = await requests(ouvreur).post(
      `/api/configurations-notes/${fx.ids.session}/importation/entrouvrir`,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('presences', () => {
  it('records presences by candidate; whoever only lists marks or consults presences cannot', async () => {
    const all = [0, 1, 3, 4, 6, 7].map((i) => ({ candidatureId: c(i).id, presence: 'present' }));
    expect(
      (
        await requests(lecteur).post('/api/notes/presences', {
          ...keys('theo', 'lycee'),
          presences: all,
        })
      ).statusCode,
    ).toBe(403);
    const recorded = track(
      await requests(surveillant).post('/api/notes/presences', {
        ...keys('theo', 'lycee'),
        presences: [...all.slice(0, 5), { candidatureId: c(7).id, presence: 'absent' }],
      }),
    );
    expect(recorded.statusCode).toBe(200);
    const theo = await sheet('theo', 'lycee');
    expect(theo.ouverte).toBe(true);
    expect(rowOf(theo, c(7).id).presence).toBe('absent');
    expect(rowOf(theo, c(0).id).presence).toBe('present');
    // A candidate of another site is not on this sheet.
    const elsewhere = await requests(surveillant).post('/api/notes/presences', {
      ...keys('theo', 'lycee'),
      presences: [{ candidatureId: c(2).id, presence: 'present' }],
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json<{ message: string }>().message).toMatch(
      /ne compose pas cette épreuve sur ce site/,
    );
  });

  it('an absent candidate cannot receive a mark', async () => {
    const refused = await enter(agentA, 'theo', 'lycee', [{ candidatureId: c(7).id, note: '10' }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Record<string, string> }>().errors[c(7).id]).toBe(
      `Le candidat ${c(7).numeroCandidat} est absent à cette épreuve : il ne peut pas recevoir de note.`,
    );
    expect(rowOf(await sheet('theo', 'lycee'), c(7).id).statut).toBe('a-saisir');
  });
});

describe('grid entry and modification (no double entry)', () => {
  it('a mark typed « 12,5 » counts at once; « 12,555 », « 21 » and « douze » are refused in French', async () => {
    for (const [note, message] of [
      ['12,555', 'La note « 12,555 » a plus de deux décimales.'],
      ['21', 'La note 21 sort de l’échelle de l’épreuve (0 à 20).'],
      ['douze', '« douze » n’est pas une note : tapez un nombre, par exemple 12,5.'],
    ]) {
      const refused = await enter(agentA, 'theo', 'lycee', [{ candidatureId: c(0).id, note }]);
      expect({
        status: refused.statusCode,
        message: refused.json<{ message: string }>().message,
      }).toEqual({
        status: 400,
        message,
      });
    }
    expect(
      (await enter(agentA, 'theo', 'lycee', [{ candidatureId: c(0).id, note: '12,5' }])).statusCode,
    ).toBe(200);
    const row = rowOf(await sheet('theo', 'lycee'), c(0).id);
    expect(row).toMatchObject({ note: 12.5, statut: 'retenue' });
    expect(row.saisies).toEqual([
      expect.objectContaining({ rang: 1, note: 12.5, source: 'saisie' }),
    ]);
  });

  it('whoever only lists marks cannot type one', async () => {
    expect(
      (await enter(lecteur, 'theo', 'lycee', [{ candidatureId: c(1).id, note: '10' }])).statusCode,
    ).toBe(403);
  });

  it('a retained mark is not typed over: it is modified, with a reason, in the modification window', async () => {
    const over = await enter(agentB, 'theo', 'lycee', [{ candidatureId: c(0).id, note: '14' }]);
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toBe(
      `Le candidat ${c(0).numeroCandidat} a déjà une note retenue (12,5) : une modification se fait dans la liste des notes, avec un motif.`,
    );
    const body = { ...keys('theo', 'lycee'), candidatureId: c(0).id, note: '14' };
    const noReason = await requests(correcteur).post('/api/notes/modification', body);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toBe(
      'Indiquez le motif de la modification.',
    );
    const closed = await requests(correcteur).post('/api/notes/modification', {
      ...body,
      motif: 'Erreur de report',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json<{ message: string }>().message).toMatch(
      /fenêtre de modification des notes est fermée/,
    );
    expect(
      (
        await requests(agentA).post('/api/notes/modification', {
          ...body,
          motif: 'Erreur de report',
        })
      ).statusCode,
    ).toBe(403);
    expect((await window(correcteur, 'modification', 'ouvrir')).statusCode).toBe(200);
    expect(
      track(
        await requests(correcteur).post('/api/notes/modification', {
          ...body,
          motif: 'Erreur de report',
        }),
      ).statusCode,
    ).toBe(200);
    expect(rowOf(await sheet('theo', 'lycee'), c(0).id).note).toBe(14);
    const lines = await history({ candidatureId: c(0).id });
    expect(lines.map((l) => [l.action, l.ancienneNote, l.nouvelleNote, l.motif, l.par])).toEqual([
      ['saisie', null, 12.5, '', 'Alice Atangana'],
      ['modification', 12.5, 14, 'Erreur de report', 'Cécile Chamba'],
    ]);
    expect((await window(correcteur, 'modification', 'fermer')).statusCode).toBe(200);
  });
});

describe('double entry', () => {
  it('the rule changes only while both windows are closed', async () => {
    const open = await requests(ouvreur).put(
      `/api/configurations-notes/${fx.ids.session}/double-saisie`,
      {
        doubleSaisie: true,
      },
    );
    expect(open.statusCode).toBe(409);
    expect(open.json<{ message: string }>().message).toBe(
      'Fermez les fenêtres d’importation et de modification avant de changer la règle de double saisie.',
    );
    expect((await window(ouvreur, 'importation', 'fermer')).statusCode).toBe(200);
    expect(
      track(
        await requests(ouvreur).put(`/api/configurations-notes/${fx.ids.session}/double-saisie`, {
          doubleSaisie: true,
        }),
      ).statusCode,
    ).toBe(200);
    expect((await window(ouvreur, 'importation', 'ouvrir')).statusCode).toBe(200);
    expect((await sheet('prat', 'lycee')).configuration.doubleSaisie).toBe(true);
  });

  it('same person twice is refused; equal entries retain the mark; different ones are a discrepancy', async () => {
    const [x, y] = [c(1).id, c(3).id];
    expect(
      (
        await enter(agentA, 'prat', 'lycee', [
          { candidatureId: x, note: '30' },
          { candidatureId: y, note: '25,5' },
        ])
      ).statusCode,
    ).toBe(200);
    let prat = await sheet('prat', 'lycee');
    expect(rowOf(prat, x)).toMatchObject({ statut: 'en-attente', note: null });
    const twice = await enter(agentA, 'prat', 'lycee', [{ candidatureId: x, note: '31' }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ message: string }>().message).toBe(
      `Le candidat ${c(1).numeroCandidat} a déjà votre saisie (30) : la seconde saisie doit être faite par une autre personne.`,
    );
    expect(
      (
        await enter(agentB, 'prat', 'lycee', [
          { candidatureId: x, note: '30' },
          { candidatureId: y, note: '26' },
        ])
      ).statusCode,
    ).toBe(200);
    prat = await sheet('prat', 'lycee');
    expect(rowOf(prat, x)).toMatchObject({ statut: 'retenue', note: 30 });
    expect(rowOf(prat, y)).toMatchObject({ statut: 'ecart', note: null });
    expect(rowOf(prat, y).saisies.map((s) => [s.rang, s.note, s.par])).toEqual([
      [1, 25.5, 'Alice Atangana'],
      [2, 26, 'Bruno Bella'],
    ]);
    // The discrepancies are listed.
    const ecarts = await requests(lecteur).read<{ candidatureId: string }[]>(
      `/api/notes?filter=${encodeURIComponent(JSON.stringify({ sessionId: fx.ids.session, statut: 'ecart' }))}`,
      position,
    );
    expect(ecarts.map((e) => e.candidatureId)).toEqual([y]);
  });

  it('a discrepancy is resolved by a holder of « Modifier une note », with a reason; both entries stay in the history', async () => {
    const y = c(3).id;
    const body = { ...keys('prat', 'lycee'), candidatureId: y, note: '26', motif: 'Copie revue' };
    expect((await requests(agentB).post('/api/notes/resolution', body)).statusCode).toBe(403);
    expect(
      (await requests(correcteur).post('/api/notes/resolution', { ...body, motif: ' ' }))
        .statusCode,
    ).toBe(400);
    expect(track(await requests(correcteur).post('/api/notes/resolution', body)).statusCode).toBe(
      200,
    );
    expect(rowOf(await sheet('prat', 'lycee'), y)).toMatchObject({ statut: 'retenue', note: 26 });
    const lines = await history({ candidatureId: y });
    expect(lines.map((l) => [l.action, l.rang, l.valeurSaisie, l.nouvelleNote, l.motif])).toEqual([
      ['saisie', 1, 25.5, null, ''],
      ['saisie', 2, 26, null, ''],
      ['resolution', null, 26, 26, 'Copie revue'],
    ]);
    const again = await requests(correcteur).post('/api/notes/resolution', body);
    expect(again.statusCode).toBe(409);
  });
});

describe('import', () => {
  it('is all or nothing: every bad row is listed in French and nothing is written', async () => {
    const before = await sheet('theo', 'douala');
    const csv = [
      'Numéro de candidat;Code épreuve;Note',
      `${c(2).numeroCandidat};CQP-THEO;11,5`, // 2: good
      `INCONNU-00001;CQP-THEO;10`, // 3: unknown candidate
      `${c(2).numeroCandidat};CQP-PRAT;10`, // 4: PRAT is Coiffure's, candidate 2 is Électricité
      `${c(5).numeroCandidat};CQP-THEO;20,5`, // 5: out of range
      `${c(5).numeroCandidat};CQP-PRAT;12,345`, // 6: three decimals
      `${c(2).numeroCandidat};CQP-THEO;12`, // 7: duplicate of row 2
      `${c(5).numeroCandidat};CQP-XXX;12`, // 8: unknown épreuve
    ].join('\n');
    const refused = await importFile(agentA, csv);
    expect(refused.statusCode).toBe(400);
    const answer = refused.json<{
      code: string;
      message: string;
      lignes: { ligne: number; message: string }[];
    }>();
    expect(answer.code).toBe('notes-invalides');
    expect(answer.message).toMatch(/^6 lignes sont refusées : aucune note n’a été importée\./);
    expect(answer.lignes).toEqual([
      {
        ligne: 3,
        message: 'Aucun candidat de cette session ne porte le numéro « INCONNU-00001 ».',
      },
      {
        ligne: 4,
        message: `Le candidat ${c(2).numeroCandidat} ne compose pas l’épreuve « CQP-PRAT » (elle n’est pas de son métier).`,
      },
      { ligne: 5, message: 'La note 20,5 sort de l’échelle de l’épreuve (0 à 20).' },
      { ligne: 6, message: 'La note « 12,345 » a plus de deux décimales.' },
      {
        ligne: 7,
        message: `Ligne en double : le candidat ${c(2).numeroCandidat} a déjà une note pour l’épreuve « CQP-THEO » à la ligne 2.`,
      },
      { ligne: 8, message: 'L’épreuve « CQP-XXX » n’existe pas pour l’examen de cette session.' },
    ]);
    expect(await sheet('theo', 'douala')).toEqual(before);
  });

  it('an absent candidate given a mark is refused row by row too', async () => {
    const csv = `numero_candidat,code_epreuve,note\n${c(7).numeroCandidat},CQP-THEO,9\n${c(6).numeroCandidat},CQP-THEO,9.5\n`;
    const refused = await importFile(agentA, csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ lignes: unknown[] }>().lignes).toEqual([
      {
        ligne: 2,
        message: `Le candidat ${c(7).numeroCandidat} est absent à cette épreuve : il ne peut pas recevoir de note.`,
      },
    ]);
    expect(rowOf(await sheet('theo', 'lycee'), c(6).id).statut).toBe('a-saisir');
  });

  it('a good XLSX file is imported as one entry per mark; the second agent’s file completes the double entry', async () => {
    const workbook = async (rows: [string, string, string | number][]) => {
      const book = new ExcelJS.Workbook();
      const ws = book.addWorksheet('Notes');
      ws.addRow(['Numéro de candidat', 'Code épreuve', 'Note']);
      for (const row of rows) ws.addRow(row);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const rows: [string, string, string | number][] = [
      [c(2).numeroCandidat, 'CQP-THEO', '11,5'],
      [c(5).numeroCandidat, 'CQP-THEO', 8],
      [c(5).numeroCandidat, 'CQP-PRAT', 33.25],
    ];
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const first = await importFile(agentA, await workbook(rows), type);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ lignes: 3, saisies: 3, feuilles: 2 });
    expect(rowOf(await sheet('theo', 'douala'), c(5).id)).toMatchObject({ statut: 'en-attente' });
    // The same agent's file again: their entries are there already; nothing more is written.
    const same = await importFile(agentA, await workbook(rows), type);
    expect(same.statusCode).toBe(201);
    expect(same.json()).toMatchObject({ saisies: 0 });
    const second = await importFile(agentB, await workbook(rows), type);
    expect(second.statusCode).toBe(201);
    expect(rowOf(await sheet('theo', 'douala'), c(5).id)).toMatchObject({
      statut: 'retenue',
      note: 8,
    });
    expect(rowOf(await sheet('prat', 'douala'), c(5).id)).toMatchObject({
      statut: 'retenue',
      note: 33.25,
    });
    const lines = await history({ candidatureId: c(5).id, epreuveId: fx.ids.prat });
    expect(lines.map((l) => [l.action, l.rang, l.par, l.fichier])).toEqual([
      ['importation', 1, 'Alice Atangana', 'notes théorie.csv'],
      ['importation', 2, 'Bruno Bella', 'notes théorie.csv'],
    ]);
  });

  it('refuses an import while the window is closed, and to whoever may not import', async () => {
    const csv = `numero_candidat;code_epreuve;note\n${c(6).numeroCandidat};CQP-THEO;10\n`;
    expect((await importFile(lecteur, csv)).statusCode).toBe(403);
    expect((await window(ouvreur, 'importation', 'fermer')).statusCode).toBe(200);
    const closed = await importFile(agentA, csv);
    expect(closed.statusCode).toBe(409);
    expect(rowOf(await sheet('theo', 'lycee'), c(6).id).statut).toBe('a-saisir');
    const unreadable = await importFile(agentA, 'nom;prenom\nA;B\n');
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json<{ message: string }>().message).toMatch(/^Colonnes? inconnues? : nom/);
  });
});

describe('history and reading rights', () => {
  it('lists every grade event under « Consulter l’historique des modifications des notes » only', async () => {
    const lines = await history({ sessionId: fx.ids.session });
    expect(lines.length).toBe(13);
    expect(
      (await requests(lecteur).get(`/api/historique-notes?filter=${encodeURIComponent('{}')}`))
        .statusCode,
    ).toBe(403);
    const historien = await t.userWith(['note.historique'], 'historien@test.local');
    expect(
      (
        await requests(historien).get(
          `/api/historique-notes?filter=${encodeURIComponent('{}')}`,
          position,
        )
      ).statusCode,
    ).toBe(200);
    // No grade was changed through a dispute yet.
    const disputes = await requests(historien).read<unknown[]>(
      `/api/historique-notes-contentieux?filter=${encodeURIComponent('{}')}`,
      position,
    );
    expect(disputes).toEqual([]);
  });

  it('the presences’ bilan counts, per site and épreuve, present, absent and not recorded', async () => {
    const consultant = await t.userWith(['presence.consulter'], 'consultant@test.local');
    // The presences' readers read a sheet's candidates, never its marks.
    expect(
      (await requests(consultant).get(`/api/notes/feuille?sessionId=${fx.ids.session}`)).statusCode,
    ).toBe(403);
    expect(
      (
        await requests(consultant).get(
          `/api/notes/feuille?sessionId=${fx.ids.session}&vue=presences`,
        )
      ).statusCode,
    ).toBe(400);
    const named = await requests(consultant).read<{
      candidats: { numeroCandidat: string; note: number | null; saisies: unknown[] }[];
    }>(
      `/api/notes/feuille?sessionId=${fx.ids.session}&epreuveId=${fx.ids.prat}&siteId=${fx.ids.lycee}&vue=presences`,
      position,
    );
    expect(named.candidats.map((x) => [x.note, x.saisies])).toEqual([
      [null, []],
      [null, []],
      [null, []],
    ]);
    const bilan = await requests(consultant).read<{
      lignes: {
        siteId: string;
        epreuveId: string;
        inscrits: number;
        presents: number;
        absents: number;
        nonRenseignes: number;
      }[];
    }>(`/api/notes/bilan-presences?sessionId=${fx.ids.session}`, position);
    const theoLycee = bilan.lignes.filter(
      (l) => l.siteId === fx.ids.lycee && l.epreuveId === fx.ids.theo,
    );
    const sum = (k: 'inscrits' | 'presents' | 'absents' | 'nonRenseignes') =>
      theoLycee.reduce((s, l) => s + l[k], 0);
    expect([sum('inscrits'), sum('presents'), sum('absents'), sum('nonRenseignes')]).toEqual([
      6, 5, 1, 0,
    ]);
    const pratDouala = bilan.lignes.filter(
      (l) => l.siteId === fx.ids.douala && l.epreuveId === fx.ids.prat,
    );
    expect(pratDouala.reduce((s, l) => s + l.inscrits, 0)).toBe(1);
    expect(
      (await requests(agentA).get(`/api/notes/bilan-presences?sessionId=${fx.ids.session}`))
        .statusCode,
    ).toBe(403);
  });
});

describe('« Rechercher un candidat »', () => {
  interface Found {
    total: number;
    candidats: { id: string; numeroCandidat: string; libelle: string }[];
  }
  interface View {
    candidature: { id: string; numeroCandidat: string };
    libelles: { session: string; metier: string; site: string };
    notes: {
      epreuve: { code: string };
      presence: string | null;
      note: number | null;
      statut: string;
    }[];
    resultat: unknown;
    chronologie: { quoi: string; par: string; motif: string }[];
  }
  it('finds a candidate by number, dossier, name without accents or birth date, under its permission only', async () => {
    const chercheur = await t.userWith(['candidat.rechercher'], 'chercheur@test.local');
    const search = (q: string) =>
      requests(chercheur).read<Found>(
        `/api/recherche-candidats?q=${encodeURIComponent(q)}`,
        position,
      );
    expect((await search(c(3).numeroCandidat)).candidats.map((x) => x.id)).toEqual([c(3).id]);
    // « Étoundi » typed without its accent, in lower case: candidates 2 and 6.
    expect((await search('etoundi')).candidats.map((x) => x.id).sort()).toEqual(
      [c(2).id, c(6).id].sort(),
    );
    // Candidate 4 was born on 05/03/1974.
    expect((await search('05/03/1974')).candidats.map((x) => x.id)).toEqual([c(4).id]);
    expect((await requests(chercheur).get('/api/recherche-candidats?q=a')).statusCode).toBe(400);
    expect(
      (await requests(lecteur).get(`/api/recherche-candidats?q=${c(3).numeroCandidat}`)).statusCode,
    ).toBe(403);
  });

  it('shows the 360° view: allocation, presences and marks per épreuve, and the whole timeline', async () => {
    const chercheur = await t.userWith(['candidat.rechercher'], 'chercheur2@test.local');
    const view = await requests(chercheur).read<View>(
      `/api/recherche-candidats/${c(3).id}`,
      position,
    );
    expect(view.candidature.numeroCandidat).toBe(c(3).numeroCandidat);
    expect(view.libelles).toEqual({
      session: 'CQP 2027',
      metier: 'Coiffure',
      site: 'Lycée de Yaoundé',
    });
    expect(view.notes.map((n) => [n.epreuve.code, n.presence, n.note, n.statut]).sort()).toEqual([
      ['CQP-PRAT', null, 26, 'retenue'],
      ['CQP-THEO', 'present', null, 'a-saisir'],
    ]);
    expect(view.resultat).toBeNull();
    const steps = view.chronologie.map((s) => s.quoi);
    expect(steps[0]).toBe('Création');
    expect(steps).toEqual(
      expect.arrayContaining([
        'Validation',
        'Affectation à un site',
        'Note — saisie (CQP-PRAT)',
        'Note — résolution d’écart (CQP-PRAT)',
      ]),
    );
    expect(view.chronologie.find((s) => s.quoi.startsWith('Note — résolution'))!.motif).toBe(
      'Copie revue',
    );
    expect((await requests(chercheur).get('/api/recherche-candidats/inconnu')).statusCode).toBe(
      404,
    );
  });
});

describe('« Téléchargement des fiches de notes »', () => {
  it('makes a site’s grade sheet for an épreuve: numbers in order, absents marked, signature blocks', async () => {
    const fiches = await t.userWith(['note.telecharger-fiches'], 'fiches@test.local');
    const cible = { sessionId: fx.ids.session, epreuveId: fx.ids.theo, siteId: fx.ids.lycee };
    expect(
      (await requests(lecteur).post('/api/documents', { kind: 'fiches-notes', cible })).statusCode,
    ).toBe(403);
    const noEpreuve = await requests(fiches).post('/api/documents', {
      kind: 'fiches-notes',
      cible: { sessionId: fx.ids.session, siteId: fx.ids.lycee },
    });
    expect(noEpreuve.statusCode).toBe(400);
    const otherExam = await requests(fiches).post('/api/documents', {
      kind: 'liste-porte',
      cible,
    });
    expect(otherExam.statusCode).toBe(400);
    const requested = await requests(fiches).post('/api/documents', {
      kind: 'fiches-notes',
      cible,
    });
    expect(requested.statusCode).toBe(201);
    const { id, position: at } = requested.json<{ id: string; position: string }>();
    let state = await requests(fiches).read<{ statut: string }>(
      `/api/documents/${id}/progression`,
      at,
    );
    for (let i = 0; i < 400 && state.statut === 'demande'; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      state = await requests(fiches).read<{ statut: string }>(`/api/documents/${id}/progression`);
    }
    expect(state.statut).toBe('genere');
    const file = await fiches.inject({ method: 'GET', url: `/api/documents/${id}/fichier` });
    expect(file.statusCode).toBe(200);
    if (process.env.KEEP_PDF) writeFileSync(`${process.env.KEEP_PDF}/${id}.pdf`, file.rawPayload);
    expect(String(file.headers['content-disposition'])).toContain(
      'fiches-de-notes-lycee-de-yaounde-cqp-theo-epreuve-theorique.pdf',
    );
    const text = pdfText(file.rawPayload).join('\n');
    expect(text).toContain('Fiche de notes — CQP-THEO Épreuve théorique');
    expect(text).toContain('Note / 20');
    const numbers = [0, 1, 3, 4, 6, 7].map((i) => c(i).numeroCandidat).sort();
    const positions = numbers.map((n) => text.indexOf(n));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // Candidate 7 was declared absent; no name is printed on a grade sheet.
    expect(text).toMatch(new RegExp(`${c(7).numeroCandidat}\\s+\\d+\\s+Absent`));
    expect(text).not.toContain(c(0).nom);
    expect(text).toContain('Le correcteur');
    expect(text).toContain('Le président du jury');
  });
});
