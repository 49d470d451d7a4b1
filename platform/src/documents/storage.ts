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
import { join } from 'node:path';
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
}

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
    const partial = `${target}.partiel-${process.pid}-${Date.now()}`;
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
    const written = pipeline(
      source,
      hashing,
      createWriteStream(partial, { fd: openSync(partial, 'w') }),
    );
    try {
      await produce(source);
      if (!source.writableEnded) source.end();
      await written;
      renameSync(partial, target);
    } catch (error) {
      source.destroy();
      await written.catch(() => undefined);
      rmSync(partial, { force: true });
      throw error;
    }
    return { size: statSync(target).size, sha256: hash.digest('hex') };
  }

  read(id: string): Readable {
    return createReadStream(this.path(id));
  }

  exists(id: string): boolean {
    return existsSync(this.path(id));
  }
}
