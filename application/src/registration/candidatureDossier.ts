import {
  dossierNumber,
  HomonymError,
  personReservation,
  type CandidatureCommand,
  type CandidatureDetails,
  type CommandContext,
} from '@examens-pro/domain';
import { releaseUniqueValue, type CommandAnswer } from '@examens-pro/platform';
import { checkDossier, nearMatches, reservePerson } from './candidatureChecks.js';
import {
  answer,
  invalid,
  owner,
  readCandidature,
  run,
  sessionFacts,
  sessionFee,
  sessionPieces,
  type CandidatureDeps,
} from './candidatureDeps.js';

/**
 * Creates a dossier: the session open with its dossier prefix, the dossier's rules, a near match
 * confirmed, the person reserved in the session, then a dossier number taken.
 */
export const createCandidature = async (
  deps: CandidatureDeps,
  id: string,
  input: CandidatureDetails,
  scope: string | null,
  context: CommandContext,
  confirmerHomonyme = false,
): Promise<CommandAnswer> => {
  const { eventStore, takeNumber } = deps;
  // An enrôleur registers at their own centre, whatever the form says.
  const requested = scope ? { ...input, centreDepotId: scope } : input;
  const { session, parametres, facts } = await sessionFacts(deps, requested.sessionId, context.now);
  const prefix = parametres?.status === 'actif' ? parametres.values.prefixeDossier : undefined;
  if (typeof prefix !== 'string' || prefix === '')
    throw invalid(
      'sessionId',
      'Les paramètres d’édition de cette session (préfixe des numéros de dossier) ne sont pas encore définis.',
    );
  if (!facts.registrationOpen)
    throw invalid('sessionId', 'Les inscriptions de cette session ne sont pas ouvertes.');
  const details = await checkDossier(
    deps,
    requested,
    session.debutComposition,
    parametres?.values.ageMinimum,
  );
  const near = await nearMatches(deps, details);
  if (near.length > 0 && !confirmerHomonyme) {
    const readable = near.filter((doc) => !scope || doc.centreDepotId === scope);
    throw new HomonymError(
      readable.length > 0
        ? `Une personne au nom proche, née le même jour, est déjà inscrite à cette session : ${readable
            .map((doc) => `dossier ${doc.numeroDossier} (${doc.libelle})`)
            .join(', ')}. Confirmez qu’il s’agit d’une autre personne.`
        : 'Une personne au nom proche, née le même jour, est déjà inscrite à cette session dans un autre centre de dépôt. Confirmez qu’il s’agit d’une autre personne.',
      readable.map((doc) => doc.numeroDossier),
    );
  }
  const piecesDemandees = await sessionPieces(deps, session.examenId);
  const montantDu = (await sessionFee(deps, details.sessionId))?.montant ?? null;
  const create = (numeroDossier: string): CandidatureCommand => ({
    type: 'CreateCandidature',
    data: {
      candidatureId: id,
      numeroDossier,
      ...details,
      facts,
      ...(near.length > 0 ? { homonymesConfirmes: near.map((doc) => doc.id) } : {}),
      piecesDemandees,
      montantDu,
    },
  });
  // Already created (the id derives from the command id: a retried command) is answered as
  // the first time was, without taking another number.
  if ((await eventStore.readStream(owner(id), { maxCount: 1 })).length > 0)
    return answer(id, await run(deps, id, create(''), scope, context));
  const person = personReservation(details.sessionId, details.values);
  await reservePerson(deps, person, id, scope, context);
  try {
    const numero = await takeNumber(details.sessionId, id, context);
    const outcome = await run(deps, id, create(dossierNumber(prefix, numero)), scope, context);
    return answer(id, outcome);
  } catch (error) {
    await releaseUniqueValue(eventStore, person, owner(id), context);
    throw error;
  }
};

/**
 * Modifies a dossier's content: its rules checked again; a new name or birth date moves the
 * person's reservation in the session.
 */
export const modifyCandidature = async (
  deps: CandidatureDeps,
  id: string,
  input: CandidatureDetails,
  revision: number,
  scope: string | null,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const { eventStore } = deps;
  const current = await readCandidature(deps, id, scope);
  // An enrôleur's dossiers stay at their centre; the session never changes (decider).
  const requested = scope ? { ...input, centreDepotId: scope } : input;
  const { session, parametres, facts } = await sessionFacts(deps, current.sessionId, context.now);
  const details = await checkDossier(
    deps,
    requested,
    session.debutComposition,
    parametres?.values.ageMinimum,
  );
  const before = personReservation(current.sessionId, current.values);
  const after = personReservation(details.sessionId, details.values);
  const changed = before.value !== after.value;
  try {
    const outcome = await run(
      deps,
      id,
      { type: 'ModifyCandidature', data: { candidatureId: id, ...details, facts } },
      scope,
      context,
      revision,
      async (_state, events) => {
        if (changed && events.length > 0) await reservePerson(deps, after, id, scope, context);
      },
    );
    if (changed && outcome.events.length > 0)
      await releaseUniqueValue(eventStore, before, owner(id), context);
    return answer(id, outcome);
  } catch (error) {
    if (changed) await releaseUniqueValue(eventStore, after, owner(id), context);
    throw error;
  }
};

/** Deletes a brouillon, giving the person back to the session. */
export const removeCandidature = async (
  deps: CandidatureDeps,
  id: string,
  revision: number,
  scope: string | null,
  context: CommandContext,
): Promise<CommandAnswer> => {
  const current = await readCandidature(deps, id, scope);
  const outcome = await run(
    deps,
    id,
    { type: 'DeleteCandidature', data: { candidatureId: id } },
    scope,
    context,
    revision,
  );
  if (outcome.events.some((e) => e.type === 'CandidatureDeleted'))
    await releaseUniqueValue(
      deps.eventStore,
      personReservation(current.sessionId, current.values),
      owner(id),
      context,
    );
  return answer(id, outcome);
};
