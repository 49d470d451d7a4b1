import type { RaRecord } from 'react-admin';
import type { CandidatureStatus } from '@examens-pro/domain';
import { plural } from '../../common/format';
import type { Named } from '../../common/choices';

/** The dossiers' route: its commands (`affecter`, `desaffecter`) and its pages. */
export const LIST = 'inscription/candidats/liste';

export interface Dossier extends RaRecord {
  readonly version: number;
  readonly numeroDossier?: string;
  readonly libelle?: string;
  readonly metierId?: string;
  readonly centreDepotId?: string;
  readonly statut?: CandidatureStatus;
  readonly siteId?: string | null;
  readonly numeroCandidat?: string | null;
  readonly numeroTable?: number | null;
}

export interface Site extends Named {
  readonly centreExamenId?: string;
  readonly capacite?: number;
  readonly accessible?: boolean;
  readonly actif?: boolean;
}

export interface SiteOption {
  readonly id: string;
  readonly libelle: string;
  readonly centre: string;
  readonly libres: number;
  readonly accessible: boolean;
}

export type Etat = 'valide' | 'affecte' | 'tous';
export const ETATS: { value: Etat; label: string }[] = [
  { value: 'valide', label: 'Non encore affectés' },
  { value: 'affecte', label: 'Affectés' },
  { value: 'tous', label: 'Tous (affectés ou non)' },
];

export type SortField = 'numeroDossier' | 'libelle' | 'numeroCandidat' | 'numeroTable';
export interface Sort {
  readonly field: SortField;
  readonly order: 'ASC' | 'DESC';
}

/** The server's French refusal (`{ message }`), else the error's own. */
export const messageOf = (error: unknown): string =>
  (error as { body?: { message?: string } }).body?.message ??
  (error instanceof Error ? error.message : String(error));

export const nameOf = (items: readonly Named[], id: string | null | undefined): string =>
  (id && items.find((i) => i.id === id)?.libelle) || '';

export const seatsLabel = (libres: number) => plural(libres, 'place libre', 'places libres');
