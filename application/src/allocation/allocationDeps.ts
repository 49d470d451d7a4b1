/**
 * What the allocation commands work with, made once (the seats' and the numbers' caches), and the
 * reads they share: a dossier, the site able to receive it, a métier's code.
 */
import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_NOT_FOUND,
  candidatureDecider,
  ConflictError,
  fold,
  NotFoundError,
  streamName,
  ValidationError,
  type Candidature,
  type CandidatureEvent,
} from '@examens-pro/domain';
import { sequence, type EventStore, type ReadStore } from '@examens-pro/platform';
import { siteSeats, type SiteSeatsPort } from './siteSeats.js';
import { readListItem } from '../reference-lists/references.js';

export type Present = Extract<Candidature, { status: 'present' }>;

/** Candidate numbers per session and métier: `numeros-candidat-<session>+<métier>`. */
export const candidateNumbers = (eventStore: EventStore) =>
  sequence(eventStore, {
    stream: (key) => `numeros-candidat-${key}`,
    one: (key, numero, candidatureId) => ({
      type: 'CandidateNumberTaken',
      data: { key, numero, candidatureId },
    }),
    block: (key, numero, dernier, candidatureIds) => ({
      type: 'CandidateNumbersTaken',
      data: { key, numero, dernier, candidatureIds },
    }),
    label: 'Numéro de candidat',
  });

export interface AllocationDeps {
  readonly eventStore: EventStore;
  /** The read models the automatic allocation's plan is computed from. */
  readonly readStore?: ReadStore;
  readonly seats: SiteSeatsPort;
  readonly numbers: ReturnType<typeof candidateNumbers>;
}

export const allocationDeps = (eventStore: EventStore, readStore?: ReadStore): AllocationDeps => ({
  eventStore,
  readStore,
  seats: siteSeats(eventStore),
  numbers: candidateNumbers(eventStore),
});

export const owner = (id: string) => streamName(CANDIDATURE_CATEGORY, id);

/** A dossier, present and within `scope` (a centre de dépôt), else 404. */
export const readDossier = async (eventStore: EventStore, id: string, scope: string | null) => {
  const state = fold(
    candidatureDecider,
    (await eventStore.readStream(owner(id))) as unknown as CandidatureEvent[],
  );
  if (state.status !== 'present' || (scope && state.centreDepotId !== scope))
    throw new NotFoundError(CANDIDATURE_NOT_FOUND);
  return state;
};

/** The site, active, able to receive this candidate (an accessible one when their handicap asks). */
export const siteFor = async (eventStore: EventStore, siteId: string, dossier: Present) => {
  const site = await readListItem(eventStore, 'sites-composition', siteId);
  if (!site)
    throw new ValidationError('Ce site de composition est introuvable.', {
      siteId: 'Ce site de composition est introuvable.',
    });
  if (site.status !== 'actif')
    throw new ValidationError('Choisissez un site de composition actif.', {
      siteId: 'Choisissez un site de composition actif.',
    });
  const handicap = await readListItem(
    eventStore,
    'types-handicap',
    dossier.values.handicapId as string | null,
  );
  if (handicap?.values.siteAccessibleRequis === true && site.values.accessible !== true)
    throw new ConflictError(
      `Le handicap de ce candidat (« ${handicap.libelle} ») exige un site accessible : le site « ${site.libelle} » ne l’est pas.`,
    );
  return site;
};

export const metierCode = async (eventStore: EventStore, metierId: string) =>
  (await readListItem(eventStore, 'metiers', metierId))?.code ?? 'CAND';
