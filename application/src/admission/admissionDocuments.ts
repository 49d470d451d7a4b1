import {
  extractionCriteria,
  fold,
  listItemDecider,
  referenceList,
  sessionDecider,
  sexeLabel,
  streamName,
  ValidationError,
  type DocumentTarget,
  type ListItemEvent,
  type SessionEvent,
} from '@examens-pro/domain';
import type { EventStore } from '@examens-pro/platform';

type ExtractionTarget = Omit<DocumentTarget, 'libelle'>;

/** The libellé of a list's item, from its own stream; an unknown item is the list's French 400. */
const itemName = async (eventStore: EventStore, list: string, id: string, field: string) => {
  const item = fold(
    listItemDecider,
    (await eventStore.readStream(streamName(list, id))) as unknown as ListItemEvent[],
  );
  if (item.status !== 'actif' && item.status !== 'inactif') {
    const message = referenceList(list)!.notFoundMessage;
    throw new ValidationError(message, { [field]: message });
  }
  return item.libelle;
};

/**
 * The target of an « Extraction par rang des admis » PDF: the session and the filters checked
 * against their streams, an enrôleur's own centre de dépôt imposed whatever was asked (they read
 * their centre's admitted candidates only), named « CQP 2027 — Électricité, Féminin, 10 premiers »
 * (the documents' list and the file's name).
 */
export const extractionTarget = async (
  eventStore: EventStore,
  asked: ExtractionTarget,
  centreOfCaller: string | null,
): Promise<DocumentTarget> => {
  const session = fold(
    sessionDecider,
    (await eventStore.readStream(
      streamName('sessions', asked.sessionId),
    )) as unknown as SessionEvent[],
  );
  if (session.status !== 'present')
    throw new ValidationError('Cette session est introuvable.', {
      sessionId: 'Cette session est introuvable.',
    });
  const cible: ExtractionTarget = centreOfCaller
    ? { ...asked, centreDepotId: centreOfCaller }
    : asked;
  const named = await Promise.all(
    (
      [
        ['metiers', cible.metierId, 'metierId'],
        ['centres-depot', cible.centreDepotId, 'centreDepotId'],
        ['departements', cible.departementId, 'departementId'],
        ['zones', cible.zoneId, 'zoneId'],
      ] as const
    ).map(([list, id, field]) => (id ? itemName(eventStore, list, id, field) : '')),
  );
  const criteria = extractionCriteria(
    [...named, cible.sexe ? sexeLabel(cible.sexe) : ''],
    cible.top ?? null,
  );
  return { ...cible, libelle: [session.libelle, criteria].filter(Boolean).join(' — ') };
};
