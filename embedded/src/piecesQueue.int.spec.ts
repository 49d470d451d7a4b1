import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { requests, type Answer } from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * « File de vérification des pièces » over HTTP: the next submitted dossier of a session (and
 * métier) whose pièces wait to be checked, oldest number first, those passed in the sitting
 * skipped, how many are left; an enrôleur of another centre is served none, and who does not check
 * pièces may not read it.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let enroleur: Agent;
let checker: Agent;
let otherCentreChecker: Agent;
let reader: Agent;

interface Queue {
  dossier: {
    id: string;
    version: number;
    numeroDossier: string;
    libelle: string;
    metier: string;
    centreDepot: string;
    pieces: { pieceId: string; libelle: string; statut: string }[];
  } | null;
  restants: number;
  passes: number;
  metiers: { id: string; libelle: string }[];
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const ids: Record<string, string> = {};
/** The dossiers by name: d1, d2 (Coiffure), d3 (Électricité), all submitted; d4 a brouillon. */
const dossiers: Record<string, Answer> = {};
let last = '';

const created = (url: string, payload: Record<string, unknown>, as = admin) =>
  requests(as).created(url, payload);

const queue = async (as: Agent, query: Record<string, string> = {}) => {
  const q = new URLSearchParams({ sessionId: ids.session!, ...query });
  const response = await requests(as).get(`/api/file-pieces?${q}`, last);
  return { status: response.statusCode, body: response.json<Queue>() };
};
const served = async (query: Record<string, string> = {}, as = checker) => {
  const { status, body } = await queue(as, query);
  expect(status).toBe(200);
  return {
    numero: body.dossier?.numeroDossier ?? null,
    restants: body.restants,
    passes: body.passes,
  };
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  const departementId = (
    await (
      await requests(admin).get(`/api/departements?filter=${enc({ q: 'Mfoundi' })}`)
    ).json<{ id: string }[]>()
  )[0]!.id;
  const examen = await created('/api/examens', { code: 'CQP', libelle: 'CQP', noteDePassage: 10 });
  const session = await created('/api/sessions', {
    examenId: examen.id,
    annee: 2027,
    libelle: 'CQP 2027',
    ouvertureInscriptions: '2026-10-01',
    clotureInscriptions: '2027-02-26',
    debutComposition: '2027-06-14',
    finComposition: '2027-06-18',
  });
  ids.session = session.id;
  await requests(admin).ok(
    `/api/sessions/${session.id}/avancer`,
    { statut: 'inscriptions-ouvertes' },
    session.revision,
  );
  await created('/api/parametres-edition', {
    code: 'PE-CQP27',
    libelle: 'Paramètres CQP 2027',
    sessionId: ids.session,
    dateLimiteModification: '2099-12-31',
    prefixeDossier: 'CQP27',
  });
  for (const [code, libelle] of [
    ['COIF', 'Coiffure'],
    ['ELEC', 'Électricité'],
  ] as const) {
    ids[code] = (await created('/api/metiers', { code, libelle })).id;
    await created('/api/metiers-ouverts', {
      code: `MO-${code}`,
      libelle: `${libelle} 2027`,
      sessionId: ids.session,
      metierId: ids[code],
    });
  }
  ids.niveau = (
    await created('/api/niveaux-scolarisation', { code: 'CEP', libelle: 'CEP', rang: 1 })
  ).id;
  for (const [key, code, libelle] of [
    ['centreA', 'DEP-BAF', 'Centre de dépôt de Bafoussam'],
    ['centreB', 'DEP-GAR', 'Centre de dépôt de Garoua'],
  ] as const)
    ids[key] = (await created('/api/centres-depot', { code, libelle, departementId })).id;
  ids.motif = (await created('/api/motifs-rejet', { code: 'FLOUE', libelle: 'Photo floue' })).id;
  ids.acte = (
    await created('/api/pieces-justificatives', {
      code: 'ACTE',
      libelle: 'Acte de naissance',
      obligatoire: true,
      examenIds: [],
    })
  ).id;
  enroleur = await t.userWith(
    ['candidat.enregistrer', 'candidat.modifier'],
    'enroleur.a@test.local',
    ids.centreA,
  );
  checker = await t.userWith(['candidat.valider'], 'verificateur@test.local');
  otherCentreChecker = await t.userWith(
    ['candidat.valider'],
    'verificateur.garoua@test.local',
    ids.centreB,
  );
  reader = await t.userWith(['candidat.lister-inscrits'], 'lecteur@test.local');

  const plans = [
    ['d1', 'COIF', 'Ange', true],
    ['d2', 'COIF', 'Béatrice', true],
    ['d3', 'ELEC', 'Carine', true],
    ['d4', 'COIF', 'Denise', false],
  ] as const;
  for (const [name, metier, prenoms, submit] of plans) {
    let answer = await created(
      '/api/candidatures',
      {
        sessionId: ids.session,
        metierId: ids[metier],
        centreDepotId: ids.centreA,
        categorie: 'libre',
        nom: 'Mballa',
        prenoms,
        sexe: 'F',
        dateNaissance: `199${name[1]}-03-1${name[1]}`,
        lieuNaissance: 'Bafoussam',
        nationalite: 'Camerounaise',
        telephone: `699 11 22 3${name[1]}`,
        niveauId: ids.niveau,
      },
      enroleur,
    );
    const deposit = await enroleur.inject({
      method: 'POST',
      url: `/api/candidatures/${answer.id}/pieces/${ids.acte}`,
      payload: PDF,
      headers: {
        'content-type': 'application/pdf',
        'if-match': `W/"${answer.revision}"`,
        'x-nom-fichier': encodeURIComponent(`acte-${name}.pdf`),
      },
    });
    expect(deposit.statusCode).toBe(200);
    answer = { ...answer, ...deposit.json<Answer>(), id: answer.id };
    if (submit)
      answer = {
        ...(await requests(enroleur).ok(
          `/api/candidatures/${answer.id}/soumettre`,
          {},
          answer.revision,
        )),
        id: answer.id,
      };
    dossiers[name] = answer;
    last = answer.position;
  }
});
afterAll(async () => t?.close());

describe('« File de vérification des pièces »', () => {
  it('serves the oldest submitted dossier with pièces to check, and counts what is left', async () => {
    const { body } = await queue(checker);
    expect(body.dossier).toMatchObject({
      id: dossiers.d1!.id,
      numeroDossier: 'CQP27-000001',
      libelle: 'Mballa Ange',
      metier: 'Coiffure',
      centreDepot: 'Centre de dépôt de Bafoussam',
      pieces: [expect.objectContaining({ libelle: 'Acte de naissance', statut: 'deposee' })],
    });
    // The brouillon d4 is not served: its pièces are checked once it is submitted.
    expect(body.restants).toBe(3);
    expect(body.metiers.map((m) => m.libelle)).toEqual(['Coiffure', 'Électricité']);
  });

  it('keeps to the métier asked for', async () => {
    expect(await served({ metierId: ids.ELEC! })).toEqual({
      numero: 'CQP27-000003',
      restants: 1,
      passes: 0,
    });
  });

  it('skips the dossiers passed in this sitting, counted apart', async () => {
    expect(await served({ passes: dossiers.d1!.id })).toEqual({
      numero: 'CQP27-000002',
      restants: 2,
      passes: 1,
    });
    expect(await served({ passes: [dossiers.d1!.id, dossiers.d2!.id].join(',') })).toEqual({
      numero: 'CQP27-000003',
      restants: 1,
      passes: 2,
    });
    expect(
      await served({ passes: [dossiers.d1!.id, dossiers.d2!.id, dossiers.d3!.id].join(',') }),
    ).toEqual({ numero: null, restants: 0, passes: 3 });
  });

  it('serves the next dossier once a dossier’s pièces are checked (validated or rejected)', async () => {
    const d1 = await requests(checker).ok(
      `/api/candidatures/${dossiers.d1!.id}/pieces/${ids.acte}/valider`,
      {},
      dossiers.d1!.revision,
    );
    last = d1.position;
    expect(await served()).toEqual({ numero: 'CQP27-000002', restants: 2, passes: 0 });
    const d2 = await requests(checker).ok(
      `/api/candidatures/${dossiers.d2!.id}/pieces/${ids.acte}/rejeter`,
      { motifId: ids.motif, commentaire: '' },
      dossiers.d2!.revision,
    );
    last = d2.position;
    expect(await served()).toEqual({ numero: 'CQP27-000003', restants: 1, passes: 0 });
    // A dossier passed, then checked by someone else, is no longer counted as passed.
    expect(await served({ passes: dossiers.d1!.id })).toEqual({
      numero: 'CQP27-000003',
      restants: 1,
      passes: 0,
    });
  });

  it('serves an enrôleur of another centre none of these dossiers', async () => {
    const { status, body } = await queue(otherCentreChecker);
    expect(status).toBe(200);
    expect(body).toEqual({ dossier: null, restants: 0, passes: 0, metiers: [] });
    // Asking for a dossier passed does not reveal it either.
    expect(await served({ passes: dossiers.d3!.id }, otherCentreChecker)).toEqual({
      numero: null,
      restants: 0,
      passes: 0,
    });
  });

  it('is refused to who does not check pièces, and asks for a known session', async () => {
    expect((await queue(reader)).status).toBe(403);
    const response = await requests(checker).get('/api/file-pieces?sessionId=inconnue');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('Cette session est introuvable.');
    expect((await requests(checker).get('/api/file-pieces/sessions')).json()).toEqual([
      expect.objectContaining({ id: ids.session, libelle: 'CQP 2027' }),
    ]);
  });

  it('lets the screen frame a pièce’s file (same origin only)', async () => {
    const file = await checker.inject({
      method: 'GET',
      url: `/api/candidatures/${dossiers.d3!.id}/pieces/${ids.acte}/fichier`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(file.headers['content-security-policy'])).toMatch(/frame-ancestors 'self'/);
    expect(String(file.headers['content-security-policy'])).toMatch(/object-src 'none'/);
  });
});
