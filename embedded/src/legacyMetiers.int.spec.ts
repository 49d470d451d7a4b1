import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { RecordedEvent } from '@examens-pro/domain';
import { writeLog } from './crash/memoryLog.js';
import { startTestApp, TEST_ADMIN, TEST_ADMIN_PASSWORD, type Agent } from './testApp.js';

/**
 * Métiers were an aggregate of their own until 23/11/2026. The fixture is the event log that code
 * wrote through its HTTP routes (fixtures/generate-metiers-log.mjs): filières, a corps de métier,
 * métiers created, modified, deactivated, reactivated and deleted, a PDF asked for. Today's product,
 * started on it, must read it as if nothing had changed: same métiers, histories, codes and usages.
 */
const FIXTURE = join(__dirname, '..', 'fixtures', 'metiers-log-2026-11-23.jsonl');

interface Row {
  position: number;
  id: string;
  stream: string;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

const rows: Row[] = readFileSync(FIXTURE, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Row);

/** The id of the métier or list item created with `code` in the fixture. */
const createdWith = (type: string, code: string): string => {
  const row = rows.find((r) => r.type === type && r.data.code === code);
  if (!row) throw new Error(`${type} ${code} absent de la fixture`);
  return String(row.data.metierId ?? row.data.itemId);
};

let dir: string;
let t: Awaited<ReturnType<typeof startTestApp>>;
let admin: Agent;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'metiers-anciens-'));
  // The log exactly as stored then: same ids, streams, revisions, positions, types and data.
  await writeLog(
    join(dir, 'events.db'),
    rows.map(
      (r) =>
        ({
          id: r.id,
          streamId: r.stream,
          revision: r.revision,
          position: String(r.position),
          type: r.type,
          data: r.data,
          metadata: r.metadata,
        }) as unknown as RecordedEvent,
    ),
  );
  t = await startTestApp({ dir });
  // The administrator of the fixture, with the password it chose then.
  const { agent, response } = await t.signIn(TEST_ADMIN.login, TEST_ADMIN_PASSWORD);
  expect(response.statusCode).toBe(200);
  admin = agent;
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const json = <T = Record<string, unknown>>(response: LightMyRequestResponse): T =>
  response.json() as T;
/** Reads once the projections have caught up with everything stored so far. */
const get = async (url: string) =>
  admin.inject({
    method: 'GET',
    url,
    headers: { 'x-min-position': await t.eventStore.headPosition() },
  });

describe('métiers stored by the code before 23/11/2026', () => {
  const elb = createdWith('MetierCreated', 'ELB');
  const mac = createdWith('MetierCreated', 'MAC');
  const tmp = createdWith('MetierCreated', 'TMP');
  const btp = createdWith('ListItemCreated', 'BTP');
  const ind = createdWith('ListItemCreated', 'IND');
  const corps = createdWith('ListItemCreated', 'ELEC');

  it('holds Metier* events (the fixture is what the old code wrote)', () => {
    expect(rows.filter((r) => r.type.startsWith('Metier')).map((r) => r.type)).toEqual([
      'MetierCreated',
      'MetierModified',
      'MetierModified',
      'MetierDeactivated',
      'MetierReactivated',
      'MetierCreated',
      'MetierModified',
      'MetierCreated',
      'MetierDeleted',
    ]);
  });

  it('lists the métiers as they were left: libellés, codes, filière, corps de métier, status', async () => {
    const response = await get('/api/metiers?sort=%5B%22code%22%2C%22ASC%22%5D');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-position-reached']).toBe('true');
    expect(
      json<Record<string, unknown>[]>(response).map((m) => [
        m.id,
        m.code,
        m.libelle,
        m.filiereId,
        m.corpsDeMetierId,
        m.actif,
        m.version,
        m.creePar,
      ]),
    ).toEqual([
      [elb, 'ELB', 'Électricien du bâtiment', ind, corps, true, 4, 'Premier Administrateur'],
      [mac, 'MACO', 'Maçon coffreur', null, null, true, 1, 'Premier Administrateur'],
    ]);
    expect((await get(`/api/metiers/${tmp}`)).statusCode).toBe(404);
  });

  it('keeps each métier’s history: who, when, what changed', async () => {
    const response = await get(`/api/metiers/${elb}/historique`);
    expect(response.statusCode).toBe(200);
    const entries = json<
      {
        action: string;
        at: string;
        changes: { label: string; before: unknown; after: unknown }[];
      }[]
    >(response);
    expect(entries.map((e) => e.action)).toEqual([
      'Création',
      'Modification',
      'Modification',
      'Désactivation',
      'Réactivation',
    ]);
    expect(entries.map((e) => e.at)).toEqual(
      rows.filter((r) => r.stream === `metiers-${elb}`).map((r) => r.metadata.at),
    );
    // References read by their libellé (the filière, the corps de métier), never by id.
    expect(entries[0]!.changes.map((c) => [c.label, c.after])).toEqual([
      ['Code', 'ELB'],
      ['Libellé', 'Électricien bâtiment'],
      ['Filière', 'Bâtiment et travaux publics'],
      ['Corps de métier', 'Électricité'],
      ['Actif', true],
    ]);
    expect(entries[1]!.changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Libellé', 'Électricien bâtiment', 'Électricien du bâtiment'],
    ]);
    expect(entries[2]!.changes.map((c) => [c.label, c.before, c.after])).toEqual([
      ['Filière', 'Bâtiment et travaux publics', 'Industrie'],
    ]);
  });

  it('keeps the codes taken and gives back the ones the old code released', async () => {
    const post = (code: string) =>
      admin.inject({
        method: 'POST',
        url: '/api/metiers',
        payload: { code, libelle: `Nouveau ${code}` },
      });
    for (const code of ['ELB', 'MACO']) {
      const taken = await post(code);
      expect(taken.statusCode).toBe(409);
      expect(json(taken).message).toBe('Ce code existe déjà.');
    }
    // MAC (changed to MACO) and TMP (deleted) were given back.
    for (const code of ['MAC', 'TMP']) expect((await post(code)).statusCode).toBe(201);
  });

  it('counts the old métiers’ references: a filière in use cannot be deleted', async () => {
    const refused = await admin.inject({
      method: 'DELETE',
      url: `/api/filieres/${ind}`,
      headers: { 'if-match': 'W/"0"' },
    });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe(
      'Cet élément est utilisé (1 référence) : désactivez-le au lieu de le supprimer.',
    );
    // BTP was left by ELB's modification and TMP's deletion: nothing uses it any more.
    const freed = await admin.inject({
      method: 'DELETE',
      url: `/api/filieres/${btp}`,
      headers: { 'if-match': 'W/"0"' },
    });
    expect(freed.statusCode).toBe(200);
  });

  it('goes on from its last revision: new events follow the old ones in the same stream', async () => {
    const answer = await admin.inject({
      method: 'PUT',
      url: `/api/metiers/${elb}`,
      headers: { 'if-match': 'W/"4"' },
      payload: {
        code: 'ELB',
        libelle: 'Électricien bâtiment (BT)',
        filiereId: ind,
        corpsDeMetierId: corps,
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(json(answer)).toMatchObject({ revision: 5 });
    const again = await admin.inject({
      method: 'POST',
      url: `/api/metiers/${elb}/reactiver`,
      headers: { 'if-match': 'W/"5"' },
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('Ce métier est déjà actif.');
    // Stored as written: the old events untouched, the new one under today's type.
    const db = new Database(join(dir, 'events.db'), { readonly: true });
    const stored = db
      .prepare<[string], { type: string }>(
        'SELECT type FROM events WHERE stream = ? ORDER BY revision',
      )
      .all(`metiers-${elb}`)
      .map((r) => r.type);
    db.close();
    expect(stored).toEqual([
      'MetierCreated',
      'MetierModified',
      'MetierModified',
      'MetierDeactivated',
      'MetierReactivated',
      'ListItemModified',
    ]);
    const history = json<{ action: string }[]>(await get(`/api/metiers/${elb}/historique`));
    expect(history.map((e) => e.action).slice(-2)).toEqual(['Réactivation', 'Modification']);
  });
});
