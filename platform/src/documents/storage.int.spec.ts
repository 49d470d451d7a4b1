import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { DirectoryDocumentStorage, partialFileName } from './storage.js';

/** The id of a process that has run and is gone. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid;

describe('document storage (directory)', () => {
  let dir: string;
  let storage: DirectoryDocumentStorage;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'docs-'));
    storage = new DirectoryDocumentStorage(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('stores a file with its size and SHA-256, and reads it back', async () => {
    const stored = await storage.write('a.pdf', async (out) => {
      out.write('Liste ');
      out.end('des métiers');
    });
    const content = 'Liste des métiers';
    expect(stored).toEqual({
      size: Buffer.byteLength(content),
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    expect(await text(storage.read('a.pdf'))).toBe(content);
    expect(storage.exists('a.pdf')).toBe(true);
  });

  it('leaves nothing behind when the producer fails', async () => {
    await expect(
      storage.write('b.pdf', async (out) => {
        out.write('début');
        throw new Error('rendu impossible');
      }),
    ).rejects.toThrow('rendu impossible');
    expect(storage.exists('b.pdf')).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removes the partial files of writers gone, never one being written', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const inProgress = storage.write('en-cours.pdf', async (out) => {
      out.write('%PDF-');
      await gate;
      out.end('fin');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [writing] = readdirSync(dir);
    expect(writing).toMatch(/^en-cours\.pdf\.partiel-\d+-\d+-[A-Za-z0-9-]+$/);

    const dead = deadPid();
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const files = {
      // Killed writers of this host: gone at once.
      oldFormat: `a.pdf.partiel-${dead}-1700000000000`,
      deadWriter: partialFileName('b.pdf', dead, 1700000000001),
      // This pid, but no write in progress here: a previous incarnation (a restarted container).
      samePid: partialFileName('c.pdf', process.pid, 1700000000002),
      // Another host may still be writing: kept while fresh, removed once untouched for an hour.
      otherHostFresh: 'd.pdf.partiel-1-1700000000003-autre-hote',
      otherHostOld: 'e.pdf.partiel-1-1700000000004-autre-hote',
    };
    for (const name of Object.values(files)) writeFileSync(join(dir, name), '%PDF-');
    utimesSync(join(dir, files.otherHostOld), twoHoursAgo, twoHoursAgo);

    const removed = await storage.removeAbandonedPartials();
    expect(removed.sort()).toEqual(
      [files.oldFormat, files.deadWriter, files.samePid, files.otherHostOld].sort(),
    );
    expect(readdirSync(dir).sort()).toEqual([files.otherHostFresh, writing].sort());
    expect(await storage.removeAbandonedPartials({ olderThanMs: 0 })).toEqual([
      files.otherHostFresh,
    ]);

    finish();
    await inProgress;
    expect(readdirSync(dir)).toEqual(['en-cours.pdf']);
    expect(await text(storage.read('en-cours.pdf'))).toBe('%PDF-fin');
  });

  it('refuses ids that would leave its directory', async () => {
    await expect(storage.write('../x', async () => undefined)).rejects.toThrow(
      'Identifiant de fichier invalide',
    );
  });
});
