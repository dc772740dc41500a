import { describe, expect, it } from 'vitest';
import { phoneDigits, searchTerms } from './search.js';

describe('phoneDigits', () => {
  it.each([
    ['07700 900123', '07700900123'],
    ['+44 7700 900123', '447700900123'],
    ['+44 (0)7700 900123', '447700900123'],
    ['0044 7700 900123', '447700900123'],
    ['900 123', '900123'],
    ['07700-90', '0770090'],
  ])('reads %s as %s', (typed, digits) => {
    expect(phoneDigits(typed)).toBe(digits);
  });

  it.each(['Union Street', '12', 'Flat 2, 14 Union Street', '+', '(0)'])('leaves %s to the text', (typed) => {
    expect(phoneDigits(typed)).toBeNull();
  });
});

describe('searchTerms', () => {
  it('makes % _ and \\ literal, and a blank text no search', () => {
    expect(searchTerms('100%_a\\b')).toEqual({ pattern: '%100\\%\\_a\\\\b%', digits: null });
    expect(searchTerms('  ')).toBeNull();
    expect(searchTerms(undefined)).toBeNull();
    expect(searchTerms(' 900 123 ')).toEqual({ pattern: '%900 123%', digits: '%900123%' });
  });
});
