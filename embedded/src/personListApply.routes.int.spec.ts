import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  DEFAULT_TIME_ZONE,
  PERSON_LIST_CATEGORY,
  PERSON_LIST_NOT_VERIFIED,
  personListRowsStream,
  streamName,
  type AppliedRow,
  type PersonListDocument,
} from '@examens-pro/domain';
import { newItemId } from '@examens-pro/platform';
import {
  candidatureCommands,
  listRowCommandId,
  personListsReactor,
} from '@examens-pro/application';
import { startTestApp, type Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
const ids: Record<string, string> = {};

const HEADER =
  'nom;prenoms;sexe;nationalite;lieu_naissance;telephone;matricule;date_naissance;date_premiere_prise_service;niveau';
/** A person of its own per `n` (and per `batch`: lists never share persons unless told). */
const row = (batch: string, n: number, more: Partial<Record<string, string>> = {}) => {
  const letters = (k: number) =>
    Array.from({ length: 4 }, (_, i) =>
      String.fromCharCode(97 + (Math.floor(k / 26 ** i) % 26)),
    ).join('');
  const values: Record<string, string> = {
    nom: `ESSOMBA ${batch}`,
    prenoms: `jean-${letters(n)}ix`,
    sexe: n % 2 ? 'M' : 'F',
    nationalite: 'Camerounaise',
    lieu_naissance: 'Yaoundé',
    telephone: '699112233',
    matricule: `MAT-${String(n).padStart(6, '0')}`,
    date_naissance: '05/03/1990',
    date_premiere_prise_service: '01/09/2015',
    niveau: 'bepc',
    ...more,
  };
  return HEADER.split(';')
    .map((column) => values[column])
    .join(';');
};
const csv = (rows: string[]) => Buffer.from(`${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8');
const list = (batch: string, count: number) =>
  csv(Array.from({ length: count }, (_, i) => row(batch, i)));

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const created = async (url: string, payload: Record<string, unknown>) => {
  const response = await admin.inject({ method: 'POST', url, payload });
  expect([url, response.statusCode, response.statusCode === 201 ? '' : response.body]).toEqual([
    url,
    201,
    '',
  ]);
  return response.json<{ id: string; revision: number; position: string }>();
};
const verify = async (body: Buffer, as = admin) => {
  const response = await as.inject({
    method: 'POST',
    url: '/api/listes-candidats/verifier',
    headers: { 'content-type': 'text/csv' },
    payload: body,
  });
  expect([response.statusCode, response.json()]).toEqual([200, expect.anything()]);
  return response.json<{ verificationId: string; lignes: number }>().verificationId;
};
const apply = (payload: Record<string, unknown>, as = admin) =>
  as.inject({ method: 'POST', url: '/api/listes-candidats', payload });
const target = (more: Record<string, unknown> = {}) => ({
  sessionId: ids.session!,
  metierId: ids.metier!,
  centreDepotId: ids.centreA!,
  ...more,
});

/** Polls the list's progress until it is done. */
const finished = async (id: string, as = admin, ms = 20_000): Promise<PersonListDocument> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const response = await as.inject({ method: 'GET', url: `/api/listes-candidats/${id}` });
    if (response.statusCode === 200 && response.json<PersonListDocument>().statut === 'terminee')
      return response.json<PersonListDocument>();
    if (Date.now() > deadline) throw new Error(`liste ${id} : ${response.body}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

interface Dossier {
  id: string;
  numeroDossier: string;
  statut: string;
  categorie: string;
  libelle: string;
  centreDepotId: string;
  matricule: string;
  datePremierePriseService: string;
}
/** The dossiers a filter lists, whole (a list's rows carry its list fields only). */
const dossiersOf = async (filter: Record<string, unknown>) => {
  const response = await admin.inject({
    method: 'GET',
    url: `/api/candidatures?filter=${enc(filter)}&range=${enc([0, 999])}`,
  });
  const ids = response.json<{ id: string }[]>().map((row) => row.id);
  if (ids.length === 0) return [];
  const whole = await admin.inject({
    method: 'GET',
    url: `/api/candidatures?filter=${enc({ id: ids })}&range=${enc([0, 999])}`,
  });
  const byId = new Map(whole.json<Dossier[]>().map((dossier) => [dossier.id, dossier]));
  return ids.map((id) => byId.get(id)!);
};
/** How many dossiers match, once the list has read everything written so far. */
const count = async (filter: Record<string, unknown>) =>
  Number(
    (
      await admin.inject({
        method: 'GET',
        url: `/api/candidatures?filter=${enc(filter)}&range=${enc([0, 0])}`,
        headers: { 'x-min-position': await t.eventStore.headPosition() },
      })
    ).headers['content-range']!.toString().split('/')[1],
  );

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  const departementId = (
    await admin.inject({
      method: 'GET',
      url: `/api/departements?filter=${enc({ q: 'Mfoundi' })}`,
    })
  ).json<{ id: string }[]>()[0]!.id;
  const examen = await created('/api/examens', {
    code: 'CQP',
    libelle: 'CQP',
    noteDePassage: 10,
    noteEliminatoire: 5,
  });
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
  const opened = await admin.inject({
    method: 'POST',
    url: `/api/sessions/${session.id}/avancer`,
    payload: { statut: 'inscriptions-ouvertes' },
    headers: { 'if-match': `W/"${session.revision}"` },
  });
  expect(opened.statusCode).toBe(200);
  await created('/api/parametres-edition', {
    code: 'PE-CQP27',
    libelle: 'Paramètres CQP 2027',
    sessionId: ids.session,
    dateLimiteModification: '2099-12-31',
    modificationApresValidation: false,
    prefixeDossier: 'CQP27',
    ageMinimum: 18,
  });
  ids.metier = (await created('/api/metiers', { code: 'MECA', libelle: 'Mécanique' })).id;
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
  ids.bepc = (
    await created('/api/niveaux-scolarisation', { code: 'BEPC', libelle: 'BEPC', rang: 2 })
  ).id;
  for (const [key, code, libelle] of [
    ['centreA', 'DEP-YDE', 'Centre de dépôt de Yaoundé'],
    ['centreB', 'DEP-DLA', 'Centre de dépôt de Douala'],
  ] as const)
    ids[key] = (await created('/api/centres-depot', { code, libelle, departementId })).id;
});
afterAll(async () => t.close());

describe('applying a verified list of agents', () => {
  it('refuses a file never verified, in French, and writes nothing', async () => {
    const before = await t.eventStore.headPosition();
    const response = await apply(target({ verificationId: 'a'.repeat(64) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: PERSON_LIST_NOT_VERIFIED });
    const malformed = await apply(target({ verificationId: 'pas-un-sha' }));
    expect([malformed.statusCode, malformed.json().message]).toEqual([
      400,
      PERSON_LIST_NOT_VERIFIED,
    ]);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('checks the list again against the session and its métier: every offending row, nothing written', async () => {
    const young = {
      ligne: 4,
      colonne: 'date_naissance',
      message: 'Le candidat doit avoir au moins 18 ans le 14/06/2027, premier jour de composition.',
    };
    const body = csv([
      row('Refus', 1),
      row('Refus', 2, { niveau: 'Doctorat' }),
      row('Refus', 3, { date_naissance: '01/01/2015' }),
      row('Refus', 4),
    ]);
    const before = await t.eventStore.headPosition();
    // Verified for the session, the métier and the centre: the application's own answer.
    const refused = await admin.inject({
      method: 'POST',
      url: `/api/listes-candidats/verifier?${new URLSearchParams(target()).toString()}`,
      headers: { 'content-type': 'text/csv' },
      payload: body,
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      {
        message: 'Niveau de scolarisation inconnu : « Doctorat ».',
        code: 'liste-invalide',
        lignes: [
          {
            ligne: 3,
            colonne: 'niveau',
            message: 'Niveau de scolarisation inconnu : « Doctorat ».',
          },
          young,
        ],
      },
    ]);
    // Verified without the session (the file's rules only), the application checks the rest.
    const fileOnly = csv([
      row('Refus', 1),
      row('Refus', 3, { date_naissance: '01/01/2015' }),
      row('Refus', 4),
    ]);
    const verificationId = await verify(fileOnly);
    const response = await apply(target({ verificationId }));
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { message: young.message, code: 'liste-invalide', lignes: [{ ...young, ligne: 3 }] },
    ]);
    // A session closed to registration, a métier not opened in it: a French 400.
    const closed = await apply(target({ verificationId, metierId: ids.metier + 'x' }));
    expect(closed.statusCode).toBe(400);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('verifies with the application’s own rules: a métier’s required niveau refused at verification, its columns said', async () => {
    const metierId = (await created('/api/metiers', { code: 'SOUD', libelle: 'Soudure' })).id;
    await created('/api/metiers-ouverts', {
      code: 'MO-SOUD',
      libelle: 'Soudure 2027',
      sessionId: ids.session,
      metierId,
    });
    await created('/api/niveaux-requis', {
      code: 'NR-SOUD',
      libelle: 'Soudure : BEPC',
      metierId,
      niveauId: ids.bepc,
    });
    const columns = async (id: string) =>
      (
        await admin.inject({
          method: 'GET',
          url: `/api/listes-candidats/colonnes?metierId=${id}`,
          headers: { 'x-min-position': await t.eventStore.headPosition() },
        })
      ).json<{ obligatoires: string[]; facultatives: string[]; niveauRequis: string | null }>();
    expect(await columns(metierId)).toEqual({
      obligatoires: expect.arrayContaining(['nom', 'date_premiere_prise_service', 'niveau']),
      facultatives: ['langue'],
      niveauRequis: 'BEPC',
    });
    expect(await columns(ids.metier!)).toMatchObject({
      facultatives: ['langue', 'niveau'],
      niveauRequis: null,
    });
    // Said to whoever submits lists (an enrôleur), to nobody else.
    const enroleur = await t.userWith(['candidat.enregistrer'], 'colonnes@test.local', ids.centreA);
    const reader = await t.userWith(['candidat.lister-inscrits'], 'colonnes-lecteur@test.local');
    const url = `/api/listes-candidats/colonnes?metierId=${metierId}`;
    const asEnroleur = await enroleur.inject({ method: 'GET', url });
    expect([asEnroleur.statusCode, asEnroleur.json().niveauRequis]).toEqual([200, 'BEPC']);
    expect((await reader.inject({ method: 'GET', url })).statusCode).toBe(403);
    // The métiers the session opened, offered by « Inscrire un candidat »: an enrôleur reads them.
    const opened = `/api/metiers-ouverts?filter=${encodeURIComponent(JSON.stringify({ sessionId: ids.session! }))}`;
    const openedAsEnroleur = await enroleur.inject({ method: 'GET', url: opened });
    expect(openedAsEnroleur.statusCode).toBe(200);
    expect(openedAsEnroleur.json().length).toBeGreaterThan(0);
    const outsider = await t.userWith(['administration.maintenance'], 'ouverts-tiers@test.local');
    expect((await outsider.inject({ method: 'GET', url: opened })).statusCode).toBe(403);
    // A list without niveau: its file is whole, but the métier requires the BEPC.
    const body = csv([row('Soudure', 1, { niveau: '' }), row('Soudure', 2)]);
    const query = new URLSearchParams(target({ metierId }) as Record<string, string>);
    const before = await t.eventStore.headPosition();
    const refused = await admin.inject({
      method: 'POST',
      url: `/api/listes-candidats/verifier?${query.toString()}`,
      headers: { 'content-type': 'text/csv' },
      payload: body,
    });
    const required = 'Ce métier requiert le niveau « BEPC » ou un niveau supérieur.';
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      {
        message: required,
        code: 'liste-invalide',
        lignes: [{ ligne: 2, colonne: 'niveau', message: required }],
      },
    ]);
    // Verified as the application checks it: what the verification accepts, the application does.
    const verificationId = await verify(body);
    const applied = await apply(target({ verificationId, metierId }));
    expect([applied.statusCode, applied.json().message]).toEqual([400, required]);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('creates every row’s dossier, submitted, agent, numbered apart, by whoever applied it; twice is once', async () => {
    const body = list('Succes', 30);
    const verificationId = await verify(body);
    const response = await apply(target({ verificationId }));
    expect(response.statusCode).toBe(201);
    const answer = response.json<{
      id: string;
      revision: number;
      position: string;
      lignes: number;
    }>();
    expect(answer).toMatchObject({ id: expect.any(String), lignes: 30, revision: 0 });
    const done = await finished(answer.id);
    expect(done).toMatchObject({
      statut: 'terminee',
      lignes: 30,
      creees: 30,
      soumises: 30,
      brouillons: 0,
      ignorees: 0,
      progression: 100,
      creePar: expect.any(String),
    });
    const dossiers = await dossiersOf({ sessionId: ids.session, q: 'Essomba Succes' });
    expect(dossiers).toHaveLength(30);
    expect(new Set(dossiers.map((d) => d.numeroDossier)).size).toBe(30);
    for (const dossier of dossiers)
      expect(dossier).toMatchObject({
        statut: 'soumis',
        categorie: 'agent',
        numeroDossier: expect.stringMatching(/^CQP27-\d{6}$/),
        centreDepotId: ids.centreA,
      });
    // Names cleaned and capitalised when applied; the agent's fields kept.
    const first = dossiers.find((d) => d.matricule === 'MAT-000000')!;
    expect(first).toMatchObject({
      libelle: 'Essomba Succes Jean-Aaaaix',
      datePremierePriseService: '2015-09-01',
    });
    // The dossier's history says who submitted it.
    const history = (
      await admin.inject({ method: 'GET', url: `/api/candidatures/${first.id}/historique` })
    ).json<{ acteur?: string; actor?: string; par?: string }[]>();
    expect(JSON.stringify(history)).toContain(done.creePar);
    expect(JSON.stringify(history)).not.toContain('Système');

    // Applied again: the same list, nothing more.
    const head = await t.eventStore.headPosition();
    const again = await apply(target({ verificationId }));
    expect([again.statusCode, again.json().id]).toEqual([201, answer.id]);
    expect(await t.eventStore.headPosition()).toBe(head);
    // To another métier of the same session: refused.
    const other = await apply(target({ verificationId, metierId: ids.metierQuota }));
    expect(other.statusCode).toBe(409);
    expect(await count({ sessionId: ids.session, q: 'Essomba Succes' })).toBe(30);
    // « Listes d’agents » exports the list with its counts.
    const csv = await admin.inject({
      method: 'GET',
      url: `/api/listes-candidats/export.csv?filter=${encodeURIComponent(JSON.stringify({ id: [answer.id] }))}`,
    });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'Soumise le;Par;Session;Métier;Centre de dépôt;Statut;Lignes;Dossiers créés;Soumis;Restés brouillons;Ignorées',
    );
    expect(row!.split(';').slice(5)).toEqual(['Terminée', '30', '30', '30', '0', '0']);
  });

  it('leaves the rows beyond the métier’s quota brouillons, saying why', async () => {
    const verificationId = await verify(list('Quota', 5));
    const response = await apply(target({ verificationId, metierId: ids.metierQuota }));
    expect(response.statusCode).toBe(201);
    const done = await finished(response.json<{ id: string }>().id);
    expect(done).toMatchObject({ creees: 5, soumises: 3, brouillons: 2, ignorees: 0 });
    expect(done.anomalies).toEqual([
      { ligne: 5, motif: expect.stringContaining('quota') },
      { ligne: 6, motif: expect.stringContaining('quota') },
    ]);
    const dossiers = await dossiersOf({ metierId: ids.metierQuota });
    expect(dossiers.filter((d) => d.statut === 'soumis')).toHaveLength(3);
    expect(dossiers.filter((d) => d.statut === 'brouillon')).toHaveLength(2);
  });

  it('forces an enrôleur’s centre; another centre’s enrôleur does not see the list', async () => {
    const enroleurA = await t.userWith(['candidat.enregistrer'], 'liste-a@test.local', ids.centreA);
    const enroleurB = await t.userWith(['candidat.enregistrer'], 'liste-b@test.local', ids.centreB);
    const verificationId = await verify(list('Centre', 3), enroleurA);
    const response = await apply(target({ verificationId, centreDepotId: ids.centreB }), enroleurA);
    expect(response.statusCode).toBe(201);
    const id = response.json<{ id: string }>().id;
    const done = await finished(id, enroleurA);
    expect(done.centreDepotId).toBe(ids.centreA);
    expect((await dossiersOf({ q: 'Essomba Centre' })).map((d) => d.centreDepotId)).toEqual([
      ids.centreA,
      ids.centreA,
      ids.centreA,
    ]);
    const hidden = await enroleurB.inject({ method: 'GET', url: `/api/listes-candidats/${id}` });
    expect(hidden.statusCode).toBe(404);
    const reader = await t.userWith(['candidat.lister-inscrits'], 'liste-lecteur@test.local');
    const refused = await apply(target({ verificationId }), reader);
    expect(refused.statusCode).toBe(403);
  });

  it('resumes a list stopped midway (chunks handled again, a chunk half done): exactly one dossier per row', async () => {
    await t.runner.stop();
    let listeId: string;
    try {
      const verificationId = await verify(list('Reprise', 600));
      const response = await apply(target({ verificationId }));
      expect(response.statusCode).toBe(201);
      listeId = response.json<{ id: string }>().id;
      const chunks = await t.eventStore.readStream(personListRowsStream(listeId));
      expect(chunks.map((c) => c.type)).toEqual([
        'ListeCandidatsTranche',
        'ListeCandidatsTranche',
        'ListeCandidatsTranche',
      ]);
      // A process handled the first two chunks, and half the third, then died before its
      // checkpoint: the restarted runner handles all three again.
      const reactor = personListsReactor(t.eventStore, {
        timeZone: DEFAULT_TIME_ZONE,
        readStore: t.readStore,
      });
      const noContext = {} as Parameters<typeof reactor.apply>[1];
      await reactor.apply(chunks[0]!, noContext);
      await reactor.apply(chunks[1]!, noContext);
      await reactor.apply(chunks[0]!, noContext);
      const third = (chunks[2]!.data as { lignes: AppliedRow[] }).lignes.slice(0, 40);
      const outcomes = await candidatureCommands(t.eventStore, DEFAULT_TIME_ZONE).createMany(
        target(),
        third.map((r) => {
          const commandId = listRowCommandId(listeId, r.ligne);
          return { ...r, commandId, id: newItemId(commandId) };
        }),
        {
          actor: { id: 'x', name: 'Processus arrêté' },
          now: new Date().toISOString(),
          causationId: chunks[2]!.id,
        },
      );
      expect(outcomes.every((o) => o.statut === 'soumis')).toBe(true);
    } finally {
      t.runner.start();
    }
    const done = await finished(listeId);
    expect(done).toMatchObject({ lignes: 600, creees: 600, soumises: 600, ignorees: 0 });
    expect(await count({ sessionId: ids.session, q: 'Essomba Reprise' })).toBe(600);
    const events = await t.eventStore.readStream(streamName(PERSON_LIST_CATEGORY, listeId));
    expect(events.map((e) => e.type)).toEqual([
      'ListeCandidatsAcceptee',
      'ListeCandidatsTrancheAppliquee',
      'ListeCandidatsTrancheAppliquee',
      'ListeCandidatsTrancheAppliquee',
      'ListeCandidatsAppliquee',
    ]);
    const numbers = (await dossiersOf({ sessionId: ids.session })).map((d) => d.numeroDossier);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

/**
 * A bench, on demand (`LISTES_BENCH=5000,50000 npx jest embedded/src/personListApply…`):
 * a list verified, applied, and listed (every dossier in the read model), with the times.
 */
const benchSizes = (process.env.LISTES_BENCH ?? '')
  .split(',')
  .map(Number)
  .filter((size) => size > 0);
(benchSizes.length > 0 ? describe : describe.skip)('applying a long list (bench)', () => {
  it.each(benchSizes.map((size) => [size]))(
    '%i rows verified, applied and listed',
    async (size) => {
      const batch = `Banc ${String.fromCharCode(97 + (size % 26))}${String.fromCharCode(97 + (Math.floor(size / 26) % 26))}`;
      const body = list(batch, size);
      const started = Date.now();
      const verificationId = await verify(body);
      const verified = Date.now();
      const response = await apply(target({ verificationId }));
      expect(response.statusCode).toBe(201);
      const accepted = Date.now();
      const done = await finished(response.json<{ id: string }>().id, admin, 600_000);
      const applied = Date.now();
      expect(done).toMatchObject({ creees: size, soumises: size });
      let listed = 0;
      while (listed < size) {
        listed = await count({ sessionId: ids.session, q: `Essomba ${batch}` });
        if (listed < size) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const end = Date.now();
      // The reactor's own pace, from its events' times: first chunk started → totals recorded.
      const listEvents = await t.eventStore.readStream(
        streamName(PERSON_LIST_CATEGORY, response.json<{ id: string }>().id),
      );
      const reactorMs =
        Date.parse(listEvents[listEvents.length - 1]!.metadata.at) -
        Date.parse(listEvents[1]!.metadata.at);
      console.log(
        `[liste ${size}] vérifiée ${verified - started} ms, acceptée ${accepted - verified} ms, ` +
          `dossiers créés ${applied - accepted} ms (réacteur : ${reactorMs} ms), listés ${end - accepted} ms après l’acceptation ` +
          `(${end - started} ms en tout, ${Math.round(process.memoryUsage().rss / 1e6)} Mo)`,
      );
    },
    600_000,
  );
});
