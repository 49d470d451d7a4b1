import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  DEFAULT_TIME_ZONE,
  formatFrenchDay,
  formatVerificationCode,
  localDate,
  PUBLIC_RESULT_NOT_FOUND,
  publicResultLockedMessage,
  VERIFICATION_CODE_INVALID,
  VERIFICATION_NOT_FOUND,
  verificationCodeFromBytes,
  type AttestationDocument,
} from '@examens-pro/domain';
import { rateLimitsOf, waitForProjections } from '@examens-pro/platform';
import { issueAttestation } from '@examens-pro/application';
import { startTestApp, type Agent } from './testApp.js';
import {
  closedDeliberation,
  deliberatingSession,
  openSession,
  requests,
  type DeliberationFixture,
} from './examFixture.js';

/**
 * The public calls (`/api/public/*`), without a session or a CSRF token: the results lookup only
 * for a closed deliberation whose session's results are visible, the same answer for an unknown
 * number, a wrong date and hidden results, the locks (5 failures per number, a budget per address);
 * the verification of an attestation's code, counted per day on the staff's attestation, an
 * unknown code written nowhere; the home and diploma pages' reads.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
const PUBLIC = 'https://examens.example.org';
let t: TestApp;
let admin: Agent;
let fx: DeliberationFixture;
let open: DeliberationFixture;

const c = (i: number) => fx.candidates[i]!;
// The fixture's identities: the n-th dossier of a session is born on 03/(n+1)/(1970+n).
const born = (i: number) => `${1970 + i}-03-${String(1 + i).padStart(2, '0')}`;
const bornFrench = (i: number) => `${String(1 + i).padStart(2, '0')}/03/${1970 + i}`;

/** A visitor: no cookie, no token. */
const lookup = (numeroCandidat: unknown, dateNaissance: unknown, app = t) =>
  app.app.inject({
    method: 'POST',
    url: '/api/public/resultats',
    payload: { numeroCandidat, dateNaissance } as Record<string, unknown>,
  });
const verify = (code: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/verifications',
    payload: { code } as Record<string, unknown>,
  });

const setVisibility = async (visible: boolean, moyenneVisible: boolean) => {
  const reply = await requests(admin).put(`/api/visibilites-resultats/${fx.ids.session}`, {
    visible,
    moyenneVisible,
  });
  expect({ status: reply.statusCode, body: reply.statusCode === 200 ? '' : reply.body }).toEqual({
    status: 200,
    body: '',
  });
  const { position } = reply.json<{ position: string }>();
  await waitForProjections(t.readStore, ['visibilites-resultats'], position, 10_000);
};

beforeAll(async () => {
  t = await startTestApp({ publicUrl: PUBLIC });
  admin = await t.asAdmin();
  // Six candidates, averages 15, 7, 12, 16, 9, 11: 1 and 4 ajournés, the others admis.
  fx = await closedDeliberation(t, admin);
  // Another examen whose jury has not closed its deliberation yet.
  open = await deliberatingSession(t, admin, { count: 1, code: 'DQP' });
  await waitForProjections(
    t.readStore,
    ['resultats-publics', 'attestations', 'visibilites-resultats'],
    open.position,
    20_000,
  );
}, 240_000);
afterAll(async () => t?.close());

describe('POST /api/public/resultats', () => {
  it('answers nothing while the session’s results are hidden: the same 404 as an unknown number', async () => {
    const hidden = await lookup(c(0).numeroCandidat, bornFrench(0));
    const unknown = await lookup('ZZZ-99999', bornFrench(0));
    expect(hidden.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(hidden.body).toBe(unknown.body);
    expect(hidden.json()).toEqual({
      message: PUBLIC_RESULT_NOT_FOUND,
      code: 'resultat-introuvable',
    });
  });

  it('answers a candidate of a closed deliberation once visible, the average only when shown', async () => {
    await setVisibility(true, false);
    const admitted = await lookup(` ${c(0).numeroCandidat.toLowerCase()} `, bornFrench(0));
    expect(admitted.statusCode).toBe(200);
    expect(admitted.headers['cache-control']).toBe('no-store');
    expect(admitted.json()).toEqual({
      resultats: [
        {
          numeroCandidat: c(0).numeroCandidat,
          nom: c(0).nom,
          prenoms: c(0).prenoms,
          examen: 'CQP',
          session: 'CQP 2027',
          metier: 'Électricité',
          resultat: 'admis',
          resultatLibelle: 'Admis',
        },
      ],
    });
    await setVisibility(true, true);
    const adjourned = await lookup(c(1).numeroCandidat, born(1));
    expect(adjourned.json()).toMatchObject({
      resultats: [
        {
          metier: 'Coiffure',
          resultat: 'ajourne',
          resultatLibelle: 'Ajourné',
          moyenne: '7,00 / 20',
        },
      ],
    });
  });

  it('gives the same answer for a wrong date of birth, and nothing for an open deliberation', async () => {
    const wrong = await lookup(c(2).numeroCandidat, '01/01/1999');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({
      message: PUBLIC_RESULT_NOT_FOUND,
      code: 'resultat-introuvable',
    });
    const notClosed = await lookup(open.candidates[0]!.numeroCandidat, bornFrench(0));
    expect(notClosed.statusCode).toBe(404);
    expect(notClosed.body).toBe(wrong.body);
  });

  it('hides the results again at once when the visibility is switched off', async () => {
    await setVisibility(false, false);
    expect((await lookup(c(3).numeroCandidat, bornFrench(3))).statusCode).toBe(404);
    await setVisibility(true, true);
    expect((await lookup(c(3).numeroCandidat, bornFrench(3))).json()).toMatchObject({
      resultats: [{ resultat: 'admis', moyenne: '16,00 / 20' }],
    });
  });

  it('answers bad input with a French 400 that counts no failure', async () => {
    const empty = await lookup('', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      message: 'Le numéro de candidat est obligatoire.',
      errors: {
        numeroCandidat: 'Le numéro de candidat est obligatoire.',
        dateNaissance: 'La date de naissance est obligatoire, au format JJ/MM/AAAA.',
      },
    });
    for (const date of ['31/02/1975', '1975-13-01', 'hier'])
      expect((await lookup(c(5).numeroCandidat, date)).json()).toMatchObject({
        errors: { dateNaissance: 'La date de naissance est obligatoire, au format JJ/MM/AAAA.' },
      });
    expect((await lookup('<script>', bornFrench(5))).statusCode).toBe(400);
    expect((await lookup(c(5).numeroCandidat, bornFrench(5))).statusCode).toBe(200);
  });

  it('locks a number for an hour after 5 failures, even with the right date; other numbers go on', async () => {
    for (let n = 0; n < 5; n += 1)
      expect((await lookup(c(4).numeroCandidat, `0${n + 1}/01/2000`)).statusCode).toBe(404);
    const locked = await lookup(c(4).numeroCandidat, bornFrench(4));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      message: publicResultLockedMessage(60),
      code: 'trop-de-tentatives',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3500);
    expect((await lookup(c(2).numeroCandidat, bornFrench(2))).statusCode).toBe(200);
  });

  it('needs neither a session nor a CSRF token, and never sets a cookie', async () => {
    const reply = await lookup(c(0).numeroCandidat, born(0));
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a client address past its budget with a French 429 and the wait', async () => {
    const limited = await startTestApp({
      rateLimits: {
        auth: { max: 100, windowSeconds: 60 },
        public: { ...rateLimitsOf({}).public!, resultats: { max: 3, windowSeconds: 60 } },
      },
    });
    try {
      for (let n = 0; n < 3; n += 1)
        expect((await lookup('ABC-00001', '01/01/2000', limited)).statusCode).toBe(404);
      const refused = await lookup('ABC-00002', '01/01/2000', limited);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'trop-de-requetes' });
      expect(refused.json<{ message: string }>().message).toMatch(
        /^Trop de tentatives depuis cette adresse\. Réessayez dans \d+ secondes?\.$/,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/public/verifications', () => {
  let code: string;
  const attestation = async (i: number) =>
    requests(admin).read<AttestationDocument>(`/api/attestations/${c(i).id}`);

  beforeAll(async () => {
    const doc = await attestation(0);
    ({ code } = await issueAttestation(t.eventStore, doc, PUBLIC, 'document-test', (suffix) => ({
      commandId: `emission-${suffix}`,
      actor: { id: 'u', name: 'Awa Bello' },
      now: new Date().toISOString(),
    })));
    for (let i = 0; i < 100 && (await attestation(0)).code !== code; i += 1)
      await new Promise((r) => setTimeout(r, 50));
  });

  it('says a genuine code is genuine, as typed from paper, and counts each check per day', async () => {
    const typed = formatVerificationCode(code).toLowerCase().replaceAll('0', 'o');
    // The deliberation's day is its closing's (on the office's clocks), not the arrêté's.
    const { delibereLe } = await attestation(0);
    expect(delibereLe).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    for (const input of [typed, code]) {
      const reply = await verify(input);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({
        authentique: true,
        code,
        nom: c(0).nom,
        prenoms: c(0).prenoms,
        examen: 'CQP',
        session: 'CQP 2027',
        metier: 'Électricité',
        date: '10/07/2027',
        dateDeliberation: formatFrenchDay(localDate(delibereLe, DEFAULT_TIME_ZONE)),
        numeroArrete: '0042/MINEFOP',
        dateArrete: '10/07/2027',
      });
    }
    let doc = await attestation(0);
    for (let i = 0; i < 100 && doc.verificationsTotal < 2; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      doc = await attestation(0);
    }
    expect(doc.verificationsTotal).toBe(2);
    expect(doc.verifications).toEqual([
      { jour: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), nombre: 2 },
    ]);
  });

  it('answers an unknown code with a 404 and writes nothing; a mistyped one with a French 400', async () => {
    const before = await t.eventStore.readAll({ maxCount: 1_000_000 });
    const unknown = verificationCodeFromBytes(new Uint8Array(8).fill(7));
    expect(unknown).not.toBe(code);
    const reply = await verify(unknown);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ message: VERIFICATION_NOT_FOUND });
    const mistyped = await verify(`${code.slice(0, 12)}${code[12] === '0' ? '1' : '0'}`);
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json()).toMatchObject({ message: VERIFICATION_CODE_INVALID });
    expect((await verify('')).statusCode).toBe(400);
    const after = await t.eventStore.readAll({ maxCount: 1_000_000 });
    expect(after.length).toBe(before.length);
  });
});

describe('GET /api/public/accueil and /offre', () => {
  it('lists the sessions open to registration and those whose results are published', async () => {
    const s = await openSession(admin, { code: 'OQP' });
    await waitForProjections(t.readStore, ['sessions'], s.position, 10_000);
    const reply = await t.app.inject({ method: 'GET', url: '/api/public/accueil' });
    expect(reply.statusCode).toBe(200);
    const home = reply.json<{
      sessionsOuvertes: {
        id: string;
        session: string;
        examen: string;
        clotureInscriptions: string;
      }[];
      resultatsPublies: { id: string; session: string }[];
    }>();
    expect(home.sessionsOuvertes).toEqual([
      expect.objectContaining({
        id: s.ids.session,
        session: 'OQP 2027',
        examen: 'OQP',
        clotureInscriptions: '2027-02-26',
      }),
    ]);
    expect(home.resultatsPublies).toEqual([
      { id: fx.ids.session, session: 'CQP 2027', examen: 'CQP' },
    ]);
  });

  it('lists the active examens with their sessions, and the métiers', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/public/offre' });
    expect(reply.statusCode).toBe(200);
    const offer = reply.json<{
      examens: { libelle: string; sessions: { libelle: string; statut: string }[] }[];
      filieres: { libelle: string; metiers: { libelle: string }[] }[];
    }>();
    expect(offer.examens.find((e) => e.libelle === 'CQP')?.sessions).toEqual([
      expect.objectContaining({ libelle: 'CQP 2027', statut: 'Délibération' }),
    ]);
    const metiers = offer.filieres.flatMap((f) => f.metiers.map((m) => m.libelle));
    expect(metiers).toEqual(expect.arrayContaining(['Électricité', 'Coiffure']));
  });
});
