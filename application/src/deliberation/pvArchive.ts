/**
 * The archive of the minutes (« Archives des procès-verbaux »): a PV is archived from a generated
 * document (kind `proces-verbal`) of a closed jury. Its bytes are checked against the hash its
 * generation recorded, copied under their own SHA-256 (a name written once, never over), and the
 * archive recorded as the next version of that jury × centre.
 */
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import {
  ConflictError,
  DOCUMENT_CATEGORY,
  documentDecider,
  documentFileName,
  fold,
  NotFoundError,
  PV_ARCHIVE_CATEGORY,
  pvArchiveDecider,
  pvArchiveFile,
  pvArchiveId,
  pvIntegrity,
  pvVersionId,
  sessionsCollection,
  streamName,
  type CommandContext,
  type DocumentEvent,
  type DocumentRequested,
  type DocumentTarget,
  type PvIntegrity,
  type ReadModelDocument,
  type RecordedEvent,
} from '@examens-pro/domain';
import {
  handleCommand,
  retryOnConflict,
  type CommandAnswer,
  type DocumentStorage,
  type EventStore,
  type ReadStore,
} from '@examens-pro/platform';
import { juryClosing } from './juryStates.js';

type Doc = ReadModelDocument & Record<string, unknown>;

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

export interface PvArchiveDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly storage: DocumentStorage;
}

/**
 * Archives a generated PV as the next version of its jury × centre: refused (409) unless the
 * jury's deliberation is closed and the PV was generated after its last change, and unless its
 * bytes still have the hash recorded at generation. The copy is named by its SHA-256 and never
 * written over.
 */
export const archivePv = async (
  { eventStore, readStore, storage }: PvArchiveDeps,
  documentId: string,
  context: CommandContext,
): Promise<CommandAnswer> => {
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
  return retryOnConflict(async () => {
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
  });
};
