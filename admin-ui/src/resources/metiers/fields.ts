import { METIER_CORPS_DE_METIER, METIER_FILIERE } from '@examens-pro/domain';
import type { ListField } from '../lists/definition';

/** A métier's optional classification, chosen among the active items of the lists of its tabs. */
export const FILIERE: ListField = METIER_FILIERE;

export const CORPS_DE_METIER: ListField = METIER_CORPS_DE_METIER;

export const CLASSIFICATION: readonly ListField[] = [FILIERE, CORPS_DE_METIER];
