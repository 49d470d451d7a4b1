import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { resourceRequirement } from '@examens-pro/domain';
import { PERSON_LIST_MAX_BYTES } from '@examens-pro/platform';
import { startTestApp, type Agent } from '../testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * A body of `size` bytes handed out 16 KiB at a time, on demand, counting what was pulled: what the
 * server read of it before answering.
 */
const countedBody = (size: number) => {
  const chunk = Buffer.alloc(16 * 1024, 0x61);
  const counter = { pulled: 0 };
  const stream = new Readable({
    read() {
      if (counter.pulled >= size) return void this.push(null);
      const part = chunk.subarray(0, Math.min(chunk.length, size - counter.pulled));
      counter.pulled += part.length;
      this.push(part);
    },
  });
  return { stream, counter };
};

/** At most this much of a refused body may have been pulled (a stream's first buffers, not more). */
const BARELY_READ = 128 * 1024;

const MB = 1024 * 1024;

/** Every route that takes a file, with a body just under its own limit. */
const FILE_ROUTES: readonly { url: string; type: string; size: number }[] = [
  { url: '/api/listes-candidats/verifier', type: 'text/csv', size: 9 * MB },
  { url: '/api/notes/importation?sessionId=s1', type: 'text/csv', size: 9 * MB },
  {
    url: '/api/releves-paiement?sessionId=s1&canal=virement&fichier=releve.csv',
    type: 'text/csv',
    size: 9 * MB,
  },
  { url: '/api/candidatures/c1/pieces/p1', type: 'application/pdf', size: 4.5 * MB },
  {
    url: '/api/candidatures/c1/correction-identite/document',
    type: 'application/pdf',
    size: 4.5 * MB,
  },
  { url: '/api/incidents-inscription/i1/piece-jointe', type: 'application/pdf', size: 4.5 * MB },
  { url: '/api/incidents-examen/i1/piece-jointe', type: 'application/pdf', size: 4.5 * MB },
  { url: '/api/images', type: 'image/png', size: 0.9 * MB },
  { url: '/api/signatures-ministre', type: 'image/png', size: 0.9 * MB },
];

describe('nothing is read before it is allowed', () => {
  let t: TestApp;
  let outsider: Agent;
  let registrar: Agent;

  beforeAll(async () => {
    t = await startTestApp();
    outsider = await t.userWith(['profil.lister'], 'sans-droit@test.local');
    registrar = await t.userWith(
      resourceRequirement('candidatures', { action: 'creer' }),
      'inscripteur@test.local',
    );
  }, 60_000);
  afterAll(async () => t?.close());

  const post = (
    via: Agent | undefined,
    url: string,
    type: string,
    size: number,
    headers: Record<string, string> = {},
  ) => {
    const { stream, counter } = countedBody(size);
    const options = {
      method: 'POST' as const,
      url,
      headers: { 'content-type': type, 'content-length': String(size), ...headers },
      payload: stream,
    };
    return (via ? via.inject(options) : t.app.inject(options)).then((response) => ({
      response,
      pulled: counter.pulled,
    }));
  };

  it('refuses an anonymous 9 MB list without reading it', async () => {
    const { response, pulled } = await post(
      undefined,
      '/api/listes-candidats/verifier',
      'text/csv',
      9 * MB,
    );
    expect([401, 403]).toContain(response.statusCode);
    expect(response.json<{ message: string }>().message).toMatch(/[éèàç]|connect|jeton|droit/i);
    expect({ pulled: pulled <= BARELY_READ }).toEqual({ pulled: true });
  });

  it('refuses every file route to an anonymous sender before reading the file', async () => {
    for (const route of FILE_ROUTES) {
      const { response, pulled } = await post(undefined, route.url, route.type, route.size);
      expect({ url: route.url, status: response.statusCode, read: pulled > BARELY_READ }).toEqual({
        url: route.url,
        status: expect.any(Number),
        read: false,
      });
      expect({ url: route.url, refused: [401, 403].includes(response.statusCode) }).toEqual({
        url: route.url,
        refused: true,
      });
    }
  });

  it('refuses a signed-in user without the permission before reading the file', async () => {
    for (const route of FILE_ROUTES) {
      const { response, pulled } = await post(outsider, route.url, route.type, route.size);
      expect({
        url: route.url,
        status: response.statusCode,
        code: response.json<{ code?: string }>().code,
        read: pulled > BARELY_READ,
      }).toEqual({ url: route.url, status: 403, code: 'interdit', read: false });
    }
  });

  it('refuses a request without its CSRF token before reading the file', async () => {
    const { response, pulled } = await post(
      registrar,
      '/api/listes-candidats/verifier',
      'text/csv',
      9 * MB,
      { 'x-csrf-token': '' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code?: string }>().code).toBe('csrf');
    expect({ pulled: pulled <= BARELY_READ }).toEqual({ pulled: true });
  });

  it('still reads the list of a signed-in user allowed to send it, within its own limit', async () => {
    const csv = 'nom;prenoms\n';
    const allowed = await registrar.inject({
      method: 'POST',
      url: '/api/listes-candidats/verifier',
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    // Read and judged (a French 400 on its columns), not refused unread.
    expect(allowed.statusCode).toBe(400);
    expect(allowed.json<{ message: string }>().message).toMatch(/Colonne/);
    // Over its limit: 413 from the declared length, nothing read.
    const { response, pulled } = await post(
      registrar,
      '/api/listes-candidats/verifier',
      'text/csv',
      PERSON_LIST_MAX_BYTES + 1,
    );
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toBe(
      'Le contenu envoyé est trop volumineux.',
    );
    expect({ pulled: pulled <= BARELY_READ }).toEqual({ pulled: true });
  });

  it('gives each route a body limit of its own: a file only where a file is expected', async () => {
    const admin = await t.asAdmin();
    // Over each file route's own limit: 413 from the declared length, nothing read.
    for (const route of FILE_ROUTES) {
      const size = route.size > 4 * MB ? (route.size > 8 * MB ? 10 : 5) * MB + 1 : MB + 1;
      const { response, pulled } = await post(admin, route.url, route.type, size);
      expect({ url: route.url, status: response.statusCode, read: pulled > BARELY_READ }).toEqual({
        url: route.url,
        status: 413,
        read: false,
      });
    }
    // A command that takes no file does not read a pièce's 4 MB either.
    const { response, pulled } = await post(
      admin,
      '/api/candidatures/c1/valider',
      'application/pdf',
      4 * MB,
      { 'if-match': '"1"' },
    );
    expect({ status: response.statusCode, read: pulled > BARELY_READ }).toEqual({
      status: 413,
      read: false,
    });
  });
});
