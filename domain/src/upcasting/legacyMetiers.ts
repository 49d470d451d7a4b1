/**
 * Métiers were an aggregate of their own until 23/11/2026 (`MetierCreated`… events); they are now
 * one of the reference lists. Their stored events are never rewritten: they are read as the lists'
 * events (same streams `metiers-<id>`, same revisions and positions), so that the lists' decider,
 * projection, history and reservations serve old and new métiers alike.
 */
import type { Upcaster } from './types.js';

const METIERS = 'metiers';

interface LegacyDetails {
  readonly metierId: string;
  readonly code: string;
  readonly libelle: string;
  /** Absent from the oldest events: no filière, no corps de métier. */
  readonly filiereId?: string | null;
  readonly corpsDeMetierId?: string | null;
}

const item = (data: LegacyDetails) => ({
  list: METIERS,
  itemId: data.metierId,
  code: data.code,
  libelle: data.libelle,
  values: {
    filiereId: data.filiereId ?? null,
    corpsDeMetierId: data.corpsDeMetierId ?? null,
  },
});

/** Old type → today's type and data. */
export const LEGACY_METIER_UPCASTERS: Readonly<Record<string, Upcaster>> = {
  MetierCreated: (data) => ({ type: 'ListItemCreated', data: item(data as LegacyDetails) }),
  MetierModified: (data) => ({ type: 'ListItemModified', data: item(data as LegacyDetails) }),
  MetierDeactivated: (data) => ({
    type: 'ListItemDeactivated',
    data: { list: METIERS, itemId: (data as { metierId: string }).metierId },
  }),
  MetierReactivated: (data) => ({
    type: 'ListItemReactivated',
    data: { list: METIERS, itemId: (data as { metierId: string }).metierId },
  }),
  MetierDeleted: (data) => {
    const { metierId, code } = data as { metierId: string; code: string };
    return { type: 'ListItemDeleted', data: { list: METIERS, itemId: metierId, code } };
  },
};
