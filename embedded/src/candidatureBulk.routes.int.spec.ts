import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CANDIDATURE_NOT_FOUND, type RecordedEvent } from '@examens-pro/domain';
import { addSites, openSession, register, type ExamSession, type Requests } from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * `POST /api/lots-candidatures`: an action over chosen dossiers or every result of the list's
 * filter, each dossier decided alone by the single route's handler (its own events, the caller as
 * actor), refusals with their French reasons; the enrôleur's centre; the run beyond 200 dossiers
 * applied by the reactor with its progress; its outcomes read and exported; a retried request.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let s: ExamSession;
let r: Requests;
let motifId: string;

interface Outcome {
  candidatureId: string;
  numeroDossier: string;
  libelle: string;
  motif: string | null;
}
interface BulkAnswer {
  id: string;
  position: string;
  total: number;
  resultats?: Outcome[];
}
interface Run {
  statut: string;
  total: number;
  traites: number;
  reussis: number;
  refus: number;
  progression: number;
  creePar: string;
}
interface ResultRow {
  rang: number;
  numeroDossier: string;
  libelle: string;
  resultat: string;
  motif: string;
}

const DRAFT = 'Ce dossier est à l’état « Brouillon » : il ne peut pas être validé.';
const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const bulk = (body: Record<string, unknown>, as: Agent = admin, key?: string) =>
  as.inject({
    method: 'POST',
    url: '/api/lots-candidatures',
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });
const WORDS = [
  'Aline',
  'Berthe',
  'Céline',
  'Diane',
  'Edith',
  'Flore',
  'Gaëlle',
  'Hélène',
  'Irène',
  'Judith',
];
/** A name and a birth date of its own: no near match between the dossiers of a run. */
const identity = (i: number) => ({
  prenoms: `${WORDS[i % 10]} ${WORDS[Math.floor(i / 10) % 10]} ${WORDS[Math.floor(i / 100) % 10]}`,
  dateNaissance: `${1960 + (i % 40)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
});
/** A submitted dossier of the session (at `depot`). */
const dossier = (depot = 'depot') =>
  register(s, { validated: false, depot, ...identity(s.dossiers) });
/** A dossier left a brouillon (it cannot be validated). */
const brouillon = async () => {
  const answer = await r.created('/api/candidatures', {
    sessionId: s.ids.session,
    metierId: s.ids.coif,
    centreDepotId: s.ids.depot,
    categorie: 'libre',
    nom: 'Brouillon',
    sexe: 'F',
    ...identity(s.dossiers++),
    lieuNaissance: 'Bafoussam',
    nationalite: 'Camerounaise',
    telephone: '699 11 22 33',
    niveauId: s.ids.niveau,
  });
  return answer.id;
};
const streamOf = async (id: string) =>
  (await t.eventStore.readStream(`candidatures-${id}`)) as RecordedEvent[];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  s = await openSession(admin, { code: 'LOT' });
  r = s.r;
  s.ids.autreDepot = (
    await r.created('/api/centres-depot', {
      code: 'LOT-DEP2',
      libelle: 'Dépôt de Douala',
      departementId: s.ids.wouri,
    })
  ).id;
  await r.created('/api/frais-examen', {
    code: 'FR-LOT',
    libelle: 'Frais LOT 2027',
    sessionId: s.ids.session,
    montant: 15000,
    prefixePaiement: 'LOT',
    paiementAvantValidation: false,
  });
  motifId = (await r.created('/api/motifs-rejet', { code: 'INCOMPLET', libelle: 'Incomplet' })).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('POST /api/lots-candidatures', () => {
  it('validates chosen dossiers one by one: own events with the actor, a refusal with its reason', async () => {
    const ok = [await dossier(), await dossier(), await dossier()];
    const draft = await brouillon();
    const response = await bulk({ action: 'valider', ids: [...ok.map((d) => d.id), draft] });
    expect(response.statusCode).toBe(200);
    const answer = response.json<BulkAnswer>();
    expect(answer.total).toBe(4);
    expect(answer.resultats!.map((o) => o.motif)).toEqual([null, null, null, DRAFT]);
    expect(answer.resultats![0]!.numeroDossier).toMatch(/^LOT27/);
    for (const d of ok) {
      const events = await streamOf(d.id);
      const validated = events.find((e) => e.type === 'CandidatureValidated')!;
      expect(validated.metadata.actor.id).toBe(events[0]!.metadata.actor.id);
      expect(validated.metadata.correlationId).toMatch(new RegExp(`/${d.id}$`));
    }
    expect((await streamOf(draft)).map((e) => e.type)).toEqual(['CandidatureCreated']);
    // The run itself, with its actor; its outcomes readable (and exported) from the read model.
    const run = await r.read<Run>(`/api/lots-candidatures/${answer.id}`, answer.position);
    expect(run).toMatchObject({ statut: 'terminee', total: 4, reussis: 3, refus: 1 });
    const refused = await r.read<ResultRow[]>(
      `/api/resultats-lots-candidatures?filter=${enc({ lotId: answer.id, resultat: 'refuse' })}`,
    );
    expect(refused.map((row) => [row.rang, row.libelle.startsWith('Brouillon')])).toEqual([
      [4, true],
    ]);
    const csv = await r.get(
      `/api/resultats-lots-candidatures/export.csv?filter=${enc({ lotId: answer.id })}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('il ne peut pas être validé.');
    expect(csv.body.match(/Réussi/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad input in French and does nothing', async () => {
    const d = await dossier();
    for (const [body, message] of [
      [{ action: 'effacer', ids: [d.id] }, 'Choisissez l’action à appliquer aux dossiers.'],
      [{ action: 'valider' }, 'Choisissez les dossiers, ou tous les résultats du filtre.'],
      [{ action: 'rejeter', ids: [d.id] }, 'Choisissez le motif du rejet.'],
      [
        { action: 'rejeter', ids: [d.id], motifId: 'inconnu' },
        'Choisissez un motif de rejet actif.',
      ],
      [
        { action: 'payer', ids: [d.id], montant: 5000, date: '2026-11-02' },
        'Le préfixe des références compte de 2 à 30 caractères : lettres, chiffres, « . », « / », « - » et « _ ».',
      ],
      [
        {
          action: 'payer',
          ids: [d.id],
          montant: 5000,
          date: '2026-11-02',
          prefixeReference: 'RC',
          canal: 'cheque',
        },
        'Le canal du paiement est « Guichet », « Virement bancaire » ou « Mobile money ».',
      ],
      [
        { action: 'valider', filtre: { sessionId: 'aucune-session' } },
        'Aucun dossier ne correspond à votre choix : rien n’a été fait.',
      ],
    ] as const) {
      const response = await bulk(body);
      expect([response.statusCode, response.json<{ message: string }>().message]).toEqual([
        400,
        message,
      ]);
    }
    expect((await streamOf(d.id)).map((e) => e.type)).toEqual([
      'CandidatureCreated',
      'CandidatureSubmitted',
    ]);
  });

  it('keeps an enrôleur to their centre, and each action to its permission', async () => {
    const theirs = await dossier('autreDepot');
    const mine = await dossier();
    const enroleur = await t.userWith(
      ['candidat.enregistrer', 'candidat.modifier', 'candidat.valider', 'candidat.lister-inscrits'],
      'enroleur-lot@test.local',
      s.ids.autreDepot,
    );
    // Another centre's dossier, named: not found for them, left as it was.
    const named = await bulk({ action: 'valider', ids: [mine.id, theirs.id] }, enroleur);
    expect(named.statusCode).toBe(200);
    expect(named.json<BulkAnswer>().resultats!.map((o) => o.motif)).toEqual([
      CANDIDATURE_NOT_FOUND,
      null,
    ]);
    expect((await streamOf(mine.id)).map((e) => e.type)).not.toContain('CandidatureValidated');
    // Their filter asking for another centre: nothing.
    const other = await bulk(
      { action: 'valider', filtre: { sessionId: s.ids.session, centreDepotId: s.ids.depot } },
      enroleur,
    );
    expect(other.statusCode).toBe(400);
    // Without « Valider ou rejeter un dossier »: 403 for validating, allowed for submitting.
    const clerk = await t.userWith(['candidat.modifier'], 'agent-lot@test.local');
    expect((await bulk({ action: 'valider', ids: [mine.id] }, clerk)).statusCode).toBe(403);
    expect((await bulk({ action: 'soumettre', ids: [mine.id] }, clerk)).statusCode).toBe(200);
  });

  it('rejects with the motif and comment given, each dossier as by hand', async () => {
    const d = await dossier();
    const response = await bulk({
      action: 'rejeter',
      ids: [d.id],
      motifId,
      commentaire: 'Pièces manquantes',
    });
    expect(response.json<BulkAnswer>().resultats!.map((o) => o.motif)).toEqual([null]);
    const rejected = (await streamOf(d.id)).find((e) => e.type === 'CandidatureRejected')!;
    expect(rejected.data).toMatchObject({ motifId, commentaire: 'Pièces manquantes' });
  });

  it('records one payment per dossier, its reference the prefix and the dossier number, its channel the one chosen', async () => {
    const paid = [await dossier(), await dossier()];
    const response = await bulk({
      action: 'payer',
      ids: paid.map((d) => d.id),
      montant: 5000,
      date: '2026-11-02',
      prefixeReference: 'rec-',
      canal: 'virement',
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<BulkAnswer>();
    expect(answer.resultats!.map((o) => o.motif)).toEqual([null, null]);
    for (const outcome of answer.resultats!) {
      const payment = (await streamOf(outcome.candidatureId)).find(
        (e) => e.type === 'PaymentRecorded',
      )!;
      expect(payment.data).toMatchObject({
        montant: 5000,
        date: '2026-11-02',
        reference: `REC-${outcome.numeroDossier}`,
        canal: 'virement',
      });
    }
  });

  it('answers a retried request with its first run; a second run finds the dossiers done', async () => {
    const d = await dossier();
    const first = await bulk({ action: 'valider', ids: [d.id] }, admin, 'lot-essai-0001');
    const retried = await bulk({ action: 'valider', ids: [d.id] }, admin, 'lot-essai-0001');
    expect(retried.json<BulkAnswer>()).toEqual(first.json<BulkAnswer>());
    expect((await streamOf(d.id)).filter((e) => e.type === 'CandidatureValidated')).toHaveLength(1);
    const second = await bulk({ action: 'valider', ids: [d.id] }, admin, 'lot-essai-0002');
    expect(second.json<BulkAnswer>().resultats![0]!.motif).toBe(
      'Ce dossier est à l’état « Validé » : il ne peut pas être validé.',
    );
  });

  it('runs more than 200 dossiers as a job: 202, progress, each outcome listed', async () => {
    const other = await openSession(admin, { code: 'GRD' });
    const saved = s;
    s = other;
    const many: string[] = [];
    for (let i = 0; i < 205; i += 1) many.push((await dossier()).id);
    const drafts = [await brouillon(), await brouillon()];
    s = saved;
    // The list the staff filter is the read model's: it has every dossier before the run starts.
    const listed = () =>
      r.get(`/api/candidatures?filter=${enc({ sessionId: other.ids.session })}`, other.position);
    while (!(await listed()).headers['content-range']?.toString().endsWith('/207'))
      await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const response = await bulk({
      action: 'valider',
      filtre: { sessionId: other.ids.session, q: '' },
    });
    expect(response.statusCode).toBe(202);
    const answer = response.json<BulkAnswer>();
    expect(answer).toMatchObject({ total: 207 });
    expect(answer.resultats).toBeUndefined();
    let run: Run;
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await r.read<Run>(`/api/lots-candidatures/${answer.id}`, answer.position);
      expect(run.progression).toBeGreaterThanOrEqual(0);
    } while (run.statut !== 'terminee' && Date.now() - started < 60_000);
    expect(run).toMatchObject({ statut: 'terminee', total: 207, reussis: 205, refus: 2 });
    expect(run.progression).toBe(100);
    const refused = await r.read<ResultRow[]>(
      `/api/resultats-lots-candidatures?filter=${enc({ lotId: answer.id, resultat: 'refuse' })}`,
    );
    expect(refused.map((row) => row.motif)).toEqual([DRAFT, DRAFT]);
    for (const id of [...many.slice(0, 3), ...many.slice(-3)])
      expect((await streamOf(id)).map((e) => e.type)).toContain('CandidatureValidated');
    for (const id of drafts)
      expect((await streamOf(id)).map((e) => e.type)).toEqual(['CandidatureCreated']);
    const outcomes = await r.get(
      `/api/resultats-lots-candidatures?filter=${enc({ lotId: answer.id })}&range=[0,999]`,
    );
    expect(outcomes.headers['content-range']).toMatch(/\/207$/);
  }, 120_000);
  it('asks one convocation per allocated dossier; a dossier without a site is refused, said why', async () => {
    await addSites(s);
    const before = await t.eventStore.headPosition();
    const allocated = await register(s, { site: 'lycee', ...identity(s.dossiers) });
    const unallocated = await register(s, { ...identity(s.dossiers) });
    const response = await bulk({ action: 'convoquer', ids: [allocated.id, unallocated.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json<BulkAnswer>().resultats!.map((o) => o.motif)).toEqual([
      null,
      'Le dossier n’est pas affecté à un site de composition : sa convocation ne peut pas être demandée.',
    ]);
    const requested = (await t.eventStore.readAll({ fromPosition: before, maxCount: 10_000 }))
      .filter((e) => e.type === 'DocumentRequested')
      .map((e) => e.data as { kind: string; cible: { candidatureId?: string } });
    expect(requested.map((d) => [d.kind, d.cible.candidatureId])).toEqual([
      ['convocations', allocated.id],
    ]);
  });
});
