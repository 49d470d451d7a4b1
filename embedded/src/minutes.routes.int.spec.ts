import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfText } from '@examens-pro/workers/testing/pdfText';
import { startTestApp, type Agent } from './testApp.js';
import {
  deliberatingSession,
  requests,
  type DeliberationFixture,
  type Reply,
} from './examFixture.js';

/**
 * Minutes and the visibility of results over HTTP: a PV is
 * made of a closed jury's frozen results only, lists every candidate of its jury in its centre with
 * the right result (« décision du jury » where the jury decided), is archived version after version
 * with its SHA-256 (the first version's bytes and hash unchanged by the second), and is checked
 * again from its stored bytes; the results are made visible once every jury has closed. Every
 * route under its seed §6 permission.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let fx: DeliberationFixture;
let archiviste: Agent; // pv.archiver
let consultant: Agent; // pv.consulter
let deliberant: Agent; // deliberation.deliberer
let gestionnaire: Agent; // deliberation.visibilite-resultats
let autre: Agent; // none of these

let position = '0';
const track = (response: Reply) => {
  if (response.statusCode < 300) position = response.json<{ position: string }>().position;
  return response;
};
const c = (i: number) => fx.candidates[i]!;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const pvCible = (centre: 'ceYaounde' | 'ceDouala') => ({
  sessionId: fx.ids.session,
  juryId: fx.juryId,
  centreExamenId: fx.ids[centre],
});

interface VersionDoc {
  id: string;
  numeroVersion: number;
  derniere: boolean;
  sha256: string;
  taille: number;
  fichier: string;
  documentId: string;
  archivePar: string;
  libelle: string;
  numeroArrete: string;
  dateArrete: string;
}
interface Integrity {
  integre: boolean;
  statut: string;
  sha256Attendu: string;
  sha256Calcule: string | null;
  message: string;
}
interface VisibilityState {
  visible: boolean;
  moyenneVisible: boolean;
  jurys: { id: string; libelle: string; close: boolean }[];
  toutesCloses: boolean;
}

/** Asks for a PV as `as`, waits for the workers; answers the document's id and bytes. */
const generate = async (as: Agent, centre: 'ceYaounde' | 'ceDouala') => {
  const requested = await requests(as).post('/api/documents', {
    kind: 'proces-verbal',
    cible: pvCible(centre),
  });
  expect(requested.statusCode).toBe(201);
  const { id, position: at } = requested.json<{ id: string; position: string }>();
  let state = await requests(as).read<{ statut: string; raison?: string }>(
    `/api/documents/${id}/progression`,
    at,
  );
  for (let i = 0; i < 400 && state.statut === 'demande'; i += 1) {
    await new Promise((r) => setTimeout(r, 50));
    state = await requests(as).read<{ statut: string; raison?: string }>(
      `/api/documents/${id}/progression`,
    );
  }
  expect(state).toEqual({ statut: 'genere', progression: 100 });
  const file = await as.inject({ method: 'GET', url: `/api/documents/${id}/fichier` });
  expect(file.statusCode).toBe(200);
  if (process.env.KEEP_PDF) writeFileSync(`${process.env.KEEP_PDF}/${id}.pdf`, file.rawPayload);
  return { id, bytes: file.rawPayload, text: pdfText(file.rawPayload).join('\n') };
};

const archive = async (as: Agent, documentId: string) =>
  track(await requests(as).post('/api/archives-pv', { documentId }));

const visibility = async (as: Agent, body: unknown) =>
  track(await requests(as).put(`/api/visibilites-resultats/${fx.ids.session}`, body));

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  // Six candidates: 0, 1, 3, 4 at the Centre de Yaoundé, 2 and 5 at the Centre de Douala; averages
  // 15, 7, 12, 16, 9, 11: 1 and 4 ajournés, the others admis.
  fx = await deliberatingSession(t, admin);
  position = fx.position;
  archiviste = await t.userWith(['pv.archiver'], 'archiviste@test.local', undefined, {
    nom: 'Nkolo',
    prenoms: 'Awa',
  });
  consultant = await t.userWith(['pv.consulter'], 'consultant@test.local');
  deliberant = await t.userWith(['deliberation.deliberer'], 'deliberant@test.local');
  gestionnaire = await t.userWith(
    ['deliberation.visibilite-resultats'],
    'visibilite@test.local',
    undefined,
    { nom: 'Tchana', prenoms: 'Rose' },
  );
  autre = await t.userWith(['note.lister', 'jury.lister'], 'autre@test.local');
}, 240_000);
afterAll(async () => t.close());

describe('before the jury closes', () => {
  it('refuses the PV (409) and the results’ visibility (409 naming the jury); nothing is written', async () => {
    const pv = await requests(deliberant).post('/api/documents', {
      kind: 'proces-verbal',
      cible: pvCible('ceYaounde'),
    });
    expect(pv.statusCode).toBe(409);
    expect(pv.json<{ message: string }>().message).toBe(
      'La délibération du jury « Jury national » n’est pas close : son procès-verbal se fait à partir des résultats arrêtés à la clôture.',
    );
    const refused = await visibility(gestionnaire, { visible: true, moyenneVisible: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'Les résultats ne sont rendus visibles qu’une fois tous les jurys de la session clos : le jury « Jury national » n’a pas encore clos sa délibération.',
    );
    expect(
      (await requests(gestionnaire).get(`/api/visibilites-resultats/${fx.ids.session}`, position))
        .statusCode,
    ).toBe(404);
    const state = await requests(gestionnaire).read<VisibilityState>(
      `/api/visibilites-resultats/${fx.ids.session}/jurys`,
      position,
    );
    expect(state).toMatchObject({
      visible: false,
      moyenneVisible: false,
      toutesCloses: false,
      jurys: [{ id: fx.juryId, libelle: 'Jury national', close: false }],
    });
    // Bad input: a French 400, nothing written.
    const bad = await visibility(gestionnaire, { visible: 'oui' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(
      'Indiquez si les résultats sont visibles (oui ou non).',
    );
    // A PV needs its jury and centre.
    const noJury = await requests(deliberant).post('/api/documents', {
      kind: 'proces-verbal',
      cible: { sessionId: fx.ids.session, centreExamenId: fx.ids.ceYaounde },
    });
    expect(noJury.statusCode).toBe(400);
  });

  it('lets the jury decide over a result, then close', async () => {
    track(
      await requests(admin).post(`/api/deliberations/${fx.juryId}/derogations`, {
        candidatureId: c(1).id,
        resultat: 'admis',
        motif: 'Rachat accordé par le jury',
      }),
    );
    track(await requests(admin).post(`/api/deliberations/${fx.juryId}/cloture`));
    const state = await requests(gestionnaire).read<VisibilityState>(
      `/api/visibilites-resultats/${fx.ids.session}/jurys`,
      position,
    );
    expect(state.jurys).toEqual([expect.objectContaining({ id: fx.juryId, close: true })]);
    expect(state.toutesCloses).toBe(true);
  });
});

describe('the PV of a closed jury', () => {
  let yaounde: Awaited<ReturnType<typeof generate>>;

  it('is asked for under « Archiver les procès-verbaux » or « Délibérer » only', async () => {
    for (const as of [autre, consultant, gestionnaire])
      expect(
        (
          await requests(as).post('/api/documents', {
            kind: 'proces-verbal',
            cible: pvCible('ceYaounde'),
          })
        ).statusCode,
      ).toBe(403);
    // A centre the jury does not cover, a jury of no such session: 400.
    const otherCentre = await requests(archiviste).post('/api/documents', {
      kind: 'proces-verbal',
      cible: { ...pvCible('ceYaounde'), centreExamenId: fx.ids.lycee },
    });
    expect(otherCentre.statusCode).toBe(400);
    const fromResults = await generate(deliberant, 'ceDouala');
    expect(fromResults.text).toContain('Centre de Douala');
    yaounde = await generate(archiviste, 'ceYaounde');
  });

  it('lists every candidate of its jury in its centre with the right result and rank, « décision du jury » where the jury decided', () => {
    const { text } = yaounde;
    expect(text).toContain('PROCÈS-VERBAL DE DÉLIBÉRATION');
    // Signed electronically (PAdES), said in the footer.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Signé électroniquement avec un certificat de démonstration (sans valeur probante)',
    );
    expect(text).toContain('Session : CQP 2027');
    expect(text).toContain('Jury : Jury national');
    expect(text).toContain('Centre d’examen : Centre de Yaoundé');
    expect(text).toContain('Arrêté n° 0042/MINEFOP du 10/07/2027');
    expect(text).toContain('Métier : Coiffure');
    expect(text).toContain('Métier : Électricité');
    expect(text).toContain('CQP-PRAT');
    // Douala's candidates are on their own centre's PV.
    for (const i of [2, 5]) expect(text).not.toContain(c(i).numeroCandidat);
    const rows = [0, 1, 3, 4]
      .map((i) => ({ i, at: text.indexOf(c(i).numeroCandidat) }))
      .sort((a, b) => a.at - b.at);
    expect(rows.every((r) => r.at >= 0)).toBe(true);
    const end = text.indexOf('Effectif');
    const line = (i: number) => {
      const k = rows.findIndex((r) => r.i === i);
      return text.slice(rows[k]!.at, rows[k + 1]?.at ?? end);
    };
    // Averages 15, 7 (ajourné, made admis by the jury), 16, 9; the jury's ranks over both centres.
    expect(line(0)).toMatch(/15,00/);
    expect(line(0)).toContain('Admis');
    expect(line(0)).not.toContain('décision du jury');
    expect(line(1)).toContain(`${c(1).nom.toUpperCase()} ${c(1).prenoms}`);
    expect(line(1)).toMatch(/7,00/);
    expect(line(1)).toContain('Admis (décision du jury)');
    expect(line(3)).toMatch(/16,00/);
    expect(line(3)).toContain('Admis');
    expect(line(4)).toMatch(/9,00/);
    expect(line(4)).toContain('Ajourné');
    expect(line(4)).not.toContain('Admis');
    // Ranks within the jury (both centres): 16 → 1, 15 → 2, 12 → 3, 11 → 4, 9 → 5, 7 → 6.
    for (const [i, rang] of [
      [3, 1],
      [0, 2],
      [4, 5],
      [1, 6],
    ] as const)
      expect(text).toMatch(new RegExp(`(^|\\D)${rang}\\s*${c(i).numeroCandidat}`));
    expect(text).toContain('Effectif : 4 — Admis : 3 — Ajournés : 1 — Éliminés : 0 — Absents : 0');
    expect(text).toContain('Rachat accordé par le jury');
    // The signature blocks: the president and the member, with their functions.
    expect(text).toContain('Le président du jury');
    expect(text).toContain('ONDOA Jean');
    expect(text).toContain('Président');
    expect(text).toContain('Membre du jury');
    expect(text).toContain('EKANI Berthe');
    expect(text).toContain('Examinateur');
    expect(text).toMatch(/Page 1 sur \d/);
  });

  it('is archived with its SHA-256 under « Archiver les procès-verbaux » only; a second archive is version 2, version 1 unchanged', async () => {
    for (const as of [consultant, deliberant, gestionnaire, autre])
      expect((await archive(as, yaounde.id)).statusCode).toBe(403);
    const missing = await archive(archiviste, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe(
      'Générez d’abord le procès-verbal à archiver.',
    );
    const first = await archive(archiviste, yaounde.id);
    expect(first.statusCode).toBe(201);
    const v1Id = first.json<{ id: string }>().id;
    expect(v1Id).toBe(`${fx.juryId}~${fx.ids.ceYaounde}~v1`);
    const v1 = await requests(consultant).read<VersionDoc>(`/api/archives-pv/${v1Id}`, position);
    expect(v1).toMatchObject({
      numeroVersion: 1,
      derniere: true,
      sha256: sha256(yaounde.bytes),
      taille: yaounde.bytes.length,
      documentId: yaounde.id,
      archivePar: 'Awa Nkolo',
      libelle: 'Jury national — Centre de Yaoundé',
      numeroArrete: '0042/MINEFOP',
      dateArrete: '2027-07-10',
    });
    expect(v1.fichier).toBe(`pv-archive-${v1.sha256}.pdf`);
    // The same generated document again: refused, nothing written.
    const again = await archive(archiviste, yaounde.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'Ce procès-verbal est déjà archivé (version 1) : générez-le à nouveau pour en archiver une nouvelle version.',
    );
    // Generated again and archived: version 2.
    const regenerated = await generate(archiviste, 'ceYaounde');
    expect(sha256(regenerated.bytes)).not.toBe(v1.sha256);
    const second = await archive(archiviste, regenerated.id);
    expect(second.statusCode).toBe(201);
    const v2Id = second.json<{ id: string }>().id;
    expect(v2Id).toBe(`${fx.juryId}~${fx.ids.ceYaounde}~v2`);
    const list = await requests(consultant).read<VersionDoc[]>(
      `/api/archives-pv?filter=${enc({ juryId: fx.juryId })}&sort=${enc(['numeroVersion', 'ASC'])}`,
      position,
    );
    expect(list.map((v) => [v.numeroVersion, v.derniere, v.sha256])).toEqual([
      [1, false, v1.sha256],
      [2, true, sha256(regenerated.bytes)],
    ]);
    // Version 1's bytes and hash are those archived first.
    const file1 = await consultant.inject({
      method: 'GET',
      url: `/api/archives-pv/${v1Id}/fichier`,
    });
    expect(file1.statusCode).toBe(200);
    expect(sha256(file1.rawPayload)).toBe(v1.sha256);
    expect(file1.rawPayload.equals(yaounde.bytes)).toBe(true);
    expect(String(file1.headers['content-disposition'])).toMatch(
      /^attachment; filename="proces-verbal-jury-national-centre-de-yaounde-v1\.pdf"$/,
    );
    expect(file1.headers.digest).toBe(
      `sha-256=${Buffer.from(v1.sha256, 'hex').toString('base64')}`,
    );
    const file2 = await archiviste.inject({
      method: 'GET',
      url: `/api/archives-pv/${v2Id}/fichier?apercu=1`,
    });
    expect(file2.rawPayload.equals(regenerated.bytes)).toBe(true);
    expect(String(file2.headers['content-disposition'])).toMatch(/^inline;/);
    // The archive's stream holds two events; no archive event changed the first.
    const events = await t.eventStore.readStream(`archives-pv-${fx.juryId}~${fx.ids.ceYaounde}`);
    expect(
      events.map((e) => [e.type, (e.data as { numeroVersion: number }).numeroVersion]),
    ).toEqual([
      ['PvArchived', 1],
      ['PvArchived', 2],
    ]);
    expect(events[0]!.metadata.actor.name).toBe('Awa Nkolo');
  });

  it('is consulted and its hash checked under « Consulter » or « Archiver »: « Intègre », then « Altéré » once its bytes change', async () => {
    const v1Id = `${fx.juryId}~${fx.ids.ceYaounde}~v1`;
    const v2Id = `${fx.juryId}~${fx.ids.ceYaounde}~v2`;
    for (const as of [deliberant, gestionnaire, autre]) {
      expect((await requests(as).get('/api/archives-pv')).statusCode).toBe(403);
      expect((await requests(as).get(`/api/archives-pv/${v1Id}/fichier`)).statusCode).toBe(403);
      expect((await requests(as).get(`/api/archives-pv/${v1Id}/verification`)).statusCode).toBe(
        403,
      );
    }
    const before = await requests(consultant).read<Integrity>(
      `/api/archives-pv/${v1Id}/verification`,
    );
    expect(before).toMatchObject({ integre: true, statut: 'Intègre' });
    expect(before.sha256Calcule).toBe(before.sha256Attendu);
    const v1 = await requests(consultant).read<VersionDoc>(`/api/archives-pv/${v1Id}`);
    // Someone alters the stored copy of version 1.
    writeFileSync(join(t.dir, 'documents', v1.fichier), Buffer.from('%PDF-1.3 falsifié'));
    const after = await requests(archiviste).read<Integrity>(
      `/api/archives-pv/${v1Id}/verification`,
    );
    expect(after).toMatchObject({
      integre: false,
      statut: 'Altéré',
      sha256Attendu: v1.sha256,
      message:
        'Altéré : l’empreinte SHA-256 du fichier archivé n’est plus celle enregistrée à son archivage.',
    });
    expect(after.sha256Calcule).not.toBe(v1.sha256);
    // Version 2 is a file of its own: still « Intègre ».
    expect(
      (await requests(consultant).read<Integrity>(`/api/archives-pv/${v2Id}/verification`)).statut,
    ).toBe('Intègre');
    expect(
      (await requests(consultant).get('/api/archives-pv/inconnu/verification')).statusCode,
    ).toBe(404);
  });

  it('is refused once the jury deliberated a candidate again after it was generated', async () => {
    const stale = await generate(archiviste, 'ceDouala');
    track(
      await requests(admin).post(`/api/deliberations/${fx.juryId}/redeliberations`, {
        candidatureId: c(2).id,
        motif: 'Vérification du relevé',
      }),
    );
    const refused = await archive(archiviste, stale.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'Ce procès-verbal a été généré avant la dernière délibération du jury : générez-le à nouveau pour archiver les résultats arrêtés.',
    );
    const fresh = await generate(archiviste, 'ceDouala');
    expect((await archive(archiviste, fresh.id)).statusCode).toBe(201);
  });

  it('offers the sessions, juries and centres to choose from, with each centre’s versions', async () => {
    expect((await requests(consultant).get('/api/archives-pv/choix')).statusCode).toBe(403);
    const choix = await requests(deliberant).read<{
      sessions: { id: string }[];
      jurys: { id: string; close: boolean }[];
      centres: { id: string; libelle: string; candidats: number; versions: VersionDoc[] }[];
    }>(`/api/archives-pv/choix?sessionId=${fx.ids.session}&juryId=${fx.juryId}`, position);
    expect(choix.sessions.map((s) => s.id)).toContain(fx.ids.session);
    expect(choix.jurys).toEqual([expect.objectContaining({ id: fx.juryId, close: true })]);
    expect(
      choix.centres.map((x) => [x.libelle, x.candidats, x.versions.map((v) => v.numeroVersion)]),
    ).toEqual([
      ['Centre de Douala', 2, [1]],
      ['Centre de Yaoundé', 4, [2, 1]],
    ]);
  });
});

describe('visibility of results', () => {
  it('is set once every jury has closed, under « Gérer la visibilité des résultats » only, with its actor', async () => {
    for (const as of [deliberant, archiviste, consultant, autre]) {
      expect((await visibility(as, { visible: true, moyenneVisible: false })).statusCode).toBe(403);
      expect(
        (await requests(as).get(`/api/visibilites-resultats/${fx.ids.session}/jurys`)).statusCode,
      ).toBe(403);
    }
    expect(
      (await visibility(gestionnaire, { visible: true, moyenneVisible: false })).statusCode,
    ).toBe(200);
    const doc = await requests(gestionnaire).read<{
      visible: boolean;
      moyenneVisible: boolean;
      modifiePar: string;
    }>(`/api/visibilites-resultats/${fx.ids.session}`, position);
    expect(doc).toMatchObject({ visible: true, moyenneVisible: false, modifiePar: 'Rose Tchana' });
    expect(
      (await visibility(gestionnaire, { visible: true, moyenneVisible: true })).statusCode,
    ).toBe(200);
    expect(
      (await visibility(gestionnaire, { visible: false, moyenneVisible: true })).statusCode,
    ).toBe(200);
    const history = await requests(gestionnaire).read<
      { actor: string; changes: { label: string; before: unknown; after: unknown }[] }[]
    >(`/api/visibilites-resultats/${fx.ids.session}/historique`);
    expect(
      history.map((h) => [h.actor, ...h.changes.map((x) => `${x.label} : ${String(x.after)}`)]),
    ).toEqual([
      ['Rose Tchana', 'Résultats sur la consultation publique : Visibles'],
      ['Rose Tchana', 'Moyenne : Affichée'],
      ['Rose Tchana', 'Résultats sur la consultation publique : Masqués'],
    ]);
    const events = await t.eventStore.readStream(`visibilites-resultats-${fx.ids.session}`);
    expect(events.map((e) => [e.type, e.metadata.actor.name])).toEqual([
      ['ResultsVisibilitySet', 'Rose Tchana'],
      ['ResultsVisibilitySet', 'Rose Tchana'],
      ['ResultsVisibilitySet', 'Rose Tchana'],
    ]);
    const list = await requests(gestionnaire).read<{ sessionId: string; visible: boolean }[]>(
      `/api/visibilites-resultats?filter=${enc({ sessionId: fx.ids.session })}`,
      position,
    );
    expect(list).toEqual([expect.objectContaining({ sessionId: fx.ids.session, visible: false })]);
  });

  it('names a jury that has not closed yet when the session has one', async () => {
    const { r, ids } = fx.session;
    const jury = await r.read<{ typeId: string; presidentId: string }>(`/api/jurys/${fx.juryId}`);
    // A second jury of the session, for a métier nobody registered in.
    const metier = await r.created('/api/metiers', { code: 'CQP-MENU', libelle: 'Menuiserie' });
    const second = await r.created('/api/jurys', {
      libelle: 'Jury de menuiserie',
      typeId: jury.typeId,
      sessionId: ids.session,
      centreExamenIds: [ids.ceYaounde],
      metierIds: [metier.id],
      presidentId: jury.presidentId,
    });
    position = second.position;
    const refused = await visibility(gestionnaire, { visible: true, moyenneVisible: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('« Jury de menuiserie »');
    const state = await requests(gestionnaire).read<VisibilityState>(
      `/api/visibilites-resultats/${fx.ids.session}/jurys`,
      position,
    );
    expect(state.toutesCloses).toBe(false);
    expect(state.visible).toBe(false);
  });
});
