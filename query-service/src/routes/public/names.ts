import {
  listCollection,
  referenceList,
  sessionsCollection,
  type CollectionDefinition,
  type ReadModelDocument,
} from '@examens-pro/domain';
import type { ReadStore } from '@examens-pro/platform';

type Named = ReadModelDocument & { libelle?: unknown; examenId?: unknown };

/** How long a libellé read for the public pages is kept: lists change rarely, lookups come in floods. */
const TTL_MS = 60_000;

/**
 * The libellés the public answers show (sessions, examens, métiers), read once a minute at most: a
 * results day asks for the same few hundred names millions of times.
 */
export const publicNames = (readStore: ReadStore, now: () => number = Date.now) => {
  const cache = new Map<string, { doc: Named | null; until: number }>();
  const read = async (collection: CollectionDefinition, id: string): Promise<Named | null> => {
    const key = `${collection.name}\u0000${id}`;
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.doc;
    const doc = await readStore.collection<Named>(collection).get(id);
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { doc, until: now() + TTL_MS });
    return doc;
  };
  const libelle = (doc: Named | null, id: string) =>
    typeof doc?.libelle === 'string' ? doc.libelle : id;
  const list = (name: string) => listCollection(referenceList(name)!);
  return {
    /** The session's libellé and its examen's. */
    session: async (sessionId: string) => {
      const session = await read(sessionsCollection, sessionId);
      const examenId = typeof session?.examenId === 'string' ? session.examenId : '';
      const examen = examenId ? await read(list('examens'), examenId) : null;
      return { session: libelle(session, sessionId), examen: libelle(examen, examenId) };
    },
    metier: async (metierId: string) => libelle(await read(list('metiers'), metierId), metierId),
  };
};

export type PublicNames = ReturnType<typeof publicNames>;
