import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NAME_ABBREVIATED } from '@examens-pro/domain';
import { startTestApp, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;

interface Answer {
  id: string;
  revision: number;
  position: string;
}
interface Dossier {
  id: string;
  version: number;
  numeroDossier: string;
  statut: string;
  centreDepotId: string;
  libelle: string;
  [field: string]: unknown;
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const call = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  as = admin,
  revision?: number,
) =>
  as.inject({
    method,
    url,
    payload,
    headers: revision === undefined ? {} : { 'if-match': `W/"${revision}"` },
  });
const read = async <T = Record<string, unknown>>(url: string, position?: string, as = admin) =>
  (
    await as.inject({
      method: 'GET',
      url,
      headers: position ? { 'x-min-position': position } : {},
    })
  ).json<T>();
const created = async (url: string, payload: Record<string, unknown>, as = admin) => {
  const response = await call('POST', url, payload, as);
  expect({
    url,
    status: response.statusCode,
    body: response.statusCode === 201 ? '' : response.body,
  }).toEqual({ url, status: 201, body: '' });
  return response.json<Answer>();
};

const userWith = (permissions: string[], login: string, centreDepotId?: string) =>
  t.userWith(permissions, login, centreDepotId);

const ids: Record<string, string> = {};
let n = 0;
/** A candidate of the open session, a person of their own unless told. */
const candidate = (more: Record<string, unknown> = {}) => {
  n += 1;
  return {
    sessionId: ids.session,
    metierId: ids.metier,
    centreDepotId: ids.centreA,
    categorie: 'libre',
    apprentiId: null,
    patronId: null,
    nom: 'Ngono',
    prenoms: `Éloïse ${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26))}lice`,
    sexe: 'F',
    // A birth date of its own: persons with near names and one birth date are near matches.
    dateNaissance: `${1960 + (n % 40)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
    lieuNaissance: 'Yaoundé',
    nationalite: 'Camerounaise',
    telephone: '677 44 55 66',
    matricule: '',
    datePremierePriseService: null,
    niveauId: ids.bepc,
    langueId: null,
    handicapId: null,
    ...more,
  };
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  const departementId = (
    await read<{ id: string }[]>(`/api/departements?filter=${enc({ q: 'Mfoundi' })}`)
  )[0]!.id;
  ids.examen = (
    await created('/api/examens', {
      code: 'CQP',
      libelle: 'CQP',
      noteDePassage: 10,
      noteEliminatoire: 5,
    })
  ).id;
  const dates = {
    ouvertureInscriptions: '2026-10-01',
    clotureInscriptions: '2027-02-26',
    debutComposition: '2027-06-14',
    finComposition: '2027-06-18',
  };
  const session = await created('/api/sessions', {
    examenId: ids.examen,
    annee: 2027,
    libelle: 'CQP 2027',
    ...dates,
  });
  ids.session = session.id;
  const opened = await call(
    'POST',
    `/api/sessions/${session.id}/avancer`,
    { statut: 'inscriptions-ouvertes' },
    admin,
    session.revision,
  );
  expect(opened.statusCode).toBe(200);
  ids.examen2 = (
    await created('/api/examens', {
      code: 'DQP',
      libelle: 'DQP',
      noteDePassage: 10,
      noteEliminatoire: 5,
    })
  ).id;
  ids.sessionPreparation = (
    await created('/api/sessions', {
      examenId: ids.examen2,
      annee: 2027,
      libelle: 'DQP 2027',
      ...dates,
    })
  ).id;
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
  ids.metierFerme = (await created('/api/metiers', { code: 'SOUD', libelle: 'Soudure' })).id;
  await created('/api/metiers-ouverts', {
    code: 'MO-MECA',
    libelle: 'Mécanique 2027',
    sessionId: ids.session,
    metierId: ids.metier,
  });
  ids.metierQuota = (await created('/api/metiers', { code: 'ELEC', libelle: 'Électricité' })).id;
  await created('/api/metiers-ouverts', {
    code: 'MO-ELEC',
    libelle: 'Électricité 2027',
    sessionId: ids.session,
    metierId: ids.metierQuota,
    quota: 3,
  });
  ids.cep = (
    await created('/api/niveaux-scolarisation', { code: 'CEP', libelle: 'CEP', rang: 1 })
  ).id;
  ids.bepc = (
    await created('/api/niveaux-scolarisation', { code: 'BEPC', libelle: 'BEPC', rang: 2 })
  ).id;
  ids.bac = (
    await created('/api/niveaux-scolarisation', { code: 'BAC', libelle: 'Baccalauréat', rang: 3 })
  ).id;
  await created('/api/niveaux-requis', {
    code: 'NR-MECA',
    libelle: 'Mécanique : BEPC',
    metierId: ids.metier,
    niveauId: ids.bepc,
  });
  for (const [key, code, libelle] of [
    ['centreA', 'DEP-YDE', 'Centre de dépôt de Yaoundé'],
    ['centreB', 'DEP-DLA', 'Centre de dépôt de Douala'],
  ] as const)
    ids[key] = (await created('/api/centres-depot', { code, libelle, departementId })).id;
  ids.motif = (
    await created('/api/motifs-rejet', { code: 'ILLISIBLE', libelle: 'Pièce illisible' })
  ).id;
});
afterAll(async () => t.close());

describe('candidatures over HTTP', () => {
  it('registers a brouillon with a dossier number of the session’s prefix, names cleaned', async () => {
    const answer = await created(
      '/api/candidatures',
      candidate({ nom: 'ATANGANA', prenoms: 'paul-éric' }),
    );
    const doc = await read<Dossier>(`/api/candidatures/${answer.id}`, answer.position);
    expect(doc).toMatchObject({
      numeroDossier: expect.stringMatching(/^CQP27-\d{6}$/),
      statut: 'brouillon',
      libelle: 'Atangana Paul-Éric',
      telephone: '677445566',
      centreDepotId: ids.centreA,
    });
    const found = await read<Dossier[]>(
      `/api/candidatures?filter=${enc({ q: doc.numeroDossier })}`,
    );
    expect(found.map((d) => d.id)).toEqual([answer.id]);
  });

  it('refuses what the session does not accept, with French messages, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { metierId: ids.metierFerme },
        'metierId',
        'Ce métier n’est pas ouvert aux inscriptions de cette session.',
      ],
      [
        { niveauId: ids.cep },
        'niveauId',
        'Ce métier requiert le niveau « BEPC » ou un niveau supérieur.',
      ],
      [
        { dateNaissance: '2015-01-01' },
        'dateNaissance',
        'Le candidat doit avoir au moins 15 ans le 14/06/2027, premier jour de composition.',
      ],
      [
        { sessionId: ids.sessionPreparation },
        'sessionId',
        'Les paramètres d’édition de cette session (préfixe des numéros de dossier) ne sont pas encore définis.',
      ],
      [{ prenoms: 'J. Paul' }, 'prenoms', NAME_ABBREVIATED],
      [
        { categorie: 'agent', matricule: '' },
        'matricule',
        'Matricule obligatoire à la soumission.',
      ],
      [{ categorie: 'patron' }, 'patronId', 'Choisissez le patron inscrit.'],
    ];
    const before = await t.eventStore.headPosition();
    for (const [change, field, message] of cases) {
      const response = await call('POST', '/api/candidatures', candidate(change));
      expect({ field, status: response.statusCode, body: response.json() }).toMatchObject({
        field,
        status: 400,
        body: { message, errors: { [field]: message } },
      });
    }
    // Nothing was written: no dossier, no number, no reservation.
    expect(await t.eventStore.headPosition()).toBe(before);
    // A higher level than required is accepted.
    await created('/api/candidatures', candidate({ niveauId: ids.bac }));
  });

  it('goes brouillon → soumis → validé; soumis → rejeté with a motif; withdrawn; deletes only a brouillon', async () => {
    const a = await created('/api/candidatures', candidate());
    const submitted = await call(
      'POST',
      `/api/candidatures/${a.id}/soumettre`,
      undefined,
      admin,
      a.revision,
    );
    expect(submitted.statusCode).toBe(200);
    const removal = await call(
      'DELETE',
      `/api/candidatures/${a.id}`,
      undefined,
      admin,
      submitted.json<Answer>().revision,
    );
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toMatchObject({
      message:
        'Seul un dossier à l’état « Brouillon » peut être supprimé ; sinon, enregistrez le désistement du candidat.',
    });
    const validated = await call(
      'POST',
      `/api/candidatures/${a.id}/valider`,
      undefined,
      admin,
      submitted.json<Answer>().revision,
    );
    expect(validated.statusCode).toBe(200);
    // « Inscrits » lists the validated dossiers only, and writes nothing.
    const position = validated.json<Answer>().position;
    const inscrits = await read<Dossier[]>(`/api/inscrits?range=[0,999]`, position);
    expect(inscrits.map((d) => d.id)).toContain(a.id);
    expect(inscrits.every((d) => d.statut === 'valide')).toBe(true);
    expect((await admin.inject({ method: 'GET', url: `/api/inscrits/${a.id}` })).statusCode).toBe(
      200,
    );
    const draft = await created('/api/candidatures', candidate());
    expect(
      (
        await admin.inject({
          method: 'GET',
          url: `/api/inscrits/${draft.id}`,
          headers: { 'x-min-position': draft.position },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/inscrits', candidate())).statusCode).toBe(404);
    // Validated: locked, since the paramètres d'édition do not allow changes after validation.
    const locked = await call(
      'PUT',
      `/api/candidatures/${a.id}`,
      candidate({ prenoms: 'Autre' }),
      admin,
      validated.json<Answer>().revision,
    );
    expect(locked.statusCode).toBe(409);
    expect(locked.json<{ message: string }>().message).toBe(
      'Ce dossier est validé : les paramètres d’édition de la session ne permettent plus de le modifier.',
    );

    const b = await created('/api/candidatures', candidate());
    const bSubmitted = await call(
      'POST',
      `/api/candidatures/${b.id}/soumettre`,
      undefined,
      admin,
      b.revision,
    );
    const noMotif = await call(
      'POST',
      `/api/candidatures/${b.id}/rejeter`,
      {},
      admin,
      bSubmitted.json<Answer>().revision,
    );
    expect(noMotif.json()).toMatchObject({ message: 'Choisissez le motif du rejet.' });
    const rejected = await call(
      'POST',
      `/api/candidatures/${b.id}/rejeter`,
      { motifId: ids.motif, commentaire: 'Acte de naissance illisible' },
      admin,
      bSubmitted.json<Answer>().revision,
    );
    expect(rejected.statusCode).toBe(200);
    const bDoc = await read<Dossier>(`/api/candidatures/${b.id}`, rejected.json<Answer>().position);
    expect(bDoc).toMatchObject({
      statut: 'rejete',
      motifRejetId: ids.motif,
      commentaireRejet: 'Acte de naissance illisible',
    });

    const c = await created('/api/candidatures', candidate());
    const withdrawn = await call(
      'POST',
      `/api/candidatures/${c.id}/desister`,
      undefined,
      admin,
      c.revision,
    );
    expect(withdrawn.statusCode).toBe(200);

    const d = await created('/api/candidatures', candidate());
    expect(
      (await call('DELETE', `/api/candidatures/${d.id}`, undefined, admin, d.revision)).statusCode,
    ).toBe(200);
    expect(
      (
        await admin.inject({
          method: 'GET',
          url: `/api/candidatures/${d.id}`,
          headers: { 'x-min-position': await t.eventStore.headPosition() },
        })
      ).statusCode,
    ).toBe(404);

    // The history tells each step and who took it.
    const history = await read<
      { action: string; actor: string; changes: { field: string; after: unknown }[] }[]
    >(`/api/candidatures/${b.id}/historique`);
    expect(history.map((h) => h.action)).toEqual(['Création', 'Soumission', 'Rejet']);
    expect(history.map((h) => h.actor)).toEqual(Array(3).fill('Premier Administrateur'));
    // Referenced items by libellé, choices by label: never an id.
    const after = (entry: number) =>
      Object.fromEntries(history[entry]!.changes.map((c) => [c.field, c.after]));
    expect(after(0)).toMatchObject({
      sessionId: 'CQP 2027',
      metierId: 'Mécanique',
      centreDepotId: 'Centre de dépôt de Yaoundé',
      categorie: 'Candidat libre',
      sexe: 'Féminin',
      niveauId: 'BEPC',
      statut: 'Brouillon',
    });
    expect(after(2)).toMatchObject({
      statut: 'Rejeté',
      motifRejetId: 'Pièce illisible',
      commentaireRejet: 'Acte de naissance illisible',
    });
  });

  it('shows a dossier as it stood at a chosen instant, replayed from its events', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 15));
    const offset = (date: Date) => date.toISOString().replace('Z', '+00:00');
    const beforeCreation = offset(new Date(Date.now() - 1000));
    const a = await created('/api/candidatures', candidate({ nom: 'Historique' }));
    await pause();
    const submitted = await call(
      'POST',
      `/api/candidatures/${a.id}/soumettre`,
      undefined,
      admin,
      a.revision,
    );
    await pause();
    const beforeRejection = offset(new Date());
    await pause();
    await call(
      'POST',
      `/api/candidatures/${a.id}/rejeter`,
      { motifId: ids.motif },
      admin,
      submitted.json<Answer>().revision,
    );
    const then = await admin.inject({
      method: 'GET',
      url: `/api/candidatures/${a.id}/a-la-date?instant=${encodeURIComponent(beforeRejection)}`,
    });
    expect(then.statusCode).toBe(200);
    expect(then.headers.etag).toBeUndefined();
    expect(then.json()).toMatchObject({
      instant: beforeRejection,
      revision: 1,
      candidature: {
        id: a.id,
        statut: 'soumis',
        libelle: expect.stringMatching(/^Historique /),
        motifRejetId: null,
      },
    });
    const now = await read<Dossier>(`/api/candidatures/${a.id}`, await t.eventStore.headPosition());
    // The same shape as the dossier's own read, as it stands now.
    expect(Object.keys(then.json<{ candidature: object }>().candidature).sort()).toEqual(
      Object.keys(now).sort(),
    );
    const early = await admin.inject({
      method: 'GET',
      url: `/api/candidatures/${a.id}/a-la-date?instant=${encodeURIComponent(beforeCreation)}`,
    });
    expect(early.statusCode).toBe(404);
    for (const instant of ['hier', '2027-01-15T10:30:00', '2027-13-45T10:30:00Z'])
      expect(
        (
          await admin.inject({
            method: 'GET',
            url: `/api/candidatures/${a.id}/a-la-date?instant=${encodeURIComponent(instant)}`,
          })
        ).json(),
      ).toMatchObject({
        message:
          'Indiquez l’instant au format ISO 8601 avec son fuseau, par exemple 2027-01-15T10:30:00+01:00.',
      });
  });

  it('refuses a second dossier for one person in the session, naming it to whoever may read it', async () => {
    const person = candidate({ nom: 'Fotso', prenoms: 'Jean', dateNaissance: '1999-01-01' });
    const first = await created('/api/candidatures', person);
    const doc = await read<Dossier>(`/api/candidatures/${first.id}`, first.position);
    const again = await call('POST', '/api/candidatures', {
      ...person,
      prenoms: ' JEAN ',
      nom: 'fotso',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: `Cette personne est déjà inscrite à cette session (dossier ${doc.numeroDossier}).`,
    });
  });

  it('asks to confirm a near match (same birth date, names within two letters), and records the confirmation', async () => {
    const first = await created(
      '/api/candidatures',
      candidate({ nom: 'Mbarga', prenoms: 'Jeanne', dateNaissance: '1996-06-06' }),
    );
    const doc = await read<Dossier>(`/api/candidatures/${first.id}`, first.position);
    const near = candidate({ nom: 'Mbarga', prenoms: 'Jean', dateNaissance: '1996-06-06' });
    const asked = await call('POST', '/api/candidatures', near);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      code: 'homonyme-a-confirmer',
      message: `Une personne au nom proche, née le même jour, est déjà inscrite à cette session : dossier ${doc.numeroDossier} (Mbarga Jeanne). Confirmez qu’il s’agit d’une autre personne.`,
    });
    // Another birth date, or names further apart: no question.
    await created('/api/candidatures', { ...near, dateNaissance: '1996-06-07' });
    const confirmed = await created('/api/candidatures', { ...near, confirmerHomonyme: true });
    const history = await read<{ changes: { field: string; after: unknown }[] }[]>(
      `/api/candidatures/${confirmed.id}/historique`,
    );
    expect(history[0]!.changes).toContainEqual(
      expect.objectContaining({ field: 'homonymesConfirmes', after: '1 dossier au nom proche' }),
    );
  });

  it('gives 20 concurrent creations 20 distinct numbers; 10 concurrent creations of one person make one dossier', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api/candidatures', candidate())),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const position = await t.eventStore.headPosition();
    const numbers = await Promise.all(
      answers.map(
        async (a) =>
          (await read<Dossier>(`/api/candidatures/${a.json<Answer>().id}`, position)).numeroDossier,
      ),
    );
    expect(new Set(numbers).size).toBe(20);

    const same = candidate({ nom: 'Kamga', prenoms: 'Alice', dateNaissance: '1998-07-07' });
    const racing = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/api/candidatures', same)),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const listed = await read<Dossier[]>(
      `/api/candidatures?filter=${enc({ q: 'Kamga' })}`,
      await t.eventStore.headPosition(),
    );
    expect(listed).toHaveLength(1);
  });

  it('never exceeds a métier’s quota under concurrent submissions; a rejection frees a place', async () => {
    const dossiers = [];
    for (let k = 0; k < 6; k += 1)
      dossiers.push(await created('/api/candidatures', candidate({ metierId: ids.metierQuota })));
    const submitted = await Promise.all(
      dossiers.map((d) =>
        call('POST', `/api/candidatures/${d.id}/soumettre`, undefined, admin, d.revision),
      ),
    );
    expect(submitted.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    const refused = submitted.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      message:
        'Le quota de ce métier est atteint pour cette session (3 places) : le dossier ne peut pas être soumis.',
    });
    const inIndex = submitted.findIndex((r) => r.statusCode === 200);
    const outIndex = submitted.findIndex((r) => r.statusCode === 409);
    const rejected = await call(
      'POST',
      `/api/candidatures/${dossiers[inIndex]!.id}/rejeter`,
      { motifId: ids.motif },
      admin,
      submitted[inIndex]!.json<Answer>().revision,
    );
    expect(rejected.statusCode).toBe(200);
    const again = await call(
      'POST',
      `/api/candidatures/${dossiers[outIndex]!.id}/soumettre`,
      undefined,
      admin,
      dossiers[outIndex]!.revision,
    );
    expect(again.statusCode).toBe(200);
  });

  it('lets "Lister les candidats inscrits" read and write nothing; validating needs its own permission', async () => {
    const dossier = await created('/api/candidatures', candidate());
    const reader = await userWith(['candidat.lister-inscrits'], 'lecteur-dossiers@test.local');
    expect((await reader.inject({ method: 'GET', url: '/api/candidatures' })).statusCode).toBe(200);
    const before = await t.eventStore.headPosition();
    for (const [method, url] of [
      ['POST', '/api/candidatures'],
      ['PUT', `/api/candidatures/${dossier.id}`],
      ['DELETE', `/api/candidatures/${dossier.id}`],
      ['POST', `/api/candidatures/${dossier.id}/soumettre`],
      ['POST', `/api/candidatures/${dossier.id}/valider`],
      ['POST', `/api/candidatures/${dossier.id}/rejeter`],
      ['POST', `/api/candidatures/${dossier.id}/desister`],
    ] as const) {
      const response = await call(method, url, candidate(), reader, dossier.revision);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
    }
    expect(await t.eventStore.headPosition()).toBe(before);

    const clerk = await userWith(
      ['candidat.enregistrer', 'candidat.modifier'],
      'agent-dossiers@test.local',
    );
    const own = await created('/api/candidatures', candidate(), clerk);
    const submitted = await call(
      'POST',
      `/api/candidatures/${own.id}/soumettre`,
      undefined,
      clerk,
      own.revision,
    );
    expect(submitted.statusCode).toBe(200);
    expect(
      (
        await call(
          'POST',
          `/api/candidatures/${own.id}/valider`,
          undefined,
          clerk,
          submitted.json<Answer>().revision,
        )
      ).statusCode,
    ).toBe(403);
    const supervisor = await userWith(['candidat.valider'], 'superviseur@test.local');
    expect(
      (await supervisor.inject({ method: 'GET', url: `/api/candidatures/${own.id}` })).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          'POST',
          `/api/candidatures/${own.id}/valider`,
          undefined,
          supervisor,
          submitted.json<Answer>().revision,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('keeps an enrôleur to their centre: created there, listed, read, exported and changed there only', async () => {
    const inB = await created(
      '/api/candidatures',
      candidate({
        centreDepotId: ids.centreB,
        nom: 'Douala',
        prenoms: 'Personne',
        dateNaissance: '1997-02-02',
      }),
    );
    const enroleur = await userWith(
      [
        'candidat.enregistrer',
        'candidat.modifier',
        'candidat.lister-inscrits',
        'administration.historique',
      ],
      'enroleur-yaounde@test.local',
      ids.centreA,
    );
    // The form's centre is ignored: the enrôleur's own is kept.
    const mine = await created(
      '/api/candidatures',
      candidate({ centreDepotId: ids.centreB }),
      enroleur,
    );
    const doc = await read<Dossier>(`/api/candidatures/${mine.id}`, mine.position, enroleur);
    expect(doc.centreDepotId).toBe(ids.centreA);

    const listed = await read<Dossier[]>(
      `/api/candidatures?range=[0,999]`,
      mine.position,
      enroleur,
    );
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((d) => d.centreDepotId === ids.centreA)).toBe(true);
    // A filter on the other centre finds nothing; its dossier is not there.
    const filtered = await read<Dossier[]>(
      `/api/candidatures?filter=${enc({ centreDepotId: ids.centreB })}`,
      undefined,
      enroleur,
    );
    expect(filtered).toEqual([]);
    for (const url of [
      `/api/candidatures/${inB.id}`,
      `/api/candidatures/${inB.id}/historique`,
      `/api/candidatures/${inB.id}/a-la-date?instant=${encodeURIComponent(new Date().toISOString())}`,
    ])
      expect((await enroleur.inject({ method: 'GET', url })).statusCode).toBe(404);
    const csv = await enroleur.inject({ method: 'GET', url: '/api/candidatures/export.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Douala Personne');
    expect(csv.body).toContain('Centre de dépôt de Yaoundé');
    for (const [method, url] of [
      ['PUT', `/api/candidatures/${inB.id}`],
      ['POST', `/api/candidatures/${inB.id}/soumettre`],
      ['POST', `/api/candidatures/${inB.id}/desister`],
    ] as const)
      expect((await call(method, url, candidate(), enroleur, inB.revision)).statusCode).toBe(404);
    // The same person registered elsewhere: told so, without the other centre's dossier number.
    const twice = await call(
      'POST',
      '/api/candidatures',
      candidate({ nom: 'Douala', prenoms: 'Personne', dateNaissance: '1997-02-02' }),
      enroleur,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      message: 'Cette personne est déjà inscrite à cette session dans un autre centre de dépôt.',
    });
  });
});
