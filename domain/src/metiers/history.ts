import { describeHistory, type HistoryEntry, type HistoryEvent } from '../history/history.js';
import type { MetierEvent } from './metier.js';

type MetierView = {
  code?: string;
  libelle?: string;
  filiereId?: string | null;
  corpsDeMetierId?: string | null;
  actif?: boolean;
};

/** The history of a métier as the show screen lists it. */
export const metierHistory = (events: readonly HistoryEvent[]): HistoryEntry[] =>
  describeHistory<MetierView>(events, {
    initial: {},
    apply: (state, event) => {
      const e = event as unknown as MetierEvent;
      switch (e.type) {
        case 'MetierCreated':
          return {
            code: e.data.code,
            libelle: e.data.libelle,
            // Absent rather than null: "no filière" at creation is not a change to list.
            filiereId: e.data.filiereId ?? undefined,
            corpsDeMetierId: e.data.corpsDeMetierId ?? undefined,
            actif: true,
          };
        case 'MetierModified':
          return {
            ...state,
            code: e.data.code,
            libelle: e.data.libelle,
            filiereId: e.data.filiereId ?? undefined,
            corpsDeMetierId: e.data.corpsDeMetierId ?? undefined,
          };
        case 'MetierDeactivated':
          return { ...state, actif: false };
        case 'MetierReactivated':
          return { ...state, actif: true };
        case 'MetierDeleted':
          return {};
        default:
          return state;
      }
    },
    actions: {
      MetierCreated: 'Création',
      MetierModified: 'Modification',
      MetierDeactivated: 'Désactivation',
      MetierReactivated: 'Réactivation',
      MetierDeleted: 'Suppression',
    },
    fields: {
      code: 'Code',
      libelle: 'Libellé',
      filiereId: 'Filière',
      corpsDeMetierId: 'Corps de métier',
      actif: 'Actif',
    },
  });
