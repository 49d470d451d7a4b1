/**
 * The deliberation of a jury (« Résultats et PV »): the rules that make a result of a candidate's
 * marks, and the aggregate (one stream per jury) that keeps the jury's overrides, freezes the results
 * when the jury closes its deliberation with the session's reference, and records every later
 * re-deliberation of a candidate (a dispute after closing reaches a result only that way).
 *
 * Rules: each mark is brought to 20 (note / note max × 20), then
 * average = Σ(mark on 20 × coefficient) / Σ coefficients, kept to two decimals (the printed average is
 * the one compared). Result: `absent` (absent at any épreuve), `elimine` (an eliminatory épreuve below
 * the examen's eliminatory mark), `admis` (average ≥ pass mark), else `ajourne`. Ranking by average,
 * ties by name.
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import { ConflictError, ValidationError } from '../core/errors.js';
import type { Presence } from './gradeSheet.js';

export const DELIBERATION_CATEGORY = 'deliberations';

export type ComputedResult = 'absent' | 'elimine' | 'admis' | 'ajourne';
export const RESULT_LABELS: Record<ComputedResult, string> = {
  absent: 'Absent',
  elimine: 'Éliminé',
  admis: 'Admis',
  ajourne: 'Ajourné',
};
/** What a jury may decide over a computed result (a « rachat »: ajourné → admis…). */
export type OverrideResult = Exclude<ComputedResult, 'absent'>;
export const OVERRIDE_RESULTS: readonly OverrideResult[] = ['admis', 'ajourne', 'elimine'];

/** An épreuve as the deliberation weighs it. */
export interface DeliberationEpreuve {
  readonly id: string;
  readonly code: string;
  readonly libelle: string;
  readonly coefficient: number;
  readonly noteMax: number;
  readonly eliminatoire: boolean;
}

/** The examen's marks, out of 20. */
export interface DeliberationRules {
  readonly noteDePassage: number;
  /** Below it at an eliminatory épreuve: éliminé. Null: no elimination. */
  readonly noteEliminatoire: number | null;
}

/** What the sheets hold of a candidate at an épreuve (nothing: the sheet was never written). */
export interface EpreuveMark {
  readonly presence: Presence | null;
  /** The retained mark, out of the épreuve's note max. */
  readonly note: number | null;
}

export interface MarkLine {
  readonly epreuveId: string;
  readonly code: string;
  readonly libelle: string;
  readonly coefficient: number;
  readonly noteMax: number;
  readonly note: number | null;
  /** The mark brought to 20, two decimals. */
  readonly sur20: number | null;
  readonly absent: boolean;
}

export interface Computation {
  readonly notes: readonly MarkLine[];
  /** Two decimals; null while a mark is missing, or when the candidate was absent. */
  readonly moyenne: number | null;
  /** Null while a presence or a mark is missing (and the candidate was not absent). */
  readonly resultat: ComputedResult | null;
  /** Codes of the épreuves without a presence or a retained mark. */
  readonly manquantes: readonly string[];
}

const round2 = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;

/** One candidate's marks made into an average and a result. */
export const computeResult = (
  epreuves: readonly DeliberationEpreuve[],
  marks: Readonly<Record<string, EpreuveMark | undefined>>,
  rules: DeliberationRules,
): Computation => {
  const notes: MarkLine[] = epreuves.map((e) => {
    const mark = marks[e.id];
    const absent = mark?.presence === 'absent';
    const note = absent ? null : (mark?.note ?? null);
    return {
      epreuveId: e.id,
      code: e.code,
      libelle: e.libelle,
      coefficient: e.coefficient,
      noteMax: e.noteMax,
      note,
      sur20: note === null ? null : round2((note / e.noteMax) * 20),
      absent,
    };
  });
  const manquantes = notes.filter((n) => !n.absent && n.note === null).map((n) => n.code);
  if (notes.some((n) => n.absent)) return { notes, moyenne: null, resultat: 'absent', manquantes };
  if (epreuves.length === 0 || manquantes.length > 0)
    return { notes, moyenne: null, resultat: null, manquantes };
  let weighted = 0;
  let coefficients = 0;
  epreuves.forEach((e, i) => {
    // The exact mark on 20 is weighed; only the average is rounded.
    weighted += (notes[i]!.note! / e.noteMax) * 20 * e.coefficient;
    coefficients += e.coefficient;
  });
  const moyenne = round2(weighted / coefficients);
  const eliminated =
    rules.noteEliminatoire !== null &&
    epreuves.some(
      (e, i) => e.eliminatoire && (notes[i]!.note! / e.noteMax) * 20 < rules.noteEliminatoire!,
    );
  const resultat: ComputedResult = eliminated
    ? 'elimine'
    : moyenne >= rules.noteDePassage
      ? 'admis'
      : 'ajourne';
  return { notes, moyenne, resultat, manquantes };
};

export interface Rankable {
  readonly candidatureId: string;
  readonly moyenne: number | null;
  readonly nom: string;
  readonly prenoms: string;
  readonly numeroCandidat: string;
}

const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/** Candidates with an average by average (highest first), ties by name: their ranks, 1…n. */
export const rankByAverage = <T extends Rankable>(items: readonly T[]): Map<string, number> => {
  const ranked = items
    .filter((i) => i.moyenne !== null)
    .sort(
      (a, b) =>
        b.moyenne! - a.moyenne! ||
        collator.compare(a.nom, b.nom) ||
        collator.compare(a.prenoms, b.prenoms) ||
        a.numeroCandidat.localeCompare(b.numeroCandidat),
    );
  return new Map(ranked.map((item, index) => [item.candidatureId, index + 1]));
};

// ---------------------------------------------------------------------------------------------
// The aggregate: one stream per jury.

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

export const DELIBERATION_CLOSED =
  'La délibération de ce jury est close : un changement de résultat passe par une nouvelle délibération du candidat.';
export const MOTIF_REQUIRED = 'Indiquez le motif de la décision du jury.';
const FROZEN_PART = 1000;

const requireMotif = (motif: string) => {
  if (motif.trim().length < 3) throw new ValidationError(MOTIF_REQUIRED, { motif: MOTIF_REQUIRED });
  if (motif.length > 1000)
    throw new ValidationError('Le motif ne doit pas dépasser 1 000 caractères.', {
      motif: 'Le motif ne doit pas dépasser 1 000 caractères.',
    });
};

const checkOverride = (candidat: CandidateComputation, resultat: OverrideResult) => {
  const { resultat: calcule, manquantes } = candidat.computation;
  if (calcule === null)
    throw new ConflictError(
      `Le candidat ${candidat.numeroCandidat} n’a pas toutes ses notes (${manquantes.join(', ')}) : son résultat n’est pas encore calculé.`,
    );
  if (calcule === 'absent')
    throw new ConflictError(
      `Le candidat ${candidat.numeroCandidat} était absent : son résultat ne se change pas.`,
    );
  if (calcule === resultat)
    throw new ValidationError(
      `Le résultat calculé du candidat ${candidat.numeroCandidat} est déjà « ${RESULT_LABELS[resultat]} ».`,
      { resultat: 'Choisissez un résultat différent du résultat calculé.' },
    );
  return calcule;
};

/** A candidate's result with the jury's override applied. */
export const frozenResult = (
  candidat: CandidateComputation,
  derogation: Derogation | null,
  rang: number | null,
): FrozenResult => {
  const { computation, ...identity } = candidat;
  const calcule = computation.resultat!;
  const applied = derogation && calcule !== 'absent' ? derogation : null;
  return {
    ...identity,
    notes: computation.notes,
    moyenne: computation.moyenne,
    calcule,
    resultat: applied?.resultat ?? calcule,
    derogation: applied,
    rang,
  };
};

const rankable = (r: ResultIdentity & { moyenne: number | null }): Rankable => ({
  candidatureId: r.candidatureId,
  moyenne: r.moyenne,
  nom: r.nom,
  prenoms: r.prenoms,
  numeroCandidat: r.numeroCandidat,
});

/** « 3 candidats » / « 1 candidat ». */
const candidates = (n: number) => `${n} candidat${n > 1 ? 's' : ''}`;

export const decideDeliberation = (
  command: DeliberationCommand,
  state: DeliberationState,
): DeliberationEvent[] => {
  switch (command.type) {
    case 'SetOverride': {
      const { juryId, sessionId, candidat, resultat, motif } = command.data;
      if (state.status === 'close') throw new ConflictError(DELIBERATION_CLOSED);
      requireMotif(motif);
      const calcule = checkOverride(candidat, resultat);
      const current = state.derogations.get(candidat.candidatureId);
      if (current && current.resultat === resultat && current.motif === motif.trim()) return [];
      return [
        {
          type: 'DeliberationOverrideSet',
          data: {
            juryId,
            sessionId,
            candidatureId: candidat.candidatureId,
            numeroCandidat: candidat.numeroCandidat,
            calcule,
            resultat,
            motif: motif.trim(),
          },
        },
      ];
    }
    case 'RemoveOverride': {
      if (state.status === 'close') throw new ConflictError(DELIBERATION_CLOSED);
      if (!state.derogations.has(command.data.candidatureId)) return [];
      requireMotif(command.data.motif);
      return [
        {
          type: 'DeliberationOverrideRemoved',
          data: { ...command.data, motif: command.data.motif.trim() },
        },
      ];
    }
    case 'CloseDeliberation': {
      const { juryId, sessionId, sessionStatut, reference, candidats } = command.data;
      if (state.status === 'close')
        throw new ConflictError('La délibération de ce jury est déjà close.');
      if (sessionStatut !== 'deliberation')
        throw new ConflictError(
          'La délibération se clôt quand la session est à l’étape « Délibération ».',
        );
      if (!reference)
        throw new ConflictError(
          'Enregistrez d’abord la référence d’examen de la session (numéro et date de l’arrêté) : elle est portée par les résultats.',
        );
      if (candidats.length === 0)
        throw new ConflictError('Ce jury n’a aucun candidat : il n’y a rien à délibérer.');
      const incomplete = candidats.filter((c) => c.computation.resultat === null);
      if (incomplete.length > 0) {
        const shown = incomplete
          .slice(0, 5)
          .map((c) => `${c.numeroCandidat} (${c.computation.manquantes.join(', ')})`)
          .join(', ');
        throw new ConflictError(
          `Clôture impossible : ${candidates(incomplete.length)} sans présence ni note retenue à une épreuve : ${shown}${incomplete.length > 5 ? '…' : ''}.`,
        );
      }
      const ranks = rankByAverage(candidats.map((c) => rankable({ ...c, ...c.computation })));
      const resultats = candidats.map((c) =>
        frozenResult(
          c,
          state.derogations.get(c.candidatureId) ?? null,
          ranks.get(c.candidatureId) ?? null,
        ),
      );
      const count = (r: ComputedResult) => resultats.filter((x) => x.resultat === r).length;
      const parts: DeliberationEvent[] = [];
      for (let i = 0; i < resultats.length; i += FROZEN_PART)
        parts.push({
          type: 'DeliberationResultsFrozen',
          data: {
            juryId,
            sessionId,
            numeroArrete: reference.numeroArrete,
            dateArrete: reference.dateArrete,
            resultats: resultats.slice(i, i + FROZEN_PART),
          },
        });
      return [
        ...parts,
        {
          type: 'DeliberationClosed',
          data: {
            juryId,
            sessionId,
            numeroArrete: reference.numeroArrete,
            dateArrete: reference.dateArrete,
            effectif: resultats.length,
            admis: count('admis'),
            ajournes: count('ajourne'),
            elimines: count('elimine'),
            absents: count('absent'),
          },
        },
      ];
    }
    case 'Redeliberate': {
      const { juryId, sessionId, candidat, motif, derogation } = command.data;
      if (state.status !== 'close')
        throw new ConflictError(
          'La délibération de ce jury n’est pas close : le résultat se décide dans la délibération en cours.',
        );
      const avant = state.resultats.get(candidat.candidatureId);
      if (!avant)
        throw new ValidationError('Ce candidat n’a pas été délibéré par ce jury.', {
          candidatureId: 'Ce candidat n’a pas été délibéré par ce jury.',
        });
      requireMotif(motif);
      if (candidat.computation.resultat === null)
        throw new ConflictError(
          `Le candidat ${candidat.numeroCandidat} n’a pas toutes ses notes (${candidat.computation.manquantes.join(', ')}).`,
        );
      if (derogation) checkOverride(candidat, derogation.resultat);
      const all = [...state.resultats.values()].map((r) =>
        r.candidatureId === candidat.candidatureId
          ? rankable({ ...candidat, moyenne: candidat.computation.moyenne })
          : rankable(r),
      );
      const ranks = rankByAverage(all);
      const apres = frozenResult(
        candidat,
        derogation ? { resultat: derogation.resultat, motif: derogation.motif.trim() } : null,
        ranks.get(candidat.candidatureId) ?? null,
      );
      const rangs = [...state.resultats.values()]
        .filter(
          (r) =>
            r.candidatureId !== candidat.candidatureId &&
            (ranks.get(r.candidatureId) ?? null) !== r.rang,
        )
        .map((r) => ({ candidatureId: r.candidatureId, rang: ranks.get(r.candidatureId) ?? null }));
      return [
        {
          type: 'CandidateRedeliberated',
          data: {
            juryId,
            sessionId,
            candidatureId: candidat.candidatureId,
            motif: motif.trim(),
            avant,
            apres,
            rangs,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
};

export const evolveDeliberation = (
  state: DeliberationState,
  event: DeliberationEvent,
): DeliberationState => {
  switch (event.type) {
    case 'DeliberationOverrideSet': {
      const derogations = new Map(state.derogations);
      derogations.set(event.data.candidatureId, {
        resultat: event.data.resultat,
        motif: event.data.motif,
      });
      return { ...state, derogations };
    }
    case 'DeliberationOverrideRemoved': {
      const derogations = new Map(state.derogations);
      derogations.delete(event.data.candidatureId);
      return { ...state, derogations };
    }
    case 'DeliberationResultsFrozen': {
      const resultats = new Map(state.resultats);
      for (const r of event.data.resultats) resultats.set(r.candidatureId, r);
      return { ...state, resultats };
    }
    case 'DeliberationClosed':
      return { ...state, status: 'close' };
    case 'CandidateRedeliberated': {
      const resultats = new Map(state.resultats);
      resultats.set(event.data.candidatureId, event.data.apres);
      for (const { candidatureId, rang } of event.data.rangs) {
        const r = resultats.get(candidatureId);
        if (r) resultats.set(candidatureId, { ...r, rang });
      }
      return { ...state, resultats };
    }
    default:
      return assertNever(event);
  }
};

export const deliberationDecider: Decider<
  DeliberationCommand,
  DeliberationEvent,
  DeliberationState
> = {
  decide: decideDeliberation,
  evolve: evolveDeliberation,
  initialState: () => ({ status: 'ouverte', derogations: new Map(), resultats: new Map() }),
};

/** `{ resultat, motif }` of an override (the jury's decision over a computed result). */
export const parseOverride = (body: unknown): { resultat: OverrideResult; motif: string } => {
  const b = (body ?? {}) as Record<string, unknown>;
  if (!(OVERRIDE_RESULTS as readonly unknown[]).includes(b.resultat))
    throw new ValidationError(
      'Choisissez le résultat décidé par le jury : admis, ajourné ou éliminé.',
      {
        resultat: 'Choisissez le résultat décidé par le jury : admis, ajourné ou éliminé.',
      },
    );
  const motif = typeof b.motif === 'string' ? b.motif : '';
  requireMotif(motif);
  return { resultat: b.resultat as OverrideResult, motif: motif.trim() };
};

/** `{ motif }` of a removal or a re-deliberation. */
export const parseJuryMotif = (body: unknown): string => {
  const motif = (body as Record<string, unknown> | null)?.motif;
  const text = typeof motif === 'string' ? motif : '';
  requireMotif(text);
  return text.trim();
};
