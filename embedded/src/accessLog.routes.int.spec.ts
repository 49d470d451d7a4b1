import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { opensslAvailable, opensslPkcs12 } from '@examens-pro/platform/testing/pkcs12';
import { requests } from './examFixture.js';
import { startTestApp } from './testApp.js';

/**
 * The access log names each request's method and path, never what a person typed: a verification
 * code in a page's address, a name searched for in a list's filter, a receipt's token, a candidate
 * number and birth date posted to the results lookup, a signing certificate's password (accepted,
 * refused or sent with a file that is no certificate).
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

  (opensslAvailable() ? it : it.skip)(
    'never logs a signing certificate’s password, accepted or refused',
    async () => {
      const password = 'Secret-Du-Certificat-Journal-77';
      const file = opensslPkcs12('/CN=Bureau des examens/C=CM', password).toString('base64');
      const gestionnaire = await t.userWith(['configuration.signataires'], 'journal@test.local');
      const url = '/api/certificat-signature';
      const deposit = (body: Record<string, unknown>) => requests(gestionnaire).post(url, body);
      expect((await deposit({ fichier: file, motDePasse: `${password}-faux` })).statusCode).toBe(
        400,
      );
      expect(
        (
          await deposit({
            fichier: Buffer.from('pas un p12').toString('base64'),
            motDePasse: password,
          })
        ).statusCode,
      ).toBe(400);
      expect((await deposit({ fichier: file, motDePasse: password })).statusCode).toBe(201);
      const log = lines.join('');
      expect(log).toContain(`"url":"${url}"`);
      expect(log).not.toContain('Secret-Du-Certificat');
      expect(log).not.toContain(file.slice(0, 64));
    },
  );
});
