import type { ExtractionLine } from '@examens-pro/domain';
import type { Named } from '../../common/choices';

export const API = '/api/extraction-admis';

export interface Line extends ExtractionLine {
  metier: string;
  centreDepot: string;
  departement: string;
  zone: string;
  sexeLibelle: string;
  moyenneTexte: string;
  resultatTexte: string;
}

export interface Extraction {
  session: string;
  total: number;
  lignes: Line[];
}

export interface Choices {
  metiers: Named[];
  centres: Named[];
  departements: Named[];
  zones: Named[];
}

export const NO_CHOICES: Choices = { metiers: [], centres: [], departements: [], zones: [] };
