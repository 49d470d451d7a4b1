import { describe, expect, it } from '@jest/globals';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import { DeciderSpecification } from '../core/testing.js';
import {
  maskName,
  onlinePaymentDecider,
  parseDossierLookup,
  parseProviderNotification,
  parseSignatureHeader,
  paymentOfToken,
  receiptLines,
  receiptLinkExpiry,
  receiptLinkExpiryDay,
  receiptNumber,
  receiptOf,
  withinSignatureWindow,
  type OnlinePaymentDetails,
  type OnlinePaymentEvent,
} from './onlinePayment.js';
import {
  amountPaid,
  candidatureDecider,
  demonstrationAmount,
  paymentChannelLabel,
  validationObstacles,
  type CandidatureEvent,
} from '../registration/candidature.js';

const spec = DeciderSpecification.for(onlinePaymentDecider);
const id = '0f3c2a9e-1b2c-4d5e-8f90-123456789abc';
const details: OnlinePaymentDetails = {
  paiementEnLigneId: id,
  candidatureId: 'c-1',
  numeroDossier: 'CQP27-000042',
  sessionId: 's-1',
  candidat: 'Mballa Alain Marie',
  examen: 'CQP',
  session: 'CQP 2027',
  montant: 25000,
  montantDu: 25000,
  fournisseur: 'webhook',
  fournisseurLibelle: 'PayTest',
  jetonSha256: 'ab'.repeat(32),
};
const started: OnlinePaymentEvent = { type: 'OnlinePaymentStarted', data: details };
const confirmation = {
  paiementEnLigneId: id,
  referenceFournisseur: 'TX-1',
  numeroRecu: 'CQP-EL-000001',
  notificationId: 'n-1',
  payeLe: '2026-11-20T09:30:00.000Z',
  date: '2026-11-20',
};
const confirmed: OnlinePaymentEvent = { type: 'OnlinePaymentConfirmed', data: confirmation };
const confirm = (overrides: Partial<typeof confirmation & { montant: number }> = {}) =>
  ({
    type: 'ConfirmOnlinePayment',
    data: { ...confirmation, montant: 25000, ...overrides },
  }) as const;

describe('Online payment', () => {
  it('starts once, for an amount still due', () => {
    spec.given([]).when({ type: 'StartOnlinePayment', data: details }).then([started]);
    spec
      .given([started])
      .when({ type: 'StartOnlinePayment', data: details })
      .thenThrows(ConflictError);
    spec
      .given([])
      .when({ type: 'StartOnlinePayment', data: { ...details, montant: 0 } })
      .thenThrows(ConflictError);
  });

  it('is confirmed once per provider reference: the same reference again records nothing', () => {
    spec.given([started]).when(confirm()).then([confirmed]);
    spec
      .given([started, confirmed])
      .when(confirm({ notificationId: 'n-2', numeroRecu: 'CQP-EL-000002' }))
      .then([]);
    spec
      .given([started, confirmed])
      .when(confirm({ referenceFournisseur: 'TX-2' }))
      .thenThrows(ConflictError, (e) =>
        expect(e.message).toBe(
          'Ce paiement est déjà confirmé sous une autre référence du fournisseur.',
        ),
      );
  });

  it('refuses a notified amount other than the one asked, and an unknown payment', () => {
    spec
      .given([started])
      .when(confirm({ montant: 20000 }))
      .thenThrows(ValidationError, (e) =>
        expect(e.message).toBe(
          'Le montant notifié (20\u00a0000\u00a0FCFA) ne correspond pas au paiement demandé (25\u00a0000\u00a0FCFA).',
        ),
      );
    spec.given([]).when(confirm()).thenThrows(NotFoundError);
  });

  it('records a failure while started only; a confirmed payment refused by its dossier is to refund', () => {
    const failure = {
      type: 'RecordOnlinePaymentFailure',
      data: { paiementEnLigneId: id, notificationId: 'n-9', motif: 'Solde insuffisant' },
    } as const;
    spec
      .given([started])
      .when(failure)
      .then([{ type: 'OnlinePaymentFailed', data: failure.data }]);
    spec.given([started, confirmed]).when(failure).then([]);
    const refuse = {
      type: 'RefuseOnlinePayment',
      data: { paiementEnLigneId: id, motif: 'Déjà réglé' },
    } as const;
    spec.given([started]).when(refuse).thenThrows(ConflictError);
    spec
      .given([started, confirmed])
      .when(refuse)
      .then([{ type: 'OnlinePaymentRefused', data: refuse.data }]);
  });

  it('prints a receipt of a confirmed payment only: number, dossier, amount in FCFA, day DD/MM/YYYY', () => {
    const state = [started, confirmed].reduce(
      onlinePaymentDecider.evolve,
      onlinePaymentDecider.initialState(),
    );
    const expiry = receiptLinkExpiry('2026-11-20T09:00:00.000Z');
    expect(expiry).toBe('2027-11-20T09:00:00.000Z');
    expect(receiptLinkExpiryDay('2027-11-20T23:30:00.000Z', 'Africa/Douala')).toBe('21/11/2027');
    expect(
      receiptOf([started].reduce(onlinePaymentDecider.evolve, { status: 'absent' }), expiry),
    ).toBe(null);
    expect(receiptOf(state, expiry)?.lienExpireLe).toBe(expiry);
    expect(receiptLines(receiptOf(state, expiry)!)).toEqual([
      ['Reçu n°', 'CQP-EL-000001'],
      ['Numéro de dossier', 'CQP27-000042'],
      ['Candidat', 'Mballa Alain Marie'],
      ['Examen', 'CQP'],
      ['Session', 'CQP 2027'],
      ['Objet', 'Frais d’examen'],
      ['Montant payé', '25\u00a0000\u00a0FCFA'],
      ['Date du paiement', '20/11/2026'],
      ['Canal', 'En ligne (PayTest)'],
      ['Référence du fournisseur', 'TX-1'],
    ]);
    expect(receiptNumber('cqp 2027', 7)).toBe('CQP2027-EL-000007');
    expect(receiptNumber('', 1)).toBe('REC-EL-000001');
  });
});

describe('Online payments on the dossier', () => {
  const created: CandidatureEvent = {
    type: 'CandidatureCreated',
    data: {
      candidatureId: 'c-1',
      numeroDossier: 'CQP27-000042',
      sessionId: 's-1',
      metierId: 'm-1',
      centreDepotId: 'cd-1',
      values: { nom: 'Mballa', prenoms: 'Alain' },
    },
  };
  const frais = { montant: 25000, paiementAvantValidation: false };
  const online = {
    paiementId: `en-ligne-${id}`,
    montant: 15000,
    date: '2026-11-20',
    reference: 'CQP-EL-000001',
    canal: 'en-ligne',
    fournisseur: 'webhook',
    fournisseurLibelle: 'PayTest',
    referenceFournisseur: 'TX-1',
    paiementEnLigneId: id,
  } as const;
  const sandbox = {
    ...online,
    fournisseur: 'demonstration',
    fournisseurLibelle: 'démonstration',
    referenceFournisseur: 'DEMO-1',
    demonstration: true,
  } as const;

  it('adds up with a staff payment, keeps the channel, refuses to go over the fee', () => {
    const staff: CandidatureEvent = {
      type: 'PaymentRecorded',
      data: {
        candidatureId: 'c-1',
        paiementId: 'p-1',
        montant: 10000,
        date: '2026-11-19',
        reference: 'REC-1',
        montantDu: 25000,
      },
    };
    const spec2 = DeciderSpecification.for(candidatureDecider);
    spec2
      .given([created, staff])
      .when({ type: 'RecordPayment', data: { candidatureId: 'c-1', ...online, frais } })
      .then([
        {
          type: 'PaymentRecorded',
          data: { candidatureId: 'c-1', ...online, montantDu: 25000 },
        },
      ]);
    spec2
      .given([created, staff])
      .when({
        type: 'RecordPayment',
        data: { candidatureId: 'c-1', ...online, montant: 15001, frais },
      })
      .thenThrows(ValidationError);
    const state = [created, staff].reduce(candidatureDecider.evolve, {
      status: 'absent',
    } as never);
    const paid = candidatureDecider.evolve(state, {
      type: 'PaymentRecorded',
      data: { candidatureId: 'c-1', ...online, montantDu: 25000 },
    });
    expect(paid.status === 'present' && paid.paiements.map(paymentChannelLabel)).toEqual([
      'Guichet',
      'En ligne (PayTest)',
    ]);
  });

  it('records a sandbox payment as a demonstration, counted only where the session says so', () => {
    const spec = DeciderSpecification.for(candidatureDecider);
    const recorded = (demonstrationComptee: boolean): CandidatureEvent => ({
      type: 'PaymentRecorded',
      data: { candidatureId: 'c-1', ...sandbox, demonstrationComptee, montantDu: 25000 },
    });
    spec
      .given([created])
      .when({ type: 'RecordPayment', data: { candidatureId: 'c-1', ...sandbox, frais } })
      .then([recorded(false)]);
    spec
      .given([created])
      .when({
        type: 'RecordPayment',
        data: {
          candidatureId: 'c-1',
          ...sandbox,
          // Whatever the command says, the session's switch decides.
          demonstrationComptee: true,
          frais: { ...frais, compterPaiementsDemonstration: true },
        },
      })
      .then([recorded(true)]);
    const evolve = (events: CandidatureEvent[]) =>
      events.reduce(candidatureDecider.evolve, { status: 'absent' } as never);
    const uncounted = evolve([created, recorded(false)]);
    if (uncounted.status !== 'present') throw new Error('absent');
    expect([amountPaid(uncounted.paiements), demonstrationAmount(uncounted.paiements)]).toEqual([
      0, 15000,
    ]);
    // Not counted: the fee stays due, validation stays closed.
    expect(validationObstacles(uncounted, [], { ...frais, paiementAvantValidation: true })).toEqual(
      ['frais d’examen : 25\u00a0000\u00a0FCFA restent à payer'],
    );
    const counted = evolve([created, recorded(true)]);
    if (counted.status !== 'present') throw new Error('absent');
    expect([amountPaid(counted.paiements), demonstrationAmount(counted.paiements)]).toEqual([
      15000, 0,
    ]);
    // A sandbox payment recorded before demonstrations were marked: one all the same, not counted.
    const { demonstration: _d, ...unmarked } = sandbox;
    const older = evolve([
      created,
      { type: 'PaymentRecorded', data: { candidatureId: 'c-1', ...unmarked, montantDu: 25000 } },
    ]);
    if (older.status !== 'present') throw new Error('absent');
    expect(older.paiements[0]).toMatchObject({ demonstration: true, demonstrationComptee: false });
    expect(amountPaid(older.paiements)).toBe(0);
  });
});

describe('Public inputs', () => {
  it('masks a name: first letter of each word, then three stars', () => {
    expect(maskName('Kamga', 'Thérèse')).toBe('K*** T***');
    expect(maskName('Étoundi', ' alain  marie ')).toBe('É*** A*** M***');
    expect(maskName(undefined, '')).toBe('');
  });

  it('reads a dossier number as typed, or says in French what is wrong', () => {
    expect(parseDossierLookup({ numeroDossier: ' cqp27-000042 ' })).toBe('CQP27-000042');
    expect(() => parseDossierLookup({})).toThrow(
      'Saisissez le numéro de votre dossier (par exemple CQP27-000042).',
    );
    expect(() => parseDossierLookup({ numeroDossier: 'CQP27/0042' })).toThrow(ValidationError);
  });

  it('finds the payment a receipt token names, and nothing in any other text', () => {
    const jeton = `${id}.${'A'.repeat(43)}`;
    expect(paymentOfToken(jeton)).toBe(id);
    expect(paymentOfToken(id)).toBe(null);
    expect(paymentOfToken('CQP27-000042')).toBe(null);
    expect(paymentOfToken(`${id}.${'A'.repeat(42)}`)).toBe(null);
  });

  it('reads a notification, every field checked', () => {
    expect(
      parseProviderNotification({
        id: 'n-1',
        paiementEnLigneId: id,
        statut: 'paye',
        reference: 'TX-1',
        montant: 25000,
        devise: 'XAF',
      }),
    ).toEqual({
      id: 'n-1',
      paiementEnLigneId: id,
      statut: 'paye',
      reference: 'TX-1',
      montant: 25000,
      motif: 'Paiement refusé par le fournisseur.',
    });
    expect(() =>
      parseProviderNotification({ id: 'n-1', paiementEnLigneId: id, statut: 'paye', montant: 1 }),
    ).toThrow('Référence du fournisseur absente ou invalide');
    expect(() =>
      parseProviderNotification({
        id: 'n-1',
        paiementEnLigneId: id,
        statut: 'paye',
        reference: 'TX',
        montant: 10.5,
        devise: 'EUR',
      }),
    ).toThrow(ValidationError);
  });
});

describe('Signature header and its window', () => {
  it('reads t and every v1, refuses anything malformed', () => {
    const hex = 'a'.repeat(64);
    expect(parseSignatureHeader(`t=1767225600,v1=${hex}`)).toEqual({
      timestamp: 1767225600,
      signatures: [hex],
    });
    expect(parseSignatureHeader(`t=1767225600, v1=${hex}, v1=${'B'.repeat(64)}`)).toEqual({
      timestamp: 1767225600,
      signatures: [hex, 'b'.repeat(64)],
    });
    expect(parseSignatureHeader(undefined)).toBe(null);
    expect(parseSignatureHeader(`v1=${hex}`)).toBe(null);
    expect(parseSignatureHeader('t=1767225600')).toBe(null);
    expect(parseSignatureHeader(`t=1767225600,v1=${'a'.repeat(63)}`)).toBe(null);
    expect(parseSignatureHeader(`t=abc,v1=${hex}`)).toBe(null);
  });

  it('accepts a timestamp within 5 minutes either side of now, not beyond', () => {
    const now = 1_767_225_600_000;
    expect(withinSignatureWindow(now / 1000, now)).toBe(true);
    expect(withinSignatureWindow(now / 1000 - 300, now)).toBe(true);
    expect(withinSignatureWindow(now / 1000 + 300, now)).toBe(true);
    expect(withinSignatureWindow(now / 1000 - 301, now)).toBe(false);
    expect(withinSignatureWindow(now / 1000 + 301, now)).toBe(false);
  });
});
