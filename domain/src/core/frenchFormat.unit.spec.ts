import { describe, expect, it } from '@jest/globals';
import {
  dayBoundsIn,
  formatDateTimeIn,
  formatDecimalForInput,
  formatFrenchDay,
  formatTimeIn,
  frenchCount,
  instantOfWallClock,
  parseFrenchDecimal,
  wallClockIn,
} from './frenchFormat.js';

describe('decimals as staff type them', () => {
  it.each([
    ['2,5', 2.5],
    ['2.5', 2.5],
    [' 2,50 ', 2.5],
    ['-0,75', -0.75],
    ['+3', 3],
    [',5', 0.5],
    ['12,', 12],
    ['1 234,5', 1234.5],
    ['1\u00a0234,5', 1234.5],
    ['1\u202f000', 1000],
    ['100', 100],
  ])('reads « %s » as %p', (text, value) => {
    expect(parseFrenchDecimal(text)).toBe(value);
  });

  it('reads empty text as no value', () => {
    expect(parseFrenchDecimal('')).toBeNull();
    expect(parseFrenchDecimal('   ')).toBeNull();
  });

  it.each(['deux', '2,5,1', '1.234,5', '2,5 €', '--1', ',', '1e3', '0x10'])(
    'refuses « %s »',
    (text) => {
      expect(parseFrenchDecimal(text)).toBeNaN();
    },
  );

  it('shows a number for typing over, with a comma and no group spaces', () => {
    expect(formatDecimalForInput(2.5)).toBe('2,5');
    expect(formatDecimalForInput(1000)).toBe('1000');
    expect(formatDecimalForInput(-0.125)).toBe('-0,125');
    expect(formatDecimalForInput(Number.NaN)).toBe('');
    // What it shows reads back as the same number.
    for (const n of [0, 1, 2.5, 19.99, 1234567.25, -3.5])
      expect(parseFrenchDecimal(formatDecimalForInput(n))).toBe(n);
  });
});

describe('instants in the office’s time zone', () => {
  // 13:05 UTC is 14:05 in Douala (UTC+1 all year), 15:05 in Paris in summer, 09:05 in New York.
  const instant = '2026-07-14T13:05:09.000Z';

  it('shows the time as HH h MM in the given zone, whatever the machine’s', () => {
    expect(formatTimeIn(instant, 'Africa/Douala')).toBe('14 h 05');
    expect(formatTimeIn(instant, 'Europe/Paris')).toBe('15 h 05');
    expect(formatTimeIn(instant, 'America/New_York')).toBe('09 h 05');
    expect(formatTimeIn('2026-07-14T23:00:00Z', 'Africa/Douala')).toBe('00 h 00');
  });

  it('shows date and time as DD/MM/YYYY à HH h MM, the day being the zone’s', () => {
    expect(formatDateTimeIn(instant, 'Africa/Douala')).toBe('14/07/2026 à 14 h 05');
    // 23:30 UTC on 31 December is already the new year in Douala.
    expect(formatDateTimeIn('2026-12-31T23:30:00Z', 'Africa/Douala')).toBe('01/01/2027 à 00 h 30');
    expect(formatDateTimeIn(new Date(instant), 'Africa/Douala')).toBe('14/07/2026 à 14 h 05');
  });

  it('shows nothing for no instant or an invalid one', () => {
    for (const value of [undefined, null, '', 'pas une date']) {
      expect(formatDateTimeIn(value, 'Africa/Douala')).toBe('');
      expect(formatTimeIn(value, 'Africa/Douala')).toBe('');
    }
  });

  it('shows a calendar day DD/MM/YYYY without moving it', () => {
    expect(formatFrenchDay('1998-03-05')).toBe('05/03/1998');
    expect(formatFrenchDay('')).toBe('');
    expect(formatFrenchDay('hier')).toBe('hier');
  });

  it('finds the instant a wall clock of the zone shows, and back', () => {
    const clock = { year: 2026, month: 3, day: 5, hour: 8, minute: 30, second: 15 };
    expect(instantOfWallClock(clock, 'Africa/Douala')).toBe('2026-03-05T07:30:15.000Z');
    expect(instantOfWallClock(clock, 'Europe/Paris')).toBe('2026-03-05T07:30:15.000Z');
    expect(instantOfWallClock({ ...clock, month: 7 }, 'Europe/Paris')).toBe(
      '2026-07-05T06:30:15.000Z',
    );
    expect(wallClockIn(instantOfWallClock(clock, 'Asia/Kolkata'), 'Asia/Kolkata')).toEqual(clock);
  });

  it('bounds a day of the office for a period filter', () => {
    expect(dayBoundsIn('2026-11-24', 'Africa/Douala')).toEqual({
      start: '2026-11-23T23:00:00.000Z',
      end: '2026-11-24T22:59:59.999Z',
    });
    // A day of 23 hours where the clocks go forward.
    expect(dayBoundsIn('2026-03-29', 'Europe/Paris')).toEqual({
      start: '2026-03-28T23:00:00.000Z',
      end: '2026-03-29T21:59:59.999Z',
    });
    expect(dayBoundsIn('24/11/2026', 'Africa/Douala')).toBeUndefined();
  });
});

describe('counts with their noun', () => {
  it.each([
    [0, 'candidat', undefined, '0 candidat'],
    [1, 'absent', undefined, '1 absent'],
    [2, 'éliminé', undefined, '2 éliminés'],
    [12, 'ajourné', undefined, '12 ajournés'],
    [1, 'admis', 'admis', '1 admis'],
    [2, 'refus', 'refus', '2 refus'],
    [1, 'place libre', 'places libres', '1 place libre'],
    [3, 'place libre', 'places libres', '3 places libres'],
  ])('%d %s → « %s »', (n, singular, pluralForm, expected) => {
    expect(frenchCount(n, singular, pluralForm)).toBe(expected);
  });

  it('agrees a fraction below two in the singular, and groups thousands the French way', () => {
    expect(frenchCount(1.5, 'point')).toBe('1,5 point');
    expect(frenchCount(1234, 'candidat').replace(/\s/g, ' ')).toBe('1 234 candidats');
  });
});
