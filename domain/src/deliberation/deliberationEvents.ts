/** The deliberation's aggregate (one stream per jury): its events, state and commands. */
import type { DomainEvent } from '../core/envelope.js';
import type {
  Computation,
  ComputedResult,
  MarkLine,
  OverrideResult,
} from './deliberationComputation.js';

export const DELIBERATION_CATEGORY = 'deliberations';

/** Who a result is about, as frozen at closing (the minutes and decisions print it so). */
export interface ResultIdentity {
  readonly candidatureId: string;
  readonly numeroDossier: string;
  readonly numeroCandidat: string;
  readonly nom: string;
  readonly prenoms: string;
  readonly sexe: string;
  readonly dateNaissance: string;
  readonly lieuNaissance: string;
  readonly categorie: string;
  readonly handicapId: string | null;
  readonly metierId: string;
  readonly centreDepotId: string;
  readonly siteId: string;
  readonly centreExamenId: string;
  /** The département and zone of the candidate's centre de dépôt (decisions and attestations). */
  readonly departementId: string;
  readonly zoneId: string;
}

export interface Derogation {
  readonly resultat: OverrideResult;
  readonly motif: string;
}

/** A candidate's result as the jury decided it. */
export interface FrozenResult extends ResultIdentity {
  readonly notes: readonly MarkLine[];
  readonly moyenne: number | null;
  readonly calcule: ComputedResult;
  /** The result that counts: the jury's override, or the computed one. */
  readonly resultat: ComputedResult;
  readonly derogation: Derogation | null;
  readonly rang: number | null;
}

/** A candidate of the jury with what the sheets hold now (the command's input). */
export interface CandidateComputation extends ResultIdentity {
  readonly computation: Computation;
}

type JuryKeys = { juryId: string; sessionId: string };

export type DeliberationOverrideSet = DomainEvent<
  'DeliberationOverrideSet',
  JuryKeys & {
    candidatureId: string;
    numeroCandidat: string;
    calcule: ComputedResult;
    resultat: OverrideResult;
    motif: string;
  }
>;
export type DeliberationOverrideRemoved = DomainEvent<
  'DeliberationOverrideRemoved',
  JuryKeys & { candidatureId: string; numeroCandidat: string; motif: string }
>;
/** A part of the frozen results (a jury's results are written in parts of at most 1,000). */
export type DeliberationResultsFrozen = DomainEvent<
  'DeliberationResultsFrozen',
  JuryKeys & { numeroArrete: string; dateArrete: string; resultats: FrozenResult[] }
>;
export type DeliberationClosed = DomainEvent<
  'DeliberationClosed',
  JuryKeys & {
    numeroArrete: string;
    dateArrete: string;
    effectif: number;
    admis: number;
    ajournes: number;
    elimines: number;
    absents: number;
  }
>;
export type CandidateRedeliberated = DomainEvent<
  'CandidateRedeliberated',
  JuryKeys & {
    candidatureId: string;
    motif: string;
    avant: FrozenResult;
    apres: FrozenResult;
    /** The jury's candidates whose rank the new result moves. */
    rangs: { candidatureId: string; rang: number | null }[];
  }
>;
export type DeliberationEvent =
  | DeliberationOverrideSet
  | DeliberationOverrideRemoved
  | DeliberationResultsFrozen
  | DeliberationClosed
  | CandidateRedeliberated;
export const DELIBERATION_EVENT_TYPES: readonly DeliberationEvent['type'][] = [
  'DeliberationOverrideSet',
  'DeliberationOverrideRemoved',
  'DeliberationResultsFrozen',
  'DeliberationClosed',
  'CandidateRedeliberated',
];

export interface DeliberationState {
  readonly status: 'ouverte' | 'close';
  readonly derogations: ReadonlyMap<string, Derogation>;
  readonly resultats: ReadonlyMap<string, FrozenResult>;
}

export type DeliberationCommand =
  | {
      type: 'SetOverride';
      data: JuryKeys & {
        candidat: CandidateComputation;
        resultat: OverrideResult;
        motif: string;
      };
    }
  | {
      type: 'RemoveOverride';
      data: JuryKeys & { candidatureId: string; numeroCandidat: string; motif: string };
    }
  | {
      type: 'CloseDeliberation';
      data: JuryKeys & {
        sessionStatut: string;
        reference: { numeroArrete: string; dateArrete: string } | null;
        candidats: readonly CandidateComputation[];
      };
    }
  | {
      type: 'Redeliberate';
      data: JuryKeys & {
        candidat: CandidateComputation;
        motif: string;
        derogation: Derogation | null;
      };
    };
