import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import {
  PERMISSION_CODES,
  REPORTS,
  localDate,
  parseReportQuery,
  reportById,
  requirementFor,
  routeById,
  type DashboardFigureValue,
  type ReportResult,
} from '@examens-pro/domain';
import { MongoReadStore, ProjectionRunner } from '@examens-pro/platform';
import { computeReport } from '@examens-pro/application';
import {
  listsProjection,
  sessionsProjection,
  statisticsProjection,
} from '@examens-pro/projections';
import { pdfText } from '@examens-pro/workers/testing/pdfText';
import { answered, requests } from './examFixture.js';
import {
  REPORT_SESSION,
  REPORT_TOTALS,
  seedReportDataset,
  type ReportClient,
  type ReportDataset,
} from './reportsFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * « Rapports statistiques » and the dashboard home's figures over HTTP, on the dataset of
 * `reportsFixture` (ten dossiers whose totals are known): every report's figures, filters, scope,
 * XLSX and PDF exports, the permission of each, then the same figures read from MongoDB (FerretDB).
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let enroleur: Agent;
let data: ReportDataset;

const PEOPLE = {
  admin: 'Premier Administrateur',
  enroleur: 'Alice Ndjock',
  superviseur: 'Marc Ateba',
};

const clientOf = (as: Agent): ReportClient => ({
  async command(method, url, payload, revision) {
    const response = await as.inject({
      method,
      url,
      payload: payload ?? {},
      headers: revision === undefined ? {} : { 'if-match': `W/"${revision}"` },
    });
    return answered(response, method === 'POST' && revision === undefined ? 201 : 200, url);
  },
  async upload(url, bytes, revision, name) {
    const response = await as.inject({
      method: 'POST',
      url,
      payload: bytes,
      headers: {
        'content-type': 'application/octet-stream',
        'if-match': `W/"${revision}"`,
        'x-nom-fichier': encodeURIComponent(name),
      },
    });
    return answered(response, 200, url);
  },
  get: <T>(url: string) => requests(as).read<T>(url),
});

const query = (params: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();

/** A report's answer for the session, with `params`. */
const report = (id: string, params: Record<string, string | undefined> = {}, as = admin) =>
  requests(as).read<ReportResult>(
    `/api/rapports/${id}?${query({ sessionId: data.ids.session, ...params })}`,
    data.position,
  );

/** Rows by libellé, the values of its columns in order; the totals as « Total ». */
const table = (result: ReportResult) =>
  Object.fromEntries(
    [...result.lignes, result.total].map((row) => [
      row.libelle,
      result.colonnes.map((c) => row.valeurs[c.key]),
    ]),
  );

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  // The enrôleur belongs to the « Dépôt de Yaoundé », created by the dataset: attached after.
  const superviseur = await t.userWith(
    ['candidat.valider', 'candidat.lister-inscrits'],
    'superviseur@test.local',
    undefined,
    { nom: 'Ateba', prenoms: 'Marc' },
  );
  let enroleurClient: ReportClient | undefined;
  const lazyEnroleur: ReportClient = {
    command: (...args) => enroleurClient!.command(...args),
    upload: (...args) => enroleurClient!.upload(...args),
    get: (url) => enroleurClient!.get(url),
  };
  // The reference data first (as the administrator), then the enrôleur of its Yaoundé centre.
  const adminClient = clientOf(admin);
  const seeding = seedReportDataset({
    admin: {
      ...adminClient,
      command: async (method, url, payload, revision) => {
        const answer = await adminClient.command(method, url, payload, revision);
        if (url === '/api/centres-depot' && payload?.code === 'DEP-YDE') {
          enroleur = await t.userWith(
            ['candidat.enregistrer', 'candidat.modifier', 'statistiques.candidats'],
            'enroleur@test.local',
            answer.id,
            { nom: 'Ndjock', prenoms: 'Alice' },
          );
          enroleurClient = clientOf(enroleur);
        }
        return answer;
      },
    },
    enroleur: lazyEnroleur,
    superviseur: clientOf(superviseur),
  });
  data = await seeding;
}, 180_000);
afterAll(async () => t.close());

describe('the reports’ figures', () => {
  it('statistiques des inscriptions: by statut, by centre, by zone, by day', async () => {
    const byStatut = await report('candidats/statistiques-inscriptions');
    expect(byStatut.colonnes.map((c) => c.header)).toEqual(['Total', 'Part (%)']);
    expect(table(byStatut)).toEqual({
      Brouillon: [2, 22.2],
      Soumis: [2, 22.2],
      Validé: [2, 22.2],
      Affecté: [1, 11.1],
      Rejeté: [1, 11.1],
      Désisté: [1, 11.1],
      Total: [9, 100],
    });
    // In the statuts' order, not the alphabet's.
    expect(byStatut.lignes.map((l) => l.valeur)).toEqual([
      'brouillon',
      'soumis',
      'valide',
      'affecte',
      'rejete',
      'desiste',
    ]);
    const byCentre = await report('candidats/statistiques-inscriptions', { vue: 'centre' });
    expect(byCentre.colonnes.map((c) => c.header)).toEqual([
      'Brouillon',
      'Soumis',
      'Validé',
      'Affecté',
      'Rejeté',
      'Désisté',
      'Total',
      'Part (%)',
    ]);
    expect(table(byCentre)).toEqual({
      'Dépôt de Douala': [...REPORT_TOTALS.parCentre['Dépôt de Douala'], 44.4],
      'Dépôt de Yaoundé': [...REPORT_TOTALS.parCentre['Dépôt de Yaoundé'], 55.6],
      Total: [2, 2, 2, 1, 1, 1, 9, 100],
    });
    const byZone = await report('candidats/statistiques-inscriptions', { vue: 'zone' });
    expect(Object.keys(table(byZone))).toEqual(['Centre', 'Littoral', 'Total']);
    const today = localDate(new Date(), 'Africa/Douala');
    const byDay = await report('candidats/statistiques-inscriptions', { vue: 'jour' });
    expect(byDay.lignes.map((l) => [l.valeur, l.valeurs.total])).toEqual([[today, 9]]);
    expect(byDay.lignes[0]!.libelle).toBe(today.split('-').reverse().join('/'));
  });

  it('candidats par métier, par zone et pièces soumises', async () => {
    expect(table(await report('candidats/par-metier'))).toEqual(REPORT_TOTALS.parMetier);
    const pieces = await report('candidats/par-zone-et-nombre-de-pieces-soumis');
    expect(pieces.colonnes.map((c) => c.header)).toEqual([
      'Aucune pièce',
      '1 pièce',
      '2 pièces',
      '3 pièces',
      '4 pièces',
      '5 pièces ou plus',
      'Dossiers',
      'Pièces soumises',
      'Pièces par dossier',
    ]);
    expect(table(pieces)).toEqual(REPORT_TOTALS.parZonePieces);
  });

  it('patrons par métier, candidats inscrits par patron', async () => {
    expect(table(await report('patrons/par-metier'))).toEqual(REPORT_TOTALS.patronsParMetier);
    const byPatron = await report('patrons/candidat-inscrit-par-patron');
    expect(table(byPatron)).toEqual(REPORT_TOTALS.parPatron);
    expect(byPatron).toMatchObject({ nombreLignes: 2, page: 1, parPage: 50 });
    const secondPage = await report('patrons/candidat-inscrit-par-patron', {
      parPage: '1',
      page: '2',
    });
    expect(secondPage.lignes.map((l) => l.libelle)).toEqual(['Salon Gweth']);
    expect(secondPage.total.valeurs.candidats).toBe(4);
  });

  it('statistiques financières, in FCFA, by centre and by session', async () => {
    const financial = await report('statistiques-financieres');
    expect(table(financial)).toEqual(REPORT_TOTALS.financier);
    expect(financial.colonnes.filter((c) => c.format === 'fcfa').map((c) => c.header)).toEqual([
      'Montant dû',
      'Montant payé',
      'Reste à payer',
      'Paiements de démonstration',
    ]);
    const bySession = await requests(admin).read<ReportResult>(
      '/api/rapports/statistiques-financieres?vue=session',
      data.position,
    );
    expect(table(bySession)).toEqual({
      [REPORT_SESSION]: REPORT_TOTALS.financier.Total,
      Total: REPORT_TOTALS.financier.Total,
    });
  });

  it('inscriptions et validations par agent, from the events’ actors', async () => {
    const byAgent = await report('inscriptions-et-validations-par-agent');
    expect(table(byAgent)).toEqual({
      [PEOPLE.enroleur]: REPORT_TOTALS.parAgent.enroleur,
      [PEOPLE.superviseur]: REPORT_TOTALS.parAgent.superviseur,
      [PEOPLE.admin]: REPORT_TOTALS.parAgent.admin,
      Total: REPORT_TOTALS.parAgent.Total,
    });
    const byDay = await report('inscriptions-et-validations-par-agent', { vue: 'jour' });
    expect(byDay.lignes.map((l) => l.valeurs.total)).toEqual([14]);
    // The women's dossiers: Abena and Chindji (enrôleur), Essomba, Fouda and Isseri (admin);
    // Abena and Fouda validated by the supervisor.
    const women = await report('inscriptions-et-validations-par-agent', { sexe: 'F' });
    expect(table(women)).toEqual({
      [PEOPLE.enroleur]: [2, 0, 0, 2],
      [PEOPLE.superviseur]: [0, 2, 0, 2],
      [PEOPLE.admin]: [3, 0, 0, 3],
      Total: [5, 2, 0, 7],
    });
  });
});

describe('filters and scope', () => {
  it('narrow to a zone, a département, a métier, a sex, a period', async () => {
    const littoral = await report('candidats/statistiques-inscriptions', {
      vue: 'centre',
      zoneId: data.ids.littoral,
    });
    expect(table(littoral)).toEqual({
      'Dépôt de Douala': [...REPORT_TOTALS.parCentre['Dépôt de Douala'], 100],
      Total: [...REPORT_TOTALS.parCentre['Dépôt de Douala'], 100],
    });
    expect(littoral.criteres).toBe(`${REPORT_SESSION} — Zone Littoral`);
    const women = await report('candidats/par-metier', { sexe: 'F' });
    expect(table(women)).toEqual({
      Coiffure: [2, 0, 2, 1, 0, 40],
      Électricité: [3, 0, 3, 1, 0, 60],
      Total: [5, 0, 5, 2, 0, 100],
    });
    const coiffure = await report('statistiques-financieres', {
      vue: 'zone',
      metierId: data.ids.coif,
    });
    // Coiffure: Chindji (Yaoundé, soumis), Dika (rejected, paid 5 000), Fouda (paid), Gweth.
    expect(table(coiffure)).toEqual({
      Centre: [1, 0, 15000, 5000, 15000, 0, 0],
      Littoral: [2, 1, 30000, 15000, 15000, 50, 0],
      Total: [3, 1, 45000, 20000, 30000, 33.3, 0],
    });
    const wouri = await report('patrons/par-metier', { departementId: data.ids.wouri });
    expect(table(wouri)).toEqual({
      Coiffure: [1, 1, 2, 1],
      Électricité: [1, 0, 0, 0],
      Total: [2, 1, 2, 1],
    });
    const today = localDate(new Date(), 'Africa/Douala');
    const yesterday = localDate(new Date(Date.now() - 86_400_000), 'Africa/Douala');
    const french = (day: string) => day.split('-').reverse().join('/');
    expect(
      (await report('candidats/statistiques-inscriptions', { du: french(today), au: today })).total
        .valeurs.total,
    ).toBe(9);
    expect(
      (await report('inscriptions-et-validations-par-agent', { au: yesterday })).lignes,
    ).toEqual([]);
  });

  it('refuses a bad filter with its French message', async () => {
    const bad = async (id: string, params: Record<string, string | undefined>, message: string) => {
      const response = await admin.inject({
        method: 'GET',
        url: `/api/rapports/${id}?${query(params)}`,
      });
      expect({ status: response.statusCode, message: response.json().message }).toEqual({
        status: 400,
        message,
      });
    };
    await bad('candidats/par-metier', {}, 'Choisissez la session.');
    await bad(
      'candidats/par-metier',
      { sessionId: data.ids.session, du: '31/02/2027' },
      'Date invalide : saisissez-la au format JJ/MM/AAAA.',
    );
    await bad(
      'patrons/par-metier',
      { sessionId: data.ids.session, du: '01/02/2027' },
      'Ce rapport ne se filtre pas par période.',
    );
  });

  it('counts an enrôleur’s centre de dépôt only', async () => {
    const mine = await report('candidats/statistiques-inscriptions', { vue: 'centre' }, enroleur);
    expect(table(mine)).toEqual({
      'Dépôt de Yaoundé': [...REPORT_TOTALS.parCentre['Dépôt de Yaoundé'], 100],
      Total: [...REPORT_TOTALS.parCentre['Dépôt de Yaoundé'], 100],
    });
    const elsewhere = await report(
      'candidats/statistiques-inscriptions',
      { zoneId: data.ids.littoral },
      enroleur,
    );
    expect(elsewhere.total.valeurs.total).toBe(0);
  });
});

describe('exports', () => {
  const get = (url: string) => admin.inject({ method: 'GET', url });

  it.each(REPORTS.map((r) => [r.id]))(
    '%s: XLSX (numbers as numbers, totals last) and PDF',
    async (id) => {
      const declaration = reportById(id)!;
      const params = query({ sessionId: data.ids.session });
      const screen = await report(id);
      const xlsx = await get(`/api/rapports/${id}/export.xlsx?${params}`);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-disposition']).toMatch(
        new RegExp(`attachment; filename="${declaration.fileName}-\\d{2}-\\d{2}-\\d{4}\\.xlsx"`),
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const rows = sheet.getSheetValues().slice(1) as unknown[][];
      expect(rows[0]!.slice(1, 2)).toEqual([screen.libelleVue]);
      expect(rows).toHaveLength(screen.lignes.length + 2);
      const last = rows.at(-1)!.slice(1);
      expect(last).toEqual([
        'Total',
        ...screen.colonnes.map((c) => {
          const value = screen.total.valeurs[c.key];
          return value === null || value === '' ? undefined : value;
        }),
      ]);

      const pdf = await get(`/api/rapports/${id}/export.pdf?${params}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(pdf.rawPayload).join('\n').replace(/\s+/g, ' ');
      expect(text).toContain(declaration.title);
      expect(text).toContain(REPORT_SESSION);
      expect(text).toContain('Total');
      for (const row of screen.lignes) expect(text).toContain(row.libelle);
    },
  );

  it('prints amounts in FCFA and the filters in the PDF', async () => {
    const pdf = await get(
      `/api/rapports/statistiques-financieres/export.pdf?${query({ sessionId: data.ids.session, zoneId: data.ids.centre })}`,
    );
    const text = pdfText(pdf.rawPayload).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('CQP 2027 — Zone Centre — par centre de dépôt');
    expect(text).toContain('Taux de recouvrement');
    expect(text).toContain('Total 4 1 60 000 FCFA 30 000 FCFA 35 000 FCFA 41,7 %');
  });
});

describe('permissions', () => {
  it('answers 401 to a visitor and 403 without the report’s permission, on every report and its exports', async () => {
    for (const declaration of REPORTS) {
      const requirement = requirementFor(routeById(declaration.route), 'read');
      const without = await t.userWith(
        PERMISSION_CODES.filter((code) => !requirement.includes(code)),
        `sans-${declaration.fileName}@test.local`,
      );
      const only = await t.userWith([requirement[0]!], `avec-${declaration.fileName}@test.local`);
      for (const suffix of ['', '/export.xlsx', '/export.pdf']) {
        const url = `/api/rapports/${declaration.id}${suffix}?sessionId=${data.ids.session}`;
        expect({ url, status: (await t.app.inject({ method: 'GET', url })).statusCode }).toEqual({
          url,
          status: 401,
        });
        expect({ url, status: (await without.inject({ method: 'GET', url })).statusCode }).toEqual({
          url,
          status: 403,
        });
        expect({ url, status: (await only.inject({ method: 'GET', url })).statusCode }).toEqual({
          url,
          status: 200,
        });
      }
      // The filters' choices: to whoever may open a report.
      expect((await only.inject({ method: 'GET', url: '/api/rapports/choix' })).statusCode).toBe(
        200,
      );
    }
    const none = await t.userWith(['compte.enregistrer'], 'sans-rapport@test.local');
    expect((await none.inject({ method: 'GET', url: '/api/rapports/choix' })).statusCode).toBe(403);
  });

  it('offers the filters’ choices: the open session first, zones, départements with their zone, métiers', async () => {
    const choices = await requests(admin).read<{
      sessions: { id: string; libelle: string; ouverte: boolean }[];
      parDefaut: string;
      zones: { id: string; libelle: string }[];
      departements: { id: string; libelle: string; zoneId: string }[];
      metiers: { libelle: string }[];
    }>('/api/rapports/choix');
    expect(choices.parDefaut).toBe(data.ids.session);
    expect(choices.sessions).toEqual([
      {
        id: data.ids.session,
        libelle: REPORT_SESSION,
        statut: 'inscriptions-ouvertes',
        ouverte: true,
      },
    ]);
    expect(choices.zones).toHaveLength(10);
    expect(choices.departements).toHaveLength(58);
    expect(choices.departements.find((d) => d.libelle === 'Wouri')?.zoneId).toBe(data.ids.littoral);
    expect(choices.metiers.map((m) => m.libelle)).toEqual(['Coiffure', 'Électricité']);
  });
});

describe('the dashboard home’s figures', () => {
  const figures = async (as: Agent) =>
    requests(as).read<{
      session: { id: string; libelle: string } | null;
      chiffres: DashboardFigureValue[];
    }>('/api/tableau-de-bord/chiffres', data.position);
  const values = (chiffres: readonly DashboardFigureValue[]) =>
    Object.fromEntries(chiffres.map((c) => [c.key, c.value]));

  it('for the open session, what the lists they link to count', async () => {
    const { session, chiffres } = await figures(admin);
    expect(session?.libelle).toBe(REPORT_SESSION);
    expect(values(chiffres)).toEqual({
      ...REPORT_TOTALS.statuts,
      // Chindji and Gweth: submitted, their birth certificate not yet checked.
      'pieces-en-attente': 2,
      affectes: 1,
      notes: 0,
      admis: 0,
      regles: 2,
      'montant-paye': 45000,
    });
    const list = async (path: string) => {
      const [route, search] = path.split('?');
      const filter = new URLSearchParams(search).get('filter')!;
      const resource = route === 'inscription/candidats/liste' ? 'candidatures' : 'liste-examen';
      const response = await admin.inject({
        method: 'GET',
        url: `/api/${resource}?filter=${encodeURIComponent(filter)}&range=[0,0]`,
      });
      return Number(response.headers['content-range']!.toString().split('/')[1]);
    };
    for (const figure of chiffres.filter((c) => c.path.includes('filter=')))
      expect({ key: figure.key, total: await list(figure.path) }).toEqual({
        key: figure.key,
        total: figure.value,
      });
    const paid = chiffres.find((c) => c.key === 'montant-paye')!;
    expect(paid.path).toBe(
      `rapports-statistiques/statistiques-financieres?sessionId=${data.ids.session}`,
    );
    const financial = await report('statistiques-financieres');
    expect(financial.total.valeurs).toMatchObject({ montantPaye: 45000, regles: 2 });
  });

  it('shows each figure to whoever may open its screen, within their scope', async () => {
    const finance = await t.userWith(['statistiques.financieres'], 'finances@test.local');
    expect((await figures(finance)).chiffres.map((c) => c.key)).toEqual(['regles', 'montant-paye']);
    const nobody = await t.userWith(['compte.enregistrer'], 'personne@test.local');
    expect((await figures(nobody)).chiffres).toEqual([]);
    // The enrôleur lists the Yaoundé dossiers only, and is counted so.
    const mine = values((await figures(enroleur)).chiffres);
    expect(mine).toMatchObject({ total: 5, brouillon: 1, soumis: 1, 'pieces-en-attente': 1 });
    expect(mine).not.toHaveProperty('regles');
  });
});

const mongoUrl = process.env.TEST_MONGODB_URL;
(mongoUrl ? describe : describe.skip)('the same figures on MongoDB (FerretDB)', () => {
  it('projects the event log into the cubes of a MongoDB read store and reads every report alike', async () => {
    const mongo = new MongoReadStore(mongoUrl!, `rapports_${randomUUID().slice(0, 12)}`);
    try {
      await ProjectionRunner.rebuildAll(t.eventStore, mongo, [
        listsProjection,
        sessionsProjection,
        statisticsProjection(),
      ]);
      for (const declaration of REPORTS)
        for (const view of declaration.views) {
          const q = parseReportQuery(declaration, {
            vue: view.key,
            ...(view.ignores?.includes('session') ? {} : { sessionId: data.ids.session }),
          });
          const [onSqlite, onMongo] = await Promise.all([
            computeReport(t.readStore, declaration, q),
            computeReport(mongo, declaration, q),
          ]);
          expect({ report: declaration.id, view: view.key, result: onMongo }).toEqual({
            report: declaration.id,
            view: view.key,
            result: onSqlite,
          });
        }
      const financial = await computeReport(
        mongo,
        reportById('statistiques-financieres')!,
        parseReportQuery(reportById('statistiques-financieres')!, { sessionId: data.ids.session }),
      );
      expect(
        Object.fromEntries(
          [...financial.lignes, financial.total].map((r) => [
            r.libelle,
            financial.colonnes.map((c) => r.valeurs[c.key]),
          ]),
        ),
      ).toEqual(REPORT_TOTALS.financier);
    } finally {
      await mongo.close();
    }
  });
});
if (!mongoUrl)
  console.warn(
    '*** Rapports sur MongoDB IGNORÉS : aucun serveur MongoDB (FerretDB non construit) ***',
  );
