import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { comparePositions } from '@examens-pro/domain';
import { waitForProjections } from '@examens-pro/platform';
import { backup, MANIFEST_FILE, restore, type BackupManifest } from './backup.js';
import { startTestApp, TEST_ADMIN, TEST_ADMIN_PASSWORD, type Agent } from './testApp.js';
import { signaturePng } from '@examens-pro/workers/testing/signatureImage';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
interface Answer {
  id: string;
  position: string;
}
interface Created extends Answer {
  code: string;
}

const root = mkdtempSync(join(tmpdir(), 'sauvegarde-'));
const sourceDir = join(root, 'donnees');
const backupDir = join(root, 'sauvegarde');
const restoredDir = join(root, 'restauree');
const documentsOf = (dir: string) => join(dir, 'documents');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A PNG as the upload route takes it (its header), padded to ~900 KB so copies take a while. */
const png = (): Buffer => Buffer.concat([signaturePng(), randomBytes(900 * 1024)]);

const waitGenerated = async (a: Agent, id: string, position = '0'): Promise<void> => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const state = (
      await a.inject({
        method: 'GET',
        url: `/api/documents/${id}/progression`,
        headers: { 'x-min-position': position },
      })
    ).json<{ statut: string }>();
    if (state.statut === 'genere') return;
    if (Date.now() > deadline) throw new Error(`document ${id} : ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

let manifest: BackupManifest;
/** Created and answered before the backup started; created while it ran. */
const before: Created[] = [];
const during: Created[] = [];
const images = new Map<string, Buffer>();
let appendsWhileBackingUp = 0;

beforeAll(async () => {
  mkdirSync(sourceDir);
  const t: TestApp = await startTestApp({ dir: sourceDir });
  try {
    const admin = await t.asAdmin();
    const create = async (code: string, into: Created[]): Promise<void> => {
      const response = await admin.inject({
        method: 'POST',
        url: '/api/metiers',
        payload: { code, libelle: `Métier ${code}` },
      });
      expect(response.statusCode).toBe(201);
      into.push({ code, ...response.json<Answer>() });
    };
    for (let i = 0; i < 150; i++) await create(`AVANT${i}`, before);
    for (let i = 0; i < 4; i++) {
      const bytes = png();
      const uploaded = await admin.inject({
        method: 'POST',
        url: '/api/images',
        headers: { 'content-type': 'image/png' },
        payload: bytes,
      });
      expect(uploaded.statusCode).toBe(201);
      images.set(uploaded.json<{ fichier: string }>().fichier, bytes);
    }
    const signataire = await admin.inject({
      method: 'POST',
      url: '/api/signataires',
      payload: {
        code: 'MIN',
        libelle: 'Le Ministre',
        titre: 'Ministre de l’Emploi',
        signeDecisions: true,
        signeDiplomes: true,
        signature: [...images.keys()][0],
      },
    });
    expect(signataire.statusCode).toBe(201);
    const generated = await admin.inject({
      method: 'POST',
      url: '/api/documents',
      payload: { kind: 'liste-metiers' },
    });
    expect(generated.statusCode).toBe(201);
    await waitGenerated(admin, generated.json<Answer>().id, generated.json<Answer>().position);

    // Write load: métiers created one after the other until the backup is over.
    let backingUp = true;
    const load = (async () => {
      for (let i = 0; backingUp; i++) {
        await create(`PENDANT${i}`, during);
        appendsWhileBackingUp += 1;
      }
    })();
    // A document requested as the backup starts: generated while it runs.
    const requested = await admin.inject({
      method: 'POST',
      url: '/api/documents',
      payload: { kind: 'liste-metiers' },
    });
    expect(requested.statusCode).toBe(201);
    appendsWhileBackingUp = 0;
    try {
      manifest = await backup({
        dataDir: sourceDir,
        documentsDir: documentsOf(sourceDir),
        destination: backupDir,
        productVersion: '0.1.0',
      });
    } finally {
      backingUp = false;
      await load;
    }
    await waitGenerated(admin, requested.json<Answer>().id);
  } finally {
    await t.close();
  }
}, 120_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('backup of the embedded mode', () => {
  it('holds the event store, the documents and the images with their SHA-256; never read models or sessions', () => {
    expect(appendsWhileBackingUp).toBeGreaterThan(0);
    // The read models' two files (the lists', the histories' and statistics') stay out of it.
    expect(readdirSync(sourceDir)).toEqual(expect.arrayContaining(['read.db', 'read-history.db']));
    expect(readdirSync(backupDir).sort()).toEqual(['documents', 'events.db', MANIFEST_FILE]);
    expect(JSON.parse(readFileSync(join(backupDir, MANIFEST_FILE), 'utf8'))).toEqual(manifest);
    expect(manifest).toMatchObject({
      format: 'examens-pro-sauvegarde',
      formatVersion: 1,
      productVersion: '0.1.0',
      eventStore: { path: 'events.db', events: expect.any(Number) },
    });
    expect(Date.parse(manifest.createdAt)).not.toBeNaN();
    // Everything answered before the backup started is in its snapshot.
    const head = manifest.eventStore.headPosition;
    for (const item of before) expect(comparePositions(item.position, head)).toBeLessThanOrEqual(0);
    // Writes went on while it ran: the snapshot stops at one position, later appends are not in it.
    expect(during.some((item) => comparePositions(item.position, head) > 0)).toBe(true);
    expect(manifest.eventStore.events).toBeGreaterThan(before.length);
    for (const file of manifest.files) {
      const bytes = readFileSync(join(backupDir, file.path));
      expect({ path: file.path, size: bytes.length, sha256: sha256(bytes) }).toEqual(file);
    }
    const paths = manifest.files.map((f) => f.path);
    expect(paths[0]).toBe('events.db');
    for (const [fichier, bytes] of images) {
      expect(paths).toContain(`documents/${fichier}`);
      expect(readFileSync(join(backupDir, 'documents', fichier)).equals(bytes)).toBe(true);
    }
    expect(paths.filter((p) => p.endsWith('.pdf')).length).toBeGreaterThanOrEqual(1);
    expect(paths.some((p) => p.includes('.partiel'))).toBe(false);
  });

  it('refuses a folder that is not empty, in French, and leaves it as it was', async () => {
    await expect(
      backup({
        dataDir: sourceDir,
        documentsDir: documentsOf(sourceDir),
        destination: backupDir,
        productVersion: '0.1.0',
      }),
    ).rejects.toThrow(/n’est pas vide : une sauvegarde se fait dans un dossier vide ou nouveau/);
    expect(readdirSync(backupDir).sort()).toEqual(['documents', 'events.db', MANIFEST_FILE]);
  });
});

describe('restore of the embedded mode', () => {
  it('refuses a DATA_DIR that is not empty, writing nothing', async () => {
    const busy = join(root, 'occupe');
    mkdirSync(busy);
    writeFileSync(join(busy, 'session-secret'), 'ancien\n');
    await expect(
      restore({ source: backupDir, dataDir: busy, documentsDir: documentsOf(busy) }),
    ).rejects.toThrow(/n’est pas vide : la restauration se fait dans un dossier vide/);
    expect(readdirSync(busy)).toEqual(['session-secret']);
  });

  it('refuses a tampered backup before writing anything', async () => {
    const tampered = join(root, 'alteree');
    cpSync(backupDir, tampered, { recursive: true });
    const [fichier] = [...images.keys()];
    const file = join(tampered, 'documents', fichier!);
    const bytes = readFileSync(file);
    const last = bytes.length - 1;
    bytes.writeUInt8(bytes.readUInt8(last) ^ 0xff, last);
    writeFileSync(file, bytes);
    const target = join(root, 'cible-alteree');
    await expect(
      restore({ source: tampered, dataDir: target, documentsDir: documentsOf(target) }),
    ).rejects.toThrow(
      `Sauvegarde altérée, rien n’a été restauré — 1 fichier(s) ne correspondent pas au manifeste : documents/${fichier} : empreinte différente.`,
    );
    expect(existsSync(target)).toBe(false);

    rmSync(join(tampered, 'events.db'));
    await expect(
      restore({ source: tampered, dataDir: target, documentsDir: documentsOf(target) }),
    ).rejects.toThrow(/events\.db : fichier absent/);
    rmSync(join(tampered, MANIFEST_FILE));
    await expect(
      restore({ source: tampered, dataDir: target, documentsDir: documentsOf(target) }),
    ).rejects.toThrow(/manifest\.json est absent/);
    expect(existsSync(target)).toBe(false);
  });

  it('restores into an empty DATA_DIR; the product rebuilds every read model and finds every item and document', async () => {
    await restore({
      source: backupDir,
      dataDir: restoredDir,
      documentsDir: documentsOf(restoredDir),
    });
    // No read model, no session: the product rebuilds the first and starts the second afresh.
    expect(readdirSync(restoredDir).sort()).toEqual(['documents', 'events.db']);

    const r = await startTestApp({ dir: restoredDir });
    try {
      const head = manifest.eventStore.headPosition;
      expect(
        await waitForProjections(
          r.readStore,
          r.runner.projections.map((p) => p.name),
          head,
          60_000,
        ),
      ).toBe(true);
      const events = await r.eventStore.readAll({ maxCount: 1_000_000 });
      expect(events.length).toBeGreaterThanOrEqual(manifest.eventStore.events);
      // Both files of the read models made again from the events.
      expect(readdirSync(restoredDir)).toEqual(
        expect.arrayContaining(['read.db', 'read-history.db']),
      );

      // The administrator's own password (from the events); a new session.
      const { agent: admin, response } = await r.signIn(TEST_ADMIN.login, TEST_ADMIN_PASSWORD);
      expect(response.statusCode).toBe(200);

      for (const item of before) {
        const found = await admin.inject({ method: 'GET', url: `/api/metiers/${item.id}` });
        expect({ code: item.code, status: found.statusCode }).toEqual({
          code: item.code,
          status: 200,
        });
        expect(found.json()).toMatchObject({ code: item.code, libelle: `Métier ${item.code}` });
      }
      // Created while the backup ran: present exactly when its events are in the snapshot.
      for (const item of during) {
        const found = await admin.inject({ method: 'GET', url: `/api/metiers/${item.id}` });
        expect({ code: item.code, status: found.statusCode }).toEqual({
          code: item.code,
          status: comparePositions(item.position, head) <= 0 ? 200 : 404,
        });
      }

      const signataires = await admin.inject({ method: 'GET', url: '/api/signataires' });
      expect(signataires.json()).toEqual([expect.objectContaining({ code: 'MIN' })]);
      for (const [fichier, bytes] of images) {
        const image = await admin.inject({ method: 'GET', url: `/api/images/${fichier}` });
        expect(image.statusCode).toBe(200);
        expect(image.rawPayload.equals(bytes)).toBe(true);
      }

      // Every document listed is downloadable, its bytes matching its SHA-256 (a document the
      // snapshot saw requested but not generated is generated again).
      const documents = (await admin.inject({ method: 'GET', url: '/api/documents' })).json<
        { id: string }[]
      >();
      expect(documents.length).toBeGreaterThanOrEqual(1);
      for (const { id } of documents) {
        await waitGenerated(admin, id);
        const record = (await admin.inject({ method: 'GET', url: `/api/documents/${id}` })).json<{
          sha256: string;
          taille: number;
        }>();
        const file = await admin.inject({ method: 'GET', url: `/api/documents/${id}/fichier` });
        expect(file.statusCode).toBe(200);
        expect(sha256(file.rawPayload)).toBe(record.sha256);
        expect(file.rawPayload.length).toBe(record.taille);
      }
    } finally {
      await r.close();
    }
  }, 120_000);
});
