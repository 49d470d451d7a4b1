import { assertNever, type Decider } from '../core/decider.js';
import { ConflictError, NotFoundError } from '../core/errors.js';
import type { Metier, MetierCommand, MetierEvent } from './metier.js';

const NOT_FOUND = 'Ce métier est introuvable.';

const existing = (state: Metier): Extract<Metier, { status: 'actif' | 'inactif' }> => {
  if (state.status === 'actif' || state.status === 'inactif') return state;
  throw new NotFoundError(NOT_FOUND);
};

export const decide = (command: MetierCommand, state: Metier): MetierEvent[] => {
  switch (command.type) {
    case 'CreateMetier':
      if (state.status !== 'absent') throw new ConflictError('Ce métier existe déjà.');
      return [{ type: 'MetierCreated', data: { ...command.data } }];
    case 'ModifyMetier': {
      const current = existing(state);
      const { code, libelle } = command.data;
      const filiereId = command.data.filiereId ?? null;
      const corpsDeMetierId = command.data.corpsDeMetierId ?? null;
      // Saving an unchanged form records nothing: the history only shows real changes.
      if (
        current.code === code &&
        current.libelle === libelle &&
        (current.filiereId ?? null) === filiereId &&
        (current.corpsDeMetierId ?? null) === corpsDeMetierId
      )
        return [];
      return [
        {
          type: 'MetierModified',
          data: { metierId: current.id, code, libelle, filiereId, corpsDeMetierId },
        },
      ];
    }
    case 'DeactivateMetier': {
      const current = existing(state);
      if (current.status === 'inactif') throw new ConflictError('Ce métier est déjà désactivé.');
      return [{ type: 'MetierDeactivated', data: { metierId: current.id } }];
    }
    case 'ReactivateMetier': {
      const current = existing(state);
      if (current.status === 'actif') throw new ConflictError('Ce métier est déjà actif.');
      return [{ type: 'MetierReactivated', data: { metierId: current.id } }];
    }
    case 'DeleteMetier': {
      const current = existing(state);
      const { usageCount } = command.data;
      if (usageCount > 0) {
        throw new ConflictError(
          `Ce métier est utilisé (${usageCount} référence${usageCount > 1 ? 's' : ''}) : désactivez-le au lieu de le supprimer.`,
        );
      }
      return [{ type: 'MetierDeleted', data: { metierId: current.id, code: current.code } }];
    }
    default:
      return assertNever(command);
  }
};

export const evolve = (state: Metier, event: MetierEvent): Metier => {
  switch (event.type) {
    case 'MetierCreated':
      return {
        status: 'actif',
        id: event.data.metierId,
        code: event.data.code,
        libelle: event.data.libelle,
        filiereId: event.data.filiereId ?? null,
        corpsDeMetierId: event.data.corpsDeMetierId ?? null,
      };
    case 'MetierModified':
      return state.status === 'actif' || state.status === 'inactif'
        ? {
            ...state,
            code: event.data.code,
            libelle: event.data.libelle,
            filiereId: event.data.filiereId ?? null,
            corpsDeMetierId: event.data.corpsDeMetierId ?? null,
          }
        : state;
    case 'MetierDeactivated':
      return state.status === 'actif' ? { ...state, status: 'inactif' } : state;
    case 'MetierReactivated':
      return state.status === 'inactif' ? { ...state, status: 'actif' } : state;
    case 'MetierDeleted':
      return { status: 'supprime', id: event.data.metierId, code: event.data.code };
    default:
      return assertNever(event);
  }
};

export const initialState = (): Metier => ({ status: 'absent' });

export const metierDecider: Decider<MetierCommand, MetierEvent, Metier> = {
  decide,
  evolve,
  initialState,
};
