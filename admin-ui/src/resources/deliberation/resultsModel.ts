import type { ComputedResult, OverrideResult } from '@examens-pro/domain';

export const ROUTE = 'espace-examen/gestion-des-admissions/resultat-et-pv';

export interface JuryChoice {
  id: string;
  libelle: string;
  statut: 'ouverte' | 'close';
  effectif: number | null;
  admis: number | null;
}
export interface Choices {
  sessions: { id: string; libelle: string; statut: string }[];
  jurys: JuryChoice[];
}
export interface MarkLine {
  epreuveId: string;
  note: number | null;
  absent: boolean;
}
export interface Line {
  candidatureId: string;
  numeroCandidat: string;
  nom: string;
  prenoms: string;
  metier: string;
  notes: MarkLine[];
  moyenne: number | null;
  calcule: ComputedResult | null;
  resultat: ComputedResult | null;
  derogation: { resultat: OverrideResult; motif: string } | null;
  rang: number | null;
  manquantes: string[];
  aRedeliberer?: boolean;
  revisions?: { objet: string; detail: string; le: string; par: string }[];
  maintenant?: { moyenne: number | null; resultat: ComputedResult | null } | null;
}
export interface View {
  jury: { id: string; libelle: string; sessionId: string };
  session: { statut: string };
  reference: { numeroArrete: string; dateArrete: string } | null;
  regles: { noteDePassage: number; noteEliminatoire: number | null };
  epreuves: { id: string; code: string; libelle: string; coefficient: number; noteMax: number }[];
  statut: 'ouverte' | 'close';
  provisoire: boolean;
  anonyme: boolean;
  numeroArrete: string | null;
  dateArrete: string | null;
  closLe: string | null;
  closPar: string | null;
  message?: string;
  lignes: Line[];
  bilan: Record<string, number> | null;
}

export type Dialogue =
  | { kind: 'derogation'; line: Line }
  | { kind: 'retrait'; line: Line }
  | { kind: 'redeliberation'; line: Line }
  | { kind: 'cloture' };

export const nameOf = (line: Line) => `${line.nom} ${line.prenoms}`;
