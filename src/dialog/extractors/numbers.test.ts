import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sayNumber } from '../../../test/support/dialog/render-speech.js';
import { findNumbers, parseSpokenNumber } from './numbers.js';

describe('parseSpokenNumber', () => {
  it.each([
    ['zero', 0],
    ['seven', 7],
    ['twelve', 12],
    ['twenty one', 21],
    ['forty', 40],
    ['a hundred', 100],
    ['one hundred and one', 101],
    ['two hundred fifty', 250],
    ['twelve hundred', 1200],
    ['two fifty', 250],
    ['one oh five', 105],
    ['nineteen ninety', 1990],
    ['a thousand', 1000],
    ['two thousand and five', 2005],
    ['two hundred and fifty thousand', 250_000],
    ['one million two hundred and thirty four thousand five hundred and sixty seven', 1_234_567],
    ['two million and fifty thousand', 2_050_000],
    ['half a million', 500_000],
    ['a quarter of a million', 250_000],
    ['three quarters of a million', 750_000],
    ['one point two', 1.2],
    ['one point two five million', 1_250_000],
    ['two and a half', 2.5],
    ['two and a half million', 2_500_000],
    ['a million and a half', 1_500_000],
    ['three billion', 3_000_000_000],
    ['250', 250],
    ['250,000', 250_000],
    ['1.2 million', 1_200_000],
    ['2 hundred', 200],
    ['Two-Hundred and Fifty', 250],
  ])('reads %j as %d', (words, value) => {
    expect(parseSpokenNumber(words)).toBe(value);
  });

  it.each(['', 'hello', 'five five', 'two hundred pounds', 'and', 'a', 'point'])('rejects %j', (words) => {
    expect(parseSpokenNumber(words)).toBeNull();
  });

  it('accepts a list of words', () => {
    expect(parseSpokenNumber(['two', 'hundred', 'and', 'five'])).toBe(205);
  });

  it('reads back every number said in British English up to billions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => {
        expect(parseSpokenNumber(sayNumber(n))).toBe(n);
      }),
      { numRuns: 500 },
    );
  });
});

describe('findNumbers', () => {
  it('finds every number in a sentence with its position', () => {
    const tokens = 'i have three kids and want two hundred thousand for 12 acacia avenue'.split(' ');
    expect(findNumbers(tokens).map((n) => [n.value, n.start, n.end])).toEqual([
      [3, 2, 3],
      [200_000, 6, 9],
      [12, 10, 11],
    ]);
  });
});
