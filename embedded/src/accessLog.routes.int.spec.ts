import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp } from './testApp.js';

/**
 * The access log names each request's method and path, never what a person typed: a verification
 * code in a page's address, a name searched for in a list's filter, a receipt's token, a candidate
 * number and birth date posted to the results lookup.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await startTestApp({ logger: { level: 'info', stream } });
});
afterAll(async () => t.close());

describe('access log', () => {
  it('keeps the paths and drops query strings, tokens and bodies', async () => {
    const visitor = t.agent();
    await visitor.inject({ method: 'GET', url: '/diplomes?code=7K2MQ9WX4HTP8' });
    await visitor.inject({
      method: 'GET',
      url: `/api/candidatures?filter=${encodeURIComponent(JSON.stringify({ q: 'Ngassa' }))}`,
    });
    await visitor.inject({
      method: 'GET',
      url: '/api/public/paiements/recus/jeton-secret-du-recu-0123456789',
    });
    await visitor.inject({
      method: 'POST',
      url: '/api/public/resultats',
      payload: { numeroCandidat: 'MEC-04242', dateNaissance: '1998-03-05' },
    });
    const log = lines.join('');
    for (const path of ['/diplomes', '/api/candidatures', '/api/public/resultats'])
      expect(log).toContain(`"url":"${path}"`);
    for (const secret of ['7K2MQ9WX4HTP8', 'Ngassa', 'jeton-secret', 'MEC-04242', '1998-03-05'])
      expect(log).not.toContain(secret);
  });
});
