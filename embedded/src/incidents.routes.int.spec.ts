import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { requests } from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * Registration incidents over HTTP: recording (type, optional dossier, description, attachment),
 * « Mes incidents », the list of all with an enrôleur's scope, every statut step with its comment
 * and permission, deletion.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let enroleurA: Agent;
let enroleurB: Agent;
let superviseur: Agent;
let lecteur: Agent;

interface Answer {
  id: string;
  revision: number;
  position: string;
}
interface IncidentDoc {
  id: string;
  version: number;
  statut: string;
  description: string;
  numeroDossier: string | null;
  candidat: string | null;
  centreDepotId: string | null;
  creePar: string;
  pieceJointe: { nomFichier: string; type: string } | null;
  suivi: { de: string; vers: string; commentaire: string; par: string }[];
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const ids: Record<string, string> = {};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const post = (as: Agent, url: string, payload?: unknown, revision?: number) =>
  requests(as).post(url, payload, revision);
const created = (url: string, payload: Record<string, unknown>, as = admin) =>
  requests(as).created(url, payload);
const get = (as: Agent, url: string, position?: string) => requests(as).get(url, position);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  const departementId = (
    await get(admin, `/api/departements?filter=${enc({ q: 'Mfoundi' })}`)
  ).json<{ id: string }[]>()[0]!.id;
  ids.examen = (
    await created('/api/examens', { code: 'CQP', libelle: 'CQP', noteDePassage: 10 })
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
  expect(
    (
      await post(
        admin,
        `/api/sessions/${session.id}/avancer`,
        { statut: 'inscriptions-ouvertes' },
        session.revision,
      )
    ).statusCode,
  ).toBe(200);
  await created('/api/parametres-edition', {
    code: 'PE',
    libelle: 'Paramètres',
    sessionId: ids.session,
    dateLimiteModification: '2099-12-31',
    prefixeDossier: 'CQP27',
  });
  ids.metier = (await created('/api/metiers', { code: 'COIF', libelle: 'Coiffure' })).id;
  await created('/api/metiers-ouverts', {
    code: 'MO',
    libelle: 'Coiffure 2027',
    sessionId: ids.session,
    metierId: ids.metier,
  });
  ids.niveau = (
    await created('/api/niveaux-scolarisation', { code: 'CEP', libelle: 'CEP', rang: 1 })
  ).id;
  for (const [key, code] of [
    ['centreA', 'DEP-A'],
    ['centreB', 'DEP-B'],
  ] as const)
    ids[key] = (
      await created('/api/centres-depot', { code, libelle: `Centre ${code}`, departementId })
    ).id;
  ids.type = (
    await created('/api/types-incidents', { code: 'DOUBLON', libelle: 'Dossier en double' })
  ).id;
  ids.dossierB = (
    await created('/api/candidatures', {
      sessionId: ids.session,
      metierId: ids.metier,
      centreDepotId: ids.centreB,
      categorie: 'libre',
      nom: 'Mballa',
      prenoms: 'Ange',
      sexe: 'M',
      dateNaissance: '1990-05-05',
      lieuNaissance: 'Bafoussam',
      nationalite: 'Camerounaise',
      telephone: '699 11 22 33',
      niveauId: ids.niveau,
    })
  ).id;
  const recorder = ['incident-inscription.enregistrer', 'incident-inscription.lister-miens'];
  enroleurA = await t.userWith(recorder, 'enroleur.a@test.local', ids.centreA);
  enroleurB = await t.userWith(recorder, 'enroleur.b@test.local', ids.centreB);
  superviseur = await t.userWith(
    [
      'incident-inscription.lister-tous',
      'incident-inscription.changer-statut',
      'incident-inscription.supprimer',
    ],
    'superviseur@test.local',
  );
  lecteur = await t.userWith(['incident-inscription.lister-tous'], 'lecteur@test.local');
});
afterAll(async () => t.close());

describe('registration incidents', () => {
  let position: string;

  it('records an incident with its type, dossier and description; refuses bad input and writes nothing', async () => {
    const before = await t.eventStore.headPosition();
    const missing = await post(enroleurB, '/api/incidents-inscription', { typeId: ids.type });
    expect({ status: missing.statusCode, message: missing.json().message }).toEqual({
      status: 400,
      message: 'Décrivez l’incident.',
    });
    const unknownType = await post(enroleurB, '/api/incidents-inscription', {
      typeId: 'inconnu',
      description: 'x',
    });
    expect(unknownType.statusCode).toBe(400);
    // Another centre's dossier does not exist for enrôleur A.
    const other = await post(enroleurA, '/api/incidents-inscription', {
      typeId: ids.type,
      candidatureId: ids.dossierB,
      description: 'Un doublon ?',
    });
    expect({ status: other.statusCode, message: other.json().message }).toEqual({
      status: 400,
      message: 'Ce dossier de candidature est introuvable.',
    });
    expect(await t.eventStore.headPosition()).toBe(before);

    const answer = await created(
      '/api/incidents-inscription',
      {
        typeId: ids.type,
        candidatureId: ids.dossierB,
        description: 'Le candidat a deux dossiers.',
      },
      enroleurB,
    );
    ids.incidentB = answer.id;
    const mine = await created(
      '/api/incidents-inscription',
      { typeId: ids.type, description: 'Panne du scanner du centre.' },
      enroleurA,
    );
    ids.incidentA = mine.id;
    position = mine.position;
    const doc = await get(
      enroleurB,
      `/api/incidents-inscription/${ids.incidentB}`,
      answer.position,
    );
    expect(doc.statusCode).toBe(403); // enrôleur B may record and read their own, not list all
    const own = (
      await get(enroleurB, `/api/mes-incidents/${ids.incidentB}`, answer.position)
    ).json<IncidentDoc>();
    expect(own).toMatchObject({
      statut: 'ouvert',
      description: 'Le candidat a deux dossiers.',
      numeroDossier: 'CQP27-000001',
      candidat: 'Mballa Ange',
      centreDepotId: ids.centreB,
    });
  });

  it('« Mes incidents » lists one’s own; the list of all follows the enrôleur’s centre', async () => {
    const mineA = (await get(enroleurA, '/api/mes-incidents', position)).json<IncidentDoc[]>();
    expect(mineA.map((i) => i.id)).toEqual([ids.incidentA]);
    expect((await get(enroleurA, `/api/mes-incidents/${ids.incidentB}`)).statusCode).toBe(404);
    // Another recorder of no centre reads neither another's incident nor its history there.
    const other = await t.userWith(
      ['incident-inscription.enregistrer', 'incident-inscription.lister-miens'],
      'autre.agent@test.local',
    );
    expect((await get(other, `/api/mes-incidents/${ids.incidentA}`)).statusCode).toBe(404);
    expect((await get(other, `/api/mes-incidents/${ids.incidentA}/historique`)).statusCode).toBe(
      404,
    );
    expect(
      (await get(enroleurA, `/api/mes-incidents/${ids.incidentA}/historique`)).statusCode,
    ).toBe(200);
    const all = (await get(lecteur, '/api/incidents-inscription', position)).json<IncidentDoc[]>();
    expect(all.map((i) => i.id).sort()).toEqual([ids.incidentA, ids.incidentB].sort());
    // An enrôleur who may list all sees their centre's only.
    const centreReader = await t.userWith(
      ['incident-inscription.lister-tous'],
      'lecteur.a@test.local',
      ids.centreA,
    );
    const scoped = (await get(centreReader, '/api/incidents-inscription', position)).json<
      IncidentDoc[]
    >();
    expect(scoped.map((i) => i.id)).toEqual([ids.incidentA]);
    expect(
      (await get(centreReader, `/api/incidents-inscription/${ids.incidentB}`)).statusCode,
    ).toBe(404);
  });

  it('takes an attachment (PDF or image, ≤ 5 MB) that its readers download', async () => {
    const upload = (as: Agent, bytes: Buffer, revision: number) =>
      as.inject({
        method: 'POST',
        url: `/api/incidents-inscription/${ids.incidentA}/piece-jointe`,
        payload: bytes,
        headers: {
          'content-type': 'application/octet-stream',
          'if-match': `W/"${revision}"`,
          'x-nom-fichier': encodeURIComponent('constat scanner.pdf'),
        },
      });
    const text = await upload(enroleurA, Buffer.from('pas un PDF'), 0);
    expect(text.statusCode).toBe(400);
    expect((await upload(enroleurB, PDF, 0)).statusCode).toBe(404);
    const ok = await upload(enroleurA, PDF, 0);
    expect(ok.statusCode).toBe(200);
    position = ok.json<Answer>().position;
    const file = await get(
      enroleurA,
      `/api/incidents-inscription/${ids.incidentA}/piece-jointe`,
      position,
    );
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(
      (await get(lecteur, `/api/incidents-inscription/${ids.incidentA}/piece-jointe`)).statusCode,
    ).toBe(200);
    expect(
      (await get(enroleurB, `/api/incidents-inscription/${ids.incidentA}/piece-jointe`)).statusCode,
    ).toBe(404);
  });

  it('goes ouvert → en cours → résolu, each step with a comment, under its permission', async () => {
    const step = (as: Agent, statut: string, revision: number, commentaire = 'Vu.') =>
      post(
        as,
        `/api/incidents-inscription/${ids.incidentA}/statut`,
        { statut, commentaire },
        revision,
      );
    expect((await step(lecteur, 'en-cours', 1)).statusCode).toBe(403);
    expect((await step(enroleurA, 'en-cours', 1)).statusCode).toBe(403);
    const noComment = await step(superviseur, 'en-cours', 1, '');
    expect({ status: noComment.statusCode, message: noComment.json().message }).toEqual({
      status: 400,
      message: 'Un commentaire est obligatoire.',
    });
    const skip = await step(superviseur, 'resolu', 1);
    expect({ status: skip.statusCode, message: skip.json().message }).toEqual({
      status: 409,
      message:
        'Un incident « Ouvert » ne peut pas passer à « Résolu » (étape suivante : « En cours »).',
    });
    const started = await step(superviseur, 'en-cours', 1, 'Technicien appelé.');
    expect(started.statusCode).toBe(200);
    const solved = await step(
      superviseur,
      'resolu',
      started.json<Answer>().revision,
      'Scanner remplacé.',
    );
    expect(solved.statusCode).toBe(200);
    const closed = await step(superviseur, 'rejete', solved.json<Answer>().revision);
    expect({ status: closed.statusCode, message: closed.json().message }).toEqual({
      status: 409,
      message: 'Un incident « Résolu » ne peut pas passer à « Rejeté » : il est clos.',
    });
    const doc = (
      await get(
        lecteur,
        `/api/incidents-inscription/${ids.incidentA}`,
        solved.json<Answer>().position,
      )
    ).json<IncidentDoc>();
    expect(doc.statut).toBe('resolu');
    expect(doc.suivi.map((s) => [s.de, s.vers, s.commentaire])).toEqual([
      ['ouvert', 'en-cours', 'Technicien appelé.'],
      ['en-cours', 'resolu', 'Scanner remplacé.'],
    ]);
    const history = (
      await get(lecteur, `/api/incidents-inscription/${ids.incidentA}/historique`)
    ).json<{ action: string; changes: { label: string; after: unknown }[] }[]>();
    expect(history.map((h) => h.action)).toEqual([
      'Enregistrement',
      'Pièce jointe',
      'Changement de statut',
      'Changement de statut',
    ]);
    expect(history[0]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Type d’incident', after: 'Dossier en double' }),
      ]),
    );
    expect(history[3]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Statut', after: 'Résolu' }),
        expect.objectContaining({ label: 'Commentaire', after: 'Scanner remplacé.' }),
      ]),
    );
  });

  it('a rejected incident, and a deletion under its own permission', async () => {
    const started = await post(
      superviseur,
      `/api/incidents-inscription/${ids.incidentB}/statut`,
      { statut: 'en-cours', commentaire: 'Vérification.' },
      0,
    );
    const rejected = await post(
      superviseur,
      `/api/incidents-inscription/${ids.incidentB}/statut`,
      { statut: 'rejete', commentaire: 'Ce n’est pas un doublon.' },
      started.json<Answer>().revision,
    );
    expect(rejected.statusCode).toBe(200);
    const remove = (as: Agent) =>
      as.inject({
        method: 'DELETE',
        url: `/api/incidents-inscription/${ids.incidentB}`,
        headers: { 'if-match': `W/"${rejected.json<Answer>().revision}"` },
      });
    expect((await remove(lecteur)).statusCode).toBe(403);
    const deleted = await remove(superviseur);
    expect(deleted.statusCode).toBe(200);
    expect(
      (
        await get(
          lecteur,
          `/api/incidents-inscription/${ids.incidentB}`,
          deleted.json<Answer>().position,
        )
      ).statusCode,
    ).toBe(404);
  });
});
