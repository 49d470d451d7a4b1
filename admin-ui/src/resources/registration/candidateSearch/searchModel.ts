import type { CandidatureStatus, IncidentStatus, MarkStatus } from '@examens-pro/domain';

export interface Found {
  id: string;
  numeroDossier: string;
  numeroCandidat: string | null;
  libelle: string;
  dateNaissance: string | null;
  sessionId: string;
  metierId: string;
  siteId: string | null;
  statut: CandidatureStatus;
}
export interface Epreuve {
  id: string;
  code: string;
  libelle: string;
  noteMax: number | null;
  coefficient: number | null;
}
export interface View {
  candidature: Record<string, unknown> & Found;
  libelles: { session: string | null; metier: string | null; site: string | null };
  notes: {
    epreuve: Epreuve;
    presence: 'present' | 'absent' | null;
    note: number | null;
    statut: MarkStatus | 'anonyme';
    saisies: { rang: number; note: number; par: string; le: string; source: string }[];
  }[];
  incidents: { id: string; description: string; statut: IncidentStatus; creeLe: string }[];
  incidentsExamen: {
    id: string;
    epreuve: Epreuve;
    description: string;
    statut: IncidentStatus;
    creeLe: string;
  }[];
  corrections: {
    id: string;
    le: string;
    par: string;
    justification: string;
    changes: { label: string; before: unknown; after: unknown }[];
  }[];
  resultat: null | { libelle: string; moyenne: number | null };
  pieces: { pieceId: string; libelle: string; statut: string }[];
  chronologie: { le: string; par: string; quoi: string; detail: string; motif: string }[];
}
