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
export * from './deliberationComputation.js';
export * from './deliberationEvents.js';
export * from './deliberationDecider.js';
export * from './sheetMarks.js';
