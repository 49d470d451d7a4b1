import { describe, expect, it } from '@jest/globals';
import type { FastifyRequest } from 'fastify';
import { typedAtOf } from './headers.js';

const request = (value?: string) =>
  ({ headers: value === undefined ? {} : { 'x-saisi-le': value } }) as unknown as FastifyRequest;
const NOW = '2026-11-29T10:00:00.000Z';

describe('X-Saisi-Le: when an entry kept offline was typed', () => {
  it('keeps an instant before the command arrived, up to 7 days back', () => {
    expect(typedAtOf(request('2026-11-29T09:12:30.250Z'), NOW)).toBe('2026-11-29T09:12:30.250Z');
    expect(typedAtOf(request('2026-11-22T10:00:00.000Z'), NOW)).toBe('2026-11-22T10:00:00.000Z');
  });

  it('ignores what is missing, malformed, older than 7 days, or not before the arrival', () => {
    for (const value of [
      undefined,
      '',
      'hier',
      '29/11/2026 09:00',
      '2026-11-29',
      '2026-11-22T09:59:59.999Z',
      NOW,
      '2026-11-29T10:05:00.000Z',
    ])
      expect(typedAtOf(request(value), NOW)).toBeUndefined();
  });
});
