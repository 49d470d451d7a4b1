import { createHash } from 'node:crypto';
import { onlinePaymentCommands } from './onlinePayments.js';
import {
  CANDIDATURE_CATEGORY,
  DEFAULT_TIME_ZONE,
  parseCandidature,
  streamName,
  DEMONSTRATION_LABEL,
  DEMONSTRATION_PROVIDER,
  ONLINE_PAYMENT_CATEGORY,
  matchStatement,
  PAYMENT_STATEMENT_CATEGORY,
} from '@examens-pro/domain';
import { newItemId } from '@examens-pro/platform';
import type { AggregateSamples } from '../sampleScope.js';
import { registrationOf, candidatureHandlersOf } from '../registration/samples.js';
import { candidatureDeps, sessionFeeOf } from '../registration/candidatureDeps.js';
import {
  applyPaymentStatement,
  decidePaymentStatementLine,
  recordPaymentStatement,
} from './paymentStatements.js';

/**
 * Online payments (`/paiement`): a dossier of the candidatures' session paid through the sandbox,
 * as the public routes and the provider's notifications write it (their signature is the routes'
 * concern), by `n`: paid at once; part at the counter, the rest online; a failure, then a payment;
 * or confirmed after the counter took part of it meanwhile (refused by the dossier, to refund).
 */
export const onlinePayments: AggregateSamples = {
  name: 'paiements-en-ligne',
  provides: [],
  writes: [ONLINE_PAYMENT_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, metierId } = await registrationOf(scope);
    const dossiers = candidatureHandlersOf(scope.eventStore);
    const body = {
      sessionId,
      metierId,
      centreDepotId: await scope.reference('centres-depot'),
      categorie: 'libre',
      nom: `Payeur-${n}`,
      prenoms: `Prénom-${n}`,
      sexe: n % 2 === 0 ? 'F' : 'M',
      dateNaissance: `198${n % 10}-0${1 + (n % 9)}-2${n % 8}`,
      lieuNaissance: 'Douala',
      nationalite: 'Camerounaise',
      telephone: `+2376${String(50_000_000 + n).slice(-8)}`,
      niveauId: await scope.reference('niveaux-scolarisation'),
    };
    const context = scope.context();
    const id = newItemId(context.commandId);
    let { revision } = await dossiers.create(id, parseCandidature(body, context), null, context);
    scope.references(streamName(CANDIDATURE_CATEGORY, id), {
      sessions: [sessionId],
      metiers: [metierId],
      'centres-depot': [body.centreDepotId],
      'niveaux-scolarisation': [body.niveauId],
    });
    const payments = onlinePaymentCommands(scope.eventStore, {
      timeZone: DEFAULT_TIME_ZONE,
      newPayment: () => {
        const { commandId } = scope.context();
        return {
          paiementEnLigneId: newItemId(commandId),
          secret: createHash('sha256').update(`jeton:${commandId}`).digest(),
        };
      },
    });
    const sandbox = { code: DEMONSTRATION_PROVIDER, libelle: DEMONSTRATION_LABEL };
    const start = async () =>
      (
        await payments.start(
          id,
          sandbox,
          { examen: 'CQP', session: 'Session des candidatures' },
          scope.context().now,
        )
      ).paiementEnLigneId;
    let k = 0;
    const notify = async (
      paiementEnLigneId: string,
      montant: number,
      statut: 'paye' | 'echoue',
    ) => {
      k += 1;
      await payments.notified(
        {
          id: `demo-${n}-${k}`,
          paiementEnLigneId,
          statut,
          reference: `DEMO-${n}-${k}`,
          montant,
          motif: 'Solde insuffisant.',
        },
        sandbox,
        Date.parse(scope.context().now),
      );
    };
    const atCounter = async (montant: number) => {
      revision = (
        await dossiers.recordPayment(
          id,
          { montant, date: '2026-11-20', reference: `GUI-EL-${n}` },
          revision,
          null,
          scope.context(),
        )
      ).revision;
    };
    const phase = n % 4;
    if (phase === 1) await atCounter(5000);
    if (phase === 2) await notify(await start(), 15000, 'echoue');
    const paiementEnLigneId = await start();
    if (phase === 3) await atCounter(5000);
    await notify(paiementEnLigneId, phase === 1 ? 10000 : 15000, 'paye');
  },
};

/**
 * Payments from a statement: a dossier of the candidatures' session, a mobile-money statement of
 * two lines (the candidate's phone and the fee: doubtful; an unknown number: not found) previewed,
 * the doubtful line given its dossier, then applied (one `PaymentRecorded`, channel mobile money).
 */
export const paymentStatements: AggregateSamples = {
  name: 'releves-paiement',
  provides: [],
  writes: [PAYMENT_STATEMENT_CATEGORY],
  weight: 1,
  async story(scope, n) {
    const { sessionId, metierId } = await registrationOf(scope);
    const dossiers = candidatureHandlersOf(scope.eventStore);
    const telephone = `+2376${String(60_000_000 + n).slice(-8)}`;
    const body = {
      sessionId,
      metierId,
      centreDepotId: await scope.reference('centres-depot'),
      categorie: 'libre',
      nom: `Releve-${n}`,
      prenoms: `Prénom-${n}`,
      sexe: n % 2 === 0 ? 'F' : 'M',
      dateNaissance: `198${n % 10}-0${1 + (n % 9)}-1${n % 8}`,
      lieuNaissance: 'Douala',
      nationalite: 'Camerounaise',
      telephone,
      niveauId: await scope.reference('niveaux-scolarisation'),
    };
    const context = scope.context();
    const candidatureId = newItemId(context.commandId);
    await dossiers.create(candidatureId, parseCandidature(body, context), null, context);
    scope.references(streamName(CANDIDATURE_CATEGORY, candidatureId), {
      sessions: [sessionId],
      metiers: [metierId],
      'centres-depot': [body.centreDepotId],
      'niveaux-scolarisation': [body.niveauId],
    });
    const fee = (await sessionFeeOf(scope.eventStore, sessionId))?.montant ?? 15000;
    const lignes = matchStatement(
      [
        {
          ligne: 2,
          date: '2026-11-20',
          montant: fee,
          reference: `MM-${n}-1`,
          numeroDossier: '',
          telephone,
        },
        {
          ligne: 3,
          date: '2026-11-20',
          montant: 5000,
          reference: `MM-${n}-2`,
          numeroDossier: `INCONNU-${n}`,
          telephone: '',
        },
      ],
      [
        {
          candidatureId,
          numeroDossier: `SAMPLE-${n}`,
          libelle: `Releve-${n}`,
          telephone,
          resteAPayer: fee,
        },
      ],
      new Set(),
    );
    const start = scope.context();
    const releveId = newItemId(start.commandId);
    await recordPaymentStatement(
      scope.eventStore,
      releveId,
      { sessionId, canal: 'mobile-money', fichier: `releve-${n}.csv`, format: 'csv', lignes },
      null,
      start,
    );
    await decidePaymentStatementLine(
      scope.eventStore,
      releveId,
      { ligne: 2, candidatureId },
      null,
      scope.context(),
    );
    await applyPaymentStatement(
      candidatureDeps(scope.eventStore, DEFAULT_TIME_ZONE),
      releveId,
      null,
      scope.context(),
    );
  },
};
