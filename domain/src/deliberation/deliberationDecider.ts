/**
 * The deliberation's decider: the jury's overrides while it deliberates, the closing that freezes
 * the results, the re-deliberation of a candidate after closing.
 */
import { assertNever, type Decider } from '../core/decider.js';
import { ConflictError, ValidationError } from '../core/errors.js';
import {
  type ComputedResult,
  OVERRIDE_RESULTS,
  type OverrideResult,
  type Rankable,
  rankByAverage,
  RESULT_LABELS,
} from './deliberationComputation.js';
import type {
  CandidateComputation,
  DeliberationCommand,
  DeliberationEvent,
  DeliberationState,
  Derogation,
  FrozenResult,
  ResultIdentity,
} from './deliberationEvents.js';

/** The commands of one or more types. */
type DeliberationCommandOf<T extends DeliberationCommand['type']> = Extract<
  DeliberationCommand,
  { type: T }
>;

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

/** An override set or removed while the jury deliberates. */
export const decideOverrideCommand = (
  command: DeliberationCommandOf<'SetOverride' | 'RemoveOverride'>,
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
    default:
      return assertNever(command);
  }
};

/** The closing: every candidate's result frozen with the session's reference, in parts. */
export const decideClosing = (
  command: DeliberationCommandOf<'CloseDeliberation'>,
  state: DeliberationState,
): DeliberationEvent[] => {
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
};

/** A candidate re-deliberated after closing (a dispute): the new result and the ranks it moves. */
export const decideRedeliberation = (
  command: DeliberationCommandOf<'Redeliberate'>,
  state: DeliberationState,
): DeliberationEvent[] => {
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
};

export const decideDeliberation = (
  command: DeliberationCommand,
  state: DeliberationState,
): DeliberationEvent[] => {
  switch (command.type) {
    case 'SetOverride':
    case 'RemoveOverride':
      return decideOverrideCommand(command, state);
    case 'CloseDeliberation':
      return decideClosing(command, state);
    case 'Redeliberate':
      return decideRedeliberation(command, state);
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
