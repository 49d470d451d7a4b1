import { afterEach, describe, expect, it } from '@jest/globals';
import { startTestApp } from './testApp.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
let t: TestApp | undefined;
const saved = process.env.TIME_ZONE;

afterEach(async () => {
  await t?.close();
  t = undefined;
  if (saved === undefined) delete process.env.TIME_ZONE;
  else process.env.TIME_ZONE = saved;
});

describe('GET /api/informations tells the dashboard the office’s time zone', () => {
  it('answers Africa/Douala when TIME_ZONE says nothing, to a signed-in user only', async () => {
    delete process.env.TIME_ZONE;
    t = await startTestApp();
    expect((await t.agent().inject({ method: 'GET', url: '/api/informations' })).statusCode).toBe(
      401,
    );
    const admin = await t.asAdmin();
    const answer = await admin.inject({ method: 'GET', url: '/api/informations' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ fuseauHoraire: 'Africa/Douala' });
  });

  it('answers the zone TIME_ZONE names', async () => {
    process.env.TIME_ZONE = 'Europe/Paris';
    t = await startTestApp();
    const admin = await t.asAdmin();
    const answer = await admin.inject({ method: 'GET', url: '/api/informations' });
    expect(answer.json()).toMatchObject({ fuseauHoraire: 'Europe/Paris' });
  });
});
