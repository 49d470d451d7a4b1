import type { DataProvider, RaRecord, SortPayload } from 'react-admin';
import type { SessionUser } from '../common/session';
import { referenceResource } from '../kit/routes';
import { hasKeptList } from './listCache';

/** As the kit's reference inputs offer them (kit/fields): the active items, by libellé. */
const ACTIVE = { actif: true };
const BY_LIBELLE: SortPayload = { field: 'libelle', order: 'ASC' };
/** Whole lists (the server serves at most 1,000 a page): the form's search then runs on the device. */
const WHOLE = { page: 1, perPage: 1000 };
/** At most this many examens' épreuves are kept (the sessions' examens, most recent first). */
const EXAMENS_KEPT = 20;

/**
 * The lists « Enregistrer un incident d’examen » chooses from without a choice first — sessions,
 * sites, incident types, and the épreuves of the sessions' examens — read once a day as soon as
 * the dashboard opens online, for a person who may record exam incidents (#35): if the network
 * drops later that day, the form still opens and offers them (offline/listCache). The site's
 * candidates depend on the session and site chosen: kept when the form is used online.
 * The types are read last: kept, they say the day's lists are in place.
 */
export const keepIncidentLists = async (
  dataProvider: DataProvider,
  user: SessionUser,
): Promise<void> => {
  if (!user.permissions.includes('incident-examen.enregistrer') || !navigator.onLine) return;
  if (await hasKeptList(user.id, 'types-incidents-examen', ACTIVE)) return;
  const list = (name: string, filter: Record<string, unknown>, sort = BY_LIBELLE) =>
    dataProvider.getList<RaRecord>(referenceResource(name), { filter, sort, pagination: WHOLE });
  try {
    const [sessions] = await Promise.all([
      list('sessions', {}, { field: 'annee', order: 'DESC' }),
      list('sites-composition', ACTIVE),
    ]);
    const examens = [...new Set(sessions.data.map((s) => s.examenId as string).filter(Boolean))];
    await Promise.all(
      examens.slice(0, EXAMENS_KEPT).map((examenId) => list('epreuves', { ...ACTIVE, examenId })),
    );
    await list('types-incidents-examen', ACTIVE);
  } catch {
    // Tried again the next time the dashboard opens: the form reads them when used online anyway.
  }
};
