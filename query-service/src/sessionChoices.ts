import { sessionsCollection, ValidationError, type ReadModelDocument } from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';

type Doc = ReadModelDocument & Record<string, unknown>;

/** The sessions a screen offers to choose from, the latest first. */
export const sessionsOf = async (readStore: ReadStore) => {
  const { items } = await readStore
    .collection<Doc>(sessionsCollection)
    .list({ sort: [{ field: 'ouvertureInscriptions', order: 'DESC' }], limit: 200 });
  return items.map((s) => ({
    id: s.id,
    libelle: String(s.libelle ?? ''),
    statut: String(s.statut ?? ''),
  }));
};

/** The session a screen chose: 400 (« Cette session est introuvable. ») when there is none. */
export const sessionOf = async (readStore: ReadStore, sessionId: string | undefined) => {
  const id = sessionId?.trim();
  const session = id ? await readStore.collection<Doc>(sessionsCollection).get(id) : null;
  if (!session)
    throw new ValidationError('Cette session est introuvable.', {
      sessionId: 'Cette session est introuvable.',
    });
  return session;
};
