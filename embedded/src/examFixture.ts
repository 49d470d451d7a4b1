/**
 * What the exam space's route tests start from: an examen with its épreuves, a session whose
 * candidates were validated and allocated to two sites, then taken to « Composition ». Requests go
 * through the HTTP routes, as staff would make them.
 */
import { expect } from '@jest/globals';
import type { startTestApp, Agent } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export interface Answer {
  id: string;
  revision: number;
  position: string;
}

export interface Reply {
  statusCode: number;
  body: string;
  json: <T>() => T;
}

/** Requests as one agent: `post`, `put`, `get`, `created` (201 expected), `read` (200 expected). */
export const requests = (as: Agent) => {
  const send = (method: 'POST' | 'PUT', url: string, payload?: unknown, revision?: number) =>
    as.inject({
      method,
      url,
      payload: payload as Record<string, unknown>,
      headers: revision === undefined ? {} : { 'if-match': `W/"${revision}"` },
    }) as Promise<Reply>;
  const expectStatus = (url: string, response: Reply, status: number) =>
    expect({
      url,
      status: response.statusCode,
      body: response.statusCode === status ? '' : response.body,
    }).toEqual({ url, status, body: '' });
  return {
    post: (url: string, payload?: unknown, revision?: number) =>
      send('POST', url, payload, revision),
    put: (url: string, payload?: unknown, revision?: number) => send('PUT', url, payload, revision),
    get: (url: string, position?: string) =>
      as.inject({
        method: 'GET',
        url,
        headers: position ? { 'x-min-position': position } : {},
      }) as Promise<Reply>,
    async created(url: string, payload: Record<string, unknown>) {
      const response = await send('POST', url, payload);
      expectStatus(url, response, 201);
      return response.json<Answer>();
    },
    async ok(url: string, payload?: unknown, revision?: number) {
      const response = await send('POST', url, payload, revision);
      expectStatus(url, response, 200);
      return response.json<Answer>();
    },
    async read<T>(url: string, position?: string) {
      const response = (await as.inject({
        method: 'GET',
        url,
        headers: position ? { 'x-min-position': position } : {},
      })) as Reply;
      expectStatus(url, response, 200);
      return response.json<T>();
    },
  };
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
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const FIRST = ['Alain', 'Brice', 'Carine', 'Denis', 'Estelle', 'Fabrice', 'Gisèle', 'Hervé'];

/**
 * The session « CQP 2027 » at « Composition »: métiers Électricité and Coiffure, sites « Lycée de
 * Yaoundé » and « Lycée de Douala », épreuves THEO (every métier, /20) and PRAT-COIF (Coiffure,
 * /40); `count` candidates validated and allocated (even ones in Électricité at Yaoundé, odd ones
 * in Coiffure, every third at Douala).
 */
export const composingSession = async (
  t: TestApp,
  admin: Agent,
  count = 6,
  code = 'CQP',
): Promise<ExamFixture> => {
  const r = requests(admin);
  const ids: Record<string, string> = {};
  const departement = async (name: string) =>
    (await r.read<{ id: string }[]>(`/api/departements?filter=${enc({ q: name })}`))[0]!.id;
  ids.mfoundi = await departement('Mfoundi');
  ids.wouri = await departement('Wouri');
  ids.examen = (await r.created('/api/examens', { code, libelle: code, noteDePassage: 10 })).id;
  const session = await r.created('/api/sessions', {
    examenId: ids.examen,
    annee: 2027,
    libelle: `${code} 2027`,
    ouvertureInscriptions: '2026-10-01',
    clotureInscriptions: '2027-02-26',
    debutComposition: '2027-06-14',
    finComposition: '2027-06-18',
  });
  ids.session = session.id;
  let sessionRevision = (
    await r.ok(
      `/api/sessions/${session.id}/avancer`,
      { statut: 'inscriptions-ouvertes' },
      session.revision,
    )
  ).revision;
  await r.created('/api/parametres-edition', {
    code: `PE-${code}27`,
    libelle: `Paramètres ${code} 2027`,
    sessionId: ids.session,
    dateLimiteModification: '2099-12-31',
    prefixeDossier: `${code}27`,
  });
  for (const [key, metier, libelle] of [
    ['elec', 'ELEC', 'Électricité'],
    ['coif', 'COIF', 'Coiffure'],
  ] as const) {
    ids[key] = (await r.created('/api/metiers', { code: `${code}-${metier}`, libelle })).id;
    await r.created('/api/metiers-ouverts', {
      code: `MO-${code}-${metier}`,
      libelle: `${libelle} 2027`,
      sessionId: ids.session,
      metierId: ids[key],
    });
  }
  ids.niveau = (
    await r.created('/api/niveaux-scolarisation', { code: `${code}-CEP`, libelle: 'CEP', rang: 1 })
  ).id;
  ids.depot = (
    await r.created('/api/centres-depot', {
      code: `${code}-DEP`,
      libelle: 'Dépôt de Yaoundé',
      departementId: ids.mfoundi,
    })
  ).id;
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
        capacite: 500,
      })
    ).id;
  ids.theo = (
    await r.created('/api/epreuves', {
      code: `${code}-THEO`,
      libelle: 'Épreuve théorique',
      examenId: ids.examen,
      coefficient: 1,
      noteMax: 20,
      typeEpreuve: 'ecrite',
    })
  ).id;
  ids.prat = (
    await r.created('/api/epreuves', {
      code: `${code}-PRAT`,
      libelle: 'Pratique de coiffure',
      examenId: ids.examen,
      metierId: ids.coif,
      coefficient: 2,
      noteMax: 40,
      typeEpreuve: 'pratique',
    })
  ).id;
  const candidates: ExamCandidate[] = [];
  let position = '0';
  for (let i = 0; i < count; i += 1) {
    const metier = i % 2 === 0 ? 'elec' : 'coif';
    const site = i % 3 === 2 ? 'douala' : 'lycee';
    const nom = ['Mballa', 'Ngono', 'Étoundi', 'Fotso'][i % 4]!;
    const prenoms = `${FIRST[i % FIRST.length]} ${['Marie', 'Paul', 'Ange'][Math.floor(i / 8) % 3]}`;
    const answer = await r.created('/api/candidatures', {
      sessionId: ids.session,
      metierId: ids[metier],
      centreDepotId: ids.depot,
      categorie: 'libre',
      nom,
      prenoms,
      sexe: i % 2 ? 'M' : 'F',
      dateNaissance: `${1970 + i}-03-${String(1 + (i % 28)).padStart(2, '0')}`,
      lieuNaissance: 'Bafoussam',
      nationalite: 'Camerounaise',
      telephone: '699 11 22 33',
      niveauId: ids.niveau,
    });
    const submitted = await r.ok(
      `/api/candidatures/${answer.id}/soumettre`,
      undefined,
      answer.revision,
    );
    const valid = await r.ok(
      `/api/candidatures/${answer.id}/valider`,
      undefined,
      submitted.revision,
    );
    const allocated = await r.ok(
      `/api/candidatures/${answer.id}/affecter`,
      { siteId: ids[site] },
      valid.revision,
    );
    position = allocated.position;
    candidates.push({ id: answer.id, numeroCandidat: '', nom, prenoms, metier, site });
  }
  for (const c of candidates)
    c.numeroCandidat = (
      await r.read<{ numeroCandidat: string }>(`/api/candidatures/${c.id}`, position)
    ).numeroCandidat;
  for (const statut of ['inscriptions-closes', 'composition']) {
    const advanced = await r.ok(
      `/api/sessions/${ids.session}/avancer`,
      { statut },
      sessionRevision,
    );
    sessionRevision = advanced.revision;
    position = advanced.position;
  }
  return { ids, candidates, position };
};

export type { TestApp };
