/**
 * Allocation to composition sites: where a validated candidate sits on
 * composition day. Pure: the automatic plan, the seats of a site (a stream per site, shared by the
 * sessions), the automatic runs and their progress, the inputs of the routes.
 */
import type { DomainEvent, RecordedEvent } from '../core/envelope.js';
import { ValidationError } from '../core/errors.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';

/** A candidate number: the métier's code and five digits (« ELEC-00042 »). */
export const candidateNumber = (metierCode: string, n: number): string =>
  `${metierCode}-${String(n).padStart(5, '0')}`;

// ---------------------------------------------------------------------------------------------
// The automatic plan

export interface PlanCandidate {
  readonly id: string;
  readonly metierId: string;
  /** The métier's code: candidates are grouped by it, then in name order. */
  readonly metierCode: string;
  readonly nom: string;
  readonly prenoms: string;
  readonly dateNaissance: string;
  /** The département of the candidate's centre de dépôt, and its zone. */
  readonly departementId: string;
  readonly zoneId: string;
  /** Their handicap type requires an accessible site. */
  readonly accessibleRequis: boolean;
  readonly langueId?: string | null;
}

export interface PlanSite {
  readonly id: string;
  /** How sites are taken in a département: by this name, then id. */
  readonly libelle: string;
  readonly departementId: string;
  readonly zoneId: string;
  readonly capacite: number;
  /** Seats already held in the session. */
  readonly occupes: number;
  readonly accessible: boolean;
}

export interface Placement {
  readonly candidatureId: string;
  readonly siteId: string;
  readonly metierId: string;
}

export const NO_ACCESSIBLE_SEAT = 'Aucune place libre dans un site accessible.';
export const NO_SEAT = 'Aucune place libre dans les sites de composition.';

export interface SitePlan {
  readonly siteId: string;
  readonly capacite: number;
  /** Seated before this plan. */
  readonly occupes: number;
  /** Placed by this plan. */
  readonly affectes: number;
  readonly metiers: Readonly<Record<string, number>>;
  readonly langues: Readonly<Record<string, number>>;
}

export interface AllocationPlan {
  /** In numbering order: métier code, then name. */
  readonly placements: readonly Placement[];
  readonly nonPlaces: readonly { readonly candidatureId: string; readonly motif: string }[];
  /** Every site that has a seat held or placed, in the sites' order. */
  readonly sites: readonly SitePlan[];
}

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase();

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The numbering order: métier code, nom, prénoms, date of birth, id. */
export const numberingOrder = <T extends PlanCandidate>(candidates: readonly T[]): T[] => {
  const keyed = candidates.map((c) => ({
    c,
    key: [c.metierCode, folded(c.nom), folded(c.prenoms), c.dateNaissance, c.id],
  }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i += 1) {
      const order = compare(a.key[i]!, b.key[i]!);
      if (order !== 0) return order;
    }
    return 0;
  });
  return keyed.map((k) => k.c);
};

/**
 * The automatic allocation: candidates in numbering order go to sites of their
 * département (its sites in name order, filled one after the other so that a métier stays
 * together), then, when those are full, to the other départements of their zone (most free seats
 * first), then to the other zones (most free seats first); never above a site's capacity.
 * Candidates whose handicap requires an accessible site are placed first, in accessible sites
 * only. Deterministic: the same candidates and sites give the same plan.
 */
export const planAllocation = (
  candidates: readonly PlanCandidate[],
  sites: readonly PlanSite[],
): AllocationPlan => {
  const ordered = [...sites].sort(
    (a, b) =>
      compare(a.departementId, b.departementId) ||
      compare(folded(a.libelle), folded(b.libelle)) ||
      compare(a.id, b.id),
  );
  const free = new Map(ordered.map((s) => [s.id, Math.max(0, s.capacite - s.occupes)]));
  const byDepartement = new Map<string, PlanSite[]>();
  const zoneOf = new Map<string, string>();
  for (const site of ordered) {
    const list = byDepartement.get(site.departementId) ?? [];
    list.push(site);
    byDepartement.set(site.departementId, list);
    zoneOf.set(site.departementId, site.zoneId);
  }
  const departements = [...byDepartement.keys()].sort(compare);
  /** Free seats per département: all sites, accessible sites. */
  const freeIn = (departementId: string, accessibleOnly: boolean) => {
    let sum = 0;
    for (const site of byDepartement.get(departementId) ?? [])
      if (!accessibleOnly || site.accessible) sum += free.get(site.id)!;
    return sum;
  };
  const freeCount = new Map<string, [number, number]>(
    departements.map((d) => [d, [freeIn(d, false), freeIn(d, true)]]),
  );
  /** Where each département's first site with room may be (free seats only decrease). */
  const cursor = new Map<string, number>();
  const firstWithRoom = (departementId: string, accessibleOnly: boolean) => {
    const key = `${accessibleOnly ? 'a' : 't'}${departementId}`;
    const list = byDepartement.get(departementId) ?? [];
    let i = cursor.get(key) ?? 0;
    while (
      i < list.length &&
      (free.get(list[i]!.id)! === 0 || (accessibleOnly && !list[i]!.accessible))
    )
      i += 1;
    cursor.set(key, i);
    return list[i];
  };
  const mostFree = (choices: readonly string[], accessibleOnly: boolean) => {
    let best: string | undefined;
    let bestFree = 0;
    for (const d of choices) {
      const n = freeCount.get(d)![accessibleOnly ? 1 : 0];
      if (n > bestFree) {
        best = d;
        bestFree = n;
      }
    }
    return best;
  };
  const take = (site: PlanSite) => {
    free.set(site.id, free.get(site.id)! - 1);
    const counts = freeCount.get(site.departementId)!;
    counts[0] -= 1;
    if (site.accessible) counts[1] -= 1;
  };

  const numbered = numberingOrder(candidates);
  const placedAt = new Map<string, string>();
  const nonPlaces: { candidatureId: string; motif: string }[] = [];
  const sticky = new Map<string, PlanSite>();
  const place = (candidate: PlanCandidate) => {
    const accessibleOnly = candidate.accessibleRequis;
    const key = `${accessibleOnly ? 'a' : 't'}|${candidate.metierId}|${candidate.departementId}`;
    const last = sticky.get(key);
    let site: PlanSite | undefined =
      last && free.get(last.id)! > 0 && (!accessibleOnly || last.accessible) ? last : undefined;
    site ??= firstWithRoom(candidate.departementId, accessibleOnly);
    if (!site) {
      const sameZone = departements.filter(
        (d) => d !== candidate.departementId && zoneOf.get(d) === candidate.zoneId,
      );
      const inZone = mostFree(sameZone, accessibleOnly);
      const elsewhere =
        inZone ??
        mostFree(
          departements.filter((d) => zoneOf.get(d) !== candidate.zoneId),
          accessibleOnly,
        );
      if (elsewhere) site = firstWithRoom(elsewhere, accessibleOnly);
    }
    if (!site) {
      nonPlaces.push({
        candidatureId: candidate.id,
        motif: accessibleOnly ? NO_ACCESSIBLE_SEAT : NO_SEAT,
      });
      return;
    }
    take(site);
    sticky.set(key, site);
    placedAt.set(candidate.id, site.id);
  };
  // Those who need an accessible site first: the others may sit anywhere.
  for (const candidate of numbered) if (candidate.accessibleRequis) place(candidate);
  for (const candidate of numbered) if (!candidate.accessibleRequis) place(candidate);

  const placements: Placement[] = [];
  const perSite = new Map<
    string,
    { affectes: number; metiers: Record<string, number>; langues: Record<string, number> }
  >();
  for (const candidate of numbered) {
    const siteId = placedAt.get(candidate.id);
    if (!siteId) continue;
    placements.push({ candidatureId: candidate.id, siteId, metierId: candidate.metierId });
    const summary = perSite.get(siteId) ?? { affectes: 0, metiers: {}, langues: {} };
    summary.affectes += 1;
    summary.metiers[candidate.metierId] = (summary.metiers[candidate.metierId] ?? 0) + 1;
    const langue = candidate.langueId ?? '';
    summary.langues[langue] = (summary.langues[langue] ?? 0) + 1;
    perSite.set(siteId, summary);
  }
  const sitePlans: SitePlan[] = ordered
    .filter((s) => s.occupes > 0 || perSite.has(s.id))
    .map((s) => ({
      siteId: s.id,
      capacite: s.capacite,
      occupes: s.occupes,
      ...(perSite.get(s.id) ?? { affectes: 0, metiers: {}, langues: {} }),
    }));
  return { placements, nonPlaces, sites: sitePlans };
};

/**
 * What a plan is: its placements in order. The preview shows it; applying it names it, so that a
 * plan that changed since (a new validation, a seat taken by hand) is previewed again first.
 */
export const planFingerprint = (plan: AllocationPlan): string => {
  // FNV-1a over the placements, twice (64 bits in two halves): enough to tell plans apart.
  let a = 0x811c9dc5;
  let b = 0x01000193;
  const feed = (text: string) => {
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193) >>> 0;
      b = Math.imul(b ^ c, 0x811c9dc5) >>> 0;
    }
  };
  for (const p of plan.placements) feed(`${p.candidatureId}>${p.siteId};`);
  feed(`#${plan.nonPlaces.length}`);
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
};

// ---------------------------------------------------------------------------------------------
// The seats of a site: one stream per site, `sieges-<site id>`, for every session

export const SEATS_CATEGORY = 'sieges';
export const seatsStream = (siteId: string): string => `${SEATS_CATEGORY}-${siteId}`;

export type SeatsTaken = DomainEvent<
  'SeatsTaken',
  {
    siteId: string;
    sessionId: string;
    sieges: { candidatureId: string; numeroTable: number }[];
  }
>;
export type SeatsReleased = DomainEvent<
  'SeatsReleased',
  { siteId: string; sessionId: string; candidatureIds: string[] }
>;
/** A change of the site's capacity or activity, checked against its seats (a point of order). */
export type SiteCapacityChecked = DomainEvent<
  'SiteCapacityChecked',
  { siteId: string; capacite: number | null; actif: boolean }
>;
export type SeatEvent = SeatsTaken | SeatsReleased | SiteCapacityChecked;

/** Per session: candidature → table. */
export type SiteSeats = Map<string, Map<string, number>>;

export const evolveSeats = (
  seats: SiteSeats,
  event: { type: string; data: unknown },
): SiteSeats => {
  if (event.type === 'SeatsTaken') {
    const { sessionId, sieges } = event.data as SeatsTaken['data'];
    const held = seats.get(sessionId) ?? new Map<string, number>();
    for (const seat of sieges) held.set(seat.candidatureId, seat.numeroTable);
    seats.set(sessionId, held);
  } else if (event.type === 'SeatsReleased') {
    const { sessionId, candidatureIds } = event.data as SeatsReleased['data'];
    const held = seats.get(sessionId);
    for (const id of candidatureIds) held?.delete(id);
  }
  return seats;
};

/** The smallest free tables of a session's site, `count` of them. */
export const freeTables = (
  held: ReadonlyMap<string, number> | undefined,
  count: number,
): number[] => {
  const used = new Set(held?.values() ?? []);
  const tables: number[] = [];
  for (let table = 1; tables.length < count; table += 1) if (!used.has(table)) tables.push(table);
  return tables;
};

const seatsFormat = new Intl.NumberFormat('fr-FR');
/** The refusal of a full site: its name and its free seats. */
export const siteFullMessage = (libelle: string, libres: number): string =>
  `Le site « ${libelle} » n’a plus assez de places libres (${seatsFormat.format(libres)} place${libres > 1 ? 's' : ''} libre${libres > 1 ? 's' : ''}).`;

// ---------------------------------------------------------------------------------------------
// Automatic runs: accepted, applied chunk by chunk by a reactor, with their progress

export const ALLOCATION_RUN_CATEGORY = 'affectations-automatiques';
export const ALLOCATION_RUN_NOT_FOUND = 'Cette affectation automatique est introuvable.';
export const ALLOCATION_CHUNK_SIZE = 500;

export type AllocationRunAccepted = DomainEvent<
  'AffectationAutomatiqueAcceptee',
  {
    runId: string;
    sessionId: string;
    empreinte: string;
    candidats: number;
    tranches: number;
    /** Left without a seat by the plan, with why (the first ones). */
    nonPlaces: { candidatureId: string; motif: string }[];
    nonPlacesTotal: number;
  }
>;
export type AllocationRunChunk = DomainEvent<
  'AffectationAutomatiqueTranche',
  { runId: string; sessionId: string; tranche: number; placements: Placement[] }
>;
export type AllocationRunChunkApplied = DomainEvent<
  'AffectationAutomatiqueTrancheAppliquee',
  {
    runId: string;
    tranche: number;
    candidats: number;
    places: number;
    /** Placements refused when applied (a seat taken by hand since, a dossier withdrawn). */
    refus: { candidatureId: string; motif: string }[];
  }
>;
export type AllocationRunCompleted = DomainEvent<
  'AffectationAutomatiqueTerminee',
  { runId: string; places: number; refus: number }
>;
export type AllocationRunEvent =
  AllocationRunAccepted | AllocationRunChunk | AllocationRunChunkApplied | AllocationRunCompleted;

export const ALLOCATION_RUN_EVENT_TYPES: readonly AllocationRunEvent['type'][] = [
  'AffectationAutomatiqueAcceptee',
  'AffectationAutomatiqueTrancheAppliquee',
  'AffectationAutomatiqueTerminee',
];

export interface AllocationRunDocument extends ReadModelDocument {
  readonly sessionId: string;
  readonly statut: 'en-cours' | 'terminee';
  readonly candidats: number;
  readonly tranches: number;
  readonly tranchesAppliquees: number;
  readonly traites: number;
  readonly places: number;
  readonly nonPlaces: readonly { candidatureId: string; motif: string }[];
  readonly nonPlacesTotal: number;
  readonly refus: readonly { candidatureId: string; motif: string }[];
  readonly progression: number;
  readonly creeLe: string;
  readonly creePar: string;
  readonly termineeLe: string | null;
}

export const allocationRunsCollection: CollectionDefinition = {
  name: 'affectations_automatiques',
  fields: { sessionId: 'string', statut: 'string', creeLe: 'string', creePar: 'string' },
  searchFields: ['creePar'],
  defaultSort: { field: 'creeLe', order: 'DESC' },
};

export const ALLOCATION_RUNS_PROJECTION = 'affectations-automatiques';
const NOTES_KEPT = 200;

export const allocationRunDocumentAfter = (
  current: AllocationRunDocument | null,
  event: RecordedEvent,
): AllocationRunDocument | null => {
  const e = event as unknown as RecordedEvent<AllocationRunEvent>;
  switch (e.type) {
    case 'AffectationAutomatiqueAcceptee':
      return {
        id: e.data.runId,
        version: e.revision,
        sessionId: e.data.sessionId,
        statut: e.data.tranches === 0 ? 'terminee' : 'en-cours',
        candidats: e.data.candidats,
        tranches: e.data.tranches,
        tranchesAppliquees: 0,
        traites: 0,
        places: 0,
        nonPlaces: e.data.nonPlaces,
        nonPlacesTotal: e.data.nonPlacesTotal,
        refus: [],
        progression: e.data.tranches === 0 ? 100 : 0,
        creeLe: e.metadata.at,
        creePar: e.metadata.actor.name,
        termineeLe: e.data.tranches === 0 ? e.metadata.at : null,
      };
    case 'AffectationAutomatiqueTrancheAppliquee': {
      if (!current) return null;
      const traites = current.traites + e.data.candidats;
      return {
        ...current,
        version: e.revision,
        tranchesAppliquees: current.tranchesAppliquees + 1,
        traites,
        places: current.places + e.data.places,
        refus: [...current.refus, ...e.data.refus].slice(0, NOTES_KEPT),
        progression: Math.min(99, Math.floor((traites * 100) / Math.max(current.candidats, 1))),
      };
    }
    case 'AffectationAutomatiqueTerminee':
      if (!current) return null;
      return {
        ...current,
        version: e.revision,
        statut: 'terminee',
        progression: 100,
        termineeLe: e.metadata.at,
      };
    default:
      return current;
  }
};

export const allocationRunsResource: ResourceDefinition = {
  name: 'affectations-automatiques',
  collection: allocationRunsCollection,
  projections: [ALLOCATION_RUNS_PROJECTION],
  category: ALLOCATION_RUN_CATEGORY,
  label: 'affectation automatique',
  notFoundMessage: ALLOCATION_RUN_NOT_FOUND,
};

/** The first refusals kept on the run's acceptance. */
export const RUN_NOTES_KEPT = NOTES_KEPT;

/**
 * What accepting a plan writes on its run's stream: the acceptance (counts, the first candidates
 * left without a seat), then the placements in chunks, in numbering order, for the reactor.
 */
export const allocationRunEvents = (
  runId: string,
  sessionId: string,
  plan: AllocationPlan,
  empreinte: string,
): (AllocationRunAccepted | AllocationRunChunk)[] => {
  const chunks: Placement[][] = [];
  for (let i = 0; i < plan.placements.length; i += ALLOCATION_CHUNK_SIZE)
    chunks.push(plan.placements.slice(i, i + ALLOCATION_CHUNK_SIZE));
  return [
    {
      type: 'AffectationAutomatiqueAcceptee',
      data: {
        runId,
        sessionId,
        empreinte,
        candidats: plan.placements.length,
        tranches: chunks.length,
        nonPlaces: plan.nonPlaces.slice(0, NOTES_KEPT),
        nonPlacesTotal: plan.nonPlaces.length,
      },
    },
    ...chunks.map((placements, tranche): AllocationRunChunk => ({
      type: 'AffectationAutomatiqueTranche',
      data: { runId, sessionId, tranche, placements },
    })),
  ];
};

// ---------------------------------------------------------------------------------------------
// Inputs

const text = (input: Record<string, unknown>, field: string) =>
  typeof input[field] === 'string' ? (input[field] as string).trim() : '';

/** `{ siteId }`: the site a candidate is allocated (or moved) to. */
export const parseAllocation = (body: unknown): { siteId: string } => {
  const siteId = text((body ?? {}) as Record<string, unknown>, 'siteId');
  if (!siteId)
    throw new ValidationError('Choisissez le site de composition.', {
      siteId: 'Choisissez le site de composition.',
    });
  return { siteId };
};

/** `{ sessionId, empreinte }`: the plan previewed, applied. */
export const parseAllocationRun = (body: unknown): { sessionId: string; empreinte: string } => {
  const input = (body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  if (!text(input, 'sessionId')) errors.sessionId = 'Choisissez la session.';
  if (!/^[0-9a-f]{16}$/.test(text(input, 'empreinte')))
    errors.empreinte = 'Prévisualisez l’affectation avant de l’appliquer.';
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return { sessionId: text(input, 'sessionId'), empreinte: text(input, 'empreinte') };
};

export const PLAN_CHANGED =
  'L’affectation a changé depuis l’aperçu (nouvelles validations ou places prises) : prévisualisez-la de nouveau avant de l’appliquer.';
