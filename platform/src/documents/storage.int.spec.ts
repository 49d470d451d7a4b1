import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { DirectoryDocumentStorage } from './storage.js';

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

  it('refuses ids that would leave its directory', async () => {
    await expect(storage.write('../x', async () => undefined)).rejects.toThrow(
      'Identifiant de fichier invalide',
    );
  });
});
