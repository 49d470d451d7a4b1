import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { open, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough, Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  readonly size: number;
  readonly sha256: string;
}

/** Where generated documents live: a directory here, a volume shared by workers and readers in production. */
export interface DocumentStorage {
  /** Writes a file through `produce`; it appears under `id` only once complete (never half-written). */
  write(id: string, produce: (out: Writable) => Promise<void>): Promise<StoredFile>;
  read(id: string): Readable;
  exists(id: string): boolean;
  /**
   * Removes the partial files (`<id>.partiel-…`) that no running writer will finish: a writer killed
   * mid-file leaves one. Answers the names removed. See `DirectoryDocumentStorage`.
   */
  removeAbandonedPartials(options?: { readonly olderThanMs?: number }): Promise<string[]>;
}

/**
 * A partial file is named `<id>.partiel-<pid>-<ms>-<host>`: the writer's process id, when it started
 * and the host it runs on (files written before the host was added have none).
 */
const PARTIAL = /\.partiel-(\d+)-(\d+)(?:-([A-Za-z0-9-]+))?$/;
/** This host, as written in partial file names. */
const HOST =
  hostname()
    .replace(/[^A-Za-z0-9-]/g, '-')
    .slice(0, 64) || 'hote';
/**
 * A partial file whose writer may still run elsewhere is removed once untouched this long. pdfkit
 * writes most of a document at its end: a 20,000-page list is silent for about 30 s; an hour leaves
 * a wide margin.
 */
export const ABANDONED_PARTIAL_MS = 3_600_000;
/** The name of a partial file: `<id>.partiel-<pid>-<ms>-<host>`. */
export const partialFileName = (id: string, pid = process.pid, startedAt = Date.now()): string =>
  `${id}.partiel-${pid}-${startedAt}-${HOST}`;
/** Partial files this process is writing now (every storage instance of the process). */
const writing = new Set<string>();

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds that id.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Makes a rename (or a removal) in `directory` durable. */
const syncDirectory = async (directory: string): Promise<void> => {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

const SAFE_ID = /^[A-Za-z0-9._-]{1,200}$/;

export class DirectoryDocumentStorage implements DocumentStorage {
  constructor(private readonly directory: string) {
    mkdirSync(directory, { recursive: true });
  }

  private path(id: string): string {
    if (!SAFE_ID.test(id)) throw new Error(`Identifiant de fichier invalide : ${id}`);
    return join(this.directory, id);
  }

  async write(id: string, produce: (out: Writable) => Promise<void>): Promise<StoredFile> {
    const target = this.path(id);
    const partial = resolve(this.directory, partialFileName(id));
    const hash = createHash('sha256');
    const source = new PassThrough();
    // Hashed as it is written: no second read of a 20,000-page file.
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    // Created now, synchronously: a failure can then always remove it (an async open could land later).
    // `flush`: the file's bytes reach the disk (fsync) before it is closed, hence before its rename.
    writing.add(partial);
    const written = pipeline(
      source,
      hashing,
      createWriteStream(partial, { fd: openSync(partial, 'w'), flush: true }),
    );
    try {
      await produce(source);
      if (!source.writableEnded) source.end();
      await written;
      renameSync(partial, target);
      // The rename itself is durable once the directory is synced: a power loss keeps the file.
      await syncDirectory(this.directory);
    } catch (error) {
      source.destroy();
      await written.catch(() => undefined);
      rmSync(partial, { force: true });
      throw error;
    } finally {
      writing.delete(partial);
    }
    return { size: statSync(target).size, sha256: hash.digest('hex') };
  }

  read(id: string): Readable {
    return createReadStream(this.path(id));
  }

  exists(id: string): boolean {
    return existsSync(this.path(id));
  }

  /**
   * A partial file is abandoned when its writer is gone: written on this host by a process that no
   * longer runs, or by this very process's id but not by a write in progress here (a container
   * restarted with the same pid). In the embedded mode, the only writer, that is every partial file
   * left at start-up. A file written on another host (distributed workers sharing the volume), or
   * by a live process of this host (pids are reused), is removed only once untouched for
   * `olderThanMs` (an hour by default): its writer may still be rendering.
   */
  async removeAbandonedPartials(
    options: { readonly olderThanMs?: number } = {},
  ): Promise<string[]> {
    const olderThanMs = options.olderThanMs ?? ABANDONED_PARTIAL_MS;
    const removed: string[] = [];
    for (const name of await readdir(this.directory)) {
      const match = PARTIAL.exec(name);
      if (!match) continue;
      const file = resolve(this.directory, name);
      if (writing.has(file)) continue;
      const pid = Number(match[1]);
      const host = match[3] ?? HOST;
      const modified = await stat(file).then(
        (s) => s.mtimeMs,
        () => undefined,
      );
      if (modified === undefined) continue; // finished (renamed) or removed meanwhile
      const writerGone = host === HOST && (pid === process.pid || !isAlive(pid));
      if (!writerGone && Date.now() - modified < olderThanMs) continue;
      await rm(file, { force: true });
      removed.push(name);
    }
    if (removed.length > 0) await syncDirectory(this.directory);
    return removed;
  }
}
