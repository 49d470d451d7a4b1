import { createHash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  backupSqliteEventStore,
  EVENTS_FILE,
  inspectSqliteEventStore,
} from '@examens-pro/platform';

/**
 * Backup and restore of the embedded mode's data (`npm run backup` / `npm run restore`).
 *
 * A backup holds what cannot be recomputed: the event store (an online SQLite backup, a consistent
 * snapshot taken while the product writes) and the documents folder (generated documents and
 * uploaded images), with a manifest of sizes and SHA-256. Read models are never kept (neither the
 * lists' file nor the histories' and statistics' one beside it): a copy whose
 * checkpoints ran ahead of the restored log would silently skip the events appended after it, so a
 * restore leaves none and the product rebuilds them all from the events at its next start.
 * Sessions (and the secret signing their cookies) are not kept either: everyone signs in again.
 */

export const BACKUP_FORMAT = 'examens-pro-sauvegarde';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
/** The documents' folder inside a backup. */
export const BACKUP_DOCUMENTS = 'documents';

export interface BackupFile {
  /** Relative to the backup folder, `/`-separated. */
  readonly path: string;
  readonly size: number;
  readonly sha256: string;
}

export interface BackupManifest {
  readonly format: typeof BACKUP_FORMAT;
  readonly formatVersion: number;
  readonly createdAt: string;
  readonly productVersion: string;
  readonly eventStore: {
    readonly path: string;
    /** Events in the snapshot, and the global position of the last one ('0' for none). */
    readonly events: number;
    readonly headPosition: string;
  };
  readonly files: readonly BackupFile[];
}

/** A refusal to show as is (French): nothing half-done is left behind. */
export class BackupError extends Error {}

export interface BackupOptions {
  /** The folder holding `events.db` (DATA_DIR). */
  readonly dataDir: string;
  /** Generated documents and uploaded images (DOCUMENTS_DIR, else DATA_DIR/documents). */
  readonly documentsDir: string;
  /** An empty or new folder. */
  readonly destination: string;
  readonly productVersion: string;
  readonly now?: () => Date;
}

export interface RestoreOptions {
  readonly source: string;
  /** Must be empty or absent. */
  readonly dataDir: string;
  /** Must be empty or absent when outside `dataDir`. */
  readonly documentsDir: string;
}

/** What a freshly mounted volume may hold and still count as empty. */
const IGNORED_IN_EMPTY = new Set(['lost+found']);
/** The names the documents' storage gives (see DirectoryDocumentStorage). */
const SAFE_NAME = /^[A-Za-z0-9._-]{1,200}$/;
/** Files being written by a worker (`<id>.partiel-<pid>-<ms>`): never complete, never kept. */
const PARTIAL = /\.partiel-/;

const isEmptyOrAbsent = (dir: string): boolean =>
  !existsSync(dir) || readdirSync(dir).every((name) => IGNORED_IN_EMPTY.has(name));

const isInside = (child: string, parent: string): boolean => {
  const path = relative(resolve(parent), resolve(child));
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
};

const fsyncPath = (path: string): void => {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/** A folder's entries on disk (renames included); some systems cannot sync a folder: then skipped. */
const fsyncDir = (dir: string): void => {
  try {
    fsyncPath(dir);
  } catch {
    // Windows: folders cannot be opened for syncing; the files themselves are synced.
  }
};

/** Copies a file, hashing what is written; the copy is on disk when this resolves. */
const copyHashing = async (from: string, to: string): Promise<{ size: number; sha256: string }> => {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    createReadStream(from),
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    }),
    createWriteStream(to, { flags: 'wx', flush: true }),
  );
  return { size, sha256: hash.digest('hex') };
};

const hashFile = async (path: string): Promise<{ size: number; sha256: string }> => {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
};

/** The documents to keep: complete files with a storage name, sorted. */
const documentNames = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => SAFE_NAME.test(name) && !PARTIAL.test(name))
        .filter((name) => lstatSync(join(dir, name)).isFile())
        .sort()
    : [];

/**
 * Backs up the event store first (SQLite online backup on a read-only connection: the product may
 * keep writing), then the documents folder, then writes the manifest last: a folder without
 * `manifest.json` is an interrupted backup. Refuses a non-empty destination.
 */
export const backup = async (options: BackupOptions): Promise<BackupManifest> => {
  const destination = resolve(options.destination);
  const eventsFile = join(options.dataDir, EVENTS_FILE);
  if (existsSync(destination) && !statSync(destination).isDirectory())
    throw new BackupError(`${destination} n’est pas un dossier.`);
  if (!isEmptyOrAbsent(destination))
    throw new BackupError(
      `Le dossier ${destination} n’est pas vide : une sauvegarde se fait dans un dossier vide ou nouveau (elle n’en remplace jamais une autre).`,
    );
  if (isInside(destination, options.dataDir) || isInside(destination, options.documentsDir))
    throw new BackupError(
      `Le dossier de sauvegarde ${destination} ne peut pas se trouver dans le dossier des données : choisissez un dossier à part (idéalement sur un autre disque).`,
    );
  if (!existsSync(eventsFile))
    throw new BackupError(
      `Aucun journal d’événements dans ${options.dataDir} : rien à sauvegarder.`,
    );

  const createdAt = (options.now ?? (() => new Date()))().toISOString();
  mkdirSync(destination, { recursive: true });
  try {
    // 1. The event store: a consistent snapshot, made a single self-contained file.
    const eventsCopy = join(destination, EVENTS_FILE);
    const eventStore = {
      path: EVENTS_FILE,
      ...(await backupSqliteEventStore(eventsFile, eventsCopy)),
    };
    fsyncPath(eventsCopy);
    const files: BackupFile[] = [{ path: EVENTS_FILE, ...(await hashFile(eventsCopy)) }];

    // 2. Documents and images. Each appears in the storage complete (renamed once written), so a
    // file listed is whole; documents written after the snapshot are kept too (harmless), and those
    // requested before it but not generated yet are generated again after a restore.
    const names = documentNames(options.documentsDir);
    if (names.length > 0) mkdirSync(join(destination, BACKUP_DOCUMENTS));
    for (const name of names) {
      const path = `${BACKUP_DOCUMENTS}/${name}`;
      files.push({
        path,
        ...(await copyHashing(join(options.documentsDir, name), join(destination, path))),
      });
    }

    // 3. The manifest, last.
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt,
      productVersion: options.productVersion,
      eventStore,
      files,
    };
    const temporary = join(destination, `${MANIFEST_FILE}.partiel`);
    writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`, { flush: true });
    renameSync(temporary, join(destination, MANIFEST_FILE));
    fsyncDir(destination);
    return manifest;
  } catch (error) {
    // The folder was empty: what is in it now is this backup's, unfinished.
    for (const name of readdirSync(destination))
      if (!IGNORED_IN_EMPTY.has(name))
        rmSync(join(destination, name), { recursive: true, force: true });
    throw error;
  }
};

const ENTRY_PATH = new RegExp(`^(${EVENTS_FILE}|${BACKUP_DOCUMENTS}/[A-Za-z0-9._-]{1,200})$`);

/** Reads and checks the manifest's shape (never trusting its paths). */
export const readManifest = (source: string): BackupManifest => {
  const file = join(source, MANIFEST_FILE);
  if (!existsSync(file))
    throw new BackupError(
      `Aucune sauvegarde dans ${source} : ${MANIFEST_FILE} est absent (mauvais dossier, ou sauvegarde interrompue).`,
    );
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${MANIFEST_FILE} est illisible : sauvegarde endommagée.`);
  }
  if (manifest?.format !== BACKUP_FORMAT)
    throw new BackupError(`${MANIFEST_FILE} ne décrit pas une sauvegarde d’Examens Pro.`);
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `Sauvegarde au format ${String(manifest.formatVersion)}, que cette version ne sait pas restaurer (format ${BACKUP_FORMAT_VERSION}).`,
    );
  const files = Array.isArray(manifest.files) ? manifest.files : [];
  const paths = new Set(files.map((f) => f.path));
  const wellFormed =
    files.length > 0 &&
    paths.size === files.length &&
    paths.has(EVENTS_FILE) &&
    manifest.eventStore?.path === EVENTS_FILE &&
    files.every(
      (f) =>
        typeof f.path === 'string' &&
        ENTRY_PATH.test(f.path) &&
        !PARTIAL.test(f.path) &&
        Number.isSafeInteger(f.size) &&
        /^[a-f0-9]{64}$/.test(f.sha256),
    );
  if (!wellFormed)
    throw new BackupError(`${MANIFEST_FILE} est incohérent : sauvegarde endommagée.`);
  return manifest;
};

/** Every file of the manifest, checked (size, SHA-256): the French list of what is wrong. */
export const verifyBackup = async (source: string, manifest: BackupManifest): Promise<string[]> => {
  const problems: string[] = [];
  for (const file of manifest.files) {
    const path = join(source, ...file.path.split('/'));
    if (!existsSync(path)) {
      problems.push(`${file.path} : fichier absent`);
      continue;
    }
    const found = await hashFile(path);
    if (found.size !== file.size) problems.push(`${file.path} : taille différente`);
    else if (found.sha256 !== file.sha256) problems.push(`${file.path} : empreinte différente`);
  }
  return problems;
};

/**
 * Restores a backup into an empty DATA_DIR: refuses a non-empty one, checks every hash first (a
 * damaged backup writes nothing), copies the documents, then the event store (checked again as it
 * is copied), and leaves no read model and no session: the product rebuilds every read model from
 * the restored events at its next start.
 */
export const restore = async (options: RestoreOptions): Promise<BackupManifest> => {
  const source = resolve(options.source);
  const dataDir = resolve(options.dataDir);
  const documentsDir = resolve(options.documentsDir);
  const manifest = readManifest(source);
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory())
    throw new BackupError(`${dataDir} n’est pas un dossier.`);
  const refuseNonEmpty = (dir: string) =>
    new BackupError(
      `Le dossier ${dir} n’est pas vide : la restauration se fait dans un dossier vide. Arrêtez le produit, déplacez ou renommez ce dossier (ou choisissez un autre DATA_DIR), puis recommencez.`,
    );
  if (!isEmptyOrAbsent(dataDir)) throw refuseNonEmpty(dataDir);
  if (!isInside(documentsDir, dataDir) && !isEmptyOrAbsent(documentsDir))
    throw refuseNonEmpty(documentsDir);
  if (isInside(source, dataDir))
    throw new BackupError(`La sauvegarde ne peut pas se trouver dans le dossier des données.`);

  const problems = await verifyBackup(source, manifest);
  if (problems.length > 0)
    throw new BackupError(
      `Sauvegarde altérée, rien n’a été restauré — ${problems.length} fichier(s) ne correspondent pas au manifeste : ${problems.join(' ; ')}.`,
    );

  const created: string[] = [];
  const makeDir = (dir: string): void => {
    if (existsSync(dir)) return;
    mkdirSync(dir, { recursive: true });
    created.push(dir);
  };
  /** Copies one file of the backup, checking again what is written against the manifest. */
  const place = async (file: BackupFile, target: string): Promise<void> => {
    created.push(target);
    const copied = await copyHashing(join(source, ...file.path.split('/')), target);
    if (copied.size !== file.size || copied.sha256 !== file.sha256)
      throw new BackupError(
        `${file.path} a changé pendant la restauration : rien n’a été restauré, recommencez.`,
      );
  };
  try {
    makeDir(dataDir);
    makeDir(documentsDir);
    for (const file of manifest.files.filter((f) => f.path !== EVENTS_FILE))
      await place(file, join(documentsDir, file.path.slice(BACKUP_DOCUMENTS.length + 1)));
    fsyncDir(documentsDir);
    // The event store last, under a temporary name: DATA_DIR holds events.db only once complete.
    const eventsFile = manifest.files.find((f) => f.path === EVENTS_FILE)!;
    const temporary = join(dataDir, `${EVENTS_FILE}.restauration`);
    await place(eventsFile, temporary);
    const found = inspectSqliteEventStore(temporary);
    if (
      found.events !== manifest.eventStore.events ||
      found.headPosition !== manifest.eventStore.headPosition
    )
      throw new BackupError(
        `Le journal d’événements ne compte pas les ${manifest.eventStore.events} événements annoncés : sauvegarde incohérente, rien n’a été restauré.`,
      );
    renameSync(temporary, join(dataDir, EVENTS_FILE));
    created.push(join(dataDir, EVENTS_FILE));
    fsyncDir(dataDir);
    return manifest;
  } catch (error) {
    for (const path of created.reverse()) rmSync(path, { recursive: true, force: true });
    throw error;
  }
};

/** The one folder a command takes, resolved against the working directory. */
export const folderArgument = (args: readonly string[], usage: string): string => {
  const [folder, ...rest] = args;
  if (!folder || rest.length > 0) throw new BackupError(usage);
  return resolve(folder);
};

/** One French line: what a backup holds. */
export const describeManifest = (manifest: BackupManifest): string => {
  const documents = manifest.files.length - 1;
  const bytes = manifest.files.reduce((total, f) => total + f.size, 0);
  return `${manifest.eventStore.events} événement(s) (jusqu’à la position ${manifest.eventStore.headPosition}), ${documents} document(s) et image(s), ${(bytes / 1024 / 1024).toFixed(1)} Mo — sauvegarde du ${manifest.createdAt}, version ${manifest.productVersion}`;
};
