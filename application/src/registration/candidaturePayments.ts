import {
  DuplicateError,
  type CommandContext,
  type ManualPaymentChannel,
} from '@examens-pro/domain';
import {
  releaseUniqueValue,
  reserveUniqueValue,
  type CommandAnswer,
  type UniqueValue,
} from '@examens-pro/platform';
import {
  answer,
  owner,
  readCandidature,
  run,
  sessionFee,
  type CandidatureDeps,
} from './candidatureDeps.js';

/**
 * Records a payment of the dossier's fee. Its reference (receipt or transaction) is unique
 * across the office: a reservation stream, given back if the payment is refused.
 */
export const recordCandidaturePayment = async (
  deps: CandidatureDeps,
  id: string,
  input: { montant: number; date: string; reference: string; canal?: ManualPaymentChannel },
  revision: number,
  scope: string | null,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const { eventStore } = deps;
  const current = await readCandidature(deps, id, scope);
  const frais = await sessionFee(deps, current.sessionId);
  const reference: UniqueValue = {
    resource: 'paiements',
    field: 'reference',
    value: input.reference,
  };
  let reserved = false;
  try {
    const outcome = await run(
      deps,
      id,
      {
        type: 'RecordPayment',
        data: { candidatureId: id, paiementId: context.commandId, ...input, frais },
      },
      scope,
      context,
      revision,
      async () => {
        try {
          await reserveUniqueValue(eventStore, reference, owner(id), context);
          reserved = true;
        } catch (error) {
          if (error instanceof DuplicateError)
            throw new DuplicateError(
              'Cette référence de paiement est déjà enregistrée.',
              'reference',
            );
          throw error;
        }
      },
    );
    return answer(id, outcome);
  } catch (error) {
    if (reserved) await releaseUniqueValue(eventStore, reference, owner(id), context);
    throw error;
  }
};
