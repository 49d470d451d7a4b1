import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_NOT_FOUND,
  candidatureDecider,
  fold,
  listCollection,
  listItemDecider,
  localDate,
  NotFoundError,
  referenceList,
  reservationDecider,
  SESSION_STATUSES,
  sessionDecider,
  streamName,
  uniqueValueStream,
  ValidationError,
  type Candidature,
  type CandidatureCommand,
  type CandidatureEvent,
  type CommandContext,
  type Decider,
  type ListItem,
  type ListItemEvent,
  type ReadModelDocument,
  type RegistrationFacts,
  type RequiredPiece,
  type SessionEvent,
  type SessionFee,
} from '@examens-pro/domain';
import { handleCommand, toEnvelopes, type CommandAnswer } from '@examens-pro/platform';
import { sequence, serialized } from '@examens-pro/platform';
import { WrongExpectedRevisionError, type EventStore } from '@examens-pro/platform';
import type { ReadStore } from '@examens-pro/platform';
import { siteSeats } from '../allocation/allocation.js';
import { readListItem } from '../reference-lists/references.js';

export const formatDay = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The item of `list` that holds a unique key (the paramètres d'édition of a session, the métier
 * opened in a session), read from the key's reservation stream and the owner's own stream: exact,
 * not a read model that may lag.
 */
export const itemHoldingKey = async (
  eventStore: EventStore,
  list: string,
  field: string,
  value: string,
): Promise<Extract<ListItem, { status: 'actif' | 'inactif' }> | undefined> => {
  const reservation = fold(
    reservationDecider,
    (await eventStore.readStream(uniqueValueStream(list, field, value))) as never,
  );
  if (reservation.status !== 'reserved') return undefined;
  const item = fold(
    listItemDecider,
    (await eventStore.readStream(reservation.ownerId)) as unknown as ListItemEvent[],
  );
  return item.status === 'actif' || item.status === 'inactif' ? item : undefined;
};

export const readItem = readListItem;

/**
 * A session's fee (espace financier), exact from its item's stream, with its payment prefix; null
 * when none is active.
 */
export const sessionFeeOf = async (
  eventStore: EventStore,
  sessionId: string,
): Promise<(SessionFee & { prefixePaiement: string }) | null> => {
  const fee = await itemHoldingKey(eventStore, 'frais-examen', 'sessionId', sessionId);
  if (fee?.status !== 'actif' || typeof fee.values.montant !== 'number') return null;
  return {
    montant: fee.values.montant,
    paiementAvantValidation: fee.values.paiementAvantValidation === true,
    compterPaiementsDemonstration: fee.values.compterPaiementsDemonstration === true,
    prefixePaiement:
      typeof fee.values.prefixePaiement === 'string' ? fee.values.prefixePaiement : '',
  };
};

export const invalid = (field: string, message: string) =>
  new ValidationError(message, { [field]: message });

/**
 * A dossier number per session, in sequence: the counter stream `numeros-dossier-<session>` gets
 * one event per number (a list's chunk: one event per block of numbers).
 */
const dossierCounter = (eventStore: EventStore) =>
  sequence(eventStore, {
    stream: (sessionId) => `numeros-dossier-${sessionId}`,
    one: (sessionId, numero, candidatureId) => ({
      type: 'DossierNumberTaken',
      data: { sessionId, numero, candidatureId },
    }),
    block: (sessionId, numero, dernier, candidatureIds) => ({
      type: 'DossierNumbersTaken',
      data: { sessionId, numero, dernier, candidatureIds },
    }),
    label: 'Numéro de dossier',
  });

export const quotaFormat = new Intl.NumberFormat('fr-FR');
export const quotaStream = (sessionId: string, metierId: string) =>
  `quotas-${sessionId}+${metierId}`;

/**
 * The places of a métier's quota in a session, per counter stream `quotas-<session>+<métier>`: each
 * event says how many places are held after it; a place is taken only at the revision read, so
 * concurrent submissions never exceed the quota (a process killed between taking a place and
 * submitting leaves it taken: the quota is then under-used, never exceeded).
 */
const placeCounter = (eventStore: EventStore) => {
  const seen = new Map<string, { revision: number; held: number }>();
  const change = async (
    stream: string,
    candidatureId: string,
    delta: 1 | -1,
    context: CommandContext,
    limit?: number,
  ): Promise<boolean> => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const known = seen.get(stream) ?? { revision: -1, held: 0 };
      const newer = await eventStore.readStream(stream, { fromRevision: known.revision + 1 });
      const last = newer[newer.length - 1];
      const revision = last ? last.revision : known.revision;
      const held = last ? (last.data as { held: number }).held : known.held;
      if (limit !== undefined && held + delta > limit) {
        seen.set(stream, { revision, held });
        return false;
      }
      try {
        const result = await eventStore.appendToStream(
          stream,
          toEnvelopes(
            [
              {
                type: delta > 0 ? 'QuotaPlaceTaken' : 'QuotaPlaceReleased',
                data: { candidatureId, held: Math.max(0, held + delta) },
              },
            ],
            { ...context, commandId: `${context.commandId}/quota/${revision + 1}` },
          ),
          { expectedRevision: revision === -1 ? 'no_stream' : revision },
        );
        seen.set(stream, { revision: result.nextRevision, held: Math.max(0, held + delta) });
        return true;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new Error(`Quota : trop de soumissions simultanées (${stream}).`);
  };
  const inTurn = serialized();
  return {
    take: (stream: string, candidatureId: string, quota: number, context: CommandContext) =>
      inTurn(stream, () => change(stream, candidatureId, 1, context, quota)),
    release: (stream: string, candidatureId: string, context: CommandContext) =>
      inTurn(stream, () => change(stream, candidatureId, -1, context)),
  };
};

/** Reads a dossier for whoever asks: another centre's dossier does not exist for an enrôleur. */
const scoped = (
  scope: string | null,
): Decider<CandidatureCommand, CandidatureEvent, Candidature> => ({
  ...candidatureDecider,
  decide: (command, state) => {
    if (scope && state.status === 'present' && state.centreDepotId !== scope)
      throw new NotFoundError(CANDIDATURE_NOT_FOUND);
    return candidatureDecider.decide(command, state);
  },
});

export interface CandidatureOptions {
  /**
   * Where the pièces an examen asks for are read, when not from the lists' read model (the
   * crash tests' log generator writes the configuration without running projections).
   */
  readonly piecesOf?: (examenId: string) => Promise<RequiredPiece[]>;
}

/**
 * What the commands on candidatures need: the stores, the office's time zone, and the counters
 * they share (dossier numbers, quota places, site seats), each caching what it last read.
 */
export interface CandidatureDeps {
  readonly eventStore: EventStore;
  readonly timeZone: string;
  readonly readStore?: ReadStore;
  readonly options: CandidatureOptions;
  readonly takeNumber: ReturnType<typeof dossierCounter>;
  readonly places: ReturnType<typeof placeCounter>;
  readonly seats: ReturnType<typeof siteSeats>;
  /** The quota streams as a list's chunks last read them (see `takeListPlaces`). */
  readonly quotaSeen: Map<string, { revision: number; held: number }>;
}

export const candidatureDeps = (
  eventStore: EventStore,
  timeZone: string,
  readStore?: ReadStore,
  options: CandidatureOptions = {},
): CandidatureDeps => ({
  eventStore,
  timeZone,
  readStore,
  options,
  takeNumber: dossierCounter(eventStore),
  places: placeCounter(eventStore),
  seats: siteSeats(eventStore),
  quotaSeen: new Map(),
});

export const owner = (id: string) => streamName(CANDIDATURE_CATEGORY, id);

export const run = (
  { eventStore }: CandidatureDeps,
  id: string,
  command: CandidatureCommand,
  scope: string | null,
  context: CommandContext,
  expectedRevision?: number,
  beforeAppend?: (state: Candidature, events: readonly CandidatureEvent[]) => Promise<void>,
) =>
  handleCommand(eventStore, {
    stream: owner(id),
    decider: scoped(scope),
    command,
    context,
    expectedRevision,
    beforeAppend,
  });

export const answer = (
  id: string,
  outcome: { revision: number; position: string },
): CommandAnswer => ({
  id,
  revision: outcome.revision,
  position: outcome.position,
});

/** The dossier as its stream says, for whoever may see it (404 otherwise). */
export const readCandidature = async (
  { eventStore }: CandidatureDeps,
  id: string,
  scope: string | null,
) => {
  const state = fold(
    candidatureDecider,
    (await eventStore.readStream(owner(id))) as unknown as CandidatureEvent[],
  );
  if (state.status !== 'present' || (scope && state.centreDepotId !== scope))
    throw new NotFoundError(CANDIDATURE_NOT_FOUND);
  return state;
};

/** What the session and its paramètres d'édition say now. */
export const sessionFacts = async (
  { eventStore, timeZone }: CandidatureDeps,
  sessionId: string,
  now: string,
) => {
  const session = fold(
    sessionDecider,
    (await eventStore.readStream(streamName('sessions', sessionId))) as unknown as SessionEvent[],
  );
  if (session.status !== 'present') throw invalid('sessionId', 'Cette session est introuvable.');
  const parametres = await itemHoldingKey(eventStore, 'parametres-edition', 'sessionId', sessionId);
  const limit = parametres?.values.dateLimiteModification;
  const step = SESSION_STATUSES.indexOf(session.statut);
  const facts: RegistrationFacts = {
    registrationOpen: session.statut === 'inscriptions-ouvertes',
    // Inclusive: the whole last day, until 23:59 in the office's time zone.
    deadlinePassed: typeof limit === 'string' && localDate(now, timeZone) > limit,
    modifiableAfterValidation: parametres?.values.modificationApresValidation === true,
    compositionStarted: step >= SESSION_STATUSES.indexOf('composition'),
  };
  return { session, parametres, facts };
};

/** A rejection names an active motif de rejet (read on its own stream). */
export const checkMotif = async (
  { eventStore }: CandidatureDeps,
  rejection?: { motifId: string },
) => {
  if (
    rejection &&
    (await readItem(eventStore, 'motifs-rejet', rejection.motifId))?.status !== 'actif'
  )
    throw invalid('motifId', 'Choisissez un motif de rejet actif.');
};

/**
 * The pièces justificatives the session's examen asks for: the active pièces of the configuration
 * whose examens concernés are empty (every examen) or name it. Read from the list's read model.
 */
export const sessionPieces = async (
  { readStore, options }: CandidatureDeps,
  examenId: string,
): Promise<RequiredPiece[]> => {
  if (options.piecesOf) return options.piecesOf(examenId);
  if (!readStore) return [];
  const list = referenceList('pieces-justificatives')!;
  const { items } = await readStore
    .collection<ReadModelDocument & Record<string, unknown>>(listCollection(list))
    .list({
      filter: { actif: true },
      sort: [{ field: 'libelle', order: 'ASC' }],
      limit: 1000,
    });
  return items
    .filter((item) => {
      const examens = Array.isArray(item.examenIds) ? (item.examenIds as string[]) : [];
      return examens.length === 0 || examens.includes(examenId);
    })
    .map((item) => ({
      id: item.id,
      libelle: String(item.libelle ?? ''),
      obligatoire: item.obligatoire === true,
    }));
};

/** The session's fee (espace financier), exact from its item's stream; null when none is active. */
export const sessionFee = async (
  { eventStore }: CandidatureDeps,
  sessionId: string,
): Promise<SessionFee | null> => {
  const fee = await sessionFeeOf(eventStore, sessionId);
  return fee && { montant: fee.montant, paiementAvantValidation: fee.paiementAvantValidation };
};
