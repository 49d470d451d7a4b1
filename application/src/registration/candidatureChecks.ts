import {
  CANDIDATURE_FIELDS,
  candidatureDecider,
  candidaturesCollection,
  DuplicateError,
  fold,
  nearSamePerson,
  reservationDecider,
  uniqueValueStream,
  yearsBefore,
  type CandidatureDetails,
  type CandidatureDocument,
  type CandidatureEvent,
  type CommandContext,
} from '@examens-pro/domain';
import { reserveUniqueValue, type UniqueValue } from '@examens-pro/platform';
import {
  formatDay,
  invalid,
  itemHoldingKey,
  owner,
  readItem,
  type CandidatureDeps,
} from './candidatureDeps.js';
import { checkReferences } from '../reference-lists/references.js';

/**
 * The rules a dossier's content must satisfy in its session: references to active items, the
 * métier open in the session, the level its métier requires, the minimum age at composition, an
 * apprenti's patron.
 */
export const checkDossier = async (
  { eventStore }: CandidatureDeps,
  details: CandidatureDetails,
  debutComposition: string,
  ageMinimum: unknown,
) => {
  const { values } = details;
  await checkReferences(eventStore, CANDIDATURE_FIELDS, {
    ...values,
    sessionId: details.sessionId,
    metierId: details.metierId,
    centreDepotId: details.centreDepotId,
  });
  const opened = await itemHoldingKey(
    eventStore,
    'metiers-ouverts',
    'sessionId+metierId',
    `${details.sessionId}+${details.metierId}`,
  );
  if (opened?.status !== 'actif')
    throw invalid('metierId', 'Ce métier n’est pas ouvert aux inscriptions de cette session.');
  const required = await itemHoldingKey(eventStore, 'niveaux-requis', 'metierId', details.metierId);
  const requiredLevel = await readItem(
    eventStore,
    'niveaux-scolarisation',
    required?.status === 'actif' ? (required.values.niveauId as string) : null,
  );
  if (requiredLevel && requiredLevel.id !== values.niveauId) {
    const level = await readItem(eventStore, 'niveaux-scolarisation', values.niveauId);
    const rank = (item: typeof level) =>
      typeof item?.values.rang === 'number' ? item.values.rang : null;
    const [mine, needed] = [rank(level), rank(requiredLevel)];
    // Without ranks to compare, only the required level itself satisfies.
    if (mine === null || needed === null || mine < needed)
      throw invalid(
        'niveauId',
        `Ce métier requiert le niveau « ${requiredLevel.libelle} » ou un niveau supérieur.`,
      );
  }
  if (typeof ageMinimum === 'number' && typeof values.dateNaissance === 'string') {
    const latestBirth = yearsBefore(debutComposition, ageMinimum);
    if (values.dateNaissance > latestBirth)
      throw invalid(
        'dateNaissance',
        `Le candidat doit avoir au moins ${ageMinimum} ans le ${formatDay(debutComposition)}, premier jour de composition.`,
      );
  }
  if (values.categorie === 'apprenti') {
    const apprenti = await readItem(eventStore, 'apprentis', values.apprentiId);
    // The apprenti's patron is the dossier's: recorded as it stands at registration.
    return {
      ...details,
      values: { ...values, patronId: (apprenti?.values.patronId as string) ?? null },
    };
  }
  return details;
};

/**
 * Dossiers of the session that may name the same person (same birth date, names within two
 * letters), from the read model: a near match asks for a confirmation, it does not forbid.
 */
export const nearMatches = async (
  { readStore }: CandidatureDeps,
  details: CandidatureDetails,
): Promise<CandidatureDocument[]> => {
  if (!readStore || typeof details.values.dateNaissance !== 'string') return [];
  const { items } = await readStore.collection<CandidatureDocument>(candidaturesCollection).list({
    filter: { sessionId: details.sessionId, dateNaissance: details.values.dateNaissance },
    limit: 200,
  });
  return items.filter((doc) => nearSamePerson(details.values, doc));
};

/** 409 naming the dossier that already holds the person, when the caller may read it. */
const duplicate = async (
  { eventStore }: CandidatureDeps,
  value: UniqueValue,
  scope: string | null,
): Promise<never> => {
  const reservation = fold(
    reservationDecider,
    (await eventStore.readStream(
      uniqueValueStream(value.resource, value.field, value.value),
    )) as never,
  );
  const holder =
    reservation.status === 'reserved'
      ? fold(
          candidatureDecider,
          (await eventStore.readStream(reservation.ownerId)) as unknown as CandidatureEvent[],
        )
      : undefined;
  if (holder?.status === 'present' && (!scope || holder.centreDepotId === scope))
    throw new DuplicateError(
      `Cette personne est déjà inscrite à cette session (dossier ${holder.numeroDossier}).`,
      'nom',
    );
  throw new DuplicateError(
    'Cette personne est déjà inscrite à cette session dans un autre centre de dépôt.',
    'nom',
  );
};

/** Reserves the person in the session for the dossier (held by another: 409 naming it). */
export const reservePerson = async (
  deps: CandidatureDeps,
  value: UniqueValue,
  id: string,
  scope: string | null,
  context: CommandContext,
) => {
  try {
    await reserveUniqueValue(deps.eventStore, value, owner(id), context);
  } catch (error) {
    if (error instanceof DuplicateError) await duplicate(deps, value, scope);
    throw error;
  }
};
