import { formatNumber } from '../../common/format';

export interface Counted {
  readonly id: string;
  readonly libelle: string;
  readonly candidats: number;
}

export interface PreviewSite {
  readonly siteId: string;
  readonly libelle: string;
  readonly centre: string;
  readonly departement: string;
  readonly zone: string;
  readonly capacite: number;
  readonly occupes: number;
  readonly affectes: number;
  readonly libres: number;
  readonly metiers: readonly Counted[];
  readonly langues: readonly Counted[];
}

export interface Preview {
  readonly sessionId: string;
  readonly empreinte: string;
  readonly candidats: number;
  readonly places: number;
  readonly nonPlacesTotal: number;
  readonly nonPlaces: readonly {
    candidatureId: string;
    motif: string;
    numeroDossier: string;
    libelle: string;
  }[];
  readonly sites: readonly PreviewSite[];
}

export interface Run {
  readonly id: string;
  readonly sessionId: string;
  readonly statut: 'en-cours' | 'terminee';
  readonly candidats: number;
  readonly tranches: number;
  readonly tranchesAppliquees: number;
  readonly traites: number;
  readonly places: number;
  readonly nonPlaces: readonly { candidatureId: string; motif: string }[];
  readonly nonPlacesTotal: number;
  readonly refus: readonly { candidatureId: string; motif: string }[];
  readonly progression: number;
  readonly creeLe: string;
  readonly creePar: string;
  readonly termineeLe: string | null;
}

export const LIST = 'inscription/candidats/liste';
export const BILAN = 'inscription/candidats/bilan-affectation';

export const counts = (items: readonly Counted[]) =>
  items.map((item) => `${item.libelle} : ${formatNumber(item.candidats)}`).join(', ');
