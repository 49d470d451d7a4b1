import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  SIGNING_CERTIFICATE_CATEGORY,
  SIGNING_CERTIFICATE_ID,
  streamName,
  type SigningCertificateView,
} from '@examens-pro/domain';
import { makeDemonstrationCertificate } from '@examens-pro/platform';
import { opensslAvailable, opensslPkcs12 } from '@examens-pro/platform/testing/pkcs12';
import { ensureSigningCertificate } from '@examens-pro/application';
import { startTestApp, type Agent } from './testApp.js';
import { requests } from './examFixture.js';

/**
 * « Configuration → Signataires » › « Certificat de signature du document » over HTTP: who may read
 * and change it, the demonstration certificate shown as such, a PKCS#12 deposited (French refusals
 * on the field at fault, nothing written), its password never in the event log, a revocation.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
const URL = '/api/certificat-signature';
const KEY = 'secret-de-test-secret-de-test-secret-de-test';
let t: TestApp;
let gestionnaire: Agent; // « Configurer les signataires »
let autre: Agent; // another permission only
const canOpenssl = opensslAvailable();

/** A PKCS#12 made by OpenSSL (as a certification authority's would be), accented names. */
const opensslP12 = (password: string): Buffer =>
  opensslPkcs12('/CN=Bureau des examens/O=Ministère de l’Emploi/C=CM', password);

beforeAll(async () => {
  t = await startTestApp();
  gestionnaire = await t.userWith(['configuration.signataires'], 'signataires@test.local');
  autre = await t.userWith(['configuration.langues'], 'langues@test.local');
  await ensureSigningCertificate(t.eventStore, KEY);
}, 120_000);
afterAll(async () => t?.close());

const events = async () =>
  JSON.stringify(
    await t.eventStore.readStream(streamName(SIGNING_CERTIFICATE_CATEGORY, SIGNING_CERTIFICATE_ID)),
  );

describe('the signing certificate', () => {
  it('is read and changed under « Configurer les signataires » only', async () => {
    const anonymous = t.agent();
    expect((await anonymous.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await autre.inject({ method: 'GET', url: URL })).statusCode).toBe(403);
    expect((await requests(autre).post(URL, { fichier: 'AAAA', motDePasse: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await requests(autre).post(`${URL}/revocation`, { empreinte: 'x', motif: 'y' })).statusCode,
    ).toBe(403);
  });

  it('shows the demonstration certificate as such, never its file or password', async () => {
    const reply = await gestionnaire.inject({ method: 'GET', url: URL });
    expect(reply.statusCode).toBe(200);
    const view = reply.json<SigningCertificateView & Record<string, unknown>>();
    expect(view).toMatchObject({
      numero: 1,
      demonstration: true,
      revoque: false,
      sujet: expect.stringContaining('CN=Examens Pro — certificat de démonstration'),
      deposePar: 'Système',
    });
    expect(view.empreinte).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(Object.keys(view)).not.toContain('scelle');
    expect(reply.body).not.toMatch(/scelle|p12|passphrase/i);
  });

  it('refuses, in French and on the field at fault, what cannot sign; nothing is written', async () => {
    const before = await events();
    const refused = async (payload: Record<string, unknown>, field: string, message: RegExp) => {
      const reply = await requests(gestionnaire).post(URL, payload);
      expect(reply.statusCode).toBe(400);
      const body = reply.json<{ message: string; errors: Record<string, string> }>();
      expect(body.message).toMatch(message);
      expect(body.errors[field]).toMatch(message);
    };
    await refused({ motDePasse: 'x' }, 'fichier', /Choisissez le fichier du certificat/);
    await refused(
      { fichier: Buffer.from('%PDF-1.7 pas un certificat').toString('base64'), motDePasse: 'x' },
      'fichier',
      /n’est pas un certificat PKCS#12/,
    );
    const expired = makeDemonstrationCertificate(new Date('2015-05-04T10:00:00Z'), 'Ancien');
    await refused(
      { fichier: expired.p12.toString('base64'), motDePasse: expired.passphrase },
      'fichier',
      /a expiré le 04\/05\/2020/,
    );
    if (canOpenssl)
      await refused(
        { fichier: opensslP12('le-bon').toString('base64'), motDePasse: 'un-autre' },
        'motDePasse',
        /Le mot de passe du certificat est incorrect/,
      );
    expect(await events()).toBe(before);
  });

  (canOpenssl ? it : it.skip)(
    'deposits a PKCS#12: it becomes the certificate in service, sealed, its password nowhere in clear',
    async () => {
      const password = 'Mot-De-Passe-Du-Certificat-42';
      const file = opensslP12(password);
      const reply = await requests(gestionnaire).post(URL, {
        fichier: file.toString('base64'),
        motDePasse: password,
        nomFichier: 'bureau-des-examens.p12',
      });
      expect(reply.statusCode).toBe(201);
      expect(reply.json<{ numero: number }>().numero).toBe(2);
      const view = await requests(gestionnaire).read<SigningCertificateView>(URL);
      expect(view).toMatchObject({
        numero: 2,
        demonstration: false,
        revoque: false,
        sujet: 'CN=Bureau des examens, O=Ministère de l’Emploi, C=CM',
        nomFichier: 'bureau-des-examens.p12',
        deposePar: 'Paul Essomba',
      });
      // The same file again: nothing new.
      const again = await requests(gestionnaire).post(URL, {
        fichier: file.toString('base64'),
        motDePasse: password,
      });
      expect(again.statusCode).toBe(200);
      const log = await events();
      expect(log).not.toContain(password);
      expect(log).not.toContain(file.toString('base64').slice(0, 64));
      expect(log).toContain('SigningCertificateDeposited');

      // Revoked (its fingerprint as shown, and why): shown so, and never deposited again.
      expect(
        (await requests(gestionnaire).post(`${URL}/revocation`, { empreinte: view.empreinte }))
          .statusCode,
      ).toBe(400);
      expect(
        (
          await requests(gestionnaire).post(`${URL}/revocation`, {
            empreinte: 'AA:BB',
            motif: 'Clé perdue',
          })
        ).statusCode,
      ).toBe(409);
      const revoked = await requests(gestionnaire).post(`${URL}/revocation`, {
        empreinte: view.empreinte,
        motif: 'Clé perdue',
      });
      expect(revoked.statusCode).toBe(200);
      expect(await requests(gestionnaire).read<SigningCertificateView>(URL)).toMatchObject({
        numero: 2,
        revoque: true,
        motifRevocation: 'Clé perdue',
      });
      const refused = await requests(gestionnaire).post(URL, {
        fichier: file.toString('base64'),
        motDePasse: password,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/a été révoqué/);
    },
  );
});
