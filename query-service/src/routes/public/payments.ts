import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import {
  candidaturesCollection,
  ConflictError,
  DEMONSTRATION_PROVIDER,
  DOSSIER_NOT_FOUND,
  NotFoundError,
  ONLINE_PAYMENT_NOT_OFFERED,
  OnlinePaymentNotOfferedError,
  parseDossierLookup,
  parseTokenBody,
  receiptFileName,
  receiptLinkExpiryDay,
  receiptOf,
  ValidationError,
  type CandidatureDocument,
  type OnlinePayment,
} from '@examens-pro/domain';
import {
  officeTimeZone,
  paymentConfigOf,
  productOrigin,
  type EventStore,
  type PaymentConfig,
  type ReadStore,
  type Collection,
} from '@examens-pro/platform';
import {
  DEMONSTRATION_ALREADY_MADE,
  onlinePaymentCommands,
  progressOf,
  type OnlinePaymentCommands,
  paymentProvidersOf,
  renderReceipt,
  SIGNATURE_HEADER,
  type PaymentProvider,
  type PaymentProviders,
} from '@examens-pro/application';
import type { PublicNames } from './names.js';

/** The receipts' address: the token is the only key (a dossier number alone opens nothing). */
export const RECEIPTS_PATH = '/api/public/paiements/recus';

/** A notification's body: a few hundred bytes, never more than this. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

/** What the payment calls share: the commands, the providers, the dossiers and the office's zone. */
export interface PaymentRouteContext {
  readonly payments: OnlinePaymentCommands;
  readonly providers: PaymentProviders;
  readonly dossiers: Collection<CandidatureDocument>;
  readonly names: PublicNames;
  readonly timeZone: string;
  readonly publicUrl?: string;
}

/** The dossier a number names (read model: it was created long before it is paid). */
export const dossierIdOf = async (
  dossiers: Collection<CandidatureDocument>,
  body: unknown,
): Promise<string> => {
  const numeroDossier = parseDossierLookup(body);
  const { items } = await dossiers.list({ filter: { numeroDossier }, limit: 2 });
  if (items.length === 0) throw new NotFoundError(DOSSIER_NOT_FOUND);
  if (items.length > 1)
    throw new ConflictError(
      'Plusieurs dossiers portent ce numéro : adressez-vous à votre centre de dépôt.',
    );
  return items[0]!.id;
};

/** A provider's notification: signature checked over the raw bytes, then confirmed or failed. */
export const receiveNotification = (
  payments: OnlinePaymentCommands,
  provider: PaymentProvider,
  body: Buffer,
  signature: string | undefined,
) => {
  const now = Date.now();
  const notification = provider.verify(body, signature, now);
  return payments.notified(notification, provider, now);
};

/** Where a payment stands, for the page: its receipt's address once recorded on the dossier. */
export const paymentProgress = (
  timeZone: string,
  payment: Exclude<OnlinePayment, { status: 'absent' }>,
  recorded: boolean,
  jeton: string,
  lienExpireLe: string,
) => {
  const outcome = progressOf(payment, recorded);
  return {
    ...outcome,
    numeroDossier: payment.numeroDossier,
    montant: payment.montant,
    fournisseur: payment.fournisseurLibelle,
    demonstration: payment.fournisseur === DEMONSTRATION_PROVIDER,
    ...(outcome.statut === 'confirme' ? { recu: `${RECEIPTS_PATH}/${jeton}` } : {}),
    // The receipt's link opens it for a year: the instant, and its day as the page prints it.
    lienExpireLe,
    lienExpireLeJour: receiptLinkExpiryDay(lienExpireLe, timeZone),
  };
};

/**
 * `POST /paiements/dossier`: whoever holds a dossier's number learns what it owes and whether it is
 * settled, nothing of the person (no name, no examen, no dates of payment).
 */
export const dossierStanding = async (
  { payments, providers, dossiers }: PaymentRouteContext,
  request: FastifyRequest,
) => {
  const standing = await payments.standing(await dossierIdOf(dossiers, request.body));
  const { candidature, fee, paid, demonstration, outstanding } = standing;
  const provider = providers.current!;
  // The sandbox pays a dossier once: a payment that does not count would change nothing.
  const obstacle =
    standing.obstacle ??
    (provider.code === DEMONSTRATION_PROVIDER && demonstration > 0
      ? DEMONSTRATION_ALREADY_MADE
      : null);
  return {
    numeroDossier: candidature.numeroDossier,
    montantDu: fee?.montant ?? null,
    dejaPaye: paid,
    resteAPayer: outstanding,
    regle: outstanding !== null && outstanding <= 0,
    paiementsDemonstration: demonstration,
    payable: obstacle === null,
    motif: obstacle,
    fournisseur: {
      libelle: provider.libelle,
      demonstration: provider.code === DEMONSTRATION_PROVIDER,
    },
  };
};

/** `POST /paiements`: a payment of what remains now, where the browser goes, the receipt's token. */
export const startPayment = async (
  { payments, providers, dossiers, names, publicUrl }: PaymentRouteContext,
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const candidatureId = await dossierIdOf(dossiers, request.body);
  const standing = await payments.standing(candidatureId);
  const { examen, session } = await names.session(standing.candidature.sessionId);
  const provider = providers.current!;
  const started = await payments.start(
    candidatureId,
    provider,
    { examen, session },
    new Date().toISOString(),
  );
  const origin = productOrigin(publicUrl, app.server.address());
  const redirection = provider.checkout({
    paiementEnLigneId: started.paiementEnLigneId,
    montant: started.montant,
    returnUrl: `${origin}/paiement?paiement=${started.paiementEnLigneId}`,
  });
  return reply.code(201).send({
    ...started,
    redirection,
    fournisseur: provider.libelle,
    demonstration: provider.code === DEMONSTRATION_PROVIDER,
  });
};

/**
 * `POST /paiements/demonstration`: « Payer (démonstration) » makes the sandbox sign the
 * notification a real provider would send, which then takes the notifications' own path.
 */
export const payInSandbox = async (
  { payments, providers, timeZone }: PaymentRouteContext,
  request: FastifyRequest,
) => {
  const sandbox = providers.demonstration;
  if (!sandbox) throw new NotFoundError('Le mode démonstration n’est pas activé sur ce serveur.');
  const jeton = parseTokenBody(request.body);
  const found = await payments.byToken(jeton);
  if (found.payment.fournisseur !== sandbox.code)
    throw new ValidationError('Ce paiement n’a pas été ouvert en mode démonstration.', {
      jeton: 'Paiement d’un autre fournisseur.',
    });
  if (found.payment.status === 'demarre') {
    // The sandbox charges nothing the dossier no longer owes.
    const { outstanding } = await payments.standing(found.payment.candidatureId);
    if (outstanding !== found.payment.montant)
      throw new ConflictError(
        'Le reste à payer de ce dossier a changé depuis le début de ce paiement : recommencez le paiement.',
      );
    const { body, signature } = sandbox.notify(found.payment, Date.now());
    await receiveNotification(payments, sandbox, body, signature);
  }
  const { payment, recorded, lienExpireLe } = await payments.byToken(jeton);
  return paymentProgress(timeZone, payment, recorded, jeton, lienExpireLe);
};

/** `GET /paiements/recus/:jeton`: the receipt (PDF), once the payment is recorded on the dossier. */
export const receiptFile = async (
  { payments, timeZone }: PaymentRouteContext,
  request: FastifyRequest<{ Params: { jeton: string } }>,
  reply: FastifyReply,
) => {
  const { jeton } = request.params;
  const { payment, recorded, lienExpireLe } = await payments.byToken(jeton);
  const receipt = recorded ? receiptOf(payment, lienExpireLe) : null;
  if (!receipt) {
    const { statut, motif } = progressOf(payment, recorded);
    throw new ConflictError(
      statut === 'refuse'
        ? `Ce paiement n’a pas pu être enregistré sur le dossier : ${motif} Il sera remboursé ; adressez-vous à votre centre de dépôt.`
        : statut === 'echoue'
          ? `Ce paiement a échoué : ${motif}`
          : 'Ce paiement n’est pas encore confirmé : le reçu sera disponible dès sa confirmation.',
    );
  }
  const pdf = await renderReceipt(receipt, timeZone);
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${receiptFileName(receipt)}"`)
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex')
    .send(pdf);
};

/**
 * The provider's notifications: the HMAC is computed over the bytes received, so this route's
 * JSON arrives unparsed (this plugin only).
 */
const notificationRoutes =
  (
    { payments, providers }: PaymentRouteContext,
    onRequest: readonly onRequestHookHandler[],
  ): FastifyPluginAsync =>
  async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) =>
        done(null, body),
    );
    webhook.post('/paiements/notifications', { onRequest: [...onRequest] }, async (request) => {
      const signature = request.headers[SIGNATURE_HEADER];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return receiveNotification(
        payments,
        providers.webhook,
        body,
        typeof signature === 'string' ? signature : undefined,
      );
    });
  };

/**
 * `/paiement`'s calls (`/api/public/paiements…`), every personal datum in a POST body:
 * - `GET /paiements/mode`: whether online payment is offered, and in « Mode démonstration » (the
 *   public page and every dashboard page show its banner);
 * - `POST /paiements/dossier { numeroDossier }`: the dossier's fee, what counts as paid and what
 *   remains, whether it is settled, the sandbox's payments apart: nothing of the person;
 * - `POST /paiements { numeroDossier }`: a payment of what remains now, at the configured provider:
 *   where the browser goes, and the receipt's token (given once);
 * - `POST /paiements/suivi { jeton }`: where that payment stands;
 * - `POST /paiements/demonstration { jeton }`: the sandbox pays (« Mode démonstration »);
 * - `POST /paiements/notifications`: the provider's signed notification (docs/http-contract.md
 *   « Online payment »);
 * - `GET /paiements/recus/:jeton`: the receipt (PDF), as often as asked, to whoever holds the token.
 * The page calls share one budget per client address, the notifications another. Without
 * PAYMENT_PROVIDER every one but `mode` answers 404 `paiement-indisponible`, before reading anything.
 */
export const publicPaymentRoutes: FastifyPluginAsync<{
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly names: PublicNames;
  /** PAYMENT_* (default: none, no online payment). */
  readonly payments?: PaymentConfig;
  readonly publicUrl?: string;
  readonly limit: onRequestHookHandler;
  readonly notificationLimit: onRequestHookHandler;
  /** The `mode` read's budget (the pages'). */
  readonly modeLimit: onRequestHookHandler;
}> = async (app, options) => {
  const { eventStore, readStore, names, notificationLimit, modeLimit } = options;
  const timeZone = officeTimeZone();
  const providers = paymentProvidersOf(options.payments ?? paymentConfigOf({}));
  /** No provider configured: 404 before anything is read or counted. */
  const offered: onRequestHookHandler = async () => {
    if (!providers.current) throw new OnlinePaymentNotOfferedError();
  };
  const limit = [offered, options.limit];
  const payments = onlinePaymentCommands(eventStore, { timeZone });
  await readStore.ensureCollection(candidaturesCollection);
  const context: PaymentRouteContext = {
    payments,
    providers,
    dossiers: readStore.collection<CandidatureDocument>(candidaturesCollection),
    names,
    timeZone,
    ...(options.publicUrl !== undefined ? { publicUrl: options.publicUrl } : {}),
  };

  // What the pages need to know of the configuration: nothing to hide, never a 404 (the dashboard
  // asks it on every load).
  app.get('/paiements/mode', { onRequest: modeLimit }, async () =>
    providers.current
      ? {
          enLigne: true,
          demonstration: providers.current.code === DEMONSTRATION_PROVIDER,
          fournisseur: providers.current.libelle,
        }
      : { enLigne: false, demonstration: false, message: ONLINE_PAYMENT_NOT_OFFERED },
  );
  app.post('/paiements/dossier', { onRequest: limit }, (request) =>
    dossierStanding(context, request),
  );
  app.post('/paiements', { onRequest: limit }, (request, reply) =>
    startPayment(context, app, request, reply),
  );
  app.post('/paiements/suivi', { onRequest: limit }, async (request) => {
    const jeton = parseTokenBody(request.body);
    const { payment, recorded, lienExpireLe } = await payments.byToken(jeton);
    return paymentProgress(timeZone, payment, recorded, jeton, lienExpireLe);
  });
  app.post('/paiements/demonstration', { onRequest: limit }, (request) =>
    payInSandbox(context, request),
  );
  await app.register(notificationRoutes(context, [offered, notificationLimit]));
  app.get<{ Params: { jeton: string } }>(
    '/paiements/recus/:jeton',
    {
      onRequest: limit,
      // The token opens the receipt: the access log names the route, never the token.
      logSerializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: `${RECEIPTS_PATH}/…`,
        }),
      },
    },
    (request, reply) => receiptFile(context, request, reply),
  );
};
