import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  amountPaid,
  CANDIDATURE_CATEGORY,
  CANDIDATURE_STATUS_LABELS,
  candidatureDecider,
  ConflictError,
  DEMONSTRATION_PROVIDER,
  demonstrationAmount,
  DOSSIER_NOT_FOUND,
  DuplicateError,
  fold,
  localDate,
  NotFoundError,
  ONLINE_PAYMENT_ACTOR,
  ONLINE_PAYMENT_CATEGORY,
  onlinePaymentDecider,
  onlinePaymentRecordId,
  paymentOfToken,
  providerActor,
  RECEIPT_NOT_FOUND,
  receiptLinkExpiry,
  receiptNumber,
  receiptPrefix,
  ReceiptExpiredError,
  ReplayedNotificationError,
  streamName,
  ValidationError,
  type Candidature,
  type CandidatureEvent,
  type CandidatureStatus,
  type CommandContext,
  type OnlinePayment,
  type OnlinePaymentEvent,
  type ProviderNotification,
  type SessionFee,
} from '@examens-pro/domain';
import { handleCommand } from '@examens-pro/platform';
import { serialized, sequence } from '@examens-pro/platform';
import { reserveUniqueValue, uniqueValueHolder, type UniqueValue } from '@examens-pro/platform';
import { WrongExpectedRevisionError, type EventStore } from '@examens-pro/platform';
import { sessionFeeOf } from '../registration/candidatures.js';

/** The dossier statuses whose fee may still be paid (as `RecordPayment` allows). */
const PAYABLE: readonly CandidatureStatus[] = ['brouillon', 'soumis', 'valide', 'affecte'];

export const NOTHING_DUE = 'Les frais d’examen de ce dossier sont déjà réglés.';
/** A second sandbox payment of a dossier whose first does not count. */
export const DEMONSTRATION_ALREADY_MADE =
  'Un paiement de démonstration a déjà été fait pour ce dossier : il ne compte pas dans les frais dus, et un autre n’y changerait rien.';
export const NO_FEE =
  'Aucun frais d’examen n’est défini pour cette session : le paiement en ligne n’est pas possible.';

/** Where a dossier's fee stands now, exact from its stream and the fee's. */
export interface DossierStanding {
  readonly candidature: Extract<Candidature, { status: 'present' }>;
  readonly fee: (SessionFee & { prefixePaiement: string }) | null;
  /** What counts toward the fee (the sandbox's payments only where the session counts them). */
  readonly paid: number;
  /** The sandbox's payments that do not count, shown apart. */
  readonly demonstration: number;
  /** What remains to pay (null: no fee defined). */
  readonly outstanding: number | null;
  /** Why it cannot be paid online now (French); null: it can. */
  readonly obstacle: string | null;
}

/** A provider as payments record it. */
export interface ProviderIdentity {
  readonly code: string;
  readonly libelle: string;
}

/** Where an online payment stands, for the page that follows it. */
export type OnlinePaymentProgress =
  /** Started, not notified yet (or confirmed, its recording on the dossier under way). */
  | 'en-attente'
  | 'confirme'
  | 'echoue'
  /** Confirmed by the provider, refused by the dossier (paid meanwhile): to refund. */
  | 'refuse';

export interface NotificationOutcome {
  readonly statut: OnlinePaymentProgress;
  readonly paiementEnLigneId: string;
  readonly numeroRecu?: string;
  readonly motif?: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Whether `jeton` is the one whose SHA-256 was kept (compared in constant time). */
const holdsToken = (jeton: string, kept: string): boolean => {
  const given = Buffer.from(sha256(jeton), 'hex');
  const expected = Buffer.from(kept, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** How a new payment's id and its token's secret part (32 bytes) are drawn. */
export type NewOnlinePayment = () => { paiementEnLigneId: string; secret: Buffer };

/** What online payments work with: made once by `onlinePaymentDeps` (its counters and turns). */
export interface OnlinePaymentDeps {
  readonly eventStore: EventStore;
  readonly timeZone: string;
  readonly newPayment: NewOnlinePayment;
  readonly receiptNumbers: ReturnType<typeof sequence>;
  /** Notifications of one payment take their turn in this process (others meet at the revision). */
  readonly inTurn: ReturnType<typeof serialized>;
}

export const onlinePaymentDeps = (
  eventStore: EventStore,
  options: {
    readonly timeZone: string;
    /**
     * A new payment's id and its token's secret part (32 bytes): random unless told (the crash
     * tests' stories make theirs from their seed).
     */
    readonly newPayment?: NewOnlinePayment;
  },
): OnlinePaymentDeps => ({
  eventStore,
  timeZone: options.timeZone,
  newPayment:
    options.newPayment ?? (() => ({ paiementEnLigneId: randomUUID(), secret: randomBytes(32) })),
  receiptNumbers: sequence(eventStore, {
    stream: (prefix) => `numeros-recus-${prefix}`,
    one: (prefix, numero, paiementEnLigneId) => ({
      type: 'ReceiptNumberTaken',
      data: { prefixe: prefix, numero, paiementEnLigneId },
    }),
    block: (prefix, numero, dernier, ids) => ({
      type: 'ReceiptNumbersTaken',
      data: { prefixe: prefix, numero, dernier, paiementEnLigneIds: ids },
    }),
    label: 'Numéro de reçu',
  }),
  inTurn: serialized(),
});

const paymentStream = (id: string) => streamName(ONLINE_PAYMENT_CATEGORY, id);

/** A payment and when it started (its receipt's link opens it for a year from then). */
const readPaymentStream = async (
  eventStore: EventStore,
  id: string,
): Promise<{ payment: OnlinePayment; startedAt: string | null }> => {
  const events = await eventStore.readStream(paymentStream(id));
  return {
    payment: fold(onlinePaymentDecider, events as unknown as OnlinePaymentEvent[]),
    startedAt: events[0]?.metadata.at ?? null,
  };
};

const readPayment = async (eventStore: EventStore, id: string): Promise<OnlinePayment> =>
  (await readPaymentStream(eventStore, id)).payment;

const readCandidature = async (eventStore: EventStore, id: string): Promise<Candidature> =>
  fold(
    candidatureDecider,
    (await eventStore.readStream(
      streamName(CANDIDATURE_CATEGORY, id),
    )) as unknown as CandidatureEvent[],
  );

/** Where a dossier's fee stands now: what is paid, what remains, why it cannot be paid online. */
export const dossierStanding = async (
  eventStore: EventStore,
  candidatureId: string,
): Promise<DossierStanding> => {
  const candidature = await readCandidature(eventStore, candidatureId);
  if (candidature.status !== 'present') throw new NotFoundError(DOSSIER_NOT_FOUND);
  const fee = await sessionFeeOf(eventStore, candidature.sessionId);
  const paid = amountPaid(candidature.paiements);
  const demonstration = demonstrationAmount(candidature.paiements);
  const outstanding = fee ? Math.max(0, fee.montant - paid) : null;
  const obstacle = !PAYABLE.includes(candidature.statut)
    ? `Ce dossier est à l’état « ${CANDIDATURE_STATUS_LABELS[candidature.statut]} » : ses frais ne se règlent plus.`
    : outstanding === null
      ? NO_FEE
      : outstanding <= 0
        ? NOTHING_DUE
        : null;
  return { candidature, fee, paid, demonstration, outstanding, obstacle };
};

/** A payment's received notification ids, one reservation stream each (per provider). */
const notificationSeen = (provider: ProviderIdentity, id: string): UniqueValue => ({
  resource: 'notifications-paiement',
  field: 'id',
  value: `${provider.code}+${id}`,
});

const recordOnDossier = async (
  eventStore: EventStore,
  payment: Exclude<OnlinePayment, { status: 'absent' }>,
  context: CommandContext,
): Promise<void> => {
  const confirmation = payment.confirmation!;
  const paiementId = onlinePaymentRecordId(payment.paiementEnLigneId);
  const candidature = await readCandidature(eventStore, payment.candidatureId);
  // Recorded already (a retry): nothing else is decided, whatever the dossier became since.
  if (
    candidature.status === 'present' &&
    candidature.paiements.some((p) => p.paiementId === paiementId)
  )
    return;
  const fee = await sessionFeeOf(eventStore, payment.sessionId);
  await handleCommand(eventStore, {
    stream: streamName(CANDIDATURE_CATEGORY, payment.candidatureId),
    decider: candidatureDecider,
    command: {
      type: 'RecordPayment',
      data: {
        candidatureId: payment.candidatureId,
        paiementId,
        montant: payment.montant,
        date: confirmation.date,
        reference: confirmation.numeroRecu,
        canal: 'en-ligne',
        fournisseur: payment.fournisseur,
        fournisseurLibelle: payment.fournisseurLibelle,
        referenceFournisseur: confirmation.referenceFournisseur,
        paiementEnLigneId: payment.paiementEnLigneId,
        // The sandbox's: no money moved; counted only if the session says so (the decider).
        ...(payment.fournisseur === DEMONSTRATION_PROVIDER ? { demonstration: true } : {}),
        frais: fee && {
          montant: fee.montant,
          paiementAvantValidation: fee.paiementAvantValidation,
          compterPaiementsDemonstration: fee.compterPaiementsDemonstration === true,
        },
      },
    },
    context,
  });
};

const confirmOnce = async (
  deps: OnlinePaymentDeps,
  n: ProviderNotification,
  provider: ProviderIdentity,
  nowMs: number,
): Promise<NotificationOutcome> => {
  const { eventStore, receiptNumbers } = deps;
  const stream = paymentStream(n.paiementEnLigneId);
  let payment = await readPayment(eventStore, n.paiementEnLigneId);
  if (payment.status === 'absent') throw new NotFoundError('Ce paiement en ligne est introuvable.');
  if (payment.fournisseur !== provider.code)
    throw new ValidationError('Ce paiement n’a pas été ouvert chez ce fournisseur.', {
      paiementEnLigneId: 'Paiement ouvert chez un autre fournisseur.',
    });
  const now = new Date(nowMs).toISOString();
  const actor = providerActor(provider.code, provider.libelle);
  const context = (step: string): CommandContext => ({
    commandId: `${stream}/${step}/${provider.code}+${n.id}`,
    actor,
    now,
  });
  const seen = async () => {
    try {
      await reserveUniqueValue(
        eventStore,
        notificationSeen(provider, n.id),
        stream,
        context('recue'),
      );
    } catch (error) {
      // The same id already received for another payment: a replay all the same.
      if (error instanceof DuplicateError) throw new ReplayedNotificationError();
      throw error;
    }
  };
  const id = n.paiementEnLigneId;

  if (n.statut === 'echoue') {
    const outcome = await handleCommand(eventStore, {
      stream,
      decider: onlinePaymentDecider,
      command: {
        type: 'RecordOnlinePaymentFailure',
        data: { paiementEnLigneId: id, notificationId: n.id, motif: n.motif },
      },
      context: context('echec'),
    });
    await seen();
    return progressOf(outcome.state, outcome.state.status === 'confirme');
  }

  const confirm = (numeroRecu: string) =>
    ({
      type: 'ConfirmOnlinePayment',
      data: {
        paiementEnLigneId: id,
        referenceFournisseur: n.reference,
        numeroRecu,
        notificationId: n.id,
        payeLe: now,
        date: localDate(now, deps.timeZone),
        montant: n.montant,
      },
    }) as const;
  // Refused before a number is taken: another amount, another reference already confirmed.
  const decided = onlinePaymentDecider.decide(confirm('-'), payment);
  if (decided.length > 0) {
    const fee = await sessionFeeOf(eventStore, payment.sessionId);
    const prefix = receiptPrefix(fee?.prefixePaiement);
    const numero = await receiptNumbers(prefix, id, context('numero'));
    // A provider's reference confirms one payment only.
    const reference: UniqueValue = {
      resource: 'paiements-fournisseurs',
      field: 'reference',
      value: `${provider.code}+${n.reference.toUpperCase()}`,
    };
    const outcome = await handleCommand(eventStore, {
      stream,
      decider: onlinePaymentDecider,
      command: confirm(receiptNumber(prefix, numero)),
      context: context('confirmation'),
      beforeAppend: async () => {
        try {
          await reserveUniqueValue(eventStore, reference, stream, context('reference'));
        } catch (error) {
          if (error instanceof DuplicateError)
            throw new ConflictError(
              'Cette référence du fournisseur confirme déjà un autre paiement.',
            );
          throw error;
        }
      },
    });
    payment = outcome.state;
  }
  if (payment.status === 'confirme') {
    try {
      await recordOnDossier(eventStore, payment, {
        commandId: `${stream}/dossier`,
        actor,
        now,
      });
    } catch (error) {
      // The provider took the money, the dossier refuses it (paid meanwhile, withdrawn…): the
      // payment says so, to be refunded; the notification itself was well received.
      if (
        !(error instanceof ConflictError) &&
        !(error instanceof ValidationError) &&
        !(error instanceof NotFoundError)
      )
        throw error;
      const outcome = await handleCommand(eventStore, {
        stream,
        decider: onlinePaymentDecider,
        command: {
          type: 'RefuseOnlinePayment',
          data: { paiementEnLigneId: id, motif: error.message },
        },
        context: context('refus'),
      });
      payment = outcome.state;
    }
  }
  await seen();
  return progressOf(payment, payment.status === 'confirme');
};

/**
 * Starts an online payment of what the dossier owes now, at `provider`; answers its id, the
 * amount, and the receipt's token (returned once: only its SHA-256 is kept).
 */
export const startOnlinePayment = async (
  deps: OnlinePaymentDeps,
  candidatureId: string,
  provider: ProviderIdentity,
  names: { examen: string; session: string },
  now: string,
): Promise<{ paiementEnLigneId: string; montant: number; jeton: string }> => {
  const { eventStore } = deps;
  const { candidature, fee, outstanding, obstacle, demonstration } = await dossierStanding(
    eventStore,
    candidatureId,
  );
  if (obstacle || !fee || outstanding === null) throw new ConflictError(obstacle ?? NO_FEE);
  // A sandbox payment that does not count leaves the fee due: one a dossier, not one a click
  // (each would add a payment to the dossier and take a receipt number).
  if (provider.code === DEMONSTRATION_PROVIDER && demonstration > 0)
    throw new ConflictError(DEMONSTRATION_ALREADY_MADE);
  const { paiementEnLigneId, secret } = deps.newPayment();
  const jeton = `${paiementEnLigneId}.${secret.toString('base64url')}`;
  await handleCommand(eventStore, {
    stream: paymentStream(paiementEnLigneId),
    decider: onlinePaymentDecider,
    command: {
      type: 'StartOnlinePayment',
      data: {
        paiementEnLigneId,
        candidatureId,
        numeroDossier: candidature.numeroDossier,
        sessionId: candidature.sessionId,
        candidat: [candidature.values.nom, candidature.values.prenoms]
          .filter((v): v is string => typeof v === 'string' && v !== '')
          .join(' '),
        examen: names.examen,
        session: names.session,
        montant: outstanding,
        montantDu: fee.montant,
        fournisseur: provider.code,
        fournisseurLibelle: provider.libelle,
        jetonSha256: sha256(jeton),
      },
    },
    context: {
      commandId: `${paymentStream(paiementEnLigneId)}/debut`,
      actor: ONLINE_PAYMENT_ACTOR,
      now,
    },
  });
  return { paiementEnLigneId, montant: outstanding, jeton };
};

/**
 * A provider's notification, its signature already checked: a payment confirmed (recorded on
 * the dossier, once whatever the retries) or failed. A notification id already received is
 * refused (409); a repeated provider reference is recorded once.
 */
export const onlinePaymentNotified = async (
  deps: OnlinePaymentDeps,
  n: ProviderNotification,
  provider: ProviderIdentity,
  nowMs: number,
): Promise<NotificationOutcome> => {
  if (await uniqueValueHolder(deps.eventStore, notificationSeen(provider, n.id)))
    throw new ReplayedNotificationError();
  return deps.inTurn(paymentStream(n.paiementEnLigneId), async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await confirmOnce(deps, n, provider, nowMs);
      } catch (error) {
        // Another notification of the same payment wrote in between: read again.
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= 3) throw error;
      }
    }
  });
};

/**
 * The payment a receipt's token opens, whether it is recorded on the dossier, and when the
 * token stops opening it (a year after the payment started); a French 404 for any other token
 * (unknown, altered, or a payment's id alone), a French 410 once the year is past.
 */
export const onlinePaymentByToken = async (
  deps: Pick<OnlinePaymentDeps, 'eventStore' | 'timeZone'>,
  jeton: string,
  nowMs: number = Date.now(),
): Promise<{
  payment: Exclude<OnlinePayment, { status: 'absent' }>;
  recorded: boolean;
  lienExpireLe: string;
}> => {
  const { eventStore } = deps;
  const id = paymentOfToken(jeton);
  if (!id) throw new NotFoundError(RECEIPT_NOT_FOUND);
  const { payment, startedAt } = await readPaymentStream(eventStore, id);
  if (payment.status === 'absent' || !startedAt || !holdsToken(jeton, payment.jetonSha256))
    throw new NotFoundError(RECEIPT_NOT_FOUND);
  // Checked once the token is known good: an altered one learns nothing of its payment.
  const lienExpireLe = receiptLinkExpiry(startedAt);
  if (nowMs >= Date.parse(lienExpireLe)) throw new ReceiptExpiredError(lienExpireLe, deps.timeZone);
  let recorded = false;
  if (payment.status === 'confirme') {
    const candidature = await readCandidature(eventStore, payment.candidatureId);
    const paiementId = onlinePaymentRecordId(id);
    recorded =
      candidature.status === 'present' &&
      candidature.paiements.some((p) => p.paiementId === paiementId);
  }
  return { payment, recorded, lienExpireLe };
};

/**
 * Online payments of dossiers' fees: started for what remains to pay, confirmed by the provider's
 * (signed, checked) notification, recorded on the dossier as a `PaymentRecorded` like a staff
 * payment, so that both add up. A confirmation writes two streams, each step idempotent: a
 * notification retried after a crash completes what the first left half-done; a notification id
 * is marked as received last, so only a completed one is refused as a replay.
 */
export const onlinePaymentCommands = (
  eventStore: EventStore,
  options: Parameters<typeof onlinePaymentDeps>[1],
) => {
  const deps = onlinePaymentDeps(eventStore, options);
  return {
    standing: (candidatureId: string) => dossierStanding(eventStore, candidatureId),
    start: (
      candidatureId: string,
      provider: ProviderIdentity,
      names: { examen: string; session: string },
      now: string,
    ) => startOnlinePayment(deps, candidatureId, provider, names, now),
    notified: (n: ProviderNotification, provider: ProviderIdentity, nowMs: number) =>
      onlinePaymentNotified(deps, n, provider, nowMs),
    byToken: (jeton: string, nowMs?: number) => onlinePaymentByToken(deps, jeton, nowMs),
  };
};

export type OnlinePaymentCommands = ReturnType<typeof onlinePaymentCommands>;

/** Where a payment stands for its page (`recorded`: its `PaymentRecorded` is on the dossier). */
export const progressOf = (payment: OnlinePayment, recorded: boolean): NotificationOutcome => {
  if (payment.status === 'absent') throw new NotFoundError(RECEIPT_NOT_FOUND);
  const base = { paiementEnLigneId: payment.paiementEnLigneId };
  switch (payment.status) {
    case 'demarre':
      return { ...base, statut: 'en-attente' };
    case 'confirme':
      return recorded
        ? { ...base, statut: 'confirme', numeroRecu: payment.confirmation!.numeroRecu }
        : { ...base, statut: 'en-attente' };
    case 'echoue':
      return { ...base, statut: 'echoue', motif: payment.motif ?? '' };
    case 'refuse':
      return { ...base, statut: 'refuse', motif: payment.motif ?? '' };
  }
};
