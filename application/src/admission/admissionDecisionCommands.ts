/**
 * The admission decisions' commands: the minister's signature deposited, a département's decision
 * prepared, refreshed while a draft, signed.
 */
import {
  admissionDecisionDecider,
  admissionDecisionId,
  ConflictError,
  DECISION_CATEGORY,
  decisionDocumentId,
  MINISTER_SIGNATURE_ID,
  ministerSignatureDecider,
  NotFoundError,
  sameCandidates,
  SIGNED_DECISION,
  streamName,
  type AdmissionDecisionCommand,
  type CommandContext,
  type MinisterSignatureCommand,
} from '@examens-pro/domain';
import {
  handleCommand,
  type CommandAnswer,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import { sessionState } from '../grades/grades.js';
import { departementOf, SIGNATURE_STREAM } from './admissionDecisionItems.js';
import {
  currentMinisterSignature,
  decisionContentNow,
  decisionVersions,
  departementAdmissions,
  readDecision,
} from './admissionDecisionReads.js';

/** What the admission decisions' commands work with. */
export interface AdmissionDecisionDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
}

const onDecision = async (
  eventStore: EventStore,
  decisionId: string,
  command: AdmissionDecisionCommand,
  context: CommandContext,
  expectedRevision?: number,
): Promise<CommandAnswer> => {
  const outcome = await handleCommand(eventStore, {
    stream: streamName(DECISION_CATEGORY, decisionId),
    decider: admissionDecisionDecider,
    command,
    context,
    ...(expectedRevision === undefined ? {} : { expectedRevision }),
  });
  return { id: decisionId, revision: outcome.revision, position: outcome.position };
};

/** The decision, present (404 otherwise), with the session and département it is of. */
const existing = async (eventStore: EventStore, decisionId: string) => {
  const found = await readDecision(eventStore, decisionId);
  if (found.state.status === 'absente')
    throw new NotFoundError('Cette décision d’admission est introuvable.');
  return found.state;
};

/** A deposit of the minister's signature: a new version when the image is a new one. */
export const depositMinisterSignature = async (
  { eventStore }: Pick<AdmissionDecisionDeps, 'eventStore'>,
  image: Extract<MinisterSignatureCommand, { type: 'DepositMinisterSignature' }>['data'],
  context: CommandContext,
): Promise<CommandAnswer & { numero: number; nouvelle: boolean }> => {
  const outcome = await handleCommand(eventStore, {
    stream: SIGNATURE_STREAM,
    decider: ministerSignatureDecider,
    command: { type: 'DepositMinisterSignature', data: image },
    context,
  });
  return {
    id: MINISTER_SIGNATURE_ID,
    revision: outcome.revision,
    position: outcome.position,
    numero: outcome.state.numero,
    nouvelle: outcome.events.length > 0,
  };
};

/**
 * A département's next decision: the first one, or — once the last one is signed and the
 * département's admitted candidates have changed since — a new version that follows it.
 */
export const prepareAdmissionDecision = async (
  { eventStore, readStore }: AdmissionDecisionDeps,
  target: { sessionId: string; departementId: string },
  context: CommandContext,
): Promise<CommandAnswer> => {
  const { sessionId, departementId } = target;
  await sessionState(eventStore, sessionId);
  await departementOf(eventStore, departementId);
  const versions = await decisionVersions(eventStore, sessionId, departementId);
  const latest = versions[versions.length - 1];
  // The same creation retried (same command id): the decision it made.
  if (latest?.events.some((e) => e.metadata.correlationId === context.commandId)) {
    const last = latest.events[latest.events.length - 1]!;
    return { id: latest.id, revision: last.revision, position: last.position };
  }
  if (latest?.state.status === 'brouillon')
    throw new ConflictError(
      `La décision de ce département (version ${latest.numero}) est en préparation : actualisez-la plutôt.`,
    );
  const admissions = await departementAdmissions(eventStore, readStore, sessionId, departementId);
  if (
    latest?.state.status === 'signee' &&
    sameCandidates(latest.state.candidats, admissions.candidats)
  )
    throw new ConflictError(
      `La décision de ce département (version ${latest.numero}) est signée et ses candidats admis n’ont pas changé : il n’y a pas de nouvelle décision à établir.`,
    );
  const numero = (latest?.numero ?? 0) + 1;
  const decisionId = admissionDecisionId(sessionId, departementId, numero);
  return onDecision(
    eventStore,
    decisionId,
    {
      type: 'PrepareDecision',
      data: {
        decisionId,
        sessionId,
        departementId,
        numero,
        remplace: latest?.id ?? null,
        candidats: admissions.candidats,
        jurys: admissions.jurys,
      },
    },
    context,
  );
};

/** A draft's candidates read again from the results of now. */
export const refreshAdmissionDecision = async (
  { eventStore, readStore }: AdmissionDecisionDeps,
  decisionId: string,
  revision: number,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const state = await existing(eventStore, decisionId);
  // Signed: refused whatever the version the client read.
  if (state.status !== 'brouillon') throw new ConflictError(SIGNED_DECISION);
  const admissions = await departementAdmissions(
    eventStore,
    readStore,
    state.sessionId,
    state.departementId,
  );
  return onDecision(
    eventStore,
    decisionId,
    { type: 'RefreshDecision', data: admissions },
    context,
    revision,
  );
};

/**
 * The deposited signature applied to a draft (confirmed): what the decision prints is frozen
 * with it; the département's admitted candidates must still be those of the draft.
 */
export const signAdmissionDecision = async (
  { eventStore, readStore }: AdmissionDecisionDeps,
  decisionId: string,
  input: { signatureVue?: number },
  revision: number,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const state = await existing(eventStore, decisionId);
  if (state.status !== 'brouillon') throw new ConflictError(SIGNED_DECISION);
  const [admissions, contenu, signature, versions] = await Promise.all([
    departementAdmissions(eventStore, readStore, state.sessionId, state.departementId),
    decisionContentNow(eventStore, readStore, state.sessionId, state.departementId),
    currentMinisterSignature(eventStore),
    decisionVersions(eventStore, state.sessionId, state.departementId),
  ]);
  return onDecision(
    eventStore,
    decisionId,
    {
      type: 'SignDecision',
      data: {
        candidatsActuels: admissions.candidats,
        contenu,
        signature,
        ...(input.signatureVue === undefined ? {} : { signatureVue: input.signatureVue }),
        referencesSignees: versions.flatMap((v) =>
          v.id !== decisionId && v.state.status === 'signee' && v.state.contenu
            ? [v.state.contenu.reference]
            : [],
        ),
        documentId: decisionDocumentId(decisionId),
      },
    },
    context,
    revision,
  );
};

/** The admission decisions' commands, by name. */
export const admissionDecisionCommands = (eventStore: EventStore, readStore: ReadStore) => {
  const deps: AdmissionDecisionDeps = { eventStore, readStore };
  return {
    depositSignature: (
      image: Extract<MinisterSignatureCommand, { type: 'DepositMinisterSignature' }>['data'],
      context: CommandContext,
    ) => depositMinisterSignature(deps, image, context),
    prepare: (target: { sessionId: string; departementId: string }, context: CommandContext) =>
      prepareAdmissionDecision(deps, target, context),
    refresh: (decisionId: string, revision: number, context: CommandContext) =>
      refreshAdmissionDecision(deps, decisionId, revision, context),
    sign: (
      decisionId: string,
      input: { signatureVue?: number },
      revision: number,
      context: CommandContext,
    ) => signAdmissionDecision(deps, decisionId, input, revision, context),
  };
};

export type AdmissionDecisionCommands = ReturnType<typeof admissionDecisionCommands>;
