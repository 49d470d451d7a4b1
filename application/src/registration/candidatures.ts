import {
  CANDIDATURE_CATEGORY,
  CANDIDATURE_FIELDS,
  CANDIDATURE_NOT_FOUND,
  candidatureDecider,
  candidaturesCollection,
  ConflictError,
  HomonymError,
  nearSamePerson,
  dossierNumber,
  DuplicateError,
  fold,
  listItemDecider,
  localDate,
  NotFoundError,
  personReservation,
  reservationDecider,
  SESSION_STATUSES,
  sessionDecider,
  streamName,
  uniqueValueStream,
  ValidationError,
  yearsBefore,
  type Candidature,
  type CandidatureCommand,
  type CandidatureDocument,
  type CandidatureDetails,
  type CandidatureEvent,
  type CandidatureValues,
  type CommandContext,
  type Decider,
  type ListItem,
  type ListItemEvent,
  type RegistrationFacts,
  type RequiredPiece,
  type SessionEvent,
  type SessionFee,
  listCollection,
  referenceList,
  type PieceFile,
  type ReadModelDocument,
  ALREADY_IN_SESSION,
  DomainError,
  REGISTRATION_CLOSED,
  type AppliedRow,
  type PersonListTarget,
  type RecordedEvent,
} from '@examens-pro/domain';
import { handleCommand, toEnvelopes, type CommandAnswer } from '@examens-pro/platform';
import { checkReferences, readListItem } from '@examens-pro/platform';
import { sequence, serialized } from '@examens-pro/platform';
import { siteSeats } from '../allocation/allocation.js';
import { releaseUniqueValue, reserveUniqueValue, type UniqueValue } from '@examens-pro/platform';
import { WrongExpectedRevisionError, type EventStore } from '@examens-pro/platform';
import type { ReadStore } from '@examens-pro/platform';

const formatDay = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The item of `list` that holds a unique key (the paramètres d'édition of a session, the métier
 * opened in a session), read from the key's reservation stream and the owner's own stream: exact,
 * not a read model that may lag.
 */
const itemHoldingKey = async (
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

const readItem = readListItem;

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

const invalid = (field: string, message: string) =>
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

const quotaFormat = new Intl.NumberFormat('fr-FR');
const quotaStream = (sessionId: string, metierId: string) => `quotas-${sessionId}+${metierId}`;

/** What became of one row of a list of agents. */
export interface ListRowOutcome {
  readonly ligne: number;
  readonly statut: 'soumis' | 'brouillon' | 'ignoree';
  readonly motif?: string;
}
/** A list's dossier beyond the métier's quota: created, not submitted. */
export const QUOTA_REACHED_DRAFT =
  'Le quota de ce métier est atteint pour cette session : le dossier reste à l’état « Brouillon ».';

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

/**
 * The commands on candidatures. `scope` is the caller's centre de dépôt (an enrôleur's), or null:
 * an enrôleur registers for their centre only and never reaches another centre's dossiers.
 */
export const candidatureCommands = (
  eventStore: EventStore,
  timeZone: string,
  readStore?: ReadStore,
  options: {
    /**
     * Where the pièces an examen asks for are read, when not from the lists' read model (the
     * crash tests' log generator writes the configuration without running projections).
     */
    readonly piecesOf?: (examenId: string) => Promise<RequiredPiece[]>;
  } = {},
) => {
  const takeNumber = dossierCounter(eventStore);
  const places = placeCounter(eventStore);
  const seats = siteSeats(eventStore);
  const owner = (id: string) => streamName(CANDIDATURE_CATEGORY, id);

  const run = (
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

  const answer = (id: string, outcome: { revision: number; position: string }): CommandAnswer => ({
    id,
    revision: outcome.revision,
    position: outcome.position,
  });

  /** What the session and its paramètres d'édition say now. */
  const sessionFacts = async (sessionId: string, now: string) => {
    const session = fold(
      sessionDecider,
      (await eventStore.readStream(streamName('sessions', sessionId))) as unknown as SessionEvent[],
    );
    if (session.status !== 'present') throw invalid('sessionId', 'Cette session est introuvable.');
    const parametres = await itemHoldingKey(
      eventStore,
      'parametres-edition',
      'sessionId',
      sessionId,
    );
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
  const checkMotif = async (rejection?: { motifId: string }) => {
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
  const sessionPieces = async (examenId: string): Promise<RequiredPiece[]> => {
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
  const sessionFee = async (sessionId: string): Promise<SessionFee | null> => {
    const fee = await sessionFeeOf(eventStore, sessionId);
    return fee && { montant: fee.montant, paiementAvantValidation: fee.paiementAvantValidation };
  };

  /**
   * The rules a dossier's content must satisfy in its session: references to active items, the
   * métier open in the session, the level its métier requires, the minimum age at composition, an
   * apprenti's patron.
   */
  const checkDossier = async (
    details: CandidatureDetails,
    debutComposition: string,
    ageMinimum: unknown,
  ) => {
    const { values } = details;
    await checkReferences(eventStore, CANDIDATURE_FIELDS, {
      ...values,
      sessionId: details.sessionId,
      metierId: details.metierId,
      centreDepotId: details.centreDepotId,
    });
    const opened = await itemHoldingKey(
      eventStore,
      'metiers-ouverts',
      'sessionId+metierId',
      `${details.sessionId}+${details.metierId}`,
    );
    if (opened?.status !== 'actif')
      throw invalid('metierId', 'Ce métier n’est pas ouvert aux inscriptions de cette session.');
    const required = await itemHoldingKey(
      eventStore,
      'niveaux-requis',
      'metierId',
      details.metierId,
    );
    const requiredLevel = await readItem(
      eventStore,
      'niveaux-scolarisation',
      required?.status === 'actif' ? (required.values.niveauId as string) : null,
    );
    if (requiredLevel && requiredLevel.id !== values.niveauId) {
      const level = await readItem(eventStore, 'niveaux-scolarisation', values.niveauId);
      const rank = (item: typeof level) =>
        typeof item?.values.rang === 'number' ? item.values.rang : null;
      const [mine, needed] = [rank(level), rank(requiredLevel)];
      // Without ranks to compare, only the required level itself satisfies.
      if (mine === null || needed === null || mine < needed)
        throw invalid(
          'niveauId',
          `Ce métier requiert le niveau « ${requiredLevel.libelle} » ou un niveau supérieur.`,
        );
    }
    if (typeof ageMinimum === 'number' && typeof values.dateNaissance === 'string') {
      const latestBirth = yearsBefore(debutComposition, ageMinimum);
      if (values.dateNaissance > latestBirth)
        throw invalid(
          'dateNaissance',
          `Le candidat doit avoir au moins ${ageMinimum} ans le ${formatDay(debutComposition)}, premier jour de composition.`,
        );
    }
    if (values.categorie === 'apprenti') {
      const apprenti = await readItem(eventStore, 'apprentis', values.apprentiId);
      // The apprenti's patron is the dossier's: recorded as it stands at registration.
      return {
        ...details,
        values: { ...values, patronId: (apprenti?.values.patronId as string) ?? null },
      };
    }
    return details;
  };

  /**
   * Dossiers of the session that may name the same person (same birth date, names within two
   * letters), from the read model: a near match asks for a confirmation, it does not forbid.
   */
  const nearMatches = async (details: CandidatureDetails): Promise<CandidatureDocument[]> => {
    if (!readStore || typeof details.values.dateNaissance !== 'string') return [];
    const { items } = await readStore.collection<CandidatureDocument>(candidaturesCollection).list({
      filter: { sessionId: details.sessionId, dateNaissance: details.values.dateNaissance },
      limit: 200,
    });
    return items.filter((doc) => nearSamePerson(details.values, doc));
  };

  /** 409 naming the dossier that already holds the person, when the caller may read it. */
  const duplicate = async (value: UniqueValue, scope: string | null): Promise<never> => {
    const reservation = fold(
      reservationDecider,
      (await eventStore.readStream(
        uniqueValueStream(value.resource, value.field, value.value),
      )) as never,
    );
    const holder =
      reservation.status === 'reserved'
        ? fold(
            candidatureDecider,
            (await eventStore.readStream(reservation.ownerId)) as unknown as CandidatureEvent[],
          )
        : undefined;
    if (holder?.status === 'present' && (!scope || holder.centreDepotId === scope))
      throw new DuplicateError(
        `Cette personne est déjà inscrite à cette session (dossier ${holder.numeroDossier}).`,
        'nom',
      );
    throw new DuplicateError(
      'Cette personne est déjà inscrite à cette session dans un autre centre de dépôt.',
      'nom',
    );
  };

  const reserve = async (
    value: UniqueValue,
    id: string,
    scope: string | null,
    context: CommandContext,
  ) => {
    try {
      await reserveUniqueValue(eventStore, value, owner(id), context);
    } catch (error) {
      if (error instanceof DuplicateError) await duplicate(value, scope);
      throw error;
    }
  };

  /** A list's rows grouped by niveau and langue: each group's dossier rules are checked once. */
  const groupKey = (row: AppliedRow) => `${row.values.niveauId ?? ''}|${row.values.langueId ?? ''}`;
  /**
   * The dossier rules of a list's rows, once per niveau and langue: the session, the métier opened
   * in it and the centre (their failure is thrown: it concerns every row), then the references and
   * the level the métier requires (answered per group: the field and the message).
   */
  const listGroups = async (
    target: PersonListTarget,
    rows: readonly AppliedRow[],
    debutComposition: string,
  ) => {
    const groups = new Map<string, { field: string; message: string } | null>();
    for (const row of rows) {
      const key = groupKey(row);
      if (groups.has(key)) continue;
      try {
        await checkDossier(
          { ...target, values: { ...row.values, dateNaissance: null } },
          debutComposition,
          null,
        );
        groups.set(key, null);
      } catch (error) {
        const field = error instanceof ValidationError ? Object.keys(error.fields)[0] : undefined;
        if (field !== 'niveauId' && field !== 'langueId') throw error;
        groups.set(key, { field, message: (error as Error).message });
      }
    }
    return groups;
  };
  /** The minimum age at the first day of composition (paramètres d'édition), or undefined. */
  const tooYoung = (row: AppliedRow, debutComposition: string, ageMinimum: unknown) => {
    const born = row.values.dateNaissance;
    if (typeof ageMinimum !== 'number' || typeof born !== 'string') return undefined;
    return born > yearsBefore(debutComposition, ageMinimum)
      ? `Le candidat doit avoir au moins ${ageMinimum} ans le ${formatDay(debutComposition)}, premier jour de composition.`
      : undefined;
  };
  /**
   * Places of the métier's quota for a list's chunk, in one event (`QuotaPlacesTaken`): as many
   * as remain, up to one per dossier; answers how many were taken. Same stream and same rule as
   * single submissions (appended at the revision read: never above the quota).
   */
  const quotaSeen = new Map<string, { revision: number; held: number }>();
  const takePlaces = async (
    stream: string,
    candidatureIds: readonly string[],
    quota: number,
    context: CommandContext,
  ): Promise<number> => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const known = quotaSeen.get(stream) ?? { revision: -1, held: 0 };
      const newer = await eventStore.readStream(stream, { fromRevision: known.revision + 1 });
      const last = newer[newer.length - 1];
      const revision = last ? last.revision : known.revision;
      const held = last ? (last.data as { held: number }).held : known.held;
      const count = Math.max(0, Math.min(candidatureIds.length, quota - held));
      quotaSeen.set(stream, { revision, held });
      if (count === 0) return 0;
      try {
        const result = await eventStore.appendToStream(
          stream,
          toEnvelopes(
            [
              {
                type: 'QuotaPlacesTaken',
                data: { candidatureIds: candidatureIds.slice(0, count), held: held + count },
              },
            ],
            { ...context, commandId: `${context.commandId}/quota/${revision + 1}` },
          ),
          { expectedRevision: revision === -1 ? 'no_stream' : revision },
        );
        quotaSeen.set(stream, { revision: result.nextRevision, held: held + count });
        return count;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
    throw new Error(`Quota : trop de soumissions simultanées (${stream}).`);
  };

  return {
    async create(
      id: string,
      input: CandidatureDetails,
      scope: string | null,
      context: CommandContext,
      confirmerHomonyme = false,
    ): Promise<CommandAnswer> {
      // An enrôleur registers at their own centre, whatever the form says.
      const requested = scope ? { ...input, centreDepotId: scope } : input;
      const { session, parametres, facts } = await sessionFacts(requested.sessionId, context.now);
      const prefix = parametres?.status === 'actif' ? parametres.values.prefixeDossier : undefined;
      if (typeof prefix !== 'string' || prefix === '')
        throw invalid(
          'sessionId',
          'Les paramètres d’édition de cette session (préfixe des numéros de dossier) ne sont pas encore définis.',
        );
      if (!facts.registrationOpen)
        throw invalid('sessionId', 'Les inscriptions de cette session ne sont pas ouvertes.');
      const details = await checkDossier(
        requested,
        session.debutComposition,
        parametres?.values.ageMinimum,
      );
      const near = await nearMatches(details);
      if (near.length > 0 && !confirmerHomonyme) {
        const readable = near.filter((doc) => !scope || doc.centreDepotId === scope);
        throw new HomonymError(
          readable.length > 0
            ? `Une personne au nom proche, née le même jour, est déjà inscrite à cette session : ${readable
                .map((doc) => `dossier ${doc.numeroDossier} (${doc.libelle})`)
                .join(', ')}. Confirmez qu’il s’agit d’une autre personne.`
            : 'Une personne au nom proche, née le même jour, est déjà inscrite à cette session dans un autre centre de dépôt. Confirmez qu’il s’agit d’une autre personne.',
          readable.map((doc) => doc.numeroDossier),
        );
      }
      const piecesDemandees = await sessionPieces(session.examenId);
      const montantDu = (await sessionFee(details.sessionId))?.montant ?? null;
      const create = (numeroDossier: string): CandidatureCommand => ({
        type: 'CreateCandidature',
        data: {
          candidatureId: id,
          numeroDossier,
          ...details,
          facts,
          ...(near.length > 0 ? { homonymesConfirmes: near.map((doc) => doc.id) } : {}),
          piecesDemandees,
          montantDu,
        },
      });
      // Already created (the id derives from the command id: a retried command) is answered as
      // the first time was, without taking another number.
      if ((await eventStore.readStream(owner(id), { maxCount: 1 })).length > 0)
        return answer(id, await run(id, create(''), scope, context));
      const person = personReservation(details.sessionId, details.values);
      await reserve(person, id, scope, context);
      try {
        const numero = await takeNumber(details.sessionId, id, context);
        const outcome = await run(id, create(dossierNumber(prefix, numero)), scope, context);
        return answer(id, outcome);
      } catch (error) {
        await releaseUniqueValue(eventStore, person, owner(id), context);
        throw error;
      }
    },

    async modify(
      id: string,
      input: CandidatureDetails,
      revision: number,
      scope: string | null,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const current = await this.read(id, scope);
      // An enrôleur's dossiers stay at their centre; the session never changes (decider).
      const requested = scope ? { ...input, centreDepotId: scope } : input;
      const { session, parametres, facts } = await sessionFacts(current.sessionId, context.now);
      const details = await checkDossier(
        requested,
        session.debutComposition,
        parametres?.values.ageMinimum,
      );
      const before = personReservation(current.sessionId, current.values);
      const after = personReservation(details.sessionId, details.values);
      const changed = before.value !== after.value;
      try {
        const outcome = await run(
          id,
          { type: 'ModifyCandidature', data: { candidatureId: id, ...details, facts } },
          scope,
          context,
          revision,
          async (_state, events) => {
            if (changed && events.length > 0) await reserve(after, id, scope, context);
          },
        );
        if (changed && outcome.events.length > 0)
          await releaseUniqueValue(eventStore, before, owner(id), context);
        return answer(id, outcome);
      } catch (error) {
        if (changed) await releaseUniqueValue(eventStore, after, owner(id), context);
        throw error;
      }
    },

    /**
     * Corrects a candidate's identity after the exam (« Gestion des contentieux »), with its
     * justification (also the events' reason) and its document, already stored. The session must
     * have reached its composition; a new name or birth date moves the person's reservation in the
     * session (another dossier holding it: 409), as a modification does.
     */
    async correctIdentity(
      id: string,
      input: { identite: CandidatureValues; justification: string; document: PieceFile },
      revision: number,
      scope: string | null,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const current = await this.read(id, scope);
      const { facts } = await sessionFacts(current.sessionId, context.now);
      const before = personReservation(current.sessionId, current.values);
      const after = personReservation(current.sessionId, { ...current.values, ...input.identite });
      const changed = before.value !== after.value;
      let reserved = false;
      try {
        const outcome = await run(
          id,
          {
            type: 'CorrectIdentity',
            data: { candidatureId: id, ...input, facts },
          },
          scope,
          { ...context, reason: input.justification },
          revision,
          async (_state, events) => {
            if (!changed || events.length === 0) return;
            await reserve(after, id, scope, context);
            reserved = true;
          },
        );
        if (changed && outcome.events.length > 0)
          await releaseUniqueValue(eventStore, before, owner(id), context);
        return answer(id, outcome);
      } catch (error) {
        if (reserved) await releaseUniqueValue(eventStore, after, owner(id), context);
        throw error;
      }
    },

    /** Submit, validate, reject, withdraw: a step of the life cycle, on the session's facts. */
    async step(
      id: string,
      action: 'soumettre' | 'valider' | 'rejeter' | 'desister',
      revision: number,
      scope: string | null,
      context: CommandContext,
      rejection?: { motifId: string; commentaire: string },
    ): Promise<CommandAnswer> {
      const current = await this.read(id, scope);
      const { session, facts } = await sessionFacts(current.sessionId, context.now);
      await checkMotif(rejection);
      const candidatureId = id;
      const command: CandidatureCommand =
        action === 'soumettre'
          ? { type: 'SubmitCandidature', data: { candidatureId, facts } }
          : action === 'valider'
            ? {
                type: 'ValidateCandidature',
                data: {
                  candidatureId,
                  facts,
                  pieces: await sessionPieces(session.examenId),
                  frais: await sessionFee(current.sessionId),
                },
              }
            : action === 'rejeter'
              ? { type: 'RejectCandidature', data: { candidatureId, ...rejection!, facts } }
              : { type: 'WithdrawCandidature', data: { candidatureId } };
      if (action !== 'soumettre' && action !== 'rejeter' && action !== 'desister')
        return answer(id, await run(id, command, scope, context, revision));
      // The métier's quota: a place taken when submitted, given back when rejected or withdrawn.
      const opened = await itemHoldingKey(
        eventStore,
        'metiers-ouverts',
        'sessionId+metierId',
        `${current.sessionId}+${current.metierId}`,
      );
      const quota = typeof opened?.values.quota === 'number' ? opened.values.quota : undefined;
      const stream = quotaStream(current.sessionId, current.metierId);
      let taken = false;
      try {
        const outcome = await run(id, command, scope, context, revision, async (state, events) => {
          if (action !== 'soumettre' || events.length === 0 || quota === undefined) return;
          taken = await places.take(stream, id, quota, context);
          if (!taken)
            throw new ConflictError(
              `Le quota de ce métier est atteint pour cette session (${quotaFormat.format(quota)} place${quota > 1 ? 's' : ''}) : le dossier ne peut pas être soumis.`,
            );
        });
        const heldPlace = ['soumis', 'valide', 'affecte'].includes(current.statut);
        if (action !== 'soumettre' && heldPlace && outcome.events.length > 0)
          await places.release(stream, id, context);
        // A withdrawn candidate's seat is free again.
        if (action === 'desister' && current.siteId && outcome.events.length > 0)
          await seats.release(current.siteId, current.sessionId, [id], context);
        return answer(id, outcome);
      } catch (error) {
        if (taken) await places.release(stream, id, context);
        throw error;
      }
    },

    /** Deletes a brouillon, giving the person back to the session. */
    async remove(
      id: string,
      revision: number,
      scope: string | null,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const current = await this.read(id, scope);
      const outcome = await run(
        id,
        { type: 'DeleteCandidature', data: { candidatureId: id } },
        scope,
        context,
        revision,
      );
      if (outcome.events.some((e) => e.type === 'CandidatureDeleted'))
        await releaseUniqueValue(
          eventStore,
          personReservation(current.sessionId, current.values),
          owner(id),
          context,
        );
      return answer(id, outcome);
    },

    /**
     * Deposits a pièce justificative (a file already stored under its SHA-256), or deposits it
     * again after a rejection.
     */
    async depositPiece(
      id: string,
      pieceId: string,
      file: PieceFile,
      revision: number,
      scope: string | null,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const current = await this.read(id, scope);
      const { session, facts } = await sessionFacts(current.sessionId, context.now);
      const pieces = await sessionPieces(session.examenId);
      return answer(
        id,
        await run(
          id,
          { type: 'DepositPiece', data: { candidatureId: id, pieceId, file, pieces, facts } },
          scope,
          context,
          revision,
        ),
      );
    },

    /** Validates a deposited pièce, or rejects it with a motif de rejet (and a comment). */
    async checkPiece(
      id: string,
      pieceId: string,
      action: 'valider' | 'rejeter',
      revision: number,
      scope: string | null,
      context: CommandContext,
      rejection?: { motifId: string; commentaire: string },
    ): Promise<CommandAnswer> {
      const current = await this.read(id, scope);
      const { session, facts } = await sessionFacts(current.sessionId, context.now);
      await checkMotif(rejection);
      const pieces = await sessionPieces(session.examenId);
      const command: CandidatureCommand =
        action === 'valider'
          ? { type: 'ValidatePiece', data: { candidatureId: id, pieceId, pieces, facts } }
          : {
              type: 'RejectPiece',
              data: { candidatureId: id, pieceId, pieces, facts, ...rejection! },
            };
      return answer(id, await run(id, command, scope, context, revision));
    },

    /**
     * Records a payment of the dossier's fee. Its reference (receipt or transaction) is unique
     * across the office: a reservation stream, given back if the payment is refused.
     */
    async recordPayment(
      id: string,
      input: { montant: number; date: string; reference: string },
      revision: number,
      scope: string | null,
      context: CommandContext,
    ): Promise<CommandAnswer> {
      const current = await this.read(id, scope);
      const frais = await sessionFee(current.sessionId);
      const reference: UniqueValue = {
        resource: 'paiements',
        field: 'reference',
        value: input.reference,
      };
      let reserved = false;
      try {
        const outcome = await run(
          id,
          {
            type: 'RecordPayment',
            data: { candidatureId: id, paiementId: context.commandId, ...input, frais },
          },
          scope,
          context,
          revision,
          async () => {
            try {
              await reserveUniqueValue(eventStore, reference, owner(id), context);
              reserved = true;
            } catch (error) {
              if (error instanceof DuplicateError)
                throw new DuplicateError(
                  'Cette référence de paiement est déjà enregistrée.',
                  'reference',
                );
              throw error;
            }
          },
        );
        return answer(id, outcome);
      } catch (error) {
        if (reserved) await releaseUniqueValue(eventStore, reference, owner(id), context);
        throw error;
      }
    },

    /**
     * A list of agents (seed §5) before it is accepted: the session open for registration with its
     * dossier prefix, the métier opened in it, the centre active (thrown, French 400), then each
     * row's niveau (the level the métier requires, active references) and the minimum age at
     * composition, answered as offending rows.
     */
    async checkList(
      target: PersonListTarget,
      rows: readonly AppliedRow[],
      now: string,
    ): Promise<{ ligne: number; colonne: string; message: string }[]> {
      const { session, parametres, facts } = await sessionFacts(target.sessionId, now);
      const prefix = parametres?.status === 'actif' ? parametres.values.prefixeDossier : undefined;
      if (typeof prefix !== 'string' || prefix === '')
        throw invalid(
          'sessionId',
          'Les paramètres d’édition de cette session (préfixe des numéros de dossier) ne sont pas encore définis.',
        );
      if (!facts.registrationOpen)
        throw invalid('sessionId', 'Les inscriptions de cette session ne sont pas ouvertes.');
      const problems: { ligne: number; colonne: string; message: string }[] = [];
      const groups = await listGroups(target, rows, session.debutComposition);
      for (const row of rows) {
        const refused = groups.get(groupKey(row));
        if (refused)
          problems.push({
            ligne: row.ligne,
            colonne: refused.field === 'langueId' ? 'langue' : 'niveau',
            message: refused.message,
          });
        else {
          const young = tooYoung(row, session.debutComposition, parametres?.values.ageMinimum);
          if (young) problems.push({ ligne: row.ligne, colonne: 'date_naissance', message: young });
        }
      }
      return problems;
    },

    /**
     * Creates a chunk of a list's dossiers (the lists' reactor): each row a dossier of its own id and
     * command id (a chunk handled again answers what exists and creates nothing twice), catégorie
     * agent, created then submitted in one append. The session's facts are read once per chunk; the
     * persons are reserved row by row (one is already registered: the row is skipped); the dossier
     * numbers are taken in one block and the quota's places in one step. A row beyond the métier's
     * quota stays a brouillon (submitted later by hand when a place frees). Appends made together
     * share one commit.
     */
    async createMany(
      target: PersonListTarget,
      rows: readonly (AppliedRow & { readonly id: string; readonly commandId: string })[],
      base: Omit<CommandContext, 'commandId'> & { readonly causationId: string },
    ): Promise<ListRowOutcome[]> {
      const outcomes = new Map<number, ListRowOutcome>();
      const skip = (row: AppliedRow, motif: string) =>
        outcomes.set(row.ligne, { ligne: row.ligne, statut: 'ignoree', motif });
      const contextOf = (row: { commandId: string }): CommandContext => ({
        ...base,
        commandId: row.commandId,
      });
      const asStored = (row: AppliedRow, events: readonly RecordedEvent[]) => {
        const state = fold(candidatureDecider, events as unknown as CandidatureEvent[]);
        outcomes.set(
          row.ligne,
          state.status === 'present' && state.statut === 'brouillon'
            ? { ligne: row.ligne, statut: 'brouillon', motif: QUOTA_REACHED_DRAFT }
            : { ligne: row.ligne, statut: 'soumis' },
        );
      };
      // Already created: a chunk handled again after a crash.
      const fresh: (typeof rows)[number][] = [];
      for (const row of rows) {
        const events = await eventStore.readStream(owner(row.id));
        if (events.length > 0) asStored(row, events);
        else fresh.push(row);
      }
      if (fresh.length === 0) return rows.map((row) => outcomes.get(row.ligne)!);
      let facts: RegistrationFacts;
      let prefix: unknown;
      let debutComposition: string;
      let ageMinimum: unknown;
      let examenId: string;
      try {
        const read = await sessionFacts(target.sessionId, base.now);
        facts = read.facts;
        prefix = read.parametres?.status === 'actif' ? read.parametres.values.prefixeDossier : '';
        debutComposition = read.session.debutComposition;
        ageMinimum = read.parametres?.values.ageMinimum;
        examenId = read.session.examenId;
        if (!facts.registrationOpen) throw new ConflictError(REGISTRATION_CLOSED);
        if (typeof prefix !== 'string' || prefix === '')
          throw new ConflictError(
            'Les paramètres d’édition de cette session (préfixe des numéros de dossier) ne sont pas définis.',
          );
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        for (const row of fresh) skip(row, error.message);
        return rows.map((row) => outcomes.get(row.ligne)!);
      }
      const groups = await listGroups(target, fresh, debutComposition);
      const candidates = fresh.filter((row) => {
        const refused =
          groups.get(groupKey(row))?.message ?? tooYoung(row, debutComposition, ageMinimum);
        if (refused) skip(row, refused);
        return !refused;
      });
      const reserved: (typeof rows)[number][] = [];
      await Promise.all(
        candidates.map(async (row) => {
          try {
            await reserveUniqueValue(
              eventStore,
              personReservation(target.sessionId, row.values),
              owner(row.id),
              contextOf(row),
            );
            reserved.push(row);
          } catch (error) {
            if (!(error instanceof DuplicateError)) throw error;
            skip(row, ALREADY_IN_SESSION);
          }
        }),
      );
      if (reserved.length === 0) return rows.map((row) => outcomes.get(row.ligne)!);
      reserved.sort((a, b) => a.ligne - b.ligne);
      const chunkContext = { ...base, commandId: `${base.causationId}/dossiers` };
      const first = await takeNumber.block(
        target.sessionId,
        reserved.map((row) => row.id),
        chunkContext,
      );
      const piecesDemandees = await sessionPieces(examenId);
      const montantDu = (await sessionFee(target.sessionId))?.montant ?? null;
      const opened = await itemHoldingKey(
        eventStore,
        'metiers-ouverts',
        'sessionId+metierId',
        `${target.sessionId}+${target.metierId}`,
      );
      const quota = typeof opened?.values.quota === 'number' ? opened.values.quota : undefined;
      const places =
        quota === undefined
          ? reserved.length
          : await takePlaces(
              quotaStream(target.sessionId, target.metierId),
              reserved.map((row) => row.id),
              quota,
              chunkContext,
            );
      await Promise.all(
        reserved.map(async (row, i) => {
          const create: CandidatureCommand = {
            type: 'CreateCandidature',
            data: {
              candidatureId: row.id,
              numeroDossier: dossierNumber(prefix as string, first + i),
              ...target,
              values: row.values,
              facts,
              piecesDemandees,
              montantDu,
            },
          };
          const created = candidatureDecider.decide(create, candidatureDecider.initialState());
          const events: CandidatureEvent[] = [...created];
          if (i < places) {
            const state = created.reduce(
              candidatureDecider.evolve,
              candidatureDecider.initialState(),
            );
            events.push(
              ...candidatureDecider.decide(
                { type: 'SubmitCandidature', data: { candidatureId: row.id, facts } },
                state,
              ),
            );
          }
          try {
            await eventStore.appendToStream(owner(row.id), toEnvelopes(events, contextOf(row)), {
              expectedRevision: 'no_stream',
            });
            outcomes.set(
              row.ligne,
              i < places
                ? { ligne: row.ligne, statut: 'soumis' }
                : { ligne: row.ligne, statut: 'brouillon', motif: QUOTA_REACHED_DRAFT },
            );
          } catch (error) {
            if (error instanceof WrongExpectedRevisionError) {
              asStored(row, await eventStore.readStream(owner(row.id)));
              return;
            }
            await releaseUniqueValue(
              eventStore,
              personReservation(target.sessionId, row.values),
              owner(row.id),
              contextOf(row),
            );
            throw error;
          }
        }),
      );
      return rows.map((row) => outcomes.get(row.ligne)!);
    },

    /** The dossier as its stream says, for whoever may see it (404 otherwise). */
    async read(id: string, scope: string | null) {
      const state = fold(
        candidatureDecider,
        (await eventStore.readStream(owner(id))) as unknown as CandidatureEvent[],
      );
      if (state.status !== 'present' || (scope && state.centreDepotId !== scope))
        throw new NotFoundError(CANDIDATURE_NOT_FOUND);
      return state;
    },
  };
};
