/**
 * What the exam space's route tests start from: an examen with its épreuves, a session whose
 * candidates were validated and allocated to two sites, then taken to « Composition ». Requests go
 * through the HTTP routes, as staff would make them. The building blocks (`newSession`,
 * `openSession`, `addSites`, `addEpreuves`, `register`, `advance`) serve the specs that start
 * elsewhere on that road.
 */
import { expect } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import type { startTestApp, Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export interface Answer {
  id: string;
  revision: number;
  position: string;
}

export type Reply = LightMyRequestResponse;

/** Expects `status` (naming `what` and showing the body otherwise); answers the command's answer. */
export const answered = (response: Reply, status = 200, what = '') => {
  expect({
    what,
    status: response.statusCode,
    body: response.statusCode === status ? '' : response.body,
  }).toEqual({ what, status, body: '' });
  return response.json<Answer>();
};

/**
 * Requests as one agent: `post`, `put`, `delete`, `get`, `created` (201 expected), `ok` (a POST,
 * 200 expected), `read` (200 expected). A revision goes as If-Match, a position as X-Min-Position.
 */
export const requests = (as: Agent) => {
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    revision?: number,
  ) =>
    as.inject({
      method,
      url,
      payload: payload as Record<string, unknown>,
      headers: revision === undefined ? {} : { 'if-match': `W/"${revision}"` },
    });
  const get = (url: string, position?: string) =>
    as.inject({ method: 'GET', url, headers: position ? { 'x-min-position': position } : {} });
  return {
    post: (url: string, payload?: unknown, revision?: number) =>
      send('POST', url, payload, revision),
    put: (url: string, payload?: unknown, revision?: number) => send('PUT', url, payload, revision),
    delete: (url: string, revision?: number) => send('DELETE', url, undefined, revision),
    get,
    async created(url: string, payload: Record<string, unknown>) {
      return answered(await send('POST', url, payload), 201, url);
    },
    async ok(url: string, payload?: unknown, revision?: number) {
      return answered(await send('POST', url, payload, revision), 200, url);
    },
    async read<T>(url: string, position?: string) {
      const response = await get(url, position);
      answered(response, 200, url);
      return response.json<T>();
    },
  };
};

export type Requests = ReturnType<typeof requests>;

/** A session under construction: what was created, by key, and where the session stands. */
export interface ExamSession {
  /** Requests as the administrator who sets the session up. */
  r: Requests;
  code: string;
  ids: Record<string, string>;
  /** The session's fields as created (`examenId`, `annee`, `libelle`, dates). */
  details: Record<string, unknown>;
  /** The session's revision, for its next step. */
  revision: number;
  /** Position of the last command, for read-your-writes. */
  position: string;
  /** How many dossiers `register` created. */
  dossiers: number;
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const FIRST = ['Alain', 'Brice', 'Carine', 'Denis', 'Estelle', 'Fabrice', 'Gisèle', 'Hervé'];

/** The fields of the session « `code` `annee` » of `examenId`: registration from October, composition in June. */
export const sessionDetails = (examenId: string, code = 'CQP', annee = 2027) => ({
  examenId,
  annee,
  libelle: `${code} ${annee}`,
  ouvertureInscriptions: `${annee - 1}-10-01`,
  clotureInscriptions: `${annee}-02-26`,
  debutComposition: `${annee}-06-14`,
  finComposition: `${annee}-06-18`,
});

/** The examen `code` and its session « `code` 2027 », just created (« En préparation »). */
export const newSession = async (admin: Agent, code = 'CQP'): Promise<ExamSession> => {
  const r = requests(admin);
  const examen = await r.created('/api/examens', { code, libelle: code, noteDePassage: 10 });
  const details = sessionDetails(examen.id, code);
  const session = await r.created('/api/sessions', details);
  return {
    r,
    code,
    ids: { examen: examen.id, session: session.id },
    details,
    revision: session.revision,
    position: session.position,
    dossiers: 0,
  };
};

/** Takes the session through `statuts`, in order (each step expected to succeed). */
export const advance = async (s: ExamSession, ...statuts: string[]) => {
  for (const statut of statuts) {
    const answer = await s.r.ok(`/api/sessions/${s.ids.session}/avancer`, { statut }, s.revision);
    s.revision = answer.revision;
    s.position = answer.position;
  }
  return s.position;
};

/** Key, code and libellé of the métiers a session opens unless told otherwise. */
export const METIERS = [
  ['elec', 'ELEC', 'Électricité'],
  ['coif', 'COIF', 'Coiffure'],
] as const;

/**
 * The session « `code` 2027 » open to registration (« Inscriptions ouvertes »), with its paramètres
 * d'édition (dossiers numbered `code`27-…), `metiers` opened (codes `code`-…), the niveau CEP and
 * the « Dépôt de Yaoundé »; the départements Mfoundi and Wouri by key.
 */
export const openSession = async (
  admin: Agent,
  {
    code = 'CQP',
    metiers = METIERS,
  }: {
    code?: string;
    metiers?: readonly (readonly [key: string, code: string, libelle: string])[];
  } = {},
): Promise<ExamSession> => {
  const r = requests(admin);
  const departement = async (name: string) =>
    (await r.read<{ id: string }[]>(`/api/departements?filter=${enc({ q: name })}`))[0]!.id;
  const mfoundi = await departement('Mfoundi');
  const wouri = await departement('Wouri');
  const s = await newSession(admin, code);
  Object.assign(s.ids, { mfoundi, wouri });
  await advance(s, 'inscriptions-ouvertes');
  await r.created('/api/parametres-edition', {
    code: `PE-${code}27`,
    libelle: `Paramètres ${code} 2027`,
    sessionId: s.ids.session,
    dateLimiteModification: '2099-12-31',
    prefixeDossier: `${code}27`,
  });
  for (const [key, metier, libelle] of metiers) {
    s.ids[key] = (await r.created('/api/metiers', { code: `${code}-${metier}`, libelle })).id;
    await r.created('/api/metiers-ouverts', {
      code: `MO-${code}-${metier}`,
      libelle: `${libelle} 2027`,
      sessionId: s.ids.session,
      metierId: s.ids[key],
    });
  }
  s.ids.niveau = (
    await r.created('/api/niveaux-scolarisation', { code: `${code}-CEP`, libelle: 'CEP', rang: 1 })
  ).id;
  s.ids.depot = (
    await r.created('/api/centres-depot', {
      code: `${code}-DEP`,
      libelle: 'Dépôt de Yaoundé',
      departementId: s.ids.mfoundi,
    })
  ).id;
  return s;
};

/**
 * The centres d'examen « Centre de Yaoundé » (`ceYaounde`) and « Centre de Douala » (`ceDouala`),
 * each with one site: « Lycée de Yaoundé » (`lycee`) and « Lycée de Douala » (`douala`).
 */
export const addSites = async (s: ExamSession, capacite = 500) => {
  const { r, code, ids } = s;
  for (const [key, dep, ville] of [
    ['ceYaounde', 'mfoundi', 'Yaoundé'],
    ['ceDouala', 'wouri', 'Douala'],
  ] as const)
    ids[key] = (
      await r.created('/api/centres-examen', {
        code: `${code}-CE-${ville.slice(0, 3).toUpperCase()}`,
        libelle: `Centre de ${ville}`,
        departementId: ids[dep],
      })
    ).id;
  for (const [key, centre, libelle] of [
    ['lycee', 'ceYaounde', 'Lycée de Yaoundé'],
    ['douala', 'ceDouala', 'Lycée de Douala'],
  ] as const)
    ids[key] = (
      await r.created('/api/sites-composition', {
        code: `${code}-S-${key.toUpperCase()}`,
        libelle,
        centreExamenId: ids[centre],
        capacite,
      })
    ).id;
};

/**
 * The examen's épreuves « Épreuve théorique » (`theo`: every métier, /20) and « Pratique de
 * coiffure » (`prat`: Coiffure only, coefficient 2, /40).
 */
export const addEpreuves = async (s: ExamSession) => {
  const { r, code, ids } = s;
  for (const [key, libelle, more] of [
    ['theo', 'Épreuve théorique', { coefficient: 1, noteMax: 20, typeEpreuve: 'ecrite' }],
    [
      'prat',
      'Pratique de coiffure',
      { metierId: ids.coif, coefficient: 2, noteMax: 40, typeEpreuve: 'pratique' },
    ],
  ] as const)
    ids[key] = (
      await r.created('/api/epreuves', {
        code: `${code}-${key.toUpperCase()}`,
        libelle,
        examenId: ids.examen,
        ...more,
      })
    ).id;
};

export interface Identity {
  nom: string;
  prenoms: string;
  sexe: string;
  dateNaissance: string;
  lieuNaissance: string;
  nationalite: string;
}

export interface Registered extends Identity {
  id: string;
  revision: number;
  position: string;
}

/**
 * A dossier of `metier` at the centre de dépôt `depot`, submitted and validated (unless
 * `validated` is false), then allocated to `site` if one is given. Unless told, its identity is
 * the `n`-th of the session's (n counting from 0): Mballa, Ngono, Étoundi, Fotso…, born 1970 + n.
 */
export const register = async (
  s: ExamSession,
  {
    metier = 'coif',
    site,
    depot = 'depot',
    validated = true,
    fields = {},
    ...identity
  }: Partial<Identity> & {
    metier?: string;
    site?: string;
    depot?: string;
    validated?: boolean;
    /** More of the dossier's fields (`handicapId`…). */
    fields?: Record<string, unknown>;
  } = {},
): Promise<Registered> => {
  const { r, ids } = s;
  const i = s.dossiers;
  s.dossiers += 1;
  const person: Identity = {
    nom: ['Mballa', 'Ngono', 'Étoundi', 'Fotso'][i % 4]!,
    prenoms: `${FIRST[i % FIRST.length]} ${['Marie', 'Paul', 'Ange'][Math.floor(i / 8) % 3]}`,
    sexe: i % 2 ? 'M' : 'F',
    dateNaissance: `${1970 + i}-03-${String(1 + (i % 28)).padStart(2, '0')}`,
    lieuNaissance: 'Bafoussam',
    nationalite: 'Camerounaise',
    ...identity,
  };
  const answer = await r.created('/api/candidatures', {
    sessionId: ids.session,
    metierId: ids[metier],
    centreDepotId: ids[depot],
    categorie: 'libre',
    ...person,
    telephone: '699 11 22 33',
    niveauId: ids.niveau,
    ...fields,
  });
  const steps: [action: string, payload?: unknown][] = [['soumettre']];
  if (validated) steps.push(['valider']);
  if (validated && site) steps.push(['affecter', { siteId: ids[site] }]);
  let { revision, position } = answer;
  for (const [action, payload] of steps)
    ({ revision, position } = await r.ok(
      `/api/candidatures/${answer.id}/${action}`,
      payload,
      revision,
    ));
  s.position = position;
  return { id: answer.id, revision, position, ...person };
};

export interface ExamCandidate {
  id: string;
  numeroCandidat: string;
  nom: string;
  prenoms: string;
  metier: 'elec' | 'coif';
  site: 'lycee' | 'douala';
}

export interface ExamFixture {
  ids: Record<string, string>;
  candidates: ExamCandidate[];
  /** Position of the last command, for read-your-writes. */
  position: string;
  /** The session itself, to take it further (`advance`). */
  session: ExamSession;
}

/** What a fixture may change of its `i`-th candidate (`register`'s options but métier and site). */
export type CandidateOptions = Omit<
  NonNullable<Parameters<typeof register>[1]>,
  'metier' | 'site' | 'validated'
>;

/**
 * The session « CQP 2027 » at « Composition »: métiers Électricité and Coiffure, sites « Lycée de
 * Yaoundé » and « Lycée de Douala », épreuves THEO (every métier, /20) and PRAT-COIF (Coiffure,
 * /40); `count` candidates validated and allocated (even ones in Électricité at Yaoundé, odd ones
 * in Coiffure, every third at Douala).
 */
export const composingSession = async (
  _t: TestApp,
  admin: Agent,
  count = 6,
  code = 'CQP',
  /** The `i`-th candidate's centre de dépôt, identity or other fields, when not the default. */
  candidate?: (i: number, s: ExamSession) => Promise<CandidateOptions> | CandidateOptions,
): Promise<ExamFixture> => {
  const s = await openSession(admin, { code });
  await addSites(s);
  await addEpreuves(s);
  const candidates: ExamCandidate[] = [];
  for (let i = 0; i < count; i += 1) {
    const metier = i % 2 === 0 ? 'elec' : 'coif';
    const site = i % 3 === 2 ? 'douala' : 'lycee';
    const more = (await candidate?.(i, s)) ?? {};
    const { id, nom, prenoms } = await register(s, { ...more, metier, site });
    candidates.push({ id, numeroCandidat: '', nom, prenoms, metier, site });
  }
  for (const c of candidates)
    c.numeroCandidat = (
      await s.r.read<{ numeroCandidat: string }>(`/api/candidatures/${c.id}`, s.position)
    ).numeroCandidat;
  await advance(s, 'inscriptions-closes', 'composition');
  return { ids: s.ids, candidates, position: s.position, session: s };
};

/** A candidate's mark at an épreuve: a number out of its note max, or `'absent'`. */
export type FixtureMark = number | 'absent';

/**
 * Default marks of the `i`-th candidate (out of 20 at THEO; the same on 40 at PRAT-COIF): every
 * candidate's average is their THEO mark, 15, 7, 12, 16, 9, 11, 13, 6… — admis, ajourné, admis,
 * admis, ajourné, admis… with the examen's pass mark of 10.
 */
export const DEFAULT_THEO = [15, 7, 12, 16, 9, 11, 13, 6];
const defaultMark = (i: number, epreuve: 'theo' | 'prat'): FixtureMark =>
  DEFAULT_THEO[i % DEFAULT_THEO.length]! * (epreuve === 'prat' ? 2 : 1);

export interface DeliberationFixture extends ExamFixture {
  /** The jury covering both centres d'examen and both métiers. */
  juryId: string;
  /** Its president and member (membres-jury ids). */
  membres: { president: string; membre: string };
}

/**
 * The session of `composingSession` marked and taken to « Délibération », with its reference
 * (arrêté n° 0042/MINEFOP du 10/07/2027) and one jury « Jury national » covering both centres and
 * métiers (president Ondoa Jean, member Ekani Berthe); every candidate marked at each of their
 * épreuves by `marks` (default: `DEFAULT_THEO`). The deliberation is still open.
 */
export const deliberatingSession = async (
  t: TestApp,
  admin: Agent,
  {
    count = 6,
    code = 'CQP',
    marks = defaultMark,
    candidate,
  }: {
    count?: number;
    code?: string;
    /** A candidate's mark; null: none entered; undefined: the default. */
    marks?: (i: number, epreuve: 'theo' | 'prat') => FixtureMark | null | undefined;
    /** The `i`-th candidate's centre de dépôt, identity or fields (`composingSession`). */
    candidate?: Parameters<typeof composingSession>[4];
  } = {},
): Promise<DeliberationFixture> => {
  const fixture = await composingSession(t, admin, count, code, candidate);
  const { r, ids } = fixture.session;
  const type = await r.created('/api/types-jurys', {
    code: `${code}-DELIB`,
    libelle: 'Délibération',
  });
  const presidence = await r.created('/api/fonctions-membres-jurys', {
    code: `${code}-PRES`,
    libelle: 'Président',
  });
  const examinateur = await r.created('/api/fonctions-membres-jurys', {
    code: `${code}-EXAM`,
    libelle: 'Examinateur',
  });
  const president = await r.created('/api/membres-jury', {
    nom: 'Ondoa',
    prenoms: 'Jean',
    fonctionId: presidence.id,
    structure: 'Ministère',
  });
  const membre = await r.created('/api/membres-jury', {
    nom: 'Ekani',
    prenoms: 'Berthe',
    fonctionId: examinateur.id,
    structure: 'Délégation régionale',
  });
  const jury = await r.created('/api/jurys', {
    libelle: 'Jury national',
    typeId: type.id,
    sessionId: ids.session,
    centreExamenIds: [ids.ceYaounde, ids.ceDouala],
    metierIds: [ids.elec, ids.coif],
    presidentId: president.id,
    membreIds: [membre.id],
  });
  await r.ok(`/api/configurations-notes/${ids.session}/importation/ouvrir`);
  for (const epreuve of ['theo', 'prat'] as const)
    for (const site of ['lycee', 'douala'] as const) {
      const keys = { sessionId: ids.session, epreuveId: ids[epreuve], siteId: ids[site] };
      const here = fixture.candidates
        .map((c, i) => {
          const mark = marks(i, epreuve);
          return { c, mark: mark === undefined ? defaultMark(i, epreuve) : mark };
        })
        .filter(({ c }) => c.site === site && (epreuve === 'theo' || c.metier === 'coif'));
      const absents = here.filter(({ mark }) => mark === 'absent');
      if (absents.length > 0)
        fixture.position = (
          await r.ok('/api/notes/presences', {
            ...keys,
            presences: absents.map(({ c }) => ({ candidatureId: c.id, presence: 'absent' })),
          })
        ).position;
      const saisies = here
        .filter(({ mark }) => typeof mark === 'number')
        .map(({ c, mark }) => ({ candidatureId: c.id, note: mark }));
      if (saisies.length > 0)
        fixture.position = (await r.ok('/api/notes/saisies', { ...keys, saisies })).position;
    }
  await r.ok(`/api/configurations-notes/${ids.session}/importation/fermer`);
  await advance(fixture.session, 'deliberation');
  const reference = await r.ok(
    `/api/sessions/${ids.session}/reference`,
    { numeroArrete: '0042/MINEFOP', dateArrete: '2027-07-10' },
    fixture.session.revision,
  );
  fixture.session.revision = reference.revision;
  fixture.position = reference.position;
  return {
    ...fixture,
    juryId: jury.id,
    membres: { president: president.id, membre: membre.id },
  };
};

/** `deliberatingSession`, its jury's deliberation closed (results frozen) by `admin`. */
export const closedDeliberation = async (
  t: TestApp,
  admin: Agent,
  options: Parameters<typeof deliberatingSession>[2] = {},
): Promise<DeliberationFixture> => {
  const fixture = await deliberatingSession(t, admin, options);
  fixture.position = (
    await fixture.session.r.ok(`/api/deliberations/${fixture.juryId}/cloture`)
  ).position;
  return fixture;
};

export type { TestApp };
