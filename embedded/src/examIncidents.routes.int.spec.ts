import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  addEpreuves,
  addSites,
  answered,
  openSession,
  register,
  requests,
  type TestApp,
} from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * Exam incidents over HTTP: recording at a site and an épreuve of a session (type, candidates
 * allocated to that site, description), French refusals that write nothing, the candidates the
 * form chooses among, the attachment, every statut step with its comment and the history, and who
 * may do what (`incident-examen.enregistrer` records and moves on, `incident-examen.lister` reads).
 */
let t: TestApp;
let admin: Agent;
let greffier: Agent;
let lecteur: Agent;
let autre: Agent;

interface ExamIncidentDoc {
  id: string;
  version: number;
  sessionId: string;
  siteId: string;
  epreuveId: string;
  typeId: string;
  statut: string;
  description: string;
  candidatureIds: string[];
  candidats: { candidatureId: string; numeroCandidat: string | null; nom: string }[];
  nombreCandidats: number;
  creePar: string;
  pieceJointe: { nomFichier: string; type: string } | null;
  suivi: { de: string; vers: string; commentaire: string; par: string }[];
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
let ids: Record<string, string> = {};
const numbers: Record<string, string> = {};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const URL = '/api/incidents-examen';

const post = (as: Agent, url: string, payload?: unknown, revision?: number) =>
  requests(as).post(url, payload, revision);
const created = (url: string, payload: Record<string, unknown>, as = admin) =>
  requests(as).created(url, payload);
const get = (as: Agent, url: string, position?: string) => requests(as).get(url, position);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  // « CQP 2027 » open to registration, its sites and épreuves; the épreuve of another examen.
  const session = await openSession(admin);
  ids = session.ids;
  await addSites(session, 20);
  await addEpreuves(session);
  ids.autreExamen = (
    await created('/api/examens', { code: 'DQP', libelle: 'DQP', noteDePassage: 10 })
  ).id;
  ids.epreuveDqp = (
    await created('/api/epreuves', {
      code: 'DQP-PRAT',
      libelle: 'Pratique DQP',
      examenId: ids.autreExamen,
      coefficient: 1,
      noteMax: 20,
      typeEpreuve: 'pratique',
    })
  ).id;
  ids.type = (
    await created('/api/types-incidents-examen', { code: 'FRAUDE', libelle: 'Fraude' })
  ).id;
  ids.registrationType = (
    await created('/api/types-incidents', { code: 'PANNE', libelle: 'Panne' })
  ).id;
  // Candidates in Coiffure: two at Yaoundé, one at Douala, one validated but not allocated.
  for (const [key, nom, prenoms, site] of [
    ['ada', 'Abena', 'Ada', 'lycee'],
    ['bea', 'Bella', 'Béatrice', 'lycee'],
    ['carole', 'Chinda', 'Carole', 'douala'],
    ['dora', 'Dang', 'Dora', undefined],
  ] as const)
    ids[key] = (await register(session, { nom, prenoms, site })).id;
  for (const key of ['ada', 'bea', 'carole'])
    numbers[key] = (
      await requests(admin).read<{ numeroCandidat: string }>(
        `/api/candidatures/${ids[key]}`,
        session.position,
      )
    ).numeroCandidat;
  greffier = await t.userWith(['incident-examen.enregistrer'], 'greffier@test.local');
  lecteur = await t.userWith(['incident-examen.lister'], 'lecteur.examen@test.local');
  autre = await t.userWith(
    ['incident-inscription.lister-tous', 'incident-inscription.enregistrer'],
    'autre@test.local',
  );
}, 120_000);
afterAll(async () => t.close());

const recording = (more: Record<string, unknown> = {}) => ({
  sessionId: ids.session,
  siteId: ids.lycee,
  epreuveId: ids.prat,
  typeId: ids.type,
  candidatureIds: [ids.ada, ids.bea],
  description: 'Deux candidates surprises à échanger leurs copies.',
  ...more,
});

describe('exam incidents', () => {
  let position: string;

  it('refuses bad input in French, naming each field, and writes nothing', async () => {
    const before = await t.eventStore.headPosition();
    const empty = await post(greffier, URL, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      message: 'Choisissez la session.',
      errors: {
        sessionId: 'Choisissez la session.',
        siteId: 'Choisissez le site de composition.',
        epreuveId: 'Choisissez l’épreuve.',
        typeId: 'Choisissez le type d’incident.',
        description: 'Décrivez l’incident.',
      },
    });
    const notAList = await post(greffier, URL, recording({ candidatureIds: 'tous' }));
    expect({ status: notAList.statusCode, message: notAList.json().message }).toEqual({
      status: 400,
      message: 'Choisissez les candidats concernés dans la liste.',
    });
    const tooLong = await post(greffier, URL, recording({ description: 'x'.repeat(4001) }));
    expect({ status: tooLong.statusCode, message: tooLong.json().message }).toEqual({
      status: 400,
      message: 'La description ne doit pas dépasser 4000 caractères.',
    });
    // A registration incident's type is not an exam incident's.
    const wrongType = await post(greffier, URL, recording({ typeId: ids.registrationType }));
    expect({ status: wrongType.statusCode, message: wrongType.json().message }).toEqual({
      status: 400,
      message: 'Choisissez un type d’incident actif.',
    });
    const otherExam = await post(greffier, URL, recording({ epreuveId: ids.epreuveDqp }));
    expect({ status: otherExam.statusCode, message: otherExam.json().message }).toEqual({
      status: 400,
      message: 'Cette épreuve n’appartient pas à l’examen de la session choisie.',
    });
    const unknownSite = await post(greffier, URL, recording({ siteId: 'inconnu' }));
    expect({
      status: unknownSite.statusCode,
      field: Object.keys(unknownSite.json().errors),
    }).toEqual({ status: 400, field: ['siteId'] });
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('refuses candidates not allocated to that site for that session', async () => {
    const before = await t.eventStore.headPosition();
    const elsewhere = await post(
      greffier,
      URL,
      recording({ candidatureIds: [ids.ada, ids.carole, ids.dora, 'inconnu'] }),
    );
    expect(elsewhere.statusCode).toBe(400);
    const message =
      'Ces candidats ne sont pas affectés à ce site pour cette session : Chinda Carole (dossier CQP27-000003), Dang Dora (dossier CQP27-000004), un dossier introuvable.';
    expect(elsewhere.json()).toMatchObject({ message, errors: { candidatureIds: message } });
    // The same candidate at the other site is accepted there only.
    const siteB = await post(
      greffier,
      URL,
      recording({ siteId: ids.douala, candidatureIds: [ids.bea] }),
    );
    expect(siteB.statusCode).toBe(400);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('records an incident at a site and an épreuve with its type, candidates and description', async () => {
    const answer = await created(URL, recording(), greffier);
    ids.incident = answer.id;
    // One about the room itself: no candidate.
    const room = await created(
      URL,
      recording({
        siteId: ids.douala,
        candidatureIds: [],
        description: 'Coupure d’électricité de 10 h à 10 h 30.',
      }),
      greffier,
    );
    ids.roomIncident = room.id;
    position = room.position;
    const doc = (
      await get(lecteur, `${URL}/${ids.incident}`, answer.position)
    ).json<ExamIncidentDoc>();
    expect(doc).toMatchObject({
      sessionId: ids.session,
      siteId: ids.lycee,
      epreuveId: ids.prat,
      typeId: ids.type,
      statut: 'ouvert',
      description: 'Deux candidates surprises à échanger leurs copies.',
      candidatureIds: [ids.ada, ids.bea],
      candidats: [
        { candidatureId: ids.ada, numeroCandidat: numbers.ada, nom: 'Abena Ada' },
        { candidatureId: ids.bea, numeroCandidat: numbers.bea, nom: 'Bella Béatrice' },
      ],
      nombreCandidats: 2,
      creePar: expect.any(String),
      pieceJointe: null,
      suivi: [],
    });
    const list = (await get(lecteur, URL, position)).json<ExamIncidentDoc[]>();
    expect(list.map((i) => i.id).sort()).toEqual([ids.incident, ids.roomIncident].sort());
    const atSiteA = (
      await get(lecteur, `${URL}?filter=${enc({ siteId: ids.lycee })}`, position)
    ).json<ExamIncidentDoc[]>();
    expect(atSiteA.map((i) => i.id)).toEqual([ids.incident]);
    // Searched by a candidate's name or number.
    const found = (await get(lecteur, `${URL}?filter=${enc({ q: 'beatrice' })}`, position)).json<
      ExamIncidentDoc[]
    >();
    expect(found.map((i) => i.id)).toEqual([ids.incident]);
    // The registration incidents are another list.
    const registration = (await get(autre, '/api/incidents-inscription', position)).json<
      { id: string }[]
    >();
    expect(registration).toEqual([]);
  });

  it('offers the candidates allocated to the chosen site, to whoever records', async () => {
    const candidates = (as: Agent, filter: Record<string, unknown>) =>
      get(as, `${URL}/candidats?filter=${enc(filter)}`);
    const atA = await candidates(greffier, { sessionId: ids.session, siteId: ids.lycee });
    expect(atA.statusCode).toBe(200);
    expect(atA.headers['content-range']).toBe('candidats 0-1/2');
    expect(atA.json()).toEqual([
      expect.objectContaining({ id: ids.ada, numeroCandidat: numbers.ada, libelle: 'Abena Ada' }),
      expect.objectContaining({ id: ids.bea, libelle: 'Bella Béatrice' }),
    ]);
    // Only what the form shows of them.
    expect(Object.keys(atA.json<Record<string, unknown>[]>()[0]!).sort()).toEqual(
      ['id', 'libelle', 'metierId', 'numeroCandidat', 'numeroTable', 'sessionId', 'siteId'].sort(),
    );
    const searched = await candidates(greffier, {
      sessionId: ids.session,
      siteId: ids.lycee,
      q: 'bella',
    });
    expect(searched.json<{ id: string }[]>().map((c) => c.id)).toEqual([ids.bea]);
    // The chosen ones, by id (react-admin's getMany); an unallocated dossier is never among them.
    const chosen = await candidates(greffier, { id: [ids.carole, ids.dora] });
    expect(chosen.json<{ id: string }[]>().map((c) => c.id)).toEqual([ids.carole]);
    // No site chosen yet: nothing.
    expect((await candidates(greffier, { sessionId: ids.session })).json()).toEqual([]);
    expect(
      (await candidates(lecteur, { sessionId: ids.session, siteId: ids.lycee })).statusCode,
    ).toBe(403);
  });

  it('takes an attachment that its readers download', async () => {
    const upload = (as: Agent, bytes: Buffer, revision: number) =>
      as.inject({
        method: 'POST',
        url: `${URL}/${ids.incident}/piece-jointe`,
        payload: bytes,
        headers: {
          'content-type': 'application/octet-stream',
          'if-match': `W/"${revision}"`,
          'x-nom-fichier': encodeURIComponent('procès-verbal salle 3.pdf'),
        },
      });
    const text = await upload(greffier, Buffer.from('pas un PDF'), 0);
    expect(text.statusCode).toBe(400);
    expect((await upload(lecteur, PDF, 0)).statusCode).toBe(403);
    const done = answered(await upload(greffier, PDF, 0));
    position = done.position;
    const file = await get(lecteur, `${URL}/${ids.incident}/piece-jointe`, position);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const doc = (await get(lecteur, `${URL}/${ids.incident}`)).json<ExamIncidentDoc>();
    expect(doc.pieceJointe).toMatchObject({
      nomFichier: 'procès-verbal salle 3.pdf',
      type: 'application/pdf',
    });
    expect((await get(autre, `${URL}/${ids.incident}/piece-jointe`)).statusCode).toBe(403);
    expect((await get(lecteur, `${URL}/${ids.roomIncident}/piece-jointe`)).statusCode).toBe(404);
  });

  it('goes ouvert → en cours → résolu, each step with a comment, shown in its suivi and history', async () => {
    const step = (as: Agent, statut: string, revision: number, commentaire = 'Vu.') =>
      post(as, `${URL}/${ids.incident}/statut`, { statut, commentaire }, revision);
    expect((await step(lecteur, 'en-cours', 1)).statusCode).toBe(403);
    const noComment = await step(greffier, 'en-cours', 1, ' ');
    expect({ status: noComment.statusCode, message: noComment.json().message }).toEqual({
      status: 400,
      message: 'Un commentaire est obligatoire.',
    });
    const skip = await step(greffier, 'resolu', 1);
    expect({ status: skip.statusCode, message: skip.json().message }).toEqual({
      status: 409,
      message:
        'Un incident « Ouvert » ne peut pas passer à « Résolu » (étape suivante : « En cours »).',
    });
    const started = answered(
      await step(greffier, 'en-cours', 1, 'Rapport demandé au chef de salle.'),
    );
    const stale = await step(greffier, 'resolu', 1);
    expect(stale.statusCode).toBe(412);
    const solved = answered(
      await step(greffier, 'resolu', started.revision, 'Copies annulées par le jury.'),
    );
    const closed = await step(greffier, 'rejete', solved.revision);
    expect({ status: closed.statusCode, message: closed.json().message }).toEqual({
      status: 409,
      message: 'Un incident « Résolu » ne peut pas passer à « Rejeté » : il est clos.',
    });
    const doc = (
      await get(lecteur, `${URL}/${ids.incident}`, solved.position)
    ).json<ExamIncidentDoc>();
    expect(doc.statut).toBe('resolu');
    expect(doc.suivi.map((s) => [s.de, s.vers, s.commentaire, s.par])).toEqual([
      ['ouvert', 'en-cours', 'Rapport demandé au chef de salle.', expect.any(String)],
      ['en-cours', 'resolu', 'Copies annulées par le jury.', expect.any(String)],
    ]);
    // Closed: its attachment no longer changes.
    const late = await greffier.inject({
      method: 'POST',
      url: `${URL}/${ids.incident}/piece-jointe`,
      payload: Buffer.from('%PDF-1.4\nautre\n%%EOF\n'),
      headers: { 'content-type': 'application/pdf', 'if-match': `W/"${solved.revision}"` },
    });
    expect(late.statusCode).toBe(409);
    const history = (await get(lecteur, `${URL}/${ids.incident}/historique`)).json<
      { action: string; changes: { label: string; after: unknown }[] }[]
    >();
    expect(history.map((h) => h.action)).toEqual([
      'Enregistrement',
      'Pièce jointe',
      'Changement de statut',
      'Changement de statut',
    ]);
    expect(history[0]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Session', after: 'CQP 2027' }),
        expect.objectContaining({ label: 'Site de composition', after: 'Lycée de Yaoundé' }),
        expect.objectContaining({ label: 'Épreuve', after: 'Pratique de coiffure' }),
        expect.objectContaining({ label: 'Type d’incident', after: 'Fraude' }),
        expect.objectContaining({
          label: 'Candidats concernés',
          after: `${numbers.ada} Abena Ada, ${numbers.bea} Bella Béatrice`,
        }),
      ]),
    );
    expect(history[3]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: 'Statut', after: 'Résolu' }),
        expect.objectContaining({ label: 'Commentaire', after: 'Copies annulées par le jury.' }),
      ]),
    );
  });

  it('exports the list as its screen shows it, references by libellé', async () => {
    const csv = await get(lecteur, `${URL}/export.csv?filter=${enc({ siteId: ids.lycee })}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Site de composition');
    for (const shown of [
      'CQP 2027',
      'Lycée de Yaoundé',
      'Pratique de coiffure',
      'Fraude',
      'Bella Béatrice',
      'Résolu',
      'procès-verbal salle 3.pdf',
    ])
      expect(lines[1]).toContain(shown);
    expect((await get(autre, `${URL}/export.csv`)).statusCode).toBe(403);
  });

  it('is closed to whoever holds no incident-examen permission; listing alone records nothing', async () => {
    expect((await get(autre, URL)).statusCode).toBe(403);
    expect((await get(autre, `${URL}/${ids.incident}`)).statusCode).toBe(403);
    expect((await get(autre, `${URL}/${ids.incident}/historique`)).statusCode).toBe(403);
    expect((await post(autre, URL, recording())).statusCode).toBe(403);
    expect((await post(lecteur, URL, recording())).statusCode).toBe(403);
    const rejected = await post(
      lecteur,
      `${URL}/${ids.roomIncident}/statut`,
      { statut: 'en-cours', commentaire: 'Vu.' },
      0,
    );
    expect(rejected.statusCode).toBe(403);
    // Whoever records reads them too (to move them on), and the lists' references.
    expect((await get(greffier, URL)).statusCode).toBe(200);
    expect((await get(greffier, `/api/sites-composition/${ids.lycee}`)).statusCode).toBe(200);
    const sessions = await get(
      greffier,
      `/api/sessions?sort=${enc(['annee', 'DESC'])}&range=${enc([0, 24])}&filter=${enc({ q: '' })}`,
    );
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json<{ id: string }[]>().map((s) => s.id)).toEqual([ids.session]);
    const epreuves = await get(
      greffier,
      `/api/epreuves?filter=${enc({ actif: true, examenId: ids.examen })}`,
    );
    expect(epreuves.json<{ id: string }[]>().map((e) => e.id)).toEqual([ids.theo, ids.prat]);
    expect((await get(lecteur, `/api/types-incidents-examen/${ids.type}`)).statusCode).toBe(200);
    // Never deleted.
    const remove = await greffier.inject({
      method: 'DELETE',
      url: `${URL}/${ids.roomIncident}`,
      headers: { 'if-match': 'W/"0"' },
    });
    expect(remove.statusCode).toBe(404);
  });
});
