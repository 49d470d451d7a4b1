import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { startTestApp, type Agent } from './testApp.js';

/**
 * « Historique des modifications » (GET /api/historique-candidatures): every change of every
 * dossier, with its filters, exports, the enrôleurs' scope and its permissions.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let enroleur: Agent;
let enroleurId: string;

interface Answer {
  id: string;
  revision: number;
  position: string;
}
interface Line {
  id: string;
  candidatureId: string;
  numeroDossier: string;
  libelle: string;
  centreDepotId: string;
  statut: string;
  date: string;
  acteurId: string;
  acteur: string;
  action: string;
  motif: string;
  changes: { field: string; label: string; before: unknown; after: unknown }[];
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const call = async (
  method: 'POST' | 'PUT',
  url: string,
  payload: Record<string, unknown> | undefined,
  as: Agent,
  revision?: number,
) => {
  const response = await as.inject({
    method,
    url,
    payload,
    headers: revision === undefined ? {} : { 'if-match': `W/"${revision}"` },
  });
  expect({
    url,
    status: response.statusCode,
    body: response.statusCode < 300 ? '' : response.body,
  }).toEqual({ url, status: method === 'POST' && revision === undefined ? 201 : 200, body: '' });
  return response.json<Answer>();
};
const created = (url: string, payload: Record<string, unknown>, as = admin) =>
  call('POST', url, payload, as);

let head = '0';
const lines = async (filter: Record<string, unknown> = {}, as = admin) => {
  const response = await as.inject({
    method: 'GET',
    url: `/api/historique-candidatures?filter=${enc(filter)}&range=[0,999]`,
    headers: { 'x-min-position': head },
  });
  expect(response.statusCode).toBe(200);
  return response.json<Line[]>();
};

const ids: Record<string, string> = {};
const candidate = (nom: string, prenoms: string, dateNaissance: string, centre = ids.centreA) => ({
  sessionId: ids.session,
  metierId: ids.metier,
  centreDepotId: centre,
  categorie: 'libre',
  apprentiId: null,
  patronId: null,
  nom,
  prenoms,
  sexe: 'F',
  dateNaissance,
  lieuNaissance: 'Yaoundé',
  nationalite: 'Camerounaise',
  telephone: '677445566',
  matricule: '',
  datePremierePriseService: null,
  niveauId: ids.bepc,
  langueId: null,
  handicapId: null,
});

const dossiers: Record<string, Answer> = {};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  const departementId = (
    await admin.inject({ method: 'GET', url: `/api/departements?filter=${enc({ q: 'Mfoundi' })}` })
  ).json<{ id: string }[]>()[0]!.id;
  ids.examen = (
    await created('/api/examens', {
      code: 'CQP',
      libelle: 'CQP',
      noteDePassage: 10,
      noteEliminatoire: 5,
    })
  ).id;
  const session = await created('/api/sessions', {
    examenId: ids.examen,
    annee: 2027,
    libelle: 'CQP 2027',
    ouvertureInscriptions: '2026-10-01',
    clotureInscriptions: '2027-02-26',
    debutComposition: '2027-06-14',
    finComposition: '2027-06-18',
  });
  ids.session = session.id;
  await call(
    'POST',
    `/api/sessions/${session.id}/avancer`,
    { statut: 'inscriptions-ouvertes' },
    admin,
    session.revision,
  );
  await created('/api/parametres-edition', {
    code: 'PE-CQP27',
    libelle: 'Paramètres CQP 2027',
    sessionId: ids.session,
    dateLimiteModification: '2099-12-31',
    modificationApresValidation: false,
    prefixeDossier: 'CQP27',
    ageMinimum: 15,
  });
  ids.metier = (await created('/api/metiers', { code: 'MECA', libelle: 'Mécanique' })).id;
  await created('/api/metiers-ouverts', {
    code: 'MO-MECA',
    libelle: 'Mécanique 2027',
    sessionId: ids.session,
    metierId: ids.metier,
  });
  ids.bepc = (
    await created('/api/niveaux-scolarisation', { code: 'BEPC', libelle: 'BEPC', rang: 2 })
  ).id;
  for (const [key, code, libelle] of [
    ['centreA', 'DEP-YDE', 'Centre de dépôt de Yaoundé'],
    ['centreB', 'DEP-DLA', 'Centre de dépôt de Douala'],
  ] as const)
    ids[key] = (await created('/api/centres-depot', { code, libelle, departementId })).id;
  ids.motif = (
    await created('/api/motifs-rejet', { code: 'ILLISIBLE', libelle: 'Pièce illisible' })
  ).id;
  enroleur = await t.userWith(
    ['candidat.enregistrer', 'candidat.modifier'],
    'enroleur.yde@test.local',
    ids.centreA,
  );
  enroleurId = (await enroleur.inject({ method: 'GET', url: '/api/auth/session' })).json<{
    user: { id: string };
  }>().user.id;

  // A: registered by the administrator at Yaoundé, submitted, rejected with a motif.
  dossiers.a = await created('/api/candidatures', candidate('Atangana', 'Marie', '1998-03-05'));
  const submitted = await call(
    'POST',
    `/api/candidatures/${dossiers.a.id}/soumettre`,
    undefined,
    admin,
    dossiers.a.revision,
  );
  await call(
    'POST',
    `/api/candidatures/${dossiers.a.id}/rejeter`,
    { motifId: ids.motif, commentaire: 'Acte de naissance illisible' },
    admin,
    submitted.revision,
  );
  // B: registered and modified by the enrôleur of Yaoundé.
  dossiers.b = await created(
    '/api/candidatures',
    candidate('Bello', 'Aïssatou', '1997-07-21'),
    enroleur,
  );
  await call(
    'PUT',
    `/api/candidatures/${dossiers.b.id}`,
    { ...candidate('Bello', 'Aïssatou Hadja', '1997-07-21'), telephone: '699001122' },
    enroleur,
    dossiers.b.revision,
  );
  // C: at Douala, by the administrator.
  dossiers.c = await created(
    '/api/candidatures',
    candidate('Douala', 'Personne', '1996-01-30', ids.centreB),
  );
  head = await t.eventStore.headPosition();
});
afterAll(async () => t.close());

describe('historique des modifications over HTTP', () => {
  it('lists every change, newest first, with libellés and each field before → after', async () => {
    const all = await lines();
    expect(all.map((l) => [l.numeroDossier, l.action])).toEqual([
      [expect.any(String), 'Création'],
      [expect.any(String), 'Modification'],
      [expect.any(String), 'Création'],
      [expect.any(String), 'Rejet'],
      [expect.any(String), 'Soumission'],
      [expect.any(String), 'Création'],
    ]);
    expect(all.map((l) => l.candidatureId)).toEqual([
      dossiers.c!.id,
      dossiers.b!.id,
      dossiers.b!.id,
      dossiers.a!.id,
      dossiers.a!.id,
      dossiers.a!.id,
    ]);
    expect([...all].map((l) => l.date)).toEqual(
      [...all]
        .map((l) => l.date)
        .sort()
        .reverse(),
    );
    const [, modification, , rejection, , creation] = all;
    expect(modification).toMatchObject({
      libelle: 'Bello Aïssatou Hadja',
      acteurId: enroleurId,
      statut: 'brouillon',
      changes: [
        { field: 'prenoms', label: 'Prénoms', before: 'Aïssatou', after: 'Aïssatou Hadja' },
        { field: 'telephone', label: 'Téléphone', before: '677445566', after: '699001122' },
      ],
    });
    // Referenced items by libellé, choices by label, as a dossier's own history shows them.
    const after = Object.fromEntries(creation!.changes.map((c) => [c.field, c.after]));
    expect(after).toMatchObject({
      sessionId: 'CQP 2027',
      metierId: 'Mécanique',
      centreDepotId: 'Centre de dépôt de Yaoundé',
      categorie: 'Candidat libre',
      sexe: 'Féminin',
      niveauId: 'BEPC',
      statut: 'Brouillon',
    });
    expect(rejection).toMatchObject({
      statut: 'rejete',
      acteur: 'Premier Administrateur',
      motif: 'Acte de naissance illisible',
      changes: expect.arrayContaining([
        { field: 'statut', label: 'Statut', before: 'Soumis', after: 'Rejeté' },
        { field: 'motifRejetId', label: 'Motif de rejet', before: null, after: 'Pièce illisible' },
      ]),
    });
    // One line read alone: the same.
    const one = await admin.inject({
      method: 'GET',
      url: `/api/historique-candidatures/${rejection!.id}`,
    });
    expect(one.json()).toEqual(rejection);
    // Read-only: no command route.
    expect(
      (await admin.inject({ method: 'POST', url: '/api/historique-candidatures', payload: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('filters by agent, period, statut, centre and dossier number or name', async () => {
    expect((await lines({ acteurId: enroleurId })).map((l) => l.action)).toEqual([
      'Modification',
      'Création',
    ]);
    expect((await lines({ statut: 'rejete' })).map((l) => l.action)).toEqual(['Rejet']);
    expect((await lines({ centreDepotId: ids.centreB })).map((l) => l.candidatureId)).toEqual([
      dossiers.c!.id,
    ]);
    const all = await lines();
    const rejection = all.find((l) => l.action === 'Rejet')!;
    const period = await lines({ date_gte: rejection.date, date_lte: rejection.date });
    expect(period.map((l) => l.id)).toContain(rejection.id);
    expect(period.every((l) => l.date === rejection.date)).toBe(true);
    expect(await lines({ date_lte: '2020-01-01T00:00:00.000Z' })).toEqual([]);
    expect((await lines({ q: 'atangana' })).map((l) => l.candidatureId)).toEqual(
      Array(3).fill(dossiers.a!.id),
    );
    expect((await lines({ q: rejection.numeroDossier })).length).toBe(3);
    // The agents a filter offers: those who changed dossiers.
    const agents = await admin.inject({
      method: 'GET',
      url: '/api/historique-candidatures/acteurs',
    });
    expect(agents.statusCode).toBe(200);
    expect(
      agents
        .json<{ id: string }[]>()
        .map((a) => a.id)
        .sort(),
    ).toEqual([enroleurId, all.find((l) => l.action === 'Rejet')!.acteurId].sort());
    const chosen = await admin.inject({
      method: 'GET',
      url: `/api/historique-candidatures/acteurs?filter=${enc({ id: [enroleurId] })}`,
    });
    expect(chosen.json<{ id: string }[]>().map((a) => a.id)).toEqual([enroleurId]);
  });

  it('shows an enrôleur its own centre’s changes only, through filters, agents and exports', async () => {
    const mine = await lines({}, enroleur);
    expect(new Set(mine.map((l) => l.candidatureId))).toEqual(
      new Set([dossiers.a!.id, dossiers.b!.id]),
    );
    expect(await lines({ centreDepotId: ids.centreB }, enroleur)).toEqual([]);
    expect(await lines({ q: 'Douala' }, enroleur)).toEqual([]);
    const other = (await lines({ centreDepotId: ids.centreB }))[0]!;
    expect(
      (await enroleur.inject({ method: 'GET', url: `/api/historique-candidatures/${other.id}` }))
        .statusCode,
    ).toBe(404);
    const csv = await enroleur.inject({
      method: 'GET',
      url: '/api/historique-candidatures/export.csv',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Douala Personne');
    expect(csv.body).toContain('Bello Aïssatou Hadja');
    const outside = await enroleur.inject({
      method: 'GET',
      url: `/api/historique-candidatures/export.csv?filter=${enc({ centreDepotId: ids.centreB })}`,
    });
    expect(outside.body.trim().split('\r\n')).toHaveLength(1);
    // Agents of the centre's changes only: the administrator changed dossier A at Yaoundé too.
    const agents = await enroleur.inject({
      method: 'GET',
      url: '/api/historique-candidatures/acteurs',
    });
    expect(agents.json<{ id: string }[]>().map((a) => a.id)).toContain(enroleurId);
    // A dossier moved to Douala leaves the enrôleur's sight, its past lines with it.
    const moved = await admin.inject({ method: 'GET', url: `/api/candidatures/${dossiers.b!.id}` });
    const answer = await call(
      'PUT',
      `/api/candidatures/${dossiers.b!.id}`,
      {
        ...candidate('Bello', 'Aïssatou Hadja', '1997-07-21', ids.centreB),
        telephone: '699001122',
      },
      admin,
      moved.json<{ version: number }>().version,
    );
    head = answer.position;
    expect(new Set((await lines({}, enroleur)).map((l) => l.candidatureId))).toEqual(
      new Set([dossiers.a!.id]),
    );
    expect((await lines({ centreDepotId: ids.centreB })).length).toBe(4);
  });

  it('exports the filtered changes as CSV and XLSX, fields before → after by libellé', async () => {
    const csv = await admin.inject({
      method: 'GET',
      url: `/api/historique-candidatures/export.csv?filter=${enc({ statut: 'rejete' })}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="historique-candidatures-\d{2}-\d{2}-\d{4}\.csv"$/,
    );
    const rows = csv.body.replace(/^\ufeff/, '').split('\r\n');
    expect(rows[0]).toBe(
      'Date;Numéro de dossier;Nom et prénoms;Centre de dépôt;Action;Par;Statut;Changements;Motif',
    );
    expect(rows[1]).toContain(';Atangana Marie;Centre de dépôt de Yaoundé;Rejet;');
    expect(rows[1]).toContain('Statut : Soumis → Rejeté\nMotif de rejet : — → Pièce illisible');
    expect(rows[1]).toContain(';Acte de naissance illisible');
    const xlsx = await admin.inject({
      method: 'GET',
      url: `/api/historique-candidatures/export.xlsx?filter=${enc({ acteurId: enroleurId })}`,
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(5).value).toBe('Modification');
    expect(String(sheet.getRow(2).getCell(8).value)).toContain(
      'Prénoms : Aïssatou → Aïssatou Hadja',
    );
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  });

  it('answers 403 to a user holding neither permission, 200 to an auditor', async () => {
    const reader = await t.userWith(['candidat.lister-inscrits'], 'lecteur@test.local');
    for (const url of [
      '/api/historique-candidatures',
      '/api/historique-candidatures/export.csv',
      '/api/historique-candidatures/export.xlsx',
      '/api/historique-candidatures/acteurs',
    ]) {
      const response = await reader.inject({ method: 'GET', url });
      expect([url, response.statusCode, response.json<{ code: string }>().code]).toEqual([
        url,
        403,
        'interdit',
      ]);
    }
    const auditor = await t.userWith(['administration.historique'], 'auditeur@test.local');
    expect((await lines({}, auditor)).length).toBeGreaterThanOrEqual(6);
  });
});
