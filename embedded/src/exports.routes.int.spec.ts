import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import {
  DEFAULT_TIME_ZONE,
  LIST_RESOURCES,
  wallClockIn,
  type ListItemDocument,
} from '@examens-pro/domain';
import { startTestApp, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;

interface Answer {
  id: string;
  revision: number;
  position: string;
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const post = async (resource: string, payload: Record<string, unknown>): Promise<Answer> => {
  const response = await admin.inject({ method: 'POST', url: `/api/${resource}`, payload });
  if (response.statusCode !== 201) throw new Error(`${resource} : ${response.body}`);
  return response.json<Answer>();
};

/** GET of an export, with the list's own dialect: `{ filter, sort }` as JSON parameters. */
const exported = (
  url: string,
  params: { filter?: unknown; sort?: unknown } = {},
  agent: Agent = admin,
  position?: string,
) =>
  agent.inject({
    method: 'GET',
    url: `${url}?${Object.entries(params)
      .map(([k, v]) => `${k}=${enc(v)}`)
      .join('&')}`,
    headers: position ? { 'x-min-position': position } : {},
  });

const csvLines = (response: LightMyRequestResponse): string[] => {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.body.startsWith('\ufeff')).toBe(true);
  return response.body.slice(1).split('\r\n').slice(0, -1);
};

const workbook = async (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  return {
    sheet,
    row: (n: number) => (sheet.getRow(n).values as unknown[]).slice(1),
  };
};

/** The office's time zone (TIME_ZONE, Africa/Douala by default): exports read its clocks. */
const OFFICE = process.env.TIME_ZONE || DEFAULT_TIME_ZONE;

/** The office's wall-clock day and time of an instant, as the screen shows it and the XLSX stores it. */
const wallClock = (iso: string): Date => {
  const c = wallClockIn(iso, OFFICE);
  return new Date(Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute));
};

const TODAY = (() => {
  const c = wallClockIn(new Date(), OFFICE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(c.day)}-${pad(c.month)}-${c.year}`;
})();

let examenId: string;
let last: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  const filiere = await post('filieres', { code: 'BTP', libelle: 'Bâtiment et travaux publics' });
  await post('metiers', { code: 'MACON', libelle: 'Maçonnerie', filiereId: filiere.id });
  await post('metiers', { code: 'FORMULE', libelle: '=SOMME(A1:A9)' });
  await post('metiers', { code: 'SEP', libelle: 'Coupe; "fine"' });
  examenId = (
    await post('examens', {
      code: 'BTS',
      libelle: 'Brevet de technicien supérieur',
      noteDePassage: 10,
    })
  ).id;
  const session = (annee: number, libelle: string) => ({
    examenId,
    annee,
    libelle,
    ouvertureInscriptions: `${annee}-03-01`,
    clotureInscriptions: `${annee}-04-30`,
    debutComposition: `${annee}-06-14`,
    finComposition: `${annee}-06-18`,
  });
  await post('sessions', session(2027, 'BTS 2027'));
  last = (await post('sessions', session(2028, 'BTS 2028'))).position;
});
afterAll(async () => t.close());

describe('exports of a list, on the server', () => {
  it('writes the CSV as French spreadsheets read it: BOM, `;`, formulas neutralised, references by libellé', async () => {
    const response = await exported('/api/metiers/export.csv', {}, admin, last);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="metiers-${TODAY}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = csvLines(response);
    expect(lines[0]).toBe('Code;Libellé;Filière;Corps de métier;Statut;Modifié le;Modifié par');
    // The list's default sort: by libellé.
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(['FORMULE', 'SEP', 'MACON']);
    expect(lines[1]).toMatch(
      /^FORMULE;'=SOMME\(A1:A9\);;;Actif;\d{2}\/\d{2}\/\d{4} à \d{2} h \d{2};Premier Administrateur$/,
    );
    expect(lines[2]).toMatch(/^SEP;"Coupe; ""fine""";;;Actif;/);
    expect(lines[3]).toMatch(/^MACON;Maçonnerie;Bâtiment et travaux publics;;Actif;/);
  });

  it('writes the XLSX with the same headers, numbers and dates typed, formula texts kept as text', async () => {
    const response = await exported(
      '/api/sessions/export.xlsx',
      { sort: ['annee', 'DESC'] },
      admin,
      last,
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sessions-${TODAY}.xlsx"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const { sheet, row } = await workbook(response);
    expect(row(1)).toEqual([
      'Libellé',
      'Examen',
      'Année',
      'Ouverture des inscriptions',
      'Clôture des inscriptions',
      'Début de la composition',
      'Fin de la composition',
      'Étape',
      'Modifiée le',
      'Modifiée par',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(3);
    const [libelle, examen, annee, ouverture, , , fin, etape, modifiee, par] = row(2);
    expect([libelle, examen, annee, etape, par]).toEqual([
      'BTS 2028',
      'Brevet de technicien supérieur',
      2028,
      'Préparation',
      'Premier Administrateur',
    ]);
    expect(ouverture).toEqual(new Date('2028-03-01T00:00:00Z'));
    expect(fin).toEqual(new Date('2028-06-18T00:00:00Z'));
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('dd/mm/yyyy');
    const stored = (
      await admin.inject({ method: 'GET', url: `/api/sessions?filter=${enc({ annee: 2028 })}` })
    ).json<{ modifieLe: string }[]>()[0]!;
    expect(modifiee).toEqual(wallClock(stored.modifieLe));
    expect(sheet.getRow(2).getCell(9).numFmt).toBe('dd/mm/yyyy hh:mm');

    const metiers = await workbook(await exported('/api/metiers/export.xlsx'));
    expect(metiers.row(1)).toEqual([
      'Code',
      'Libellé',
      'Filière',
      'Corps de métier',
      'Statut',
      'Modifié le',
      'Modifié par',
    ]);
    expect(metiers.row(2).slice(0, 2)).toEqual(['FORMULE', "'=SOMME(A1:A9)"]);
    expect(metiers.sheet.getRow(2).getCell(2).formula).toBeUndefined();
    expect(metiers.row(4)[2]).toBe('Bâtiment et travaux publics');
  });

  it('exports what the list shows: its search, filters and sort', async () => {
    const byYear = csvLines(
      await exported('/api/sessions/export.csv', { filter: { annee: 2027 } }),
    );
    expect(byYear).toHaveLength(2);
    expect(byYear[1]).toMatch(
      /^BTS 2027;Brevet de technicien supérieur;2027;01\/03\/2027;30\/04\/2027;14\/06\/2027;18\/06\/2027;Préparation;/,
    );
    const searched = csvLines(
      await exported('/api/metiers/export.csv', {
        filter: { q: 'macon' },
      }),
    );
    expect(searched.slice(1).map((line) => line.split(';')[0])).toEqual(['MACON']);
    const sorted = csvLines(await exported('/api/metiers/export.csv', { sort: ['code', 'DESC'] }));
    expect(sorted.slice(1).map((line) => line.split(';')[0])).toEqual(['SEP', 'MACON', 'FORMULE']);
    // A filter the list refuses, the export refuses too, before writing anything.
    const unknown = await exported('/api/metiers/export.csv', { filter: { inconnu: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'Filtre impossible sur le champ « inconnu ».',
    });
  });

  it('exports under the list route’s guard and scope: 401 signed out, 403 without the right to read, enrôleurs only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/metiers/export.csv' })).statusCode).toBe(
      401,
    );
    const profile = await post('profils', {
      libelle: 'Enrôleurs',
      permissions: ['enroleur.lister'],
    });
    const centre = await post('centres-depot', {
      code: 'DEP-DLA',
      libelle: 'Centre de dépôt de Douala',
      departementId: (
        await admin.inject({
          method: 'GET',
          url: `/api/departements?filter=${enc({ q: 'Wouri' })}`,
        })
      ).json<{ id: string }[]>()[0]!.id,
    });
    const created = await post('enroleurs', {
      nom: 'Ngo Bassa',
      prenoms: 'Marie',
      login: 'marie.ngobassa@test.local',
      telephone: '699000000',
      profilId: profile.id,
      centreDepotId: centre.id,
      motDePasse: 'Bienvenue-Douala-1',
    });
    const { agent } = await t.signIn('marie.ngobassa@test.local', 'Bienvenue-Douala-1');
    await agent.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'Bienvenue-Douala-1', newPassword: 'Marie-Ngobassa-2026' },
    });
    for (const url of ['/api/metiers', '/api/utilisateurs']) {
      expect((await agent.inject({ method: 'GET', url })).statusCode).toBe(403);
      expect((await exported(`${url}/export.csv`, {}, agent)).statusCode).toBe(403);
      expect((await exported(`${url}/export.xlsx`, {}, agent)).statusCode).toBe(403);
    }
    // The enrôleurs' export holds enrôleurs only (not the administrator), centres by libellé.
    const enroleurs = csvLines(
      await exported('/api/enroleurs/export.csv', {}, agent, created.position),
    );
    expect(enroleurs).toEqual([
      'Nom;Prénoms;Identifiant;Téléphone;Centre de dépôt;Statut;Modifié le',
      expect.stringMatching(
        /^Ngo Bassa;Marie;marie\.ngobassa@test\.local;699000000;Centre de dépôt de Douala;Actif;/,
      ),
    ]);
    const users = csvLines(await exported('/api/utilisateurs/export.csv'));
    expect(users[0]).toBe('Nom;Prénoms;Identifiant;Téléphone;Statut;Modifié le');
    expect(users).toHaveLength(3);
  });

  it('exports every row of a long list, past the 1,000 rows of a page', async () => {
    const langues = LIST_RESOURCES.find((resource) => resource.name === 'langues')!;
    const now = new Date().toISOString();
    const docs: ListItemDocument[] = Array.from({ length: 2500 }, (_, i) => ({
      id: `langue-${i}`,
      version: 1,
      code: `L${String(i).padStart(4, '0')}`,
      libelle: `Langue ${String(i).padStart(4, '0')}`,
      actif: i % 2 === 0,
      creeLe: now,
      creePar: 'Import',
      modifieLe: now,
      modifiePar: 'Import',
    }));
    await t.readStore.ensureCollection(langues.collection);
    await t.readStore.write({
      operations: docs.map((doc) => ({
        collection: langues.collection.name,
        type: 'put' as const,
        doc,
      })),
    });
    const lines = csvLines(await exported('/api/langues/export.csv'));
    expect(lines).toHaveLength(2501);
    expect(lines[1]).toMatch(/^L0000;Langue 0000;Actif;/);
    expect(lines[2500]).toMatch(/^L2499;Langue 2499;Inactif;/);
    expect(new Set(lines.map((line) => line.split(';')[0])).size).toBe(2501);

    const { sheet, row } = await workbook(
      await exported('/api/langues/export.xlsx', { filter: { actif: true } }),
    );
    expect(sheet.rowCount).toBe(1251);
    expect(row(1251).slice(0, 3)).toEqual(['L2498', 'Langue 2498', 'Actif']);
  });
});
