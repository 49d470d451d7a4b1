/**
 * Verification codes: a candidate's, issued once (drawn from a CSPRNG, reserved like a unique code)
 * and read again from the event store.
 */
import { randomBytes } from 'node:crypto';
import {
  ATTESTATION_CATEGORY,
  attestationDecider,
  DuplicateError,
  fold,
  streamName,
  verificationAddress,
  verificationCodeFromBytes,
  VERIFICATION_CODE_BYTES,
  type AttestationDocument,
  type CommandContext,
} from '@examens-pro/domain';
import {
  handleCommand,
  releaseUniqueValue,
  reserveUniqueValue,
  WrongExpectedRevisionError,
  type EventStore,
} from '@examens-pro/platform';

const ISSUE_ATTEMPTS = 5;

/** A candidate's code, the address it opens and when it was issued. */
export interface Issued {
  readonly code: string;
  readonly adresse: string;
  readonly emiseLe: string;
}

/** The code the event store holds for a candidate, if one was issued (whatever the read model says). */
export const issuedBefore = async (
  eventStore: EventStore,
  candidatureId: string,
): Promise<Issued | undefined> => {
  const recorded = await eventStore.readStream(streamName(ATTESTATION_CATEGORY, candidatureId));
  const state = fold(attestationDecider, recorded as never);
  return state.status === 'emise'
    ? { code: state.code, adresse: state.adresse, emiseLe: recorded[0]!.metadata.at }
    : undefined;
};

/**
 * A candidate's verification code: the one issued before, or a new one — drawn from the CSPRNG,
 * reserved (`attestations-code-<code>`: a code never names two candidates) and appended as the
 * stream's first event; a concurrent issue wins and its code is kept.
 */
export const issueAttestation = async (
  eventStore: EventStore,
  doc: Pick<
    AttestationDocument,
    'candidatureId' | 'sessionId' | 'juryId' | 'numeroCandidat' | 'admis'
  >,
  origin: string,
  documentId: string,
  context: (suffix: string) => CommandContext,
): Promise<Issued> => {
  const stream = streamName(ATTESTATION_CATEGORY, doc.candidatureId);
  for (let attempt = 0; ; attempt += 1) {
    const before = await issuedBefore(eventStore, doc.candidatureId);
    if (before) return before;
    if (attempt >= ISSUE_ATTEMPTS)
      throw new Error(`code de vérification de ${doc.numeroCandidat} impossible à émettre`);
    const code = verificationCodeFromBytes(randomBytes(VERIFICATION_CODE_BYTES));
    const unique = { resource: ATTESTATION_CATEGORY, field: 'code', value: code };
    const ctx = context(`${doc.candidatureId}-${attempt}`);
    try {
      await reserveUniqueValue(eventStore, unique, stream, ctx);
    } catch (error) {
      if (error instanceof DuplicateError) continue; // drawn before: draw again
      throw error;
    }
    const adresse = verificationAddress(origin, code);
    try {
      const outcome = await handleCommand(eventStore, {
        stream,
        decider: attestationDecider,
        command: {
          type: 'IssueAttestation',
          data: {
            candidatureId: doc.candidatureId,
            sessionId: doc.sessionId,
            juryId: doc.juryId,
            numeroCandidat: doc.numeroCandidat,
            code,
            adresse,
            documentId,
            admis: doc.admis,
          },
        },
        context: ctx,
      });
      if (outcome.events.length > 0) return { code, adresse, emiseLe: ctx.now };
      // Issued meanwhile, between the two reads: the loop reads the code that won.
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    // Another request issued the candidate's code first: this one goes back.
    await releaseUniqueValue(eventStore, unique, stream, {
      ...ctx,
      commandId: `${ctx.commandId}-liberation`,
    });
  }
};
