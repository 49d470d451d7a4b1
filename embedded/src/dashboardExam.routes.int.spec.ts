import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DashboardFigureValue } from '@examens-pro/domain';
import { closedDeliberation, requests, type DeliberationFixture } from './examFixture.js';
import { startTestApp, type Agent } from './testApp.js';

/**
 * The dashboard home's exam figures (« Notes retenues », « Candidats admis ») on a session whose
 * marks are entered and whose jury has deliberated: each equals what the screen it links to lists.
 */
type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp;
let admin: Agent;
let fx: DeliberationFixture;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.asAdmin();
  // Six candidates, THEO 15, 7, 12, 16, 9, 11 (pass mark 10): four admitted.
  fx = await closedDeliberation(t, admin);
}, 120_000);
afterAll(async () => t.close());

describe('the dashboard home’s exam figures', () => {
  it('count the retained marks and the admitted candidates as their screens list them', async () => {
    const sessionId = fx.session.ids.session!;
    const { chiffres } = await requests(admin).read<{ chiffres: DashboardFigureValue[] }>(
      `/api/tableau-de-bord/chiffres?sessionId=${sessionId}`,
      fx.position,
    );
    const figure = (key: string) => chiffres.find((c) => c.key === key)!;
    expect(figure('admis').value).toBe(4);
    expect(figure('notes').value).toBeGreaterThanOrEqual(6);
    // Each links to its screen for the session.
    expect(figure('notes').path).toBe(`espace-examen/notes/liste-des-notes?sessionId=${sessionId}`);
    expect(figure('admis').path).toBe(
      `espace-examen/gestion-des-admissions/extraction-par-rang-des-admis?sessionId=${sessionId}`,
    );
    // What those screens list: the session's retained marks, its admitted candidates.
    const marks = await admin.inject({
      method: 'GET',
      url: `/api/notes?filter=${encodeURIComponent(JSON.stringify({ sessionId, statut: 'retenue' }))}&range=[0,0]`,
    });
    expect(Number(String(marks.headers['content-range']).split('/')[1])).toBe(
      figure('notes').value,
    );
    const extraction = await requests(admin).read<{ total: number }>(
      `/api/extraction-admis?sessionId=${sessionId}`,
      fx.position,
    );
    expect(extraction.total).toBe(figure('admis').value);
  });
});
