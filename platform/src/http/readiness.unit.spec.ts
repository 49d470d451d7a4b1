import { describe, expect, it } from '@jest/globals';
import { Readiness, unreachableReason } from './readiness.js';

/** Start-up steps tried again with growing waits; readiness says why not, in French. */
describe('readiness', () => {
  it('tries a failing start-up step again, later each time, and is ready once it succeeds', async () => {
    const tries: number[] = [];
    const logs: string[] = [];
    const readiness = new Readiness({
      log: (message) => logs.push(message),
      retryDelayMs: { first: 30, max: 60 },
    });
    const done = readiness.step('premier administrateur', async () => {
      tries.push(Date.now());
      if (tries.length <= 3) throw new Error('connect ECONNREFUSED 10.0.0.5:27017');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const failing = await readiness.report();
    expect(failing.ready).toBe(false);
    expect(failing.message).toMatch(
      /^Pas encore prêt : premier administrateur en échec, nouvel essai dans 0,0\d s\.$/,
    );
    expect(failing.details).toEqual({
      etapes: [
        expect.objectContaining({
          nom: 'premier administrateur',
          pret: false,
          echecs: 1,
          erreur: 'connect ECONNREFUSED 10.0.0.5:27017',
        }),
      ],
    });
    await done;
    const gaps = tries.slice(1).map((at, i) => at - tries[i]!);
    [30, 60, 60].forEach((planned, i) => expect(gaps[i]).toBeGreaterThanOrEqual(planned - 2));
    expect(logs).toHaveLength(3);
    expect(logs[0]).toBe(
      'Démarrage : premier administrateur en échec (connect ECONNREFUSED 10.0.0.5:27017) ; nouvel essai dans 0,03 s.',
    );
    expect(await readiness.report()).toEqual({
      ready: true,
      message: 'Prêt.',
      details: { etapes: [{ nom: 'premier administrateur', pret: true, echecs: 3 }] },
    });
  });

  it('names the server that does not answer, and why, without its address', async () => {
    const readiness = new Readiness({ timeoutMs: 50 }).dependsOn(
      {
        name: 'la base des lectures (MongoDB)',
        check: async () => {
          throw new Error('connect ECONNREFUSED 10.0.0.5:27017');
        },
      },
      { name: 'Redis (sessions et travaux)', check: () => new Promise(() => undefined) },
    );
    const report = await readiness.report();
    expect(report.ready).toBe(false);
    expect(report.message).toBe(
      'Pas encore prêt : la base des lectures (MongoDB) est injoignable (connexion refusée) ; Redis (sessions et travaux) est injoignable (délai de réponse dépassé).',
    );
    expect(report.details.serveurs).toEqual([
      {
        nom: 'la base des lectures (MongoDB)',
        pret: false,
        erreur: 'connect ECONNREFUSED 10.0.0.5:27017',
      },
      { nom: 'Redis (sessions et travaux)', pret: false, erreur: 'pas de réponse en 0,05 s' },
    ]);
  });

  it('says the kind of a server error in French', () => {
    expect(unreachableReason(new Error('connection 1 to 127.0.0.1:27017 closed'))).toBe(
      'connexion interrompue',
    );
    expect(unreachableReason(new Error('getaddrinfo ENOTFOUND mongo'))).toBe('adresse introuvable');
  });
});
