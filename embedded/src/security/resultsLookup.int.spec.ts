import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  DELIBERATION_CATEGORY,
  publicResultLockedMessage,
  RESULTS_VISIBILITY_CATEGORY,
  streamName,
  SYSTEM_ACTOR,
  type DeliberationResultsFrozen,
  type FrozenResult,
  type ResultsVisibilitySet,
} from '@examens-pro/domain';
import {
  RESULTS_LOOKUP_LIMIT,
  RESULTS_NUMBER_SLOWDOWN,
  rateLimitsOf,
  toEnvelopes,
  waitForProjections,
} from '@examens-pro/platform';
import { startTestApp } from '../testApp.js';

/**
 * Results day cannot be sabotaged. Failed lookups are counted per client
 * address (an IPv6 client by its /64) and candidate number: one address's failures never refuse
 * another's lookup; a number that many addresses fail on is slowed, not locked; the budget of each
 * address (5 failures a number, its requests a minute) is kept.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
const SESSION = 'session-securite-resultats';
const CANDIDATES = 8;
const numberOf = (i: number) => `SEC-${String(i + 1).padStart(5, '0')}`;
const bornIso = (i: number) => `${1980 + i}-04-${String(10 + i).padStart(2, '0')}`;
const born = (i: number) => `${10 + i}/04/${1980 + i}`;

/** The published results of a closed deliberation, written as the jury's closing event. */
const publishResults = async (app: TestApp) => {
  const resultats: FrozenResult[] = Array.from({ length: CANDIDATES }, (_, i) => ({
    candidatureId: `securite-candidature-${i}`,
    numeroDossier: `SEC27-${String(i + 1).padStart(6, '0')}`,
    numeroCandidat: numberOf(i),
    nom: 'Ngono',
    prenoms: 'Claire',
    sexe: 'F',
    dateNaissance: bornIso(i),
    lieuNaissance: 'Douala',
    categorie: 'libre',
    handicapId: null,
    metierId: 'metier-securite',
    centreDepotId: 'depot',
    siteId: 'site',
    centreExamenId: 'centre',
    departementId: 'departement',
    zoneId: 'zone',
    notes: [],
    moyenne: 12,
    calcule: 'admis',
    resultat: 'admis',
    derogation: null,
    rang: i + 1,
  }));
  const context = { commandId: randomUUID(), actor: SYSTEM_ACTOR, now: new Date().toISOString() };
  const frozen: DeliberationResultsFrozen = {
    type: 'DeliberationResultsFrozen',
    data: {
      juryId: 'jury-securite',
      sessionId: SESSION,
      numeroArrete: '0042/MINEFOP',
      dateArrete: '2027-07-10',
      resultats,
    },
  };
  await app.eventStore.appendToStream(
    streamName(DELIBERATION_CATEGORY, 'jury-securite'),
    toEnvelopes([frozen], context),
  );
  const visible: ResultsVisibilitySet = {
    type: 'ResultsVisibilitySet',
    data: { sessionId: SESSION, visible: true, moyenneVisible: true },
  };
  await app.eventStore.appendToStream(
    streamName(RESULTS_VISIBILITY_CATEGORY, SESSION),
    toEnvelopes([visible], { ...context, commandId: randomUUID() }),
  );
  await waitForProjections(
    app.readStore,
    ['resultats-publics', 'visibilites-resultats'],
    await app.eventStore.headPosition(),
    20_000,
  );
};

const lookup = (numeroCandidat: string, dateNaissance: string, remoteAddress: string, app = t) =>
  app.app.inject({
    method: 'POST',
    url: '/api/public/resultats',
    remoteAddress,
    payload: { numeroCandidat, dateNaissance },
  });

const fail = async (i: number, address: string, n = 0) =>
  expect((await lookup(numberOf(i), `0${1 + (n % 9)}/01/2001`, address)).statusCode).toBe(404);

beforeAll(async () => {
  t = await startTestApp();
  await publishResults(t);
}, 60_000);
afterAll(async () => t?.close());

describe('the public results lookup on results day', () => {
  it('lets another address look a number up after 5 failures from one address', async () => {
    expect(RESULTS_LOOKUP_LIMIT.maxFailures).toBe(5);
    for (let n = 0; n < 5; n += 1) await fail(0, '203.0.113.10', n);
    const other = await lookup(numberOf(0), born(0), '198.51.100.20');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ resultats: [{ numeroCandidat: numberOf(0) }] });
  });

  it('keeps the budget of the failing address: 5 failures on a number refuse it that number for an hour', async () => {
    for (let n = 0; n < 5; n += 1) await fail(1, '203.0.113.11', n);
    const refused = await lookup(numberOf(1), born(1), '203.0.113.11');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: publicResultLockedMessage(60),
      code: 'trop-de-tentatives',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // The same address may still look up other numbers.
    expect((await lookup(numberOf(2), born(2), '203.0.113.11')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: other addresses of the network share its budget', async () => {
    for (let n = 0; n < 5; n += 1) await fail(3, `2001:db8:1:2::${n + 1}`, n);
    // Another address of the same /64 (written differently) is refused …
    const sameNetwork = await lookup(numberOf(3), born(3), '2001:0db8:0001:0002:ffff:1:2:3');
    expect(sameNetwork.statusCode).toBe(429);
    // … another /64 is not, nor an IPv4 client.
    expect((await lookup(numberOf(3), born(3), '2001:db8:1:3::1')).statusCode).toBe(200);
    expect((await lookup(numberOf(3), born(3), '192.0.2.33')).statusCode).toBe(200);
  });

  it('stops a burst from one address at 5 guesses of a number, however simultaneous', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        lookup(numberOf(4), `${String(1 + (n % 28)).padStart(2, '0')}/02/1999`, '203.0.113.44'),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  it('slows, never locks, a number that many addresses fail on', async () => {
    const { failures, delayMs } = RESULTS_NUMBER_SLOWDOWN;
    for (let n = 0; n < failures; n += 1) await fail(5, `198.18.${n}.1`, n);
    const started = Date.now();
    const right = await lookup(numberOf(5), born(5), '192.0.2.200');
    expect(right.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(delayMs - 50);
    // A number no one failed on answers at once.
    const quick = Date.now();
    expect((await lookup(numberOf(6), born(6), '192.0.2.200')).statusCode).toBe(200);
    expect(Date.now() - quick).toBeLessThan(delayMs);
  }, 60_000);

  it('still refuses an address past its request budget, whatever the numbers', async () => {
    const limited = await startTestApp({
      rateLimits: {
        auth: { max: 100, windowSeconds: 60 },
        public: { ...rateLimitsOf({}).public!, resultats: { max: 3, windowSeconds: 60 } },
      },
    });
    try {
      await publishResults(limited);
      for (let i = 0; i < 3; i += 1)
        expect((await lookup(numberOf(i), born(i), '203.0.113.50', limited)).statusCode).toBe(200);
      const refused = await lookup(numberOf(3), born(3), '203.0.113.50', limited);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'trop-de-requetes' });
      // The /64 of an IPv6 client is one budget.
      for (let i = 0; i < 3; i += 1)
        expect(
          (await lookup(numberOf(i), born(i), `2001:db8:9:9::${i + 1}`, limited)).statusCode,
        ).toBe(200);
      expect((await lookup(numberOf(3), born(3), '2001:db8:9:9::abcd', limited)).statusCode).toBe(
        429,
      );
      expect((await lookup(numberOf(3), born(3), '2001:db8:9:a::1', limited)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
