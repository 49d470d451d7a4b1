import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { TOP_INVALID } from '@examens-pro/domain';
import { pdfText } from '@examens-pro/workers/testing/pdfText';
import {
  deliberatingSession,
  requests,
  type DeliberationFixture,
  type Reply,
} from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * « Extraction par rang des admis » and « Statistiques des admissions » over HTTP, on a session
 * whose jury closed its deliberation. Ten candidates (averages = THEO mark):
 *
 * | i | nom     | métier | centre de dépôt | sexe | moyenne | résultat            | rang jury |
 * |---|---------|--------|-----------------|------|---------|---------------------|-----------|
 * | 0 | Mballa  | ELEC   | Yaoundé         | F    | 14      | admis               | 3         |
 * | 1 | Ngono   | COIF   | Douala          | M    | 14      | admis               | 4         |
 * | 2 | Étoundi | ELEC   | Yaoundé         | F    | 14      | admis               | 2         |
 * | 3 | Fotso   | COIF   | Yaoundé         | M    | 8       | admis (jury)        | 8         |
 * | 4 | Mballa  | ELEC   | Douala          | M    | 16      | admis               | 1         |
 * | 5 | Ngono   | COIF   | Yaoundé         | F    | —       | absent              | —         |
 * | 6 | Étoundi | ELEC   | Yaoundé         | F    | 11      | admis (handicap)    | 6         |
 * | 7 | Fotso   | COIF   | Douala          | M    | 12      | admis (agent)       | 5         |
 * | 8 | Mballa  | ELEC   | Yaoundé         | F    | 9       | ajourné             | 7         |
 * | 9 | Ngono   | COIF   | Yaoundé         | M    | —       | absent (handicap)   | —         |
 *
 * The « Dépôt de Yaoundé » is in Mfoundi (zone Centre), the « Dépôt de Douala » in Wouri (Littoral).
 */
type TestApp = Awaited<ReturnType<typeof import('./testApp.js').startTestApp>>;
let t: TestApp;
let admin: Agent;
let fx: DeliberationFixture;
let position: string;

const THEO: (number | 'absent')[] = [14, 14, 14, 8, 16, 'absent', 11, 12, 9, 'absent'];
const DOUALA = new Set([1, 4, 7]);
const SEXES = ['F', 'M', 'F', 'M', 'M', 'F', 'F', 'M', 'F', 'M'];

interface Line {
  rang: number;
  rangJury: number | null;
  candidatureId: string;
  nom: string;
  prenoms: string;
  moyenne: number;
  metier: string;
  centreDepot: string;
  departement: string;
  zone: string;
  sexeLibelle: string;
  moyenneTexte: string;
  resultatTexte: string;
}
interface Extraction {
  session: string;
  total: number;
  page: number;
  parPage: number;
  lignes: Line[];
}
interface Rate {
  valeur: string;
  libelle: string;
  candidats: number;
  presents: number;
  admis: number;
  ajournes: number;
  elimines: number;
  absents: number;
  tauxAdmission: number | null;
  tauxPresents: number | null;
}
interface Statistics {
  dimension: string;
  libelleDimension: string;
  lignes: Rate[];
  total: Rate;
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, String(v)]) as [string, string][],
  ).toString();
const extraction = (params: Record<string, string | number> = {}, as = admin) =>
  requests(as).read<Extraction>(
    `/api/extraction-admis?${query({ sessionId: fx.ids.session!, ...params })}`,
    position,
  );
const statistics = (dimension: string, as = admin) =>
  requests(as).read<Statistics>(
    `/api/statistiques-admissions?${query({ sessionId: fx.ids.session!, dimension })}`,
    position,
  );
/** The candidates' indexes, in the order of `lines`. */
const order = (lines: readonly { candidatureId: string }[]) =>
  lines.map((l) => fx.candidates.findIndex((c) => c.id === l.candidatureId));
const message = (response: Reply) => response.json<{ message: string }>().message;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  const r = requests(admin);
  let moteur = '';
  fx = await deliberatingSession(t, admin, {
    count: 10,
    marks: (i, epreuve) => {
      const theo = THEO[i]!;
      return theo === 'absent' ? 'absent' : epreuve === 'theo' ? theo : theo * 2;
    },
    candidate: async (i, s) => {
      if (i === 0) {
        s.ids.depotDouala = (
          await r.created('/api/centres-depot', {
            code: 'CQP-DEP-DLA',
            libelle: 'Dépôt de Douala',
            departementId: s.ids.wouri,
          })
        ).id;
        moteur = (
          await r.created('/api/types-handicap', {
            code: 'CQP-MOT',
            libelle: 'Handicap moteur',
            amenagement: 'Un tiers de temps supplémentaire',
            siteAccessibleRequis: false,
          })
        ).id;
      }
      return {
        sexe: SEXES[i]!,
        ...(DOUALA.has(i) ? { depot: 'depotDouala' } : {}),
        fields: {
          ...(i === 6 || i === 9 ? { handicapId: moteur } : {}),
          ...(i === 7
            ? {
                categorie: 'agent',
                matricule: 'MAT-000777',
                datePremierePriseService: '2015-09-01',
              }
            : {}),
        },
      };
    },
  });
  const jury = requests(admin);
  await jury.ok(`/api/deliberations/${fx.juryId}/derogations`, {
    candidatureId: fx.candidates[3]!.id,
    resultat: 'admis',
    motif: 'Rachat : travaux pratiques remarqués',
  });
  position = (await jury.ok(`/api/deliberations/${fx.juryId}/cloture`)).position;
}, 180_000);
afterAll(async () => t.close());

describe('Extraction par rang des admis', () => {
  it('ranks every admitted candidate of the session 1…n by average, ties by name, beside the jury rank', async () => {
    const all = await extraction();
    expect(all.session).toBe('CQP 2027');
    expect(all.total).toBe(7);
    expect(order(all.lignes)).toEqual([4, 2, 0, 1, 7, 6, 3]);
    expect(all.lignes.map((l) => [l.rang, l.rangJury, l.nom, l.moyenneTexte])).toEqual([
      [1, 1, 'Mballa', '16'],
      [2, 2, 'Étoundi', '14'],
      [3, 3, 'Mballa', '14'],
      [4, 4, 'Ngono', '14'],
      [5, 5, 'Fotso', '12'],
      [6, 6, 'Étoundi', '11'],
      [7, 8, 'Fotso', '8'],
    ]);
    // Named as staff read them; the jury's override said so.
    expect(all.lignes[0]).toMatchObject({
      metier: 'Électricité',
      centreDepot: 'Dépôt de Douala',
      departement: 'Wouri',
      zone: 'Littoral',
      sexeLibelle: 'Masculin',
      resultatTexte: 'Admis',
    });
    expect(all.lignes[6]!.resultatTexte).toBe('Admis (décision du jury)');
  });

  it('ranks again over the filtered set, and keeps the first N only', async () => {
    const elec = await extraction({ metierId: fx.ids.elec! });
    expect(order(elec.lignes)).toEqual([4, 2, 0, 6]);
    expect(elec.lignes.map((l) => [l.rang, l.rangJury])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 6],
    ]);
    const top2 = await extraction({ metierId: fx.ids.elec!, top: 2 });
    expect(top2.total).toBe(2);
    expect(order(top2.lignes)).toEqual([4, 2]);
    // The tie at 14 is cut by name: Étoundi, then Mballa.
    const women = await extraction({ sexe: 'F', top: 2 });
    expect(order(women.lignes)).toEqual([2, 0]);
    expect(women.lignes.map((l) => l.rang)).toEqual([1, 2]);
    const douala = await extraction({ centreDepotId: fx.ids.depotDouala! });
    expect(order(douala.lignes)).toEqual([4, 1, 7]);
    expect(douala.lignes.map((l) => [l.rang, l.rangJury])).toEqual([
      [1, 1],
      [2, 4],
      [3, 5],
    ]);
    const wouri = await extraction({ departementId: fx.ids.wouri!, metierId: fx.ids.coif! });
    expect(order(wouri.lignes)).toEqual([1, 7]);
    const mfoundi = await extraction({ departementId: fx.ids.mfoundi!, sexe: 'M' });
    expect(order(mfoundi.lignes)).toEqual([3]);
    // Pages of the ranked set.
    const second = await extraction({ page: 2, parPage: 3 });
    expect(second.total).toBe(7);
    expect(second.lignes.map((l) => l.rang)).toEqual([4, 5, 6]);
  });

  it('refuses in French a missing session, a top N that is not a positive integer, an unknown sex', async () => {
    const r = requests(admin);
    const noSession = await r.get('/api/extraction-admis?top=3');
    expect(noSession.statusCode).toBe(400);
    expect(message(noSession)).toBe('Choisissez la session.');
    for (const top of ['0', '-2', '2,5', 'dix']) {
      const bad = await r.get(
        `/api/extraction-admis?${query({ sessionId: fx.ids.session!, top })}`,
      );
      expect(bad.statusCode).toBe(400);
      expect(message(bad)).toBe(TOP_INVALID);
    }
    const sexe = await r.get(
      `/api/extraction-admis?${query({ sessionId: fx.ids.session!, sexe: 'X' })}`,
    );
    expect(sexe.statusCode).toBe(400);
    expect(message(sexe)).toBe('Sexe inconnu : choisissez Masculin (M) ou Féminin (F).');
    const csv = await r.get(
      `/api/extraction-admis/export.csv?${query({ sessionId: fx.ids.session!, top: '0' })}`,
    );
    expect(csv.statusCode).toBe(400);
  });

  it('offers the deliberated sessions and the values to filter by', async () => {
    const r = requests(admin);
    expect(await r.read(`/api/extraction-admis/sessions`, position)).toEqual([
      { id: fx.ids.session, libelle: 'CQP 2027', candidats: 10 },
    ]);
    const choix = await r.read<Record<string, { libelle: string }[]>>(
      `/api/extraction-admis/choix?sessionId=${fx.ids.session}`,
      position,
    );
    expect(choix.metiers!.map((m) => m.libelle)).toEqual(['Coiffure', 'Électricité']);
    expect(choix.centres!.map((m) => m.libelle)).toEqual(['Dépôt de Douala', 'Dépôt de Yaoundé']);
    expect(choix.departements!.map((m) => m.libelle)).toEqual(['Mfoundi', 'Wouri']);
    expect(choix.zones!.map((m) => m.libelle)).toEqual(['Centre', 'Littoral']);
  });

  it('exports the same lines in CSV and XLSX: ranks and averages as numbers, libellés named', async () => {
    const r = requests(admin);
    const params = query({ sessionId: fx.ids.session!, metierId: fx.ids.elec!, top: 3 });
    const csv = await r.get(`/api/extraction-admis/export.csv?${params}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="extraction-admis-\d{2}-\d{2}-\d{4}\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Rang;Rang au jury;Numéro de candidat;Nom;Prénoms;Sexe;Métier;Centre de dépôt;Département;Zone;Moyenne;Résultat',
    );
    const c = (i: number) => fx.candidates[i]!;
    expect(lines.slice(1)).toEqual([
      `1;1;${c(4).numeroCandidat};Mballa;${c(4).prenoms};Masculin;Électricité;Dépôt de Douala;Wouri;Littoral;16;Admis`,
      `2;2;${c(2).numeroCandidat};Étoundi;${c(2).prenoms};Féminin;Électricité;Dépôt de Yaoundé;Mfoundi;Centre;14;Admis`,
      `3;3;${c(0).numeroCandidat};Mballa;${c(0).prenoms};Féminin;Électricité;Dépôt de Yaoundé;Mfoundi;Centre;14;Admis`,
    ]);
    const xlsx = await r.get(`/api/extraction-admis/export.xlsx?${params}`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      1,
      1,
      c(4).numeroCandidat,
      'Mballa',
      c(4).prenoms,
      'Masculin',
      'Électricité',
      'Dépôt de Douala',
      'Wouri',
      'Littoral',
      16,
      'Admis',
    ]);
  });

  it('makes the same extraction as a PDF through the workers', async () => {
    const r = requests(admin);
    const requested = await r.post('/api/documents', {
      kind: 'extraction-admis',
      cible: { sessionId: fx.ids.session, metierId: fx.ids.elec, top: 3 },
    });
    expect(requested.statusCode).toBe(201);
    const { id } = requested.json<{ id: string }>();
    const file = await generated(admin, id);
    const text = pdfText(file).join('\n');
    expect(text).toContain('Admis par rang — Électricité, 3 premiers');
    expect(text).toContain('CQP 2027 — 3 admis');
    const at = (i: number) => text.indexOf(fx.candidates[i]!.numeroCandidat);
    expect(at(4)).toBeGreaterThan(0);
    expect(at(4)).toBeLessThan(at(2));
    expect(at(2)).toBeLessThan(at(0));
    expect(at(6)).toBe(-1);
    const doc = await r.read<{ libelle: string; fichier: string }>(`/api/documents/${id}`);
    expect(doc.libelle).toBe('Extraction par rang des admis — CQP 2027 — Électricité, 3 premiers');
    expect(doc.fichier).toBe('admis-par-rang-cqp-2027-electricite-3-premiers.pdf');
    const bad = await r.post('/api/documents', {
      kind: 'extraction-admis',
      cible: { sessionId: fx.ids.session, top: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toBe(TOP_INVALID);
  });
});

/** Waits for a document, then answers its file. */
const generated = async (as: Agent, id: string): Promise<Buffer> => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const state = (
      await as.inject({ method: 'GET', url: `/api/documents/${id}/progression` })
    ).json<{ statut: string; raison?: string }>();
    if (state.statut === 'genere') break;
    if (state.statut === 'echec' || Date.now() > deadline)
      throw new Error(`document ${id} : ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const file = await as.inject({ method: 'GET', url: `/api/documents/${id}/fichier` });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
};

const rows = (s: Statistics) =>
  [...s.lignes, s.total].map((l) => [
    l.libelle,
    l.candidats,
    l.presents,
    l.admis,
    l.ajournes,
    l.absents,
    l.tauxAdmission,
    l.tauxPresents,
  ]);

describe('Statistiques des admissions', () => {
  it('counts deliberated, present and admitted candidates with both pass rates, per dimension', async () => {
    expect(rows(await statistics('metier'))).toEqual([
      ['Coiffure', 5, 3, 3, 0, 2, 60, 100],
      ['Électricité', 5, 5, 4, 1, 0, 80, 80],
      ['Total', 10, 8, 7, 1, 2, 70, 87.5],
    ]);
    expect(rows(await statistics('centre'))).toEqual([
      ['Dépôt de Douala', 3, 3, 3, 0, 0, 100, 100],
      ['Dépôt de Yaoundé', 7, 5, 4, 1, 2, 57.1, 80],
      ['Total', 10, 8, 7, 1, 2, 70, 87.5],
    ]);
    expect(rows(await statistics('departement')).map((r) => r[0])).toEqual([
      'Mfoundi',
      'Wouri',
      'Total',
    ]);
    expect(rows(await statistics('zone'))).toEqual([
      ['Centre', 7, 5, 4, 1, 2, 57.1, 80],
      ['Littoral', 3, 3, 3, 0, 0, 100, 100],
      ['Total', 10, 8, 7, 1, 2, 70, 87.5],
    ]);
    expect(rows(await statistics('sexe'))).toEqual([
      ['Féminin', 5, 4, 3, 1, 1, 60, 75],
      ['Masculin', 5, 4, 4, 0, 1, 80, 100],
      ['Total', 10, 8, 7, 1, 2, 70, 87.5],
    ]);
    expect(rows(await statistics('categorie'))).toEqual([
      ['Agent', 1, 1, 1, 0, 0, 100, 100],
      ['Candidat libre', 9, 7, 6, 1, 2, 66.7, 85.7],
      ['Total', 10, 8, 7, 1, 2, 70, 87.5],
    ]);
    const handicap = await statistics('handicap');
    expect(handicap.libelleDimension).toBe('Type de handicap');
    expect(rows(handicap)).toEqual([
      ['Handicap moteur', 2, 1, 1, 0, 1, 50, 100],
      ['Sans handicap', 8, 7, 6, 1, 1, 75, 85.7],
      ['Total', 10, 8, 7, 1, 2, 70, 87.5],
    ]);
  });

  it('refuses in French a missing session and an unknown dimension', async () => {
    const r = requests(admin);
    const none = await r.get('/api/statistiques-admissions?dimension=zone');
    expect(none.statusCode).toBe(400);
    expect(message(none)).toBe('Choisissez la session.');
    const unknown = await r.get(
      `/api/statistiques-admissions?${query({ sessionId: fx.ids.session!, dimension: 'age' })}`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(message(unknown)).toBe(
      'Dimension inconnue : choisissez métier, centre de dépôt, département, zone, sexe, catégorie ou type de handicap.',
    );
  });

  it('exports the rows and the totals in CSV (rates in percent) and XLSX (numbers)', async () => {
    const r = requests(admin);
    const params = query({ sessionId: fx.ids.session!, dimension: 'sexe' });
    const csv = await r.get(`/api/statistiques-admissions/export.csv?${params}`);
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n'),
    ).toEqual([
      'Sexe;Candidats délibérés;Présents;Admis;Ajournés;Éliminés;Absents;Taux d’admission (%);Taux d’admission des présents (%)',
      'Féminin;5;4;3;1;0;1;60;75',
      'Masculin;5;4;4;0;0;1;80;100',
      'Total;10;8;7;1;0;2;70;87,5',
    ]);
    const xlsx = await r.get(`/api/statistiques-admissions/export.xlsx?${params}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(4).values).toEqual([
      undefined,
      'Total',
      10,
      8,
      7,
      1,
      0,
      2,
      70,
      87.5,
    ]);
  });
});

describe('who reads what', () => {
  it('refuses each route without its permission (403), and lets in whoever holds one', async () => {
    const nobody = await t.userWith(['candidat.rechercher'], 'personne@test.local');
    const extractor = await t.userWith(['admis.extraire-par-rang'], 'extracteur@test.local');
    const statistician = await t.userWith(['statistiques.candidats'], 'statisticien@test.local');
    const jury = await t.userWith(['deliberation.deliberer'], 'jury-stats@test.local');
    const s = fx.ids.session!;
    const extractionUrls = [
      `/api/extraction-admis?sessionId=${s}`,
      `/api/extraction-admis/sessions`,
      `/api/extraction-admis/choix?sessionId=${s}`,
      `/api/extraction-admis/export.csv?sessionId=${s}`,
      `/api/extraction-admis/export.xlsx?sessionId=${s}`,
    ];
    const statisticsUrls = [
      `/api/statistiques-admissions?sessionId=${s}`,
      `/api/statistiques-admissions/sessions`,
      `/api/statistiques-admissions/export.csv?sessionId=${s}`,
      `/api/statistiques-admissions/export.xlsx?sessionId=${s}`,
    ];
    const status = async (as: Agent, url: string) => (await requests(as).get(url)).statusCode;
    for (const url of [...extractionUrls, ...statisticsUrls])
      expect([url, await status(nobody, url)]).toEqual([url, 403]);
    for (const url of extractionUrls) {
      expect([url, await status(extractor, url)]).toEqual([url, 200]);
      expect([url, await status(statistician, url)]).toEqual([url, 403]);
    }
    for (const url of statisticsUrls) {
      expect([url, await status(statistician, url)]).toEqual([url, 200]);
      expect([url, await status(jury, url)]).toEqual([url, 200]);
      expect([url, await status(extractor, url)]).toEqual([url, 403]);
    }
    const pdf = await requests(statistician).post('/api/documents', {
      kind: 'extraction-admis',
      cible: { sessionId: s },
    });
    expect(pdf.statusCode).toBe(403);
  });

  it('an enrôleur reads their centre de dépôt only: ranks, filters, statistics, exports and PDF', async () => {
    const enroleur = await t.userWith(
      ['admis.extraire-par-rang', 'statistiques.candidats'],
      'enroleur-douala@test.local',
      fx.ids.depotDouala,
    );
    const own = await extraction({}, enroleur);
    expect(order(own.lignes)).toEqual([4, 1, 7]);
    expect(own.lignes.map((l) => [l.rang, l.rangJury])).toEqual([
      [1, 1],
      [2, 4],
      [3, 5],
    ]);
    // A filter naming another centre finds nothing, rather than their own.
    const other = await extraction({ centreDepotId: fx.ids.depot! }, enroleur);
    expect(other).toMatchObject({ total: 0, lignes: [] });
    const choix = await requests(enroleur).read<Record<string, { libelle: string }[]>>(
      `/api/extraction-admis/choix?sessionId=${fx.ids.session}`,
    );
    expect(choix.centres!.map((c) => c.libelle)).toEqual(['Dépôt de Douala']);
    expect(rows(await statistics('metier', enroleur))).toEqual([
      ['Coiffure', 2, 2, 2, 0, 0, 100, 100],
      ['Électricité', 1, 1, 1, 0, 0, 100, 100],
      ['Total', 3, 3, 3, 0, 0, 100, 100],
    ]);
    expect(await requests(enroleur).read(`/api/statistiques-admissions/sessions`)).toEqual([
      { id: fx.ids.session, libelle: 'CQP 2027', candidats: 3 },
    ]);
    const csv = await requests(enroleur).get(
      `/api/extraction-admis/export.csv?sessionId=${fx.ids.session}`,
    );
    expect(csv.body.trim().split('\r\n')).toHaveLength(4);
    // The PDF is made of their centre whatever they ask; another's extraction is not theirs.
    const asked = await requests(enroleur).post('/api/documents', {
      kind: 'extraction-admis',
      cible: { sessionId: fx.ids.session, centreDepotId: fx.ids.depot },
    });
    expect(asked.statusCode).toBe(201);
    const mine = asked.json<{ id: string }>().id;
    const text = pdfText(await generated(enroleur, mine)).join('\n');
    expect(text).toContain('Admis par rang — Dépôt de Douala');
    expect(text).toContain(fx.candidates[7]!.numeroCandidat);
    expect(text).not.toContain(fx.candidates[0]!.numeroCandidat);
    const everyCentre = await requests(admin).post('/api/documents', {
      kind: 'extraction-admis',
      cible: { sessionId: fx.ids.session },
    });
    const theirs = everyCentre.json<{ id: string; position: string }>();
    await generated(admin, theirs.id);
    const refused = await requests(enroleur).get(`/api/documents/${theirs.id}/fichier`);
    expect(refused.statusCode).toBe(404);
  });
});
