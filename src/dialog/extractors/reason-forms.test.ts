/** A house that came to the caller by a will or a gift is inherited, however it is put. */
import { describe, expect, it } from 'vitest';
import { extractReason } from './reason.js';

describe('inherited, said as people say it', () => {
  it.each([
    "got a house through my dad's will",
    "it came to me in my gran's will",
    'it came to us under the will',
    "i've been left a house",
    'we were left the bungalow by my uncle',
    'i was left the flat',
    'my aunt left it me',
  ])('%j', (said) => {
    expect(extractReason(said)).toBe('inherited');
  });

  it.each([
    ['i will sell if the price is right', null],
    ['we left the house in march', null],
  ])('%j is not an inheritance', (said, reason) => {
    expect(extractReason(said)).toBe(reason);
  });
});
