/**
 * The rules that make a result of a candidate's marks. Each mark is brought to 20 (note / note max ×
 * 20), then average = Σ(mark on 20 × coefficient) / Σ coefficients, kept to two decimals (the
 * printed average is the one compared). Result: `absent` (absent at any épreuve), `elimine` (an
 * eliminatory épreuve below the examen's eliminatory mark), `admis` (average ≥ pass mark), else
 * `ajourne`. Ranking by average, ties by name.
 */
import type { Presence } from '../grades/gradeSheet.js';

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

/** A mark brought to 20, two decimals (as a mark line shows it). */
export const markOn20 = (note: number, noteMax: number): number => round2((note / noteMax) * 20);

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
      sur20: note === null ? null : markOn20(note, e.noteMax),
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
