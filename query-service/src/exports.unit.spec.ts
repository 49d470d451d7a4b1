import { afterEach, describe, expect, it, jest } from '@jest/globals';

const saved = process.env.TIME_ZONE;
afterEach(() => {
  if (saved === undefined) delete process.env.TIME_ZONE;
  else process.env.TIME_ZONE = saved;
  jest.resetModules();
});

/** The writers read TIME_ZONE once: each case loads them afresh under its own zone. */
const writers = async (zone: string | undefined) => {
  if (zone === undefined) delete process.env.TIME_ZONE;
  else process.env.TIME_ZONE = zone;
  return import('./exports.js');
};

describe('exported instants are the office’s time', () => {
  it('writes an instant as DD/MM/YYYY à HH h MM in Africa/Douala by default', async () => {
    const { csvText, exportFileName } = await writers(undefined);
    expect(csvText({ instant: '2026-12-31T23:30:00.000Z' })).toBe('01/01/2027 à 00 h 30');
    expect(csvText({ day: '2026-12-31' })).toBe('31/12/2026');
    expect(exportFileName('metiers', 'csv', new Date('2026-12-31T23:30:00.000Z'))).toBe(
      'metiers-01-01-2027.csv',
    );
  });

  it('follows TIME_ZONE', async () => {
    const { csvText } = await writers('America/New_York');
    expect(csvText({ instant: '2026-12-31T23:30:00.000Z' })).toBe('31/12/2026 à 18 h 30');
  });
});
