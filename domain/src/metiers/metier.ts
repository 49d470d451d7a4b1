import type { DomainEvent } from '../core/envelope.js';

export const METIER_CATEGORY = 'metiers';

export interface MetierDetails {
  metierId: string;
  code: string;
  libelle: string;
  /** Filière and corps de métier (absent from older events: none). */
  filiereId?: string | null;
  corpsDeMetierId?: string | null;
}

export type MetierCreated = DomainEvent<'MetierCreated', MetierDetails>;
export type MetierModified = DomainEvent<'MetierModified', MetierDetails>;
export type MetierDeactivated = DomainEvent<'MetierDeactivated', { metierId: string }>;
export type MetierReactivated = DomainEvent<'MetierReactivated', { metierId: string }>;
export type MetierDeleted = DomainEvent<'MetierDeleted', { metierId: string; code: string }>;

export type MetierEvent =
  MetierCreated | MetierModified | MetierDeactivated | MetierReactivated | MetierDeleted;

export const METIER_EVENT_TYPES: readonly MetierEvent['type'][] = [
  'MetierCreated',
  'MetierModified',
  'MetierDeactivated',
  'MetierReactivated',
  'MetierDeleted',
];

export type CreateMetier = {
  type: 'CreateMetier';
  data: MetierDetails;
};
export type ModifyMetier = {
  type: 'ModifyMetier';
  data: MetierDetails;
};
export type DeactivateMetier = { type: 'DeactivateMetier'; data: { metierId: string } };
export type ReactivateMetier = { type: 'ReactivateMetier'; data: { metierId: string } };
/** `usageCount` comes from the usage read model: the domain decides, the handler looks up. */
export type DeleteMetier = { type: 'DeleteMetier'; data: { metierId: string; usageCount: number } };

export type MetierCommand =
  CreateMetier | ModifyMetier | DeactivateMetier | ReactivateMetier | DeleteMetier;

export type Metier =
  | { status: 'absent' }
  | ({ status: 'actif' | 'inactif'; id: string } & Omit<MetierDetails, 'metierId'>)
  | { status: 'supprime'; id: string; code: string };
