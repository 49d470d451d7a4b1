import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import { ConflictError } from '../core/errors.js';

/** One stream holds the site's maintenance switch. */
export const MAINTENANCE_STREAM = 'maintenance-site';

export type MaintenanceEnabled = DomainEvent<'MaintenanceEnabled', { message: string }>;
export type MaintenanceDisabled = DomainEvent<'MaintenanceDisabled', Record<string, never>>;
export type MaintenanceEvent = MaintenanceEnabled | MaintenanceDisabled;
export const MAINTENANCE_EVENT_TYPES: readonly MaintenanceEvent['type'][] = [
  'MaintenanceEnabled',
  'MaintenanceDisabled',
];

export type MaintenanceCommand =
  { type: 'EnableMaintenance'; data: { message: string } } | { type: 'DisableMaintenance' };

export type Maintenance = { active: boolean; message: string };

export const decideMaintenance = (
  command: MaintenanceCommand,
  state: Maintenance,
): MaintenanceEvent[] => {
  switch (command.type) {
    case 'EnableMaintenance':
      if (state.active && state.message === command.data.message)
        throw new ConflictError('Le mode maintenance est déjà activé.');
      return [{ type: 'MaintenanceEnabled', data: { message: command.data.message } }];
    case 'DisableMaintenance':
      if (!state.active) throw new ConflictError('Le mode maintenance est déjà désactivé.');
      return [{ type: 'MaintenanceDisabled', data: {} }];
    default:
      return assertNever(command);
  }
};

export const evolveMaintenance = (state: Maintenance, event: MaintenanceEvent): Maintenance => {
  switch (event.type) {
    case 'MaintenanceEnabled':
      return { active: true, message: event.data.message };
    case 'MaintenanceDisabled':
      return { active: false, message: '' };
    default:
      return assertNever(event);
  }
};

export const maintenanceDecider: Decider<MaintenanceCommand, MaintenanceEvent, Maintenance> = {
  decide: decideMaintenance,
  evolve: evolveMaintenance,
  initialState: () => ({ active: false, message: '' }),
};
