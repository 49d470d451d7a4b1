import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  DOSSIER_NOT_FOUND,
  fold,
  onlinePaymentDecider,
  RECEIPT_NOT_FOUND,
  SIGNATURE_EXPIRED,
  SIGNATURE_INVALID,
  type OnlinePaymentEvent,
  type RecordedEvent,
} from '@examens-pro/domain';
import { handleCommand, type PaymentConfig } from '@examens-pro/platform';
import { signNotification } from '@examens-pro/application';
import { pdfText } from '@examens-pro/workers/testing/pdfText';
import { openSession, register, type ExamSession } from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * `/paiement` over HTTP, without session nor CSRF token: a dossier's fee looked up by its number,
 * an online payment started, confirmed by the provider's signed notification (signature, timestamp
 * window, replay, one record per provider reference, a half-done confirmation completed by its
 * retry), staff and online payments adding up, the receipt opened by its token only; the sandbox
 * (« Mode démonstration ») end to end, the webhook without a secret, and the page calls' own rate
 * limit.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

const SECRET = 'secret-du-webhook-de-test-0123456789';
const WEBHOOK: PaymentConfig = {
  provider: 'webhook',
  webhookSecret: SECRET,
  providerName: 'PayTest',
  checkoutUrl: 'https://paiement.example/caisse',
};

interface Summary {
  numeroDossier: string;
  montantDu: number | null;
  dejaPaye: number;
  resteAPayer: number | null;
  regle: boolean;
  paiementsDemonstration: number;
  payable: boolean;
  motif: string | null;
  fournisseur: { libelle: string; demonstration: boolean };
}
interface Started {
  paiementEnLigneId: string;
  montant: number;
  jeton: string;
  redirection: string;
  demonstration: boolean;
}
interface Dossier {
  version: number;
  montantPaye: number;
  resteAPayer: number | null;
  paiements: {
    montant: number;
    reference: string;
    canal?: string;
    fournisseurLibelle?: string;
    referenceFournisseur?: string;
    enregistrePar: string;
  }[];
}

/** An anonymous visitor's call: no cookie, no CSRF token. */
const visitor = (t: TestApp, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/public${url}`, payload: payload as object });

const expectStatus = (response: Reply, status: number, message?: string) => {
  expect({
    status: response.statusCode,
    body: response.statusCode === status ? '' : response.body,
  }).toEqual({
    status,
    body: '',
  });
  if (message !== undefined) expect(response.json<{ message: string }>().message).toBe(message);
};

/**
 * A session « code 2027 » open for registration, with its fee unless told otherwise (counting the
 * sandbox's payments when told: a training office).
 */
const sessionWithFee = async (
  t: TestApp,
  admin: Agent,
  code: string,
  montant: number | null,
  compterPaiementsDemonstration = false,
) => {
  const s = await openSession(admin, { code });
  if (montant !== null)
    await s.r.created('/api/frais-examen', {
      code: `FR-${code}`,
      libelle: `Frais ${code} 2027`,
      sessionId: s.ids.session,
      montant,
      prefixePaiement: code,
      paiementAvantValidation: false,
      compterPaiementsDemonstration,
    });
  return s;
};

/** A submitted dossier of the session, read back once the read model has it. */
const dossierOf = async (s: ExamSession, nom: string, prenoms: string) => {
  const registered = await register(s, { validated: false, nom, prenoms });
  const doc = await s.r.read<{ numeroDossier: string; version: number }>(
    `/api/candidatures/${registered.id}`,
    registered.position,
  );
  return { id: registered.id, numero: doc.numeroDossier };
};

describe('online payments through a provider’s signed webhook', () => {
  let t: TestApp;
  let admin: Agent;
  let s: ExamSession;
  let first: { id: string; numero: string };
  let payment: Started;

  const notification = (
    fields: Record<string, unknown>,
    { secret = SECRET, at = Math.floor(Date.now() / 1000) } = {},
  ) => {
    const body = JSON.stringify({
      id: `notif-${randomUUID()}`,
      statut: 'paye',
      devise: 'XAF',
      ...fields,
    });
    return { body, signature: signNotification(secret, body, at) };
  };
  const notify = (sent: { body: string; signature?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/paiements/notifications',
      headers: {
        'content-type': 'application/json',
        ...(sent.signature ? { 'x-signature': sent.signature } : {}),
      },
      payload: sent.body,
    });
  const events = (stream: string) => t.eventStore.readStream(stream);
  const payments = async (candidatureId: string) =>
    (await events(`candidatures-${candidatureId}`)).filter((e) => e.type === 'PaymentRecorded');
  const staffDossier = async (id: string) => {
    const position = await t.eventStore.headPosition();
    return s.r.read<Dossier>(`/api/candidatures/${id}`, position);
  };

  beforeAll(async () => {
    t = await startTestApp({ payments: WEBHOOK });
    admin = await t.asAdmin();
    s = await sessionWithFee(t, admin, 'PAY', 25000);
    first = await dossierOf(s, 'Kamga', 'Thérèse Aline');
  });
  afterAll(async () => t.close());

  it('looks a dossier up by its number: fee due, nothing paid, nothing of the person', async () => {
    const response = await visitor(t, '/paiements/dossier', {
      numeroDossier: ` ${first.numero.toLowerCase()} `,
    });
    expectStatus(response, 200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<Summary>()).toEqual({
      numeroDossier: first.numero,
      montantDu: 25000,
      dejaPaye: 0,
      resteAPayer: 25000,
      regle: false,
      paiementsDemonstration: 0,
      payable: true,
      motif: null,
      fournisseur: { libelle: 'PayTest', demonstration: false },
    });
  });

  it('answers an unknown number with a French 404, a missing or malformed one with a French 400', async () => {
    expectStatus(
      await visitor(t, '/paiements/dossier', { numeroDossier: 'PAY27-999999' }),
      404,
      DOSSIER_NOT_FOUND,
    );
    const missing = await visitor(t, '/paiements/dossier', {});
    expectStatus(missing, 400);
    expect(missing.json()).toMatchObject({
      errors: { numeroDossier: 'Saisissez le numéro de votre dossier (par exemple CQP27-000042).' },
    });
    expectStatus(await visitor(t, '/paiements', { numeroDossier: 'PAY27/1' }), 400);
  });

  it('starts a payment of what remains, without session or CSRF token; the browser goes to the provider', async () => {
    const before = await t.eventStore.headPosition();
    const response = await visitor(t, '/paiements', { numeroDossier: first.numero });
    expectStatus(response, 201);
    payment = response.json<Started>();
    expect(payment).toMatchObject({ montant: 25000, demonstration: false, fournisseur: 'PayTest' });
    expect(payment.jeton).toMatch(new RegExp(`^${payment.paiementEnLigneId}\\.[A-Za-z0-9_-]{43}$`));
    const checkout = new URL(payment.redirection);
    expect(checkout.origin + checkout.pathname).toBe('https://paiement.example/caisse');
    expect(Object.fromEntries(checkout.searchParams)).toMatchObject({
      paiement: payment.paiementEnLigneId,
      montant: '25000',
      devise: 'XAF',
    });
    expect(new URL(checkout.searchParams.get('retour')!).pathname).toBe('/paiement');
    // The payment's stream: started by « Paiement en ligne », the token's SHA-256 only.
    const stream = await events(`paiements-en-ligne-${payment.paiementEnLigneId}`);
    expect(stream.map((e) => [e.type, e.metadata.actor.name])).toEqual([
      ['OnlinePaymentStarted', 'Paiement en ligne'],
    ]);
    expect(JSON.stringify(stream)).not.toContain(payment.jeton.split('.')[1]);
    expect(BigInt(await t.eventStore.headPosition())).toBeGreaterThan(BigInt(before));
    const waiting = await visitor(t, '/paiements/suivi', { jeton: payment.jeton });
    expect(waiting.json()).toMatchObject({ statut: 'en-attente', montant: 25000 });
  });

  it('refuses an unsigned notification, a wrong signature and an old timestamp (401): nothing written', async () => {
    const before = await t.eventStore.headPosition();
    const fields = {
      paiementEnLigneId: payment.paiementEnLigneId,
      reference: 'TX-1001',
      montant: 25000,
    };
    expectStatus(await notify({ body: notification(fields).body }), 401, SIGNATURE_INVALID);
    expectStatus(
      await notify(notification(fields, { secret: 'un-autre-secret-que-le-bon' })),
      401,
      SIGNATURE_INVALID,
    );
    const tampered = notification(fields);
    expectStatus(
      await notify({ ...tampered, body: tampered.body.replace('25000', '2500') }),
      401,
      SIGNATURE_INVALID,
    );
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    expectStatus(await notify(notification(fields, { at: old })), 401, SIGNATURE_EXPIRED);
    const ahead = Math.floor(Date.now() / 1000) + 6 * 60;
    expectStatus(await notify(notification(fields, { at: ahead })), 401, SIGNATURE_EXPIRED);
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('refuses a notified amount other than the payment’s (400), nothing written', async () => {
    const before = await t.eventStore.headPosition();
    const response = await notify(
      notification({
        paiementEnLigneId: payment.paiementEnLigneId,
        reference: 'TX-1001',
        montant: 20000,
      }),
    );
    expectStatus(response, 400);
    expect(response.json().message).toContain('ne correspond pas au paiement demandé');
    expect(await t.eventStore.headPosition()).toBe(before);
  });

  it('records a signed notification once: a replay is refused, the same provider reference records nothing more', async () => {
    const sent = notification({
      paiementEnLigneId: payment.paiementEnLigneId,
      reference: 'TX-1001',
      montant: 25000,
    });
    const response = await notify(sent);
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ statut: 'confirme', numeroRecu: 'PAY-EL-000001' });

    const replay = await notify(sent);
    expectStatus(
      replay,
      409,
      'Cette notification a déjà été reçue : elle n’est pas traitée deux fois.',
    );

    const again = await notify(
      notification({
        paiementEnLigneId: payment.paiementEnLigneId,
        reference: 'TX-1001',
        montant: 25000,
      }),
    );
    expectStatus(again, 200);
    expect(again.json()).toMatchObject({ statut: 'confirme', numeroRecu: 'PAY-EL-000001' });

    const recorded = await payments(first.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.metadata.actor.name).toBe('Fournisseur de paiement (PayTest)');
    expect(recorded[0]!.data).toMatchObject({
      montant: 25000,
      reference: 'PAY-EL-000001',
      canal: 'en-ligne',
      fournisseur: 'webhook',
      fournisseurLibelle: 'PayTest',
      referenceFournisseur: 'TX-1001',
      paiementEnLigneId: payment.paiementEnLigneId,
    });
    // Real money: no demonstration, counted.
    expect(recorded[0]!.data).not.toHaveProperty('demonstration');
    // The staff's dossier screen shows it, online.
    const doc = await staffDossier(first.id);
    expect(doc).toMatchObject({ montantPaye: 25000, resteAPayer: 0 });
    expect(doc.paiements).toEqual([
      expect.objectContaining({
        montant: 25000,
        canal: 'en-ligne',
        fournisseurLibelle: 'PayTest',
        referenceFournisseur: 'TX-1001',
        enregistrePar: 'Fournisseur de paiement (PayTest)',
      }),
    ]);
    const followed = await visitor(t, '/paiements/suivi', { jeton: payment.jeton });
    expect(followed.json()).toMatchObject({
      statut: 'confirme',
      numeroRecu: 'PAY-EL-000001',
      recu: `/api/public/paiements/recus/${payment.jeton}`,
    });
  });

  it('serves the receipt to the token’s holder as a PDF attachment: number, dossier, amount in FCFA, date', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/public/paiements/recus/${payment.jeton}`,
    });
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="recu-pay-el-000001.pdf"',
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload).join('\n').replace(/\s+/g, ' ');
    // The receipt is dated in the office's time zone (at 23:30 UTC it is already tomorrow there).
    const today = new Intl.DateTimeFormat('fr-FR', { timeZone: DEFAULT_TIME_ZONE }).format(
      new Date(),
    );
    for (const expected of [
      'REÇU DE PAIEMENT',
      'PAY-EL-000001',
      first.numero,
      'Kamga Thérèse Aline',
      '25 000 FCFA',
      today,
      'En ligne (PayTest)',
      'TX-1001',
    ])
      expect([expected, text.includes(expected)]).toEqual([expected, true]);
    expect(text).not.toContain('DÉMONSTRATION');
    // Again, as often as asked.
    expectStatus(
      await t.app.inject({ method: 'GET', url: `/api/public/paiements/recus/${payment.jeton}` }),
      200,
    );
  });

  it('never opens a receipt by the dossier number, the payment id, or an altered token', async () => {
    const altered = `${payment.jeton.slice(0, -1)}${payment.jeton.endsWith('A') ? 'B' : 'A'}`;
    for (const key of [
      first.numero,
      payment.paiementEnLigneId,
      altered,
      `${randomUUID()}.${'x'.repeat(43)}`,
    ])
      expectStatus(
        await t.app.inject({
          method: 'GET',
          url: `/api/public/paiements/recus/${encodeURIComponent(key)}`,
        }),
        404,
        RECEIPT_NOT_FOUND,
      );
    expectStatus(await visitor(t, '/paiements/suivi', { jeton: altered }), 404, RECEIPT_NOT_FOUND);
  });

  it('refuses to start a payment when nothing is due (409) or the session has no fee (409)', async () => {
    expectStatus(
      await visitor(t, '/paiements', { numeroDossier: first.numero }),
      409,
      'Les frais d’examen de ce dossier sont déjà réglés.',
    );
    const summary = (
      await visitor(t, '/paiements/dossier', { numeroDossier: first.numero })
    ).json<Summary>();
    expect(summary).toMatchObject({
      dejaPaye: 25000,
      resteAPayer: 0,
      regle: true,
      payable: false,
    });
    const free = await sessionWithFee(t, admin, 'NOF', null);
    const dossier = await dossierOf(free, 'Abena', 'Luc');
    expectStatus(
      await visitor(t, '/paiements', { numeroDossier: dossier.numero }),
      409,
      'Aucun frais d’examen n’est défini pour cette session : le paiement en ligne n’est pas possible.',
    );
  });

  it('adds staff and online payments on one dossier; a payment past what remains is refused, to refund', async () => {
    const dossier = await dossierOf(s, 'Nkoulou', 'Brice');
    let { version } = await staffDossier(dossier.id);
    const staffPay = async (montant: number, reference: string) =>
      s.r.post(
        `/api/candidatures/${dossier.id}/paiements`,
        { montant, date: '2026-11-19', reference },
        version,
      );
    const counter = await staffPay(10000, 'GUI-0001');
    expectStatus(counter, 200);
    version = counter.json<{ revision: number }>().revision;

    const summary = (
      await visitor(t, '/paiements/dossier', { numeroDossier: dossier.numero })
    ).json<Summary>();
    expect(summary).toMatchObject({
      dejaPaye: 10000,
      resteAPayer: 15000,
      regle: false,
    });
    const online = (
      await visitor(t, '/paiements', { numeroDossier: dossier.numero })
    ).json<Started>();
    expect(online.montant).toBe(15000);

    // Meanwhile the counter takes 5,000 more: the provider's 15,000 would go over the fee.
    const more = await staffPay(5000, 'GUI-0002');
    expectStatus(more, 200);
    version = more.json<{ revision: number }>().revision;
    const refused = await notify(
      notification({
        paiementEnLigneId: online.paiementEnLigneId,
        reference: 'TX-2001',
        montant: 15000,
      }),
    );
    expectStatus(refused, 200);
    expect(refused.json()).toMatchObject({ statut: 'refuse' });
    expect(refused.json().motif).toContain('Ce paiement dépasse le reste à payer');
    expect(
      (await payments(dossier.id)).map((e) => (e.data as { montant: number }).montant),
    ).toEqual([10000, 5000]);
    const stream = await events(`paiements-en-ligne-${online.paiementEnLigneId}`);
    expect(stream.map((e) => e.type)).toEqual([
      'OnlinePaymentStarted',
      'OnlinePaymentConfirmed',
      'OnlinePaymentRefused',
    ]);
    expectStatus(
      await t.app.inject({ method: 'GET', url: `/api/public/paiements/recus/${online.jeton}` }),
      409,
    );

    // The rest, online: both channels add up to the fee; nothing more is taken, at either.
    const rest = (
      await visitor(t, '/paiements', { numeroDossier: dossier.numero })
    ).json<Started>();
    expect(rest.montant).toBe(10000);
    expectStatus(
      await notify(
        notification({
          paiementEnLigneId: rest.paiementEnLigneId,
          reference: 'TX-2002',
          montant: 10000,
        }),
      ),
      200,
    );
    const doc = await staffDossier(dossier.id);
    version = doc.version;
    expect(doc).toMatchObject({ montantPaye: 25000, resteAPayer: 0 });
    expect(doc.paiements.map((p) => [p.montant, p.canal ?? 'guichet'])).toEqual([
      [10000, 'guichet'],
      [5000, 'guichet'],
      [10000, 'en-ligne'],
    ]);
    const over = await staffPay(1000, 'GUI-0003');
    expectStatus(over, 409, 'Les frais d’examen de ce dossier sont déjà réglés.');
    expectStatus(await visitor(t, '/paiements', { numeroDossier: dossier.numero }), 409);
  });

  it('a provider reference confirms one payment only', async () => {
    const dossier = await dossierOf(s, 'Essono', 'Marthe');
    const online = (
      await visitor(t, '/paiements', { numeroDossier: dossier.numero })
    ).json<Started>();
    const response = await notify(
      notification({
        paiementEnLigneId: online.paiementEnLigneId,
        reference: 'TX-1001',
        montant: 25000,
      }),
    );
    expectStatus(response, 409, 'Cette référence du fournisseur confirme déjà un autre paiement.');
    expect(await payments(dossier.id)).toHaveLength(0);
  });

  it('completes, on the notification’s retry, a confirmation the process left half-done', async () => {
    const dossier = await dossierOf(s, 'Fouda', 'Paul');
    const online = (
      await visitor(t, '/paiements', { numeroDossier: dossier.numero })
    ).json<Started>();
    const sent = notification({
      id: 'notif-crash-1',
      paiementEnLigneId: online.paiementEnLigneId,
      reference: 'TX-3001',
      montant: 25000,
    });
    // As if the process had stopped between its two writes: the payment confirmed, not the dossier.
    const stream = `paiements-en-ligne-${online.paiementEnLigneId}`;
    await handleCommand(t.eventStore, {
      stream,
      decider: onlinePaymentDecider,
      command: {
        type: 'ConfirmOnlinePayment',
        data: {
          paiementEnLigneId: online.paiementEnLigneId,
          referenceFournisseur: 'TX-3001',
          numeroRecu: 'PAY-EL-000042',
          notificationId: 'notif-crash-1',
          payeLe: new Date().toISOString(),
          date: new Date().toISOString().slice(0, 10),
          montant: 25000,
        },
      },
      context: {
        commandId: `${stream}/confirmation/webhook+notif-crash-1`,
        actor: { id: 'fournisseur-paiement-webhook', name: 'Fournisseur de paiement (PayTest)' },
        now: new Date().toISOString(),
      },
    });
    expect(await payments(dossier.id)).toHaveLength(0);
    const retried = await notify(sent);
    expectStatus(retried, 200);
    expect(retried.json()).toMatchObject({ statut: 'confirme', numeroRecu: 'PAY-EL-000042' });
    const recorded = await payments(dossier.id);
    expect(recorded.map((e) => (e.data as { reference: string }).reference)).toEqual([
      'PAY-EL-000042',
    ]);
    expect(
      fold(
        onlinePaymentDecider,
        (await events(stream)) as unknown as RecordedEvent<OnlinePaymentEvent>[],
      ),
    ).toMatchObject({ status: 'confirme' });
    // Completed: the same notification is now a replay.
    expectStatus(await notify(sent), 409);
  });

  it('records a failed payment, which the page then shows; the dossier is unchanged', async () => {
    const dossier = await dossierOf(s, 'Owona', 'Clarisse');
    const online = (
      await visitor(t, '/paiements', { numeroDossier: dossier.numero })
    ).json<Started>();
    const response = await notify(
      notification({
        paiementEnLigneId: online.paiementEnLigneId,
        statut: 'echoue',
        montant: 25000,
        motif: 'Solde insuffisant.',
      }),
    );
    expectStatus(response, 200);
    expect((await visitor(t, '/paiements/suivi', { jeton: online.jeton })).json()).toMatchObject({
      statut: 'echoue',
      motif: 'Solde insuffisant.',
    });
    expect(await payments(dossier.id)).toHaveLength(0);
  });
});

describe('the sandbox (« Mode démonstration »), the webhook without a secret, the page calls’ rate limit', () => {
  let t: TestApp;
  let s: ExamSession;
  const BUDGET = 12;

  beforeAll(async () => {
    // The sandbox is chosen, never a default; this office counts its payments.
    t = await startTestApp({
      payments: { provider: 'demonstration', providerName: 'fournisseur de paiement' },
      rateLimits: {
        auth: { max: 10_000, windowSeconds: 60 },
        public: {
          resultats: { max: 10_000, windowSeconds: 60 },
          verifications: { max: 10_000, windowSeconds: 60 },
          pages: { max: 10_000, windowSeconds: 60 },
          notifications: { max: 10_000, windowSeconds: 60 },
          paiements: { max: BUDGET, windowSeconds: 60 },
        },
      },
    });
    s = await sessionWithFee(t, await t.asAdmin(), 'DEM', 25000, true);
  });
  afterAll(async () => t.close());

  it('pays in the sandbox through the notifications’ own path; the receipt says no money moved', async () => {
    const dossier = await dossierOf(s, 'Mbarga', 'Jean');
    const summary = (
      await visitor(t, '/paiements/dossier', { numeroDossier: dossier.numero })
    ).json<Summary>();
    expect(summary.fournisseur).toEqual({ libelle: 'démonstration', demonstration: true });
    const started = await visitor(t, '/paiements', { numeroDossier: dossier.numero });
    expectStatus(started, 201);
    const online = started.json<Started>();
    expect(online.demonstration).toBe(true);
    expect(online.redirection).toBe(
      `/paiement?etape=demonstration&paiement=${online.paiementEnLigneId}`,
    );
    const paid = await visitor(t, '/paiements/demonstration', { jeton: online.jeton });
    expectStatus(paid, 200);
    expect(paid.json()).toMatchObject({
      statut: 'confirme',
      numeroRecu: 'DEM-EL-000001',
      demonstration: true,
      recu: `/api/public/paiements/recus/${online.jeton}`,
    });
    // Twice: nothing more.
    expectStatus(await visitor(t, '/paiements/demonstration', { jeton: online.jeton }), 200);
    const recorded = (await t.eventStore.readStream(`candidatures-${dossier.id}`)).filter(
      (e) => e.type === 'PaymentRecorded',
    );
    expect(
      recorded.map((e) => [
        e.metadata.actor.name,
        (e.data as { fournisseurLibelle: string }).fournisseurLibelle,
      ]),
    ).toEqual([['Fournisseur de paiement (démonstration)', 'démonstration']]);
    const receipt = await t.app.inject({ method: 'GET', url: paid.json<{ recu: string }>().recu });
    expectStatus(receipt, 200);
    const text = pdfText(receipt.rawPayload).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('MODE DÉMONSTRATION');
    expect(text).toContain('25 000 FCFA');
    expect(text).toContain('En ligne (démonstration)');
  });

  it('answers the webhook with a French 503 while PAYMENT_WEBHOOK_SECRET is not set', async () => {
    const body = JSON.stringify({
      id: 'n-1',
      paiementEnLigneId: randomUUID(),
      statut: 'paye',
      reference: 'TX',
      montant: 1,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/paiements/notifications',
      headers: {
        'content-type': 'application/json',
        'x-signature': signNotification(SECRET, body, Math.floor(Date.now() / 1000)),
      },
      payload: body,
    });
    expectStatus(
      response,
      503,
      'Les notifications du fournisseur de paiement ne sont pas configurées sur ce serveur (PAYMENT_WEBHOOK_SECRET).',
    );
  });

  it('refuses the page’s calls past their budget per address with a French 429', async () => {
    let last: Reply | undefined;
    for (let i = 0; i <= BUDGET; i += 1) {
      last = await visitor(t, '/paiements/dossier', { numeroDossier: 'DEM27-999999' });
      if (last.statusCode === 429) break;
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['retry-after']).toBeDefined();
    expect(last!.json().message).toMatch(
      /^Trop de tentatives depuis cette adresse\. Réessayez dans \d+ secondes?\.$/,
    );
  });
});
