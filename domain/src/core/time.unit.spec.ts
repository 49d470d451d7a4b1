import { describe, expect, it } from '@jest/globals';
import { localDate } from './time.js';

/** The day as Intl says it, without any cache. */
const reference = (instant: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

describe('localDate', () => {
  it('gives the day Intl gives, minute by minute around midnights and changes of offset', () => {
    const zones = ['Africa/Douala', 'Europe/Paris', 'Asia/Kolkata', 'Australia/Eucla', 'UTC'];
    // Around the change to summer time in Paris (30/03/2025 at 01:00 UTC), and midnights of
    // zones offset by half or three quarters of an hour.
    const starts = [Date.UTC(2025, 2, 29, 20), Date.UTC(2025, 9, 25, 20), Date.UTC(2026, 0, 1, 12)];
    for (const zone of zones) {
      const format = (instant: Date) => reference(instant, zone);
      const wrong: string[] = [];
      for (const start of starts)
        for (let minute = 0; minute < 14 * 60; minute += 1) {
          const instant = new Date(start + minute * 60_000 + 17_000);
          // The reference every fifteen minutes and at each minute around a quarter's end.
          if (minute % 15 !== 0 && minute % 15 !== 14) continue;
          if (localDate(instant.toISOString(), zone) !== format(instant))
            wrong.push(instant.toISOString());
        }
      expect(`${zone}: ${wrong.join(', ')}`).toBe(`${zone}: `);
    }
  });
});
