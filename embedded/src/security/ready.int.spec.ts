import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApp, type Agent } from '../testApp.js';

/**
 * `GET /api/ready` tells anyone whether the product is ready, and only a
 * signed-in administrator (`administration.maintenance`) the state of each projection (names,
 * positions, errors).
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let clerk: Agent;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  clerk = await t.userWith(['candidat.lister-inscrits'], 'pret.agent@test.local');
});
afterAll(async () => t?.close());

describe('GET /api/ready', () => {
  it('answers an anonymous visitor only whether the product is ready', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ pret: true, message: 'Prêt.' });
  });

  it('answers a signed-in user without the administration rights the same', async () => {
    const response = await clerk.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ pret: true, message: 'Prêt.' });
  });

  it('gives the projections’ state to a signed-in administrator', async () => {
    const response = await admin.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ pret: boolean; projections: { name: string }[] }>();
    expect(body.pret).toBe(true);
    expect(body.projections.map((p) => p.name)).toEqual(
      expect.arrayContaining(['utilisateurs', 'resultats-publics']),
    );
  });
});
