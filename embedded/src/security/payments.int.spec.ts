import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DEFAULT_TIME_ZONE } from '@examens-pro/domain';
import { type PaymentConfig } from '@examens-pro/platform';
import {
  DEMONSTRATION_ALREADY_MADE,
  onlinePaymentCommands,
  signNotification,
} from '@examens-pro/application';
import { pdfText } from '@examens-pro/workers/testing/pdfText';
import { openSession, register, type ExamSession } from '../examFixture.js';
import { startTestApp, type Agent } from '../testApp.js';

/**
 * The fees are paid only by money or by staff.
 * Without PAYMENT_PROVIDER no online payment exists (every public payment route answers 404
 * `paiement-indisponible`); the sandbox only when chosen, each of its payments recorded as a
 * demonstration and never counted toward the fee unless the session's « Compter les paiements de
 * démonstration » is on; the lookup by dossier number tells the amounts, never the name; a
 * receipt's link expires after a year and says so.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

const DEMO: PaymentConfig = { provider: 'demonstration', providerName: 'fournisseur de paiement' };
const NOT_OFFERED =
  'Le paiement en ligne n’est pas proposé. Réglez vos frais d’examen au guichet de votre centre de dépôt.';

interface StaffDossier {
  version: number;
  montantPaye: number;
  resteAPayer: number | null;
  montantDemonstration: number;
  paiements: Record<string, unknown>[];
}

/** An anonymous visitor's call: no cookie, no CSRF token. */
const visitor = (t: TestApp, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/public${url}`, payload: payload as object });

const expectStatus = (response: Reply, status: number, what = '') =>
  expect({
    what,
    status: response.statusCode,
    body: response.statusCode === status ? '' : response.body,
  }).toEqual({ what, status, body: '' });

/** A session open for registration, with its fee (payment required before validation). */
const sessionWithFee = async (
  admin: Agent,
  code: string,
  fee: Record<string, unknown> = {},
): Promise<ExamSession> => {
  const s = await openSession(admin, { code });
  await s.r.created('/api/frais-examen', {
    code: `FR-${code}`,
    libelle: `Frais ${code} 2027`,
    sessionId: s.ids.session,
    montant: 15000,
    prefixePaiement: code,
    paiementAvantValidation: true,
    ...fee,
  });
  return s;
};

/** A submitted dossier, read back once the read model has it. */
const submitted = async (s: ExamSession, nom: string, prenoms: string) => {
  const registered = await register(s, { validated: false, nom, prenoms });
  const doc = await s.r.read<{ numeroDossier: string }>(
    `/api/candidatures/${registered.id}`,
    registered.position,
  );
  return { id: registered.id, numero: doc.numeroDossier, nom, prenoms };
};

const staffDossier = async (t: TestApp, s: ExamSession, id: string) =>
  s.r.read<StaffDossier>(`/api/candidatures/${id}`, await t.eventStore.headPosition());

const paymentsRecorded = async (t: TestApp, id: string) =>
  (await t.eventStore.readStream(`candidatures-${id}`)).filter((e) => e.type === 'PaymentRecorded');

/** Pays what the dossier owes in the sandbox, as the public page does: its token and answer. */
const payInSandbox = async (t: TestApp, numero: string) => {
  const started = await visitor(t, '/paiements', { numeroDossier: numero });
  expectStatus(started, 201, 'start');
  const { jeton } = started.json<{ jeton: string }>();
  const paid = await visitor(t, '/paiements/demonstration', { jeton });
  expectStatus(paid, 200, 'sandbox');
  return { jeton, answer: paid.json<{ statut: string; recu: string; lienExpireLe: string }>() };
};

/** DD/MM/YYYY of an instant, in the office's time zone. */
const frenchDay = (instant: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: DEFAULT_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(instant);

describe('without PAYMENT_PROVIDER: no online payment at all', () => {
  let t: TestApp;
  let s: ExamSession;
  let dossier: Awaited<ReturnType<typeof submitted>>;

  beforeAll(async () => {
    t = await startTestApp();
    s = await sessionWithFee(await t.asAdmin(), 'NOP');
    dossier = await submitted(s, 'Ndjock', 'Pauline');
  });
  afterAll(async () => t.close());

  it('answers every public payment route 404 « paiement-indisponible » in French; nothing is written, the fee is still due', async () => {
    const before = await t.eventStore.headPosition();
    const jeton = `${randomUUID()}.${'A'.repeat(43)}`;
    const body = JSON.stringify({
      id: 'n-1',
      paiementEnLigneId: randomUUID(),
      statut: 'paye',
      reference: 'TX-1',
      montant: 15000,
    });
    const calls: [string, () => Promise<Reply>][] = [
      ['dossier', () => visitor(t, '/paiements/dossier', { numeroDossier: dossier.numero })],
      ['start', () => visitor(t, '/paiements', { numeroDossier: dossier.numero })],
      ['suivi', () => visitor(t, '/paiements/suivi', { jeton })],
      ['sandbox', () => visitor(t, '/paiements/demonstration', { jeton })],
      [
        'notification',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/public/paiements/notifications',
            headers: {
              'content-type': 'application/json',
              'x-signature': signNotification(
                'secret-quelconque-0123456789',
                body,
                Math.floor(Date.now() / 1000),
              ),
            },
            payload: body,
          }),
      ],
      [
        'receipt',
        () => t.app.inject({ method: 'GET', url: `/api/public/paiements/recus/${jeton}` }),
      ],
    ];
    for (const [what, call] of calls) {
      const response = await call();
      expect({ what, status: response.statusCode, body: response.json() }).toEqual({
        what,
        status: 404,
        body: { code: 'paiement-indisponible', message: NOT_OFFERED },
      });
    }
    expect(await t.eventStore.headPosition()).toBe(before);
    expect(await paymentsRecorded(t, dossier.id)).toEqual([]);
    expect(await staffDossier(t, s, dossier.id)).toMatchObject({
      montantPaye: 0,
      resteAPayer: 15000,
      paiements: [],
    });
  });

  it('tells the page that online payment is not offered, and where to pay', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/paiements/mode' });
    expectStatus(response, 200);
    expect(response.json()).toEqual({ enLigne: false, demonstration: false, message: NOT_OFFERED });
  });
});

describe('PAYMENT_PROVIDER=demonstration, chosen explicitly', () => {
  let t: TestApp;
  let admin: Agent;
  let s: ExamSession;

  beforeAll(async () => {
    t = await startTestApp({ payments: DEMO });
    admin = await t.asAdmin();
    s = await sessionWithFee(admin, 'DMO');
  });
  afterAll(async () => t.close());

  it('tells the pages the sandbox is on (their « Mode démonstration » banner)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/paiements/mode' });
    expectStatus(response, 200);
    expect(response.json()).toEqual({
      enLigne: true,
      demonstration: true,
      fournisseur: 'démonstration',
    });
  });

  it('looks a dossier up by its number: the amount due and whether it is paid, never the name', async () => {
    const dossier = await submitted(s, 'Tchoupo', 'Bertrand Éric');
    const response = await visitor(t, '/paiements/dossier', { numeroDossier: dossier.numero });
    expectStatus(response, 200);
    expect(response.json()).toEqual({
      numeroDossier: dossier.numero,
      montantDu: 15000,
      dejaPaye: 0,
      resteAPayer: 15000,
      regle: false,
      paiementsDemonstration: 0,
      payable: true,
      motif: null,
      fournisseur: { libelle: 'démonstration', demonstration: true },
    });
    for (const name of ['Tchoupo', 'TCHOUPO', 'Bertrand', 'T***', 'B***'])
      expect({ name, found: response.body.includes(name) }).toEqual({ name, found: false });
  });

  it('records a sandbox payment as a demonstration, never counted: the fee stays due, validation stays closed', async () => {
    const dossier = await submitted(s, 'Essomba', 'Luc');
    const { answer } = await payInSandbox(t, dossier.numero);
    expect(answer.statut).toBe('confirme');
    const recorded = await paymentsRecorded(t, dossier.id);
    expect(recorded.map((e) => e.data)).toEqual([
      expect.objectContaining({
        montant: 15000,
        demonstration: true,
        demonstrationComptee: false,
      }),
    ]);
    const doc = await staffDossier(t, s, dossier.id);
    expect(doc).toMatchObject({
      montantPaye: 0,
      resteAPayer: 15000,
      montantDemonstration: 15000,
      paiements: [expect.objectContaining({ montant: 15000, demonstration: true })],
    });
    // The session asks the fee paid before validation: a demonstration does not pay it.
    const validation = await s.r.post(
      `/api/candidatures/${dossier.id}/valider`,
      undefined,
      doc.version,
    );
    expectStatus(validation, 409, 'validation');
    expect(validation.json<{ message: string }>().message).toMatch(
      /frais d’examen : 15\s000\sFCFA restent à payer/,
    );
    // The public page: still due, the demonstration shown apart; the sandbox pays a dossier once.
    const lookup = await visitor(t, '/paiements/dossier', { numeroDossier: dossier.numero });
    expect(lookup.json()).toMatchObject({
      dejaPaye: 0,
      resteAPayer: 15000,
      regle: false,
      paiementsDemonstration: 15000,
      payable: false,
      motif: DEMONSTRATION_ALREADY_MADE,
    });
    const again = await visitor(t, '/paiements', { numeroDossier: dossier.numero });
    expectStatus(again, 409, 'second sandbox payment');
    expect(again.json<{ message: string }>().message).toBe(DEMONSTRATION_ALREADY_MADE);
    expect(await paymentsRecorded(t, dossier.id)).toHaveLength(1);
    // Its receipt, had for a dossier number and no money, names nobody.
    const receipt = await t.app.inject({ method: 'GET', url: answer.recu });
    const printed = pdfText(receipt.rawPayload).join('\n');
    expect(printed).toContain('E*** L***');
    expect(printed).not.toMatch(/Essomba|Luc\b/);
    // The financial report: nothing paid, the demonstration in its own column.
    const report = await s.r.read<{
      colonnes: { key: string; header: string }[];
      total: { valeurs: Record<string, number> };
    }>(
      `/api/rapports/statistiques-financieres?sessionId=${s.ids.session}`,
      await t.eventStore.headPosition(),
    );
    expect(report.colonnes.map((c) => c.header)).toContain('Paiements de démonstration');
    expect(report.total.valeurs).toMatchObject({
      montantPaye: 0,
      reste: 30000,
      demonstration: 15000,
    });
  });

  it('counts demonstration payments only in a session whose « Compter les paiements de démonstration » is on', async () => {
    const training = await sessionWithFee(admin, 'FOR', { compterPaiementsDemonstration: true });
    const dossier = await submitted(training, 'Abena', 'Rose');
    await payInSandbox(t, dossier.numero);
    expect((await paymentsRecorded(t, dossier.id)).map((e) => e.data)).toEqual([
      expect.objectContaining({ demonstration: true, demonstrationComptee: true }),
    ]);
    const doc = await staffDossier(t, training, dossier.id);
    expect(doc).toMatchObject({ montantPaye: 15000, resteAPayer: 0 });
    const validation = await training.r.post(
      `/api/candidatures/${dossier.id}/valider`,
      undefined,
      doc.version,
    );
    expectStatus(validation, 200, 'validation');
  });

  it('says on the receipt when its link expires (a year); an expired link is refused in French', async () => {
    const dossier = await submitted(s, 'Mvondo', 'Claire');
    const { jeton, answer } = await payInSandbox(t, dossier.numero);
    const startedAt = (
      await t.eventStore.readStream(`paiements-en-ligne-${jeton.split('.')[0]}`)
    )[0]!.metadata.at;
    const expiry = new Date(startedAt);
    expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
    const receipt = await t.app.inject({ method: 'GET', url: answer.recu });
    expectStatus(receipt, 200, 'receipt');
    const text = pdfText(receipt.rawPayload).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(`Ce lien est valable un an : il expire le ${frenchDay(expiry)}.`);
    expect(answer.lienExpireLe).toBe(expiry.toISOString());

    // A payment made 13 months ago: its link no longer opens anything.
    const old = await submitted(s, 'Onana', 'Jules');
    const payments = onlinePaymentCommands(t.eventStore, { timeZone: DEFAULT_TIME_ZONE });
    const thenMs = Date.now() - 395 * 24 * 3600 * 1000;
    const sandbox = { code: 'demonstration', libelle: 'démonstration' };
    const started = await payments.start(
      old.id,
      sandbox,
      { examen: 'DMO', session: 'DMO 2027' },
      new Date(thenMs).toISOString(),
    );
    await payments.notified(
      {
        id: `ancien-${randomUUID()}`,
        paiementEnLigneId: started.paiementEnLigneId,
        statut: 'paye',
        reference: 'DEMO-ANCIEN',
        montant: started.montant,
        motif: '',
      },
      sandbox,
      thenMs + 60_000,
    );
    const oldExpiry = new Date(thenMs);
    oldExpiry.setUTCFullYear(oldExpiry.getUTCFullYear() + 1);
    const refusal = `Ce lien de reçu a expiré le ${frenchDay(oldExpiry)} : il était valable un an. Adressez-vous à votre centre de dépôt.`;
    for (const [what, call] of [
      [
        'receipt',
        () => t.app.inject({ method: 'GET', url: `/api/public/paiements/recus/${started.jeton}` }),
      ],
      ['suivi', () => visitor(t, '/paiements/suivi', { jeton: started.jeton })],
    ] as const) {
      const response = await call();
      expect({ what, status: response.statusCode, body: response.json() }).toEqual({
        what,
        status: 410,
        body: { code: 'recu-expire', message: refusal },
      });
    }
  });
});
