import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ALLOCATION_LOCKED,
  PLAN_CHANGED,
  SYSTEM_ACTOR,
  siteFullMessage,
} from '@examens-pro/domain';
import { allocationCommands } from '@examens-pro/application';
import { pdfText } from '@examens-pro/workers/testing/pdfText';
import ExcelJS from 'exceljs';
import { simpleParser } from 'mailparser';
import { writeFileSync } from 'node:fs';
import { requests } from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * Allocation to composition sites over HTTP: by hand (capacity under concurrency, idempotence,
 * move, de-allocation, accessible sites, numbers kept), the sites' capacity guarded, the automatic
 * allocation (preview, apply, apply again, new validations), the lock at composition, the bilan.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let affecteur: Agent;
let enroleur: Agent;

interface Answer {
  id: string;
  revision: number;
  position: string;
}
interface Dossier {
  id: string;
  version: number;
  statut: string;
  siteId: string | null;
  numeroCandidat: string | null;
  numeroTable: number | null;
  /** « Nom Prénoms »: a list's row carries the name so (its list fields), not the identity. */
  libelle: string;
  metierId: string;
}

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const ids: Record<string, string> = {};
const revisions: Record<string, number> = {};

const post = (as: Agent, url: string, payload?: unknown, revision?: number) =>
  requests(as).post(url, payload, revision);
const created = (url: string, payload: Record<string, unknown>, as = admin) =>
  requests(as).created(url, payload);
const read = <T>(url: string, position?: string, as = admin) => requests(as).read<T>(url, position);
const dossier = (id: string, position?: string) =>
  read<Dossier>(`/api/candidatures/${id}`, position);

let n = 0;
let lastPosition: string | undefined;
/** A dossier created, submitted and validated; answers its id (its revision kept in `revisions`). */
const validated = async (
  more: { nom?: string; metier?: string; centre?: string; handicapId?: string } = {},
) => {
  n += 1;
  const answer = await created('/api/candidatures', {
    sessionId: ids.session,
    metierId: ids[more.metier ?? 'elec'],
    centreDepotId: ids[more.centre ?? 'depotYaounde'],
    categorie: 'libre',
    nom: more.nom ?? 'Mballa',
    prenoms: `${['Alain', 'Brice', 'Carine', 'Denis', 'Estelle', 'Fabrice', 'Gisèle'][n % 7]} ${['Marie', 'Paul', 'Ange', 'Luc', 'Rose'][Math.floor(n / 7) % 5]}`,
    sexe: n % 2 ? 'M' : 'F',
    dateNaissance: `${1960 + (n % 30)}-${String(1 + (Math.floor(n / 30) % 12)).padStart(2, '0')}-${String(1 + (Math.floor(n / 360) % 28)).padStart(2, '0')}`,
    lieuNaissance: 'Bafoussam',
    nationalite: 'Camerounaise',
    telephone: '699 11 22 33',
    niveauId: ids.niveau,
    ...(more.handicapId ? { handicapId: more.handicapId } : {}),
  });
  const submitted = await post(
    admin,
    `/api/candidatures/${answer.id}/soumettre`,
    undefined,
    answer.revision,
  );
  expect(submitted.statusCode).toBe(200);
  const valid = await post(
    admin,
    `/api/candidatures/${answer.id}/valider`,
    undefined,
    submitted.json<Answer>().revision,
  );
  expect({ status: valid.statusCode, body: valid.statusCode === 200 ? '' : valid.body }).toEqual({
    status: 200,
    body: '',
  });
  revisions[answer.id] = valid.json<Answer>().revision;
  lastPosition = valid.json<Answer>().position;
  return answer.id;
};
const allocate = (id: string, site: string, as = affecteur) =>
  post(as, `/api/candidatures/${id}/affecter`, { siteId: ids[site] }, revisions[id]);
const kept = (response: { statusCode: number; json: <T>() => T }, id: string) => {
  if (response.statusCode === 200) revisions[id] = response.json<Answer>().revision;
  return response;
};
const siteRows = async (position?: string) =>
  (
    await read<{
      rows: { id: string; site: string; capacite: number; affectes: number; libres: number }[];
    }>(`/api/bilan-affectation?sessionId=${ids.session}&niveau=site`, position)
  ).rows;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  const departement = async (name: string) =>
    (await read<{ id: string }[]>(`/api/departements?filter=${enc({ q: name })}`))[0]!.id;
  ids.mfoundi = await departement('Mfoundi');
  ids.wouri = await departement('Wouri');
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
  const advanced = await post(
    admin,
    `/api/sessions/${session.id}/avancer`,
    { statut: 'inscriptions-ouvertes' },
    session.revision,
  );
  expect(advanced.statusCode).toBe(200);
  revisions.session = advanced.json<Answer>().revision;
  await created('/api/parametres-edition', {
    code: 'PE-CQP27',
    libelle: 'Paramètres CQP 2027',
    sessionId: ids.session,
    dateLimiteModification: '2099-12-31',
    prefixeDossier: 'CQP27',
  });
  for (const [key, code, libelle] of [
    ['elec', 'ELEC', 'Électricité'],
    ['coif', 'COIF', 'Coiffure'],
  ] as const) {
    ids[key] = (await created('/api/metiers', { code, libelle })).id;
    await created('/api/metiers-ouverts', {
      code: `MO-${code}`,
      libelle: `${libelle} 2027`,
      sessionId: ids.session,
      metierId: ids[key],
    });
  }
  ids.niveau = (
    await created('/api/niveaux-scolarisation', { code: 'CEP', libelle: 'CEP', rang: 1 })
  ).id;
  ids.depotYaounde = (
    await created('/api/centres-depot', {
      code: 'DEP-YDE',
      libelle: 'Dépôt de Yaoundé',
      departementId: ids.mfoundi,
    })
  ).id;
  ids.depotDouala = (
    await created('/api/centres-depot', {
      code: 'DEP-DLA',
      libelle: 'Dépôt de Douala',
      departementId: ids.wouri,
    })
  ).id;
  ids.ceYaounde = (
    await created('/api/centres-examen', {
      code: 'CE-YDE',
      libelle: 'Centre de Yaoundé',
      departementId: ids.mfoundi,
    })
  ).id;
  ids.ceDouala = (
    await created('/api/centres-examen', {
      code: 'CE-DLA',
      libelle: 'Centre de Douala',
      departementId: ids.wouri,
    })
  ).id;
  const site = async (
    key: string,
    code: string,
    libelle: string,
    centre: string,
    capacite: number,
    accessible = false,
  ) => {
    const answer = await created('/api/sites-composition', {
      code,
      libelle,
      centreExamenId: ids[centre],
      capacite,
      accessible,
    });
    ids[key] = answer.id;
    revisions[key] = answer.revision;
  };
  await site('lycee', 'S-LYC', 'Lycée de Yaoundé', 'ceYaounde', 10);
  await site('rampe', 'S-RAM', 'Collège accessible', 'ceYaounde', 2, true);
  await site('douala', 'S-DLA', 'Lycée de Douala', 'ceDouala', 5);
  ids.moteur = (
    await created('/api/types-handicap', {
      code: 'MOT',
      libelle: 'Handicap moteur',
      amenagement: 'Salle de plain-pied',
      siteAccessibleRequis: true,
    })
  ).id;
  // The épreuves of the examen: every métier's written paper the first day, Coiffure's practical
  // one the next afternoon.
  await created('/api/epreuves', {
    code: 'THEO',
    libelle: 'Épreuve théorique',
    examenId: ids.examen,
    coefficient: 1,
    noteMax: 20,
    typeEpreuve: 'ecrite',
    jour: 1,
    heureDebut: '08:00',
    duree: 180,
  });
  await created('/api/epreuves', {
    code: 'PRAT-COIF',
    libelle: 'Pratique de coiffure',
    examenId: ids.examen,
    metierId: ids.coif,
    coefficient: 2,
    noteMax: 20,
    typeEpreuve: 'pratique',
    jour: 2,
    heureDebut: '13:30',
    duree: 240,
  });
  // Where the Mfoundi's lists are sent (« E-mails par département »).
  await created('/api/emails-departements', {
    code: 'MAIL-MFOUNDI',
    libelle: 'Délégation du Mfoundi',
    departementId: ids.mfoundi,
    emails: 'listes.mfoundi@minefop.test; chef.mfoundi@minefop.test',
  });
  affecteur = await t.userWith(['affectation.affecter'], 'affecteur@test.local');
  enroleur = await t.userWith(
    ['candidat.enregistrer', 'candidat.modifier', 'candidat.lister-inscrits'],
    'enroleur@test.local',
  );
}, 120_000);
afterAll(async () => t.close());

describe('allocation by hand', () => {
  it('never exceeds a site’s capacity: 50 concurrent allocations into 10 seats, exactly 10 succeed', async () => {
    const dossiers: string[] = [];
    for (let i = 0; i < 50; i += 1) dossiers.push(await validated());
    const answers = await Promise.all(
      dossiers.map((id) => allocate(id, 'lycee').then((r) => kept(r, id))),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(
      new Set(refused.map((r) => `${r.statusCode} ${r.json<{ message: string }>().message}`)),
    ).toEqual(new Set([`409 ${siteFullMessage('Lycée de Yaoundé', 0)}`]));
    const last = ok
      .map((r) => r.json<Answer>().position)
      .sort((a, b) => Number(BigInt(a) - BigInt(b)))
      .pop();
    const seated = (await Promise.all(dossiers.map((id) => dossier(id, last)))).filter(
      (d) => d.statut === 'affecte',
    );
    expect(seated).toHaveLength(10);
    expect(seated.map((d) => d.numeroTable).sort((a, b) => a! - b!)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(new Set(seated.map((d) => d.numeroCandidat)).size).toBe(10);
    for (const d of seated) expect(d.numeroCandidat).toMatch(/^ELEC-\d{5}$/);
    expect((await siteRows(last)).find((r) => r.id === ids.lycee)).toMatchObject({
      capacite: 10,
      affectes: 10,
      libres: 0,
    });
    // The refused ones are still waiting: de-allocate them all again for the next tests.
    ids.refusedSample = dossiers.find((id) => !seated.some((d) => d.id === id))!;
    for (const d of seated) {
      const r = kept(
        await post(affecteur, `/api/candidatures/${d.id}/desaffecter`, undefined, revisions[d.id]),
        d.id,
      );
      expect(r.statusCode).toBe(200);
    }
  }, 120_000);

  it('two processes allocating into one site together still never exceed it', async () => {
    const dossiers: string[] = [];
    for (let i = 0; i < 12; i += 1) dossiers.push(await validated({ nom: 'Deuxprocess' }));
    await created(`/api/sites-composition`, {
      code: 'S-PAR',
      libelle: 'Annexe',
      centreExamenId: ids.ceYaounde,
      capacite: 5,
    }).then((a) => (ids.annexe = a.id));
    const [one, two] = [allocationCommands(t.eventStore), allocationCommands(t.eventStore)];
    const context = (i: number) => ({
      actor: SYSTEM_ACTOR,
      now: new Date().toISOString(),
      commandId: `test-par-${i}`,
    });
    const outcomes = await Promise.allSettled(
      dossiers.map((id, i) =>
        (i % 2 ? one : two).allocate(id, ids.annexe!, revisions[id]!, null, context(i)),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const { seats } = await one.seats.read(ids.annexe!);
    expect(seats.get(ids.session!)?.size).toBe(5);
    for (const [i, o] of outcomes.entries())
      if (o.status === 'fulfilled') revisions[dossiers[i]!] = o.value.revision;
    for (const [i, o] of outcomes.entries())
      if (o.status === 'fulfilled')
        kept(
          await post(
            affecteur,
            `/api/candidatures/${dossiers[i]}/desaffecter`,
            undefined,
            revisions[dossiers[i]!],
          ),
          dossiers[i]!,
        );
  }, 60_000);

  it('allocating again changes nothing; a move changes the site and table, never the candidate number', async () => {
    const id = await validated({ nom: 'Abanda' });
    const first = kept(await allocate(id, 'lycee'), id);
    expect(first.statusCode).toBe(200);
    const before = await dossier(id, first.json<Answer>().position);
    expect(before).toMatchObject({ statut: 'affecte', siteId: ids.lycee, numeroTable: 1 });
    const again = kept(await allocate(id, 'lycee'), id);
    expect(again.statusCode).toBe(200);
    expect(again.json<Answer>().revision).toBe(first.json<Answer>().revision);
    const moved = kept(await allocate(id, 'douala'), id);
    expect(moved.statusCode).toBe(200);
    const after = await dossier(id, moved.json<Answer>().position);
    expect(after).toMatchObject({
      statut: 'affecte',
      siteId: ids.douala,
      numeroTable: 1,
      numeroCandidat: before.numeroCandidat,
    });
    const rows = await siteRows(moved.json<Answer>().position);
    expect(rows.find((r) => r.id === ids.lycee)?.affectes).toBe(0);
    expect(rows.find((r) => r.id === ids.douala)?.affectes).toBe(1);
    // De-allocation frees the seat; the number stays the candidate's.
    const freed = kept(
      await post(affecteur, `/api/candidatures/${id}/desaffecter`, undefined, revisions[id]),
      id,
    );
    expect(freed.statusCode).toBe(200);
    const out = await dossier(id, freed.json<Answer>().position);
    expect(out).toMatchObject({
      statut: 'valide',
      siteId: null,
      numeroTable: null,
      numeroCandidat: before.numeroCandidat,
    });
    expect(
      (await siteRows(freed.json<Answer>().position)).find((r) => r.id === ids.douala)?.affectes,
    ).toBe(0);
    const back = kept(await allocate(id, 'lycee'), id);
    expect((await dossier(id, back.json<Answer>().position)).numeroCandidat).toBe(
      before.numeroCandidat,
    );
    const history = await read<
      { action: string; changes: { label: string; before: unknown; after: unknown }[] }[]
    >(`/api/candidatures/${id}/historique`);
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['Affectation à un site', 'Désaffectation']),
    );
    ids.seatedAbanda = id;
  }, 60_000);

  it('a handicap that requires an accessible site is honoured', async () => {
    const id = await validated({ nom: 'Fauteuil', handicapId: ids.moteur });
    const refused = await allocate(id, 'lycee');
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
      status: 409,
      message:
        'Le handicap de ce candidat (« Handicap moteur ») exige un site accessible : le site « Lycée de Yaoundé » ne l’est pas.',
    });
    expect(kept(await allocate(id, 'rampe'), id).statusCode).toBe(200);
    ids.fauteuil = id;
  }, 30_000);

  it('is refused without the permission, and to a site that does not exist', async () => {
    const id = ids.refusedSample!;
    expect((await allocate(id, 'lycee', enroleur)).statusCode).toBe(403);
    const unknown = await post(
      affecteur,
      `/api/candidatures/${id}/affecter`,
      { siteId: 'inconnu' },
      revisions[id],
    );
    expect({ status: unknown.statusCode, message: unknown.json().message }).toEqual({
      status: 400,
      message: 'Ce site de composition est introuvable.',
    });
    // Nor the preview, the bilan or the lists' spreadsheets, to whoever lacks their permission.
    for (const url of [
      `/api/affectations-automatiques/apercu?sessionId=${ids.session}`,
      `/api/bilan-affectation?sessionId=${ids.session}`,
      `/api/bilan-affectation/export.csv?sessionId=${ids.session}`,
    ])
      expect({ url, status: (await enroleur.inject({ method: 'GET', url })).statusCode }).toEqual({
        url,
        status: 403,
      });
    const lists = `/api/liste-examen/liste-emargement.xlsx?sessionId=${ids.session}&siteId=${ids.lycee}`;
    expect((await affecteur.inject({ method: 'GET', url: lists })).statusCode).toBe(403);
    const none = await post(affecteur, `/api/candidatures/${id}/affecter`, {}, revisions[id]);
    expect(none.statusCode).toBe(400);
  });

  it('a site’s capacity cannot drop below its seated candidates, nor the site be deactivated', async () => {
    const site = await read<{ version: number }>(`/api/sites-composition/${ids.rampe}`);
    const lower = await admin.inject({
      method: 'PUT',
      url: `/api/sites-composition/${ids.rampe}`,
      payload: {
        code: 'S-RAM',
        libelle: 'Collège accessible',
        centreExamenId: ids.ceYaounde,
        capacite: 0,
        accessible: true,
      },
      headers: { 'if-match': `W/"${site.version}"` },
    });
    expect(lower.statusCode).toBe(400); // capacity ≥ 1 by the list's own rule
    const ok = await admin.inject({
      method: 'PUT',
      url: `/api/sites-composition/${ids.rampe}`,
      payload: {
        code: 'S-RAM',
        libelle: 'Collège accessible',
        centreExamenId: ids.ceYaounde,
        capacite: 1,
        accessible: true,
      },
      headers: { 'if-match': `W/"${site.version}"` },
    });
    expect(ok.statusCode).toBe(200);
    const lycee = await read<{ version: number }>(`/api/sites-composition/${ids.lycee}`);
    const deactivate = await post(
      admin,
      `/api/sites-composition/${ids.lycee}/desactiver`,
      undefined,
      lycee.version,
    );
    expect({ status: deactivate.statusCode, message: deactivate.json().message }).toEqual({
      status: 409,
      message:
        'Ce site ne peut pas être désactivé ni supprimé : 1 candidat y est affecté pour une session en cours.',
    });
    const full = await post(
      affecteur,
      `/api/candidatures/${ids.refusedSample}/affecter`,
      { siteId: ids.rampe },
      revisions[ids.refusedSample!],
    );
    expect({ status: full.statusCode, message: full.json().message }).toEqual({
      status: 409,
      message: siteFullMessage('Collège accessible', 0),
    });
    // Three seated in Douala: its capacity may go down to 3, not below.
    const three: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await validated({ nom: 'Temporaire' });
      expect(kept(await allocate(id, 'douala'), id).statusCode).toBe(200);
      three.push(id);
    }
    const douala = await read<{ version: number }>(`/api/sites-composition/${ids.douala}`);
    const payload = (capacite: number) => ({
      code: 'S-DLA',
      libelle: 'Lycée de Douala',
      centreExamenId: ids.ceDouala,
      capacite,
    });
    const shrink = await admin.inject({
      method: 'PUT',
      url: `/api/sites-composition/${ids.douala}`,
      payload: payload(2),
      headers: { 'if-match': `W/"${douala.version}"` },
    });
    expect({ status: shrink.statusCode, message: shrink.json().message }).toEqual({
      status: 409,
      message:
        'La capacité de ce site ne peut pas descendre sous ses candidats affectés : 3 candidats y sont affectés pour une session en cours.',
    });
    for (const id of three) {
      const r = kept(
        await post(affecteur, `/api/candidatures/${id}/desaffecter`, undefined, revisions[id]),
        id,
      );
      expect(r.statusCode).toBe(200);
      // Back out of the automatic allocation's way.
      expect(
        (await post(admin, `/api/candidatures/${id}/desister`, undefined, revisions[id]))
          .statusCode,
      ).toBe(200);
    }
  }, 30_000);
});

describe('automatic allocation', () => {
  let empreinte: string;
  it('previews then applies: département first, métier and name order, numbers and tables, every change in the history', async () => {
    // Room for everyone; Douala's 7 candidates for its 5 seats: the last 2 by name go elsewhere.
    await created('/api/sites-composition', {
      code: 'S-PAL',
      libelle: 'Palais des sports',
      centreExamenId: ids.ceYaounde,
      capacite: 100,
    });
    for (const nom of ['Zambo', 'Bell', 'Akwa', 'Ndoye', 'Manga', 'Eboa', 'Kotto'])
      await validated({ nom, centre: 'depotDouala', metier: 'coif' });
    await validated({ nom: 'Owona', metier: 'coif' });
    const preview = await read<{
      empreinte: string;
      candidats: number;
      places: number;
      nonPlacesTotal: number;
      sites: {
        siteId: string;
        affectes: number;
        occupes: number;
        capacite: number;
        libres: number;
        metiers: { libelle: string; candidats: number }[];
      }[];
    }>(`/api/affectations-automatiques/apercu?sessionId=${ids.session}`, lastPosition, affecteur);
    expect(preview.candidats).toBeGreaterThan(40);
    const douala = preview.sites.find((s) => s.siteId === ids.douala)!;
    expect(douala).toMatchObject({ capacite: 5, occupes: 0, affectes: 5, libres: 0 });
    expect(douala.metiers).toEqual([{ id: ids.coif, libelle: 'Coiffure', candidats: 5 }]);
    for (const s of preview.sites) expect(s.occupes + s.affectes).toBeLessThanOrEqual(s.capacite);
    empreinte = preview.empreinte;
    const stale = await post(affecteur, '/api/affectations-automatiques', {
      sessionId: ids.session,
      empreinte: '0000000000000000',
    });
    expect({ status: stale.statusCode, message: stale.json().message }).toEqual({
      status: 409,
      message: PLAN_CHANGED,
    });
    const run = await created(
      '/api/affectations-automatiques',
      { sessionId: ids.session, empreinte },
      affecteur,
    );
    let progress = await read<{
      statut: string;
      places: number;
      candidats: number;
      progression: number;
    }>(`/api/affectations-automatiques/${run.id}`, run.position, affecteur);
    for (let i = 0; i < 200 && progress.statut !== 'terminee'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      progress = await read(`/api/affectations-automatiques/${run.id}`, undefined, affecteur);
    }
    expect(progress).toMatchObject({
      statut: 'terminee',
      progression: 100,
      places: preview.places,
    });
    // Douala's five seats went to Douala's candidates in name order, tables 1 to 5.
    const { items } = {
      items: await read<Dossier[]>(
        `/api/candidatures?filter=${enc({ sessionId: ids.session, siteId: ids.douala })}&sort=${enc(['numeroTable', 'ASC'])}&range=${enc([0, 20])}`,
      ),
    };
    expect(items.map((d) => [d.libelle.split(' ')[0], d.numeroTable])).toEqual([
      ['Akwa', 1],
      ['Bell', 2],
      ['Eboa', 3],
      ['Kotto', 4],
      ['Manga', 5],
    ]);
    const numbers = items.map((d) => d.numeroCandidat!);
    expect([...numbers].sort()).toEqual(numbers);
    for (const num of numbers) expect(num).toMatch(/^COIF-\d{5}$/);
    const history = await read<{ action: string }[]>(
      `/api/candidatures/${items[0]!.id}/historique`,
    );
    expect(history.map((h) => h.action)).toContain('Affectation à un site');
    ids.doualaFirst = items[0]!.id;
    ids.doualaFirstNumber = items[0]!.numeroCandidat!;
  }, 120_000);

  it('applying again places nobody; after new validations only the new ones are placed, numbers unchanged', async () => {
    const again = await read<{ candidats: number; places: number }>(
      `/api/affectations-automatiques/apercu?sessionId=${ids.session}`,
      undefined,
      affecteur,
    );
    expect(again).toMatchObject({ candidats: 0, places: 0 });
    const newcomer = await validated({ nom: 'Nouveau', centre: 'depotDouala', metier: 'coif' });
    const preview = await read<{ candidats: number; empreinte: string; places: number }>(
      `/api/affectations-automatiques/apercu?sessionId=${ids.session}`,
      lastPosition,
      affecteur,
    );
    expect(preview.candidats).toBe(1);
    const run = await created(
      '/api/affectations-automatiques',
      { sessionId: ids.session, empreinte: preview.empreinte },
      affecteur,
    );
    let progress = await read<{ statut: string; places: number }>(
      `/api/affectations-automatiques/${run.id}`,
      run.position,
      affecteur,
    );
    for (let i = 0; i < 200 && progress.statut !== 'terminee'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      progress = await read(`/api/affectations-automatiques/${run.id}`, undefined, affecteur);
    }
    expect(progress).toMatchObject({ statut: 'terminee', places: 1 });
    const placed = await dossier(newcomer);
    expect(placed.statut).toBe('affecte');
    expect((await dossier(ids.doualaFirst!)).numeroCandidat).toBe(ids.doualaFirstNumber);
  }, 60_000);

  it('is locked once the session reaches composition', async () => {
    const id = await validated({ nom: 'Retardataire' });
    for (const statut of ['inscriptions-closes', 'composition']) {
      const r = await post(
        admin,
        `/api/sessions/${ids.session}/avancer`,
        { statut },
        revisions.session,
      );
      expect(r.statusCode).toBe(200);
      revisions.session = r.json<Answer>().revision;
    }
    const refused = await allocate(id, 'lycee');
    expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
      status: 409,
      message: ALLOCATION_LOCKED,
    });
    const freeing = await post(
      affecteur,
      `/api/candidatures/${ids.fauteuil}/desaffecter`,
      undefined,
      revisions[ids.fauteuil!],
    );
    expect(freeing.statusCode).toBe(409);
  }, 30_000);

  it('the bilan counts per site and per zone, and exports', async () => {
    const rows = await siteRows();
    const total = rows[rows.length - 1]!;
    expect(total.affectes).toBe(rows.slice(0, -1).reduce((sum, r) => sum + r.affectes, 0));
    for (const r of rows) expect(r.libres).toBe(Math.max(0, r.capacite - r.affectes));
    const csv = await affecteur.inject({
      method: 'GET',
      url: `/api/bilan-affectation/export.csv?sessionId=${ids.session}&niveau=zone`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Zone;Capacité;Affectés;Places libres');
  });
});

describe('exam lists', () => {
  const generated = async (payload: Record<string, unknown>) => {
    const requested = await post(affecteurLists(), '/api/documents', payload);
    expect({
      status: requested.statusCode,
      body: requested.statusCode === 201 ? '' : requested.body,
    }).toEqual({
      status: 201,
      body: '',
    });
    const { id, position } = requested.json<Answer>();
    let state = await read<{ statut: string }>(`/api/documents/${id}/progression`, position);
    for (let i = 0; i < 400 && state.statut === 'demande'; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      state = await read<{ statut: string }>(`/api/documents/${id}/progression`);
    }
    expect(state.statut).toBe('genere');
    const file = await admin.inject({ method: 'GET', url: `/api/documents/${id}/fichier` });
    expect(file.statusCode).toBe(200);
    // KEEP_PDF=<folder>: the files are kept there, to be looked at.
    if (process.env.KEEP_PDF) writeFileSync(`${process.env.KEEP_PDF}/${id}.pdf`, file.rawPayload);
    return {
      id,
      pages: pdfText(file.rawPayload),
      disposition: String(file.headers['content-disposition']),
    };
  };
  let lists: Agent | undefined;
  const affecteurLists = () => lists!;

  it('makes the attendance list of a site in table order, and the door list in name order', async () => {
    lists = await t.userWith(['candidat.lister-inscrits-examen'], 'listes@test.local');
    const emargement = await generated({
      kind: 'liste-emargement',
      cible: { sessionId: ids.session, siteId: ids.douala },
    });
    expect(emargement.disposition).toContain('liste-emargement-lycee-de-douala.pdf');
    const [page] = emargement.pages;
    expect(page).toContain('Liste d’émargement');
    expect(page).toContain('CQP 2027 — Lycée de Douala');
    expect(page).toContain('Lycée de Douala — Centre de Douala');
    for (const header of [
      'N° candidat',
      'Table',
      'Nom et prénoms',
      'Né(e) le',
      'Métier',
      'Signature',
    ])
      expect(page).toContain(header);
    const order = ['Akwa', 'Bell', 'Eboa', 'Kotto', 'Manga'].map((nom) => page!.indexOf(nom));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page).toMatch(/COIF-\d{5}/);
    const porte = await generated({
      kind: 'liste-porte',
      cible: { sessionId: ids.session, siteId: ids.douala },
    });
    expect(porte.pages[0]).toContain('Liste de porte');
    // Posted at the door: its file names its site and its session.
    expect(porte.disposition).toContain('liste-de-porte-lycee-de-douala-cqp-2027.pdf');
  }, 60_000);

  it('merges a département’s sites, each on pages of its own; refuses a request without a target', async () => {
    const merged = await generated({
      kind: 'liste-emargement',
      cible: { sessionId: ids.session, departementId: ids.mfoundi },
    });
    const headings = merged.pages.map((p) =>
      ['Collège accessible', 'Lycée de Yaoundé', 'Palais des sports'].find((name) =>
        p.includes(`${name} — Centre de Yaoundé`),
      ),
    );
    expect(headings.filter(Boolean)).toEqual(
      expect.arrayContaining(['Collège accessible', 'Palais des sports']),
    );
    expect(merged.pages[0]).toContain('Département : Mfoundi');
    // The département's addresses received it: in the embedded mode, a message in the outbox.
    // Sent right after it is generated: its read model shows it a moment later.
    let doc = await read<{ envoyeA?: string[]; envoi?: string }>(`/api/documents/${merged.id}`);
    for (let i = 0; i < 100 && !doc.envoyeA; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      doc = await read(`/api/documents/${merged.id}`);
    }
    expect(doc).toMatchObject({
      envoyeA: ['listes.mfoundi@minefop.test', 'chef.mfoundi@minefop.test'],
      envoi: 'boite-envoi',
    });
    const eml = await lists!.inject({ method: 'GET', url: `/api/documents/${merged.id}/courriel` });
    expect(eml.statusCode).toBe(200);
    const mail = await simpleParser(eml.rawPayload);
    expect(mail.subject).toBe('Liste d’émargement — Département : Mfoundi');
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      'liste-emargement-departement-mfoundi.pdf',
    ]);
    // Requested, generated, sent: once.
    const events = await t.eventStore.readStream(`documents-${merged.id}`);
    expect(events.map((e) => e.type)).toEqual([
      'DocumentRequested',
      'DocumentGenerated',
      'DocumentSent',
    ]);
    const bad = await post(lists!, '/api/documents', {
      kind: 'liste-emargement',
      cible: { sessionId: ids.session },
    });
    expect({ status: bad.statusCode, message: bad.json().message }).toEqual({
      status: 400,
      message:
        'Choisissez la session et un site de composition, un centre d’examen ou un département.',
    });
    expect(
      (
        await post(affecteur, '/api/documents', {
          kind: 'liste-porte',
          cible: { sessionId: ids.session, siteId: ids.douala },
        })
      ).statusCode,
    ).toBe(403);
  }, 60_000);

  it('makes the convocations of a site, one page per candidate, and of one candidate', async () => {
    const site = await generated({
      kind: 'convocations',
      cible: { sessionId: ids.session, siteId: ids.douala },
    });
    expect(site.pages).toHaveLength(5);
    const akwa = site.pages[0]!;
    for (const text of [
      'CONVOCATION',
      'CQP — CQP 2027',
      'Akwa',
      'Numéro de candidat',
      'Lycée de Douala',
      'Centre de Douala',
      'Numéro de table',
      'Épreuve théorique',
      '14/06/2027',
      '08 h 00',
      '3 h 00',
      'Pratique de coiffure',
      '15/06/2027',
      '13 h 30',
      'À apporter',
    ])
      expect({ text, found: akwa.includes(text) }).toEqual({ text, found: true });
    expect(akwa).toMatch(/COIF-\d{5}/);
    expect(site.pages[4]).toContain('Manga');
    const one = await generated({
      kind: 'convocations',
      cible: { sessionId: ids.session, candidatureId: ids.seatedAbanda },
    });
    expect(one.pages).toHaveLength(1);
    expect(one.pages[0]).toContain('Abanda');
    expect(one.pages[0]).not.toContain('Pratique de coiffure');
    expect(one.disposition).toContain('convocations-abanda-');
  }, 60_000);

  it('gives the same list as a spreadsheet', async () => {
    const query = `sessionId=${ids.session}&siteId=${ids.douala}`;
    const xlsx = await lists!.inject({
      method: 'GET',
      url: `/api/liste-examen/liste-emargement.xlsx?${query}`,
    });
    expect(xlsx.statusCode).toBe(200);
    // `/api/listes-examen` is the alias of an earlier spelling: the same file.
    const alias = await lists!.inject({
      method: 'GET',
      url: `/api/listes-examen/liste-emargement.xlsx?${query}`,
    });
    expect(alias.statusCode).toBe(200);
    expect(alias.headers['content-type']).toBe(xlsx.headers['content-type']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining([
        'Site de composition',
        'N° candidat',
        'Table',
        'Nom et prénoms',
        'Signature',
      ]),
    );
    const names = [2, 3, 4, 5, 6].map((r) => String(sheet.getRow(r).getCell(4).value));
    expect(names.map((n) => n.split(' ')[0])).toEqual(['Akwa', 'Bell', 'Eboa', 'Kotto', 'Manga']);
  });

  it('« Liste d’examen » lists the allocated candidates only, with their numbers', async () => {
    const rows = await read<{ statut: string; numeroCandidat: string; siteId: string }[]>(
      `/api/liste-examen?filter=${enc({ sessionId: ids.session, siteId: ids.douala })}&range=${enc([0, 50])}`,
      undefined,
      lists!,
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).toMatchObject({ statut: 'affecte', siteId: ids.douala });
    const validOnly = await read<unknown[]>(
      `/api/liste-examen?filter=${enc({ sessionId: ids.session, statut: 'valide' })}`,
      undefined,
      lists!,
    );
    expect(validOnly).toEqual([]);
  });
});
