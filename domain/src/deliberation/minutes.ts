/**
 * The minutes (procès-verbaux) of a closed deliberation (« Archives des procès-verbaux »): a PV is
 * generated per jury and centre d'examen by the workers (document kind `proces-verbal`), then
 * archived (« Sauvegarde »): its bytes copied into the documents' storage under their SHA-256 and
 * the archive recorded as a new version, never over an earlier one. One stream per jury × centre
 * (`archives-pv-<jury>~<centre>`); « Consultations » lists the versions and checks their bytes
 * against the hash recorded here.
 */
import { assertNever, type Decider } from '../core/decider.js';
import type { DomainEvent, RecordedEvent } from '../core/envelope.js';
import { ConflictError, ValidationError } from '../core/errors.js';
import type {
  CollectionDefinition,
  ReadModelDocument,
  ResourceDefinition,
} from '../core/readModels.js';

export const PV_ARCHIVE_CATEGORY = 'archives-pv';

/** A jury's PV for one of its centres d'examen: the archive's id (its stream's). */
export const pvArchiveId = (juryId: string, centreExamenId: string): string =>
  `${juryId}~${centreExamenId}`;

/** One archived version's read-model id. */
export const pvVersionId = (archiveId: string, numeroVersion: number): string =>
  `${archiveId}~v${numeroVersion}`;

/**
 * Where an archived PV's bytes live: named after their SHA-256, written once and never again (a
 * name that exists is never written over; its bytes are checked against the name instead).
 */
export const pvArchiveFile = (sha256: string): string => `pv-archive-${sha256}.pdf`;
export const PV_ARCHIVE_FILE = /^pv-archive-[0-9a-f]{64}\.pdf$/;

export interface PvArchiveKeys {
  readonly archiveId: string;
  readonly sessionId: string;
  readonly juryId: string;
  readonly centreExamenId: string;
}

/** The PV archived: which generated document, its copy and what it says of itself. */
export interface ArchivedPv {
  /** The generated document (kind `proces-verbal`) whose bytes were copied. */
  readonly documentId: string;
  /** The copy, in the documents' storage (`pvArchiveFile(sha256)`). */
  readonly fichier: string;
  /** The name it downloads under. */
  readonly nomFichier: string;
  readonly sha256: string;
  readonly taille: number;
  readonly pages: number;
  readonly numeroArrete: string;
  readonly dateArrete: string;
  /** « Jury national — Centre de Yaoundé », as staff chose it. */
  readonly libelle: string;
  /** The session's libellé. */
  readonly session: string;
}

export type PvArchived = DomainEvent<
  'PvArchived',
  PvArchiveKeys & ArchivedPv & { numeroVersion: number }
>;
export type PvArchiveEvent = PvArchived;
export const PV_ARCHIVE_EVENT_TYPES: readonly PvArchiveEvent['type'][] = ['PvArchived'];

export interface PvArchiveState {
  readonly versions: readonly { numeroVersion: number; documentId: string; sha256: string }[];
}

export type PvArchiveCommand = {
  type: 'ArchivePv';
  data: PvArchiveKeys & ArchivedPv;
};

const SHA256 = /^[0-9a-f]{64}$/;

export const decidePvArchive = (
  command: PvArchiveCommand,
  state: PvArchiveState,
): PvArchiveEvent[] => {
  switch (command.type) {
    case 'ArchivePv': {
      const { data } = command;
      if (!SHA256.test(data.sha256) || data.fichier !== pvArchiveFile(data.sha256))
        throw new ValidationError('L’empreinte SHA-256 du procès-verbal est invalide.');
      // The same generated document twice is a repeated click, not a new version.
      const same = state.versions.find((v) => v.documentId === data.documentId);
      if (same)
        throw new ConflictError(
          `Ce procès-verbal est déjà archivé (version ${same.numeroVersion}) : générez-le à nouveau pour en archiver une nouvelle version.`,
        );
      return [{ type: 'PvArchived', data: { ...data, numeroVersion: state.versions.length + 1 } }];
    }
    default:
      return assertNever(command.type);
  }
};

export const evolvePvArchive = (state: PvArchiveState, event: PvArchiveEvent): PvArchiveState => {
  switch (event.type) {
    case 'PvArchived':
      return {
        versions: [
          ...state.versions,
          {
            numeroVersion: event.data.numeroVersion,
            documentId: event.data.documentId,
            sha256: event.data.sha256,
          },
        ],
      };
    default:
      return assertNever(event.type);
  }
};

export const pvArchiveDecider: Decider<PvArchiveCommand, PvArchiveEvent, PvArchiveState> = {
  decide: decidePvArchive,
  evolve: evolvePvArchive,
  initialState: () => ({ versions: [] }),
};

/** `{ documentId }` of an archive command: the PV generated (and previewed) to archive. */
export const parsePvArchiveRequest = (body: unknown): { documentId: string } => {
  const value = (body as Record<string, unknown> | null)?.documentId;
  const documentId = typeof value === 'string' ? value.trim() : '';
  if (!documentId || documentId.length > 100)
    throw new ValidationError('Générez d’abord le procès-verbal à archiver.', {
      documentId: 'Générez d’abord le procès-verbal à archiver.',
    });
  return { documentId };
};

// ---------------------------------------------------------------------------------------------
// Read side: one document per archived version.

export interface PvArchiveDocument extends ReadModelDocument, PvArchiveKeys, ArchivedPv {
  numeroVersion: number;
  /** The archive's latest version (an earlier one stays, as it was). */
  derniere: boolean;
  archiveLe: string;
  archivePar: string;
}

export const pvArchivesCollection: CollectionDefinition = {
  name: 'archives_pv',
  fields: {
    archiveId: 'string',
    sessionId: 'string',
    juryId: 'string',
    centreExamenId: 'string',
    numeroVersion: 'number',
    derniere: 'boolean',
    archiveLe: 'string',
    archivePar: 'string',
    sha256: 'string',
    libelle: 'string',
  },
  searchFields: ['libelle', 'session', 'archivePar', 'sha256', 'numeroArrete'],
  defaultSort: { field: 'archiveLe', order: 'DESC' },
};

export const PV_ARCHIVES_PROJECTION = 'archives-pv';

/**
 * The version an archive event records, and the earlier latest version it supersedes (no longer
 * `derniere`, otherwise unchanged).
 */
export const pvArchiveDocumentsAfter = (
  recorded: RecordedEvent,
  previousLatest: PvArchiveDocument | null,
): PvArchiveDocument[] => {
  const event = recorded as unknown as RecordedEvent<PvArchiveEvent>;
  const { numeroVersion, ...data } = event.data;
  const version: PvArchiveDocument = {
    ...data,
    id: pvVersionId(data.archiveId, numeroVersion),
    version: event.revision,
    numeroVersion,
    derniere: true,
    archiveLe: event.metadata.at,
    archivePar: event.metadata.actor.name,
  };
  return previousLatest && previousLatest.numeroVersion < numeroVersion
    ? [version, { ...previousLatest, derniere: false }]
    : [version];
};

/** « Consultations »: every archived version, read-only (archived through `POST /api/archives-pv`). */
export const pvArchivesResource: ResourceDefinition = {
  name: 'archives-pv',
  collection: pvArchivesCollection,
  projections: [PV_ARCHIVES_PROJECTION],
  category: PV_ARCHIVE_CATEGORY,
  label: 'procès-verbal archivé',
  notFoundMessage: 'Ce procès-verbal archivé est introuvable.',
};

/** « Intègre » or « Altéré »: the stored bytes against the hash recorded at archiving. */
export interface PvIntegrity {
  readonly integre: boolean;
  readonly statut: 'Intègre' | 'Altéré';
  readonly sha256Attendu: string;
  /** Null when the file is missing. */
  readonly sha256Calcule: string | null;
  readonly tailleAttendue: number;
  readonly tailleCalculee: number | null;
  readonly message: string;
}

export const pvIntegrity = (
  expected: { sha256: string; taille: number },
  found: { sha256: string; taille: number } | null,
): PvIntegrity => {
  const integre = found !== null && found.sha256 === expected.sha256;
  return {
    integre,
    statut: integre ? 'Intègre' : 'Altéré',
    sha256Attendu: expected.sha256,
    sha256Calcule: found?.sha256 ?? null,
    tailleAttendue: expected.taille,
    tailleCalculee: found?.taille ?? null,
    message: integre
      ? 'Intègre : le fichier archivé a la même empreinte SHA-256 qu’à son archivage.'
      : found === null
        ? 'Altéré : le fichier archivé est introuvable.'
        : 'Altéré : l’empreinte SHA-256 du fichier archivé n’est plus celle enregistrée à son archivage.',
  };
};
