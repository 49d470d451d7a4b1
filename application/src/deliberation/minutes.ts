/**
 * Minutes and the visibility of results. A PV is archived
 * from a generated document (kind `proces-verbal`) of a closed jury: its bytes are checked against
 * the hash its generation recorded, copied under their own SHA-256 (a name written once, never
 * over), and the archive recorded as the next version of that jury × centre. The visibility of a
 * session's results reads whether each of its juries has closed, from the juries' own streams.
 */
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import {
  ConflictError,
  DELIBERATION_CATEGORY,
  DOCUMENT_CATEGORY,
  deliberationsCollection,
  documentDecider,
  documentFileName,
  fold,
  JURYS,
  listCollection,
  LIST_PROJECTION,
  NotFoundError,
  PV_ARCHIVE_CATEGORY,
  pvArchiveDecider,
  pvArchiveFile,
  pvArchiveId,
  pvIntegrity,
  pvVersionId,
  RESULTS_VISIBILITY_CATEGORY,
  resultsVisibilityDecider,
  sessionsCollection,
  streamName,
  type CommandContext,
  type DeliberationDocument,
  type DocumentEvent,
  type DocumentRequested,
  type DocumentTarget,
  type PvIntegrity,
  type ReadModelDocument,
  type RecordedEvent,
  type ResultsVisibility,
  type SessionJury,
} from '@examens-pro/domain';
import { WrongExpectedRevisionError, type EventStore } from '@examens-pro/platform';
import type { ReadStore } from '@examens-pro/platform';
import type { DocumentStorage } from '@examens-pro/platform';
import { handleCommand, type CommandAnswer } from '@examens-pro/platform';
import { waitForProjections } from '@examens-pro/platform';
import { sessionState } from '../grades/grades.js';

type Doc = ReadModelDocument & Record<string, unknown>;

const MAX_ATTEMPTS = 5;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The SHA-256 and size of a stored file, read again from its bytes; null when it is missing. */
export const hashStoredFile = async (
  storage: DocumentStorage,
  id: string,
): Promise<{ sha256: string; taille: number } | null> => {
  if (!storage.exists(id)) return null;
  const hash = createHash('sha256');
  let taille = 0;
  for await (const chunk of storage.read(id)) {
    hash.update(chunk as Buffer);
    taille += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), taille };
};

/** The stored bytes of an archived version against the hash recorded when it was archived. */
export const checkArchivedPv = async (
  storage: DocumentStorage,
  archived: { fichier: string; sha256: string; taille: number },
): Promise<PvIntegrity> => pvIntegrity(archived, await hashStoredFile(storage, archived.fichier));

/** Whether a jury's deliberation is closed, and with which reference: from its own stream. */
export const juryClosing = async (
  eventStore: EventStore,
  juryId: string,
): Promise<{
  close: boolean;
  numeroArrete: string;
  dateArrete: string;
  /** Position of the jury's last event (a re-deliberation after closing included). */
  lastPosition: string | null;
}> => {
  const events = await eventStore.readStream(streamName(DELIBERATION_CATEGORY, juryId));
  const closed = [...events].reverse().find((e) => e.type === 'DeliberationClosed');
  const data = (closed?.data ?? {}) as { numeroArrete?: string; dateArrete?: string };
  return {
    close: closed !== undefined,
    numeroArrete: text(data.numeroArrete),
    dateArrete: text(data.dateArrete),
    lastPosition: events.length > 0 ? events[events.length - 1]!.position : null,
  };
};

/** A session's juries (read model): the active ones, and any other that has deliberated. */
const juryDocsOf = async (readStore: ReadStore, sessionId: string): Promise<Doc[]> => {
  const { items } = await readStore
    .collection<Doc>(listCollection(JURYS))
    .list({ filter: { sessionId }, sort: [{ field: 'libelle', order: 'ASC' }], limit: 1000 });
  return items;
};

/** A jury of a session as the visibility screen shows it. */
export interface SessionJuryState extends SessionJury {
  readonly actif: boolean;
  readonly closLe: string | null;
  readonly effectif: number;
  readonly admis: number;
}

/**
 * The session's juries with their deliberation's state, from the read models (the screens): an
 * inactive jury that never closed is left out (it deliberates nothing).
 */
export const sessionJuryStates = async (
  readStore: ReadStore,
  sessionId: string,
): Promise<SessionJuryState[]> => {
  const juries = await juryDocsOf(readStore, sessionId);
  const deliberations = new Map(
    (
      await readStore
        .collection<DeliberationDocument>(deliberationsCollection)
        .getMany(juries.map((j) => j.id))
    ).map((d) => [d.id, d]),
  );
  return juries
    .map((jury) => {
      const deliberation = deliberations.get(jury.id);
      return {
        id: jury.id,
        libelle: text(jury.libelle),
        actif: jury.actif !== false,
        close: deliberation?.statut === 'close',
        closLe: deliberation?.closLe ?? null,
        effectif: deliberation?.effectif ?? 0,
        admis: deliberation?.admis ?? 0,
      };
    })
    .filter((j) => j.actif || j.close);
};

/** The session's juries, each closed or not as its own stream says (the visibility command). */
const sessionJuries = async (
  eventStore: EventStore,
  readStore: ReadStore,
  sessionId: string,
): Promise<SessionJury[]> => {
  const found: SessionJury[] = [];
  for (const jury of await juryDocsOf(readStore, sessionId)) {
    const { close } = await juryClosing(eventStore, jury.id);
    if (jury.actif !== false || close)
      found.push({ id: jury.id, libelle: text(jury.libelle), close });
  }
  return found;
};

/** The request of a generated document: its kind, target and position, from its stream. */
const generatedDocument = async (eventStore: EventStore, documentId: string) => {
  const events = (await eventStore.readStream(
    streamName(DOCUMENT_CATEGORY, documentId),
  )) as unknown as RecordedEvent<DocumentEvent>[];
  const requested = events.find((e) => e.type === 'DocumentRequested') as
    RecordedEvent<DocumentRequested> | undefined;
  if (!requested) throw new NotFoundError('Ce document est introuvable.');
  if (requested.data.kind !== 'proces-verbal')
    throw new ConflictError('Ce document n’est pas un procès-verbal de délibération.');
  const state = fold(documentDecider, events as unknown as DocumentEvent[]);
  if (state.status !== 'generated')
    throw new ConflictError(
      state.status === 'failed'
        ? 'La génération de ce procès-verbal a échoué : générez-le à nouveau.'
        : 'Ce procès-verbal n’est pas encore généré : attendez la fin de sa génération.',
    );
  const generated = events.find((e) => e.type === 'DocumentGenerated')!.data as {
    sha256: string;
    size: number;
    pages: number;
  };
  return {
    cible: requested.data.cible as DocumentTarget & { juryId: string; centreExamenId: string },
    position: requested.position,
    ...generated,
  };
};

export const minutesCommands = (
  eventStore: EventStore,
  readStore: ReadStore,
  storage: DocumentStorage | undefined,
) => ({
  /**
   * Archives a generated PV as the next version of its jury × centre: refused (409) unless the
   * jury's deliberation is closed and the PV was generated after its last change, and unless its
   * bytes still have the hash recorded at generation. The copy is named by its SHA-256 and never
   * written over.
   */
  async archive(documentId: string, context: CommandContext): Promise<CommandAnswer> {
    if (!storage) throw new Error('stockage des documents absent');
    const pv = await generatedDocument(eventStore, documentId);
    const { juryId, centreExamenId, sessionId } = pv.cible;
    const closing = await juryClosing(eventStore, juryId);
    if (!closing.close)
      throw new ConflictError(
        'La délibération de ce jury n’est pas close : son procès-verbal ne peut pas être archivé.',
      );
    if (closing.lastPosition !== null && BigInt(pv.position) < BigInt(closing.lastPosition))
      throw new ConflictError(
        'Ce procès-verbal a été généré avant la dernière délibération du jury : générez-le à nouveau pour archiver les résultats arrêtés.',
      );
    const source = `${documentId}.pdf`;
    const read = await hashStoredFile(storage, source);
    if (!read || read.sha256 !== pv.sha256)
      throw new ConflictError(
        'Le fichier de ce procès-verbal ne correspond plus à l’empreinte de sa génération : générez-le à nouveau.',
      );
    const fichier = pvArchiveFile(pv.sha256);
    const existing = await hashStoredFile(storage, fichier);
    if (existing && existing.sha256 !== pv.sha256)
      // Never written over: the altered copy stays for whoever investigates.
      throw new ConflictError(
        'Une archive altérée porte déjà l’empreinte de ce procès-verbal : elle n’est pas remplacée.',
      );
    if (!existing) {
      const copied = await storage.write(fichier, (out) => pipeline(storage.read(source), out));
      if (copied.sha256 !== pv.sha256)
        throw new ConflictError(
          'La copie du procès-verbal n’a pas l’empreinte de sa génération : archivage refusé.',
        );
    }
    const session = await readStore.collection<Doc>(sessionsCollection).get(sessionId);
    const archiveId = pvArchiveId(juryId, centreExamenId);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const outcome = await handleCommand(eventStore, {
          stream: streamName(PV_ARCHIVE_CATEGORY, archiveId),
          decider: pvArchiveDecider,
          command: {
            type: 'ArchivePv',
            data: {
              archiveId,
              sessionId,
              juryId,
              centreExamenId,
              documentId,
              fichier,
              nomFichier: documentFileName('proces-verbal', pv.cible),
              sha256: pv.sha256,
              taille: pv.size,
              pages: pv.pages,
              numeroArrete: closing.numeroArrete,
              dateArrete: closing.dateArrete,
              libelle: pv.cible.libelle,
              session: text(session?.libelle),
            },
          },
          context,
        });
        const numeroVersion = outcome.state.versions.find(
          (v) => v.documentId === documentId,
        )!.numeroVersion;
        return {
          id: pvVersionId(archiveId, numeroVersion),
          revision: outcome.revision,
          position: outcome.position,
        };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  },

  /**
   * A session's results visible on the public lookup or not, the average shown or not: made
   * visible only once every jury of the session has closed (409 naming the others).
   */
  async setVisibility(
    sessionId: string,
    visibility: ResultsVisibility,
    context: CommandContext,
  ): Promise<CommandAnswer> {
    await sessionState(eventStore, sessionId);
    // A jury created a moment before counts: the juries' read model is read once it has caught up.
    await waitForProjections(readStore, [LIST_PROJECTION], await eventStore.headPosition(), 5000);
    const jurys = await sessionJuries(eventStore, readStore, sessionId);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const outcome = await handleCommand(eventStore, {
          stream: streamName(RESULTS_VISIBILITY_CATEGORY, sessionId),
          decider: resultsVisibilityDecider,
          command: { type: 'SetResultsVisibility', data: { sessionId, ...visibility, jurys } },
          context,
        });
        return { id: sessionId, revision: outcome.revision, position: outcome.position };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  },
});

export type MinutesCommands = ReturnType<typeof minutesCommands>;
