import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.js';

const NOW = Date.parse('2024-05-01T10:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120],
    [' 0 ', 0],
    [['30', '60'], 30],
    ['Wed, 01 May 2024 10:02:00 GMT', 120],
    ['Wed, 01 May 2024 10:00:00 GMT', 0],
    ['Wed, 01 May 2024 09:00:00 GMT', 0], // a date in the past means "now", never negative
    ['Wed, 01 May 2024 10:00:00 GM', null],
    ['-5', null],
    ['1.5', null],
    ['soon', null],
    ['', null],
    [undefined, null],
  ])('reads %o as %o', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});
