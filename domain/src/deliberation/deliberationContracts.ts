/**
 * The read side of deliberations: one document per jury (`deliberations`: its state, its overrides,
 * its counts) and one per deliberated candidate (`resultats`: the frozen result, as the minutes,
 * attestations, decisions, extractions, statistics and the public lookup read it). A grade or identity
 * change after closing marks the result « à redélibérer »; only a re-deliberation changes it.
 */
import type { RecordedEvent } from '../core/envelope.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';
import { formatMark } from '../grades/marks.js';
import { describeHistory, type HistoryEvent } from '../history/history.js';
import {
  DELIBERATION_CATEGORY,
  markOn20,
  RESULT_LABELS,
  type ComputedResult,
  type DeliberationEvent,
  type FrozenResult,
  type MarkLine,
  type OverrideResult,
} from './deliberation.js';

export interface DeliberationDocument extends ReadModelDocument {
  /** The jury's id. */
  juryId: string;
  sessionId: string;
  statut: 'ouverte' | 'close';
  numeroArrete: string | null;
  dateArrete: string | null;
  closLe: string | null;
  closPar: string | null;
  effectif: number;
  admis: number;
  ajournes: number;
  elimines: number;
  absents: number;
  derogations: {
    candidatureId: string;
    numeroCandidat: string;
    calcule: ComputedResult;
    resultat: OverrideResult;
    motif: string;
    par: string;
    le: string;
  }[];
  redeliberations: number;
  modifieLe: string;
  modifiePar: string;
}

export const deliberationsCollection: CollectionDefinition = {
  name: 'deliberations',
  fields: { juryId: 'string', sessionId: 'string', statut: 'string', modifieLe: 'string' },
  searchFields: [],
  defaultSort: { field: 'modifieLe', order: 'DESC' },
};
export const DELIBERATIONS_PROJECTION = 'deliberations';

/** What changed a closed result's inputs since it was decided. */
export interface ResultRevision {
  /** The event's id (a redelivered event is not listed twice). */
  evenement: string;
  objet: 'note' | 'identite';
  detail: string;
  le: string;
  par: string;
}

/** An épreuve as a jury's results were weighed on it, frozen with them. */
export interface ResultEpreuve {
  readonly epreuveId: string;
  readonly code: string;
  readonly libelle: string;
  readonly coefficient: number;
  readonly noteMax: number;
}

/**
 * The épreuves of a jury's frozen results (`resultats_epreuves`, one document per jury, written by
 * the results' projection), in the order the results' marks refer to them: it only grows.
 */
export interface ResultEpreuvesDocument extends ReadModelDocument {
  juryId: string;
  epreuves: ResultEpreuve[];
}

/** Read by id (the jury's) only. */
export const resultEpreuvesCollection: CollectionDefinition = {
  name: 'resultats_epreuves',
  fields: {},
  searchFields: [],
  defaultSort: { field: 'id', order: 'ASC' },
  sortFields: [],
};

/**
 * A result's mark at one épreuve: its index in the jury's épreuves, the mark out of the épreuve's
 * note max (null: none), 1 when absent. Ten of these are a hundred bytes; ten mark lines, each
 * with its épreuve's id, code, libellé, coefficient and note max, were 1.4 kB of every result.
 */
export type CompactMark = readonly [number, number | null, 0 | 1];

export interface ResultDocument extends ReadModelDocument, Omit<FrozenResult, 'notes'> {
  /** The marks, compact: `resultMarkLines` makes them lines again with the jury's épreuves. */
  notes: CompactMark[];
  sessionId: string;
  juryId: string;
  numeroArrete: string;
  dateArrete: string;
  /** `resultat === 'admis'`, for the filters of the admitted candidates' screens. */
  admis: boolean;
  closLe: string;
  closPar: string;
  /** A grade or identity change after closing waits for a re-deliberation. */
  aRedeliberer: boolean;
  revisions: ResultRevision[];
  redeliberations: number;
  modifieLe: string;
  modifiePar: string;
}

/**
 * Its fields are those read by filters, groups and sorts: the deliberation writes 200,000 of these
 * at national scale, and every index costs each of those writes. Indexed: what a read starts from
 * (a session, a jury, the admitted, an enrôleur's centre de dépôt, a département's decision, a
 * métier's extraction) and the extraction's sort by average. The others are checked on the rows
 * those give (a jury's centre d'examen) or grouped on only (the statistics' dimensions). No search
 * text and no French sort keys: no screen searches the results, and their sorts are by number
 * (a jury's lines by numéro de candidat, the decisions sorted again by name in the domain).
 */
export const resultsCollection: CollectionDefinition = {
  name: 'resultats',
  fields: {
    sessionId: 'string',
    juryId: 'string',
    numeroCandidat: 'string',
    metierId: 'string',
    centreDepotId: 'string',
    centreExamenId: 'string',
    departementId: 'string',
    zoneId: 'string',
    sexe: 'string',
    categorie: 'string',
    handicapId: 'string',
    resultat: 'string',
    admis: 'boolean',
    aRedeliberer: 'boolean',
    moyenne: 'number',
    rang: 'number',
    nom: 'string',
  },
  indexed: [
    'sessionId',
    'juryId',
    'admis',
    'centreDepotId',
    'departementId',
    'metierId',
    'moyenne',
  ],
  searchFields: [],
  defaultSort: { field: 'rang', order: 'ASC' },
  sortFields: [],
};
export const RESULTS_PROJECTION = 'resultats';

const stampOf = (event: RecordedEvent) => ({
  modifieLe: event.metadata.at,
  modifiePar: event.metadata.actor.name,
});

/** The jury's document after one of its events. */
export const deliberationDocumentAfter = (
  current: DeliberationDocument | null,
  recorded: RecordedEvent,
): DeliberationDocument => {
  const event = recorded as unknown as RecordedEvent<DeliberationEvent>;
  const base: DeliberationDocument = current ?? {
    id: event.data.juryId,
    version: -1,
    juryId: event.data.juryId,
    sessionId: event.data.sessionId,
    statut: 'ouverte',
    numeroArrete: null,
    dateArrete: null,
    closLe: null,
    closPar: null,
    effectif: 0,
    admis: 0,
    ajournes: 0,
    elimines: 0,
    absents: 0,
    derogations: [],
    redeliberations: 0,
    modifieLe: '',
    modifiePar: '',
  };
  const next = { ...base, version: event.revision, ...stampOf(event) };
  switch (event.type) {
    case 'DeliberationOverrideSet':
      return {
        ...next,
        derogations: [
          ...base.derogations.filter((d) => d.candidatureId !== event.data.candidatureId),
          {
            candidatureId: event.data.candidatureId,
            numeroCandidat: event.data.numeroCandidat,
            calcule: event.data.calcule,
            resultat: event.data.resultat,
            motif: event.data.motif,
            par: event.metadata.actor.name,
            le: event.metadata.at,
          },
        ],
      };
    case 'DeliberationOverrideRemoved':
      return {
        ...next,
        derogations: base.derogations.filter((d) => d.candidatureId !== event.data.candidatureId),
      };
    case 'DeliberationResultsFrozen':
      return next;
    case 'DeliberationClosed': {
      const { numeroArrete, dateArrete, effectif, admis, ajournes, elimines, absents } = event.data;
      return {
        ...next,
        statut: 'close',
        numeroArrete,
        dateArrete,
        closLe: event.metadata.at,
        closPar: event.metadata.actor.name,
        effectif,
        admis,
        ajournes,
        elimines,
        absents,
      };
    }
    case 'CandidateRedeliberated': {
      const { avant, apres } = event.data;
      const key = (r: ComputedResult): 'admis' | 'ajournes' | 'elimines' | 'absents' =>
        r === 'admis'
          ? 'admis'
          : r === 'ajourne'
            ? 'ajournes'
            : r === 'elimine'
              ? 'elimines'
              : 'absents';
      const counts = {
        admis: base.admis,
        ajournes: base.ajournes,
        elimines: base.elimines,
        absents: base.absents,
      };
      counts[key(avant.resultat)] -= 1;
      counts[key(apres.resultat)] += 1;
      return { ...next, ...counts, redeliberations: base.redeliberations + 1 };
    }
    default:
      return next;
  }
};

/**
 * The jury's épreuves with those of `results`' marks added at the end (the same document when
 * none is new): the indexes of the marks already written stay right.
 */
export const withResultEpreuves = (
  current: ResultEpreuvesDocument | null,
  juryId: string,
  results: Iterable<Pick<FrozenResult, 'notes'>>,
  version: number,
): ResultEpreuvesDocument => {
  const epreuves = [...(current?.epreuves ?? [])];
  const known = new Set(epreuves.map((e) => e.epreuveId));
  for (const result of results)
    for (const { epreuveId, code, libelle, coefficient, noteMax } of result.notes)
      if (!known.has(epreuveId)) {
        known.add(epreuveId);
        epreuves.push({ epreuveId, code, libelle, coefficient, noteMax });
      }
  if (current && epreuves.length === current.epreuves.length) return current;
  return { id: juryId, juryId, version, epreuves };
};

/** The index of each épreuve in the jury's épreuves. */
export const resultEpreuveIndexes = (
  epreuves: ResultEpreuvesDocument,
): ReadonlyMap<string, number> => new Map(epreuves.epreuves.map((e, i) => [e.epreuveId, i]));

/** A result's marks as lines again, with its jury's épreuves (a mark of an unknown one is left out). */
export const resultMarkLines = (
  result: Pick<ResultDocument, 'notes'>,
  epreuves: ResultEpreuvesDocument | null,
): MarkLine[] =>
  result.notes.flatMap(([index, note, absent]) => {
    const epreuve = epreuves?.epreuves[index];
    if (!epreuve) return [];
    return [
      {
        ...epreuve,
        note,
        sur20: note === null ? null : markOn20(note, epreuve.noteMax),
        absent: absent === 1,
      },
    ];
  });

/**
 * A result's document as frozen (or re-deliberated) by `event`, its marks indexed in the jury's
 * épreuves (`indexes`, from `resultEpreuveIndexes` of `withResultEpreuves` over its results).
 */
export const resultDocument = (
  result: FrozenResult,
  keys: { sessionId: string; juryId: string; numeroArrete: string; dateArrete: string },
  event: RecordedEvent,
  closing: { closLe: string; closPar: string },
  previous: ResultDocument | null,
  indexes: ReadonlyMap<string, number>,
): ResultDocument => {
  const notes = result.notes.map((line): CompactMark => {
    const index = indexes.get(line.epreuveId);
    if (index === undefined) throw new Error(`Épreuve absente du jury : ${line.epreuveId}`);
    return [index, line.note, line.absent ? 1 : 0];
  });
  // Field by field (not spread): one shape for 200,000 documents, built at a fraction of the cost
  // of spreading the parsed event's results.
  return {
    id: result.candidatureId,
    version: event.revision,
    candidatureId: result.candidatureId,
    numeroDossier: result.numeroDossier,
    numeroCandidat: result.numeroCandidat,
    nom: result.nom,
    prenoms: result.prenoms,
    sexe: result.sexe,
    dateNaissance: result.dateNaissance,
    lieuNaissance: result.lieuNaissance,
    categorie: result.categorie,
    handicapId: result.handicapId,
    metierId: result.metierId,
    centreDepotId: result.centreDepotId,
    siteId: result.siteId,
    centreExamenId: result.centreExamenId,
    departementId: result.departementId,
    zoneId: result.zoneId,
    notes,
    moyenne: result.moyenne,
    calcule: result.calcule,
    resultat: result.resultat,
    derogation: result.derogation,
    rang: result.rang,
    sessionId: keys.sessionId,
    juryId: keys.juryId,
    numeroArrete: keys.numeroArrete,
    dateArrete: keys.dateArrete,
    admis: result.resultat === 'admis',
    closLe: closing.closLe,
    closPar: closing.closPar,
    aRedeliberer: false,
    revisions: previous?.revisions ?? [],
    redeliberations: previous ? previous.redeliberations + 1 : 0,
    modifieLe: event.metadata.at,
    modifiePar: event.metadata.actor.name,
  };
};

/** How a result reads in a line: « Admis (décision du jury) ». */
export const resultLabel = (r: Pick<FrozenResult, 'resultat' | 'derogation'>): string =>
  `${RESULT_LABELS[r.resultat]}${r.derogation ? ' (décision du jury)' : ''}`;

/** « 12,50 » or « — ». */
export const averageLabel = (moyenne: number | null): string =>
  moyenne === null ? '—' : formatMark(moyenne);

const deliberationHistory = (events: readonly HistoryEvent[]) =>
  describeHistory<Record<string, unknown>>(events, {
    initial: {},
    apply: (state, event) => {
      const e = event as unknown as DeliberationEvent;
      switch (e.type) {
        case 'DeliberationOverrideSet':
          return {
            ...state,
            derogation: `${e.data.numeroCandidat} : ${RESULT_LABELS[e.data.calcule]} → ${RESULT_LABELS[e.data.resultat]} (${e.data.motif})`,
          };
        case 'DeliberationOverrideRemoved':
          return { ...state, derogation: `${e.data.numeroCandidat} : retirée (${e.data.motif})` };
        case 'DeliberationClosed':
          return {
            ...state,
            statut: 'Close',
            reference: `${e.data.numeroArrete} du ${e.data.dateArrete.split('-').reverse().join('/')}`,
            bilan: `${e.data.admis} admis sur ${e.data.effectif}`,
          };
        case 'CandidateRedeliberated':
          return {
            ...state,
            redeliberation: `${e.data.apres.numeroCandidat} : ${resultLabel(e.data.avant)} → ${resultLabel(e.data.apres)} (${e.data.motif})`,
          };
        default:
          return state;
      }
    },
    actions: {
      DeliberationOverrideSet: 'Décision du jury sur un résultat',
      DeliberationOverrideRemoved: 'Décision du jury retirée',
      DeliberationResultsFrozen: 'Résultats arrêtés',
      DeliberationClosed: 'Clôture de la délibération',
      CandidateRedeliberated: 'Nouvelle délibération d’un candidat',
    },
    fields: {
      derogation: 'Décision du jury',
      statut: 'Statut',
      reference: 'Référence',
      bilan: 'Bilan',
      redeliberation: 'Nouvelle délibération',
    },
  });

export const deliberationsResource: ResourceDefinition = {
  name: 'deliberations',
  collection: deliberationsCollection,
  projections: [DELIBERATIONS_PROJECTION],
  category: DELIBERATION_CATEGORY,
  label: 'délibération',
  notFoundMessage: 'Ce jury n’a pas encore de délibération.',
  readOnly: true,
  history: deliberationHistory,
};

/** The deliberated candidates (frozen results). */
export const resultsResource: ResourceDefinition = {
  name: 'resultats',
  collection: resultsCollection,
  projections: [RESULTS_PROJECTION],
  category: DELIBERATION_CATEGORY,
  label: 'résultat',
  notFoundMessage: 'Ce candidat n’a pas de résultat délibéré.',
  readOnly: true,
  scopedBy: 'centreDepotId',
};
