/**
 * Classes of street lines as people say them, each in several phrasings: the street before its
 * number, a word between the number and the street, a number put right, a building with no street
 * word, and a Scottish flat's position ("3 stroke 1").
 */
import { describe, expect, it } from 'vitest';
import { extractAddress } from './address.js';
import { extractReason } from './reason.js';

describe('street lines as people say them', () => {
  it.each([
    // The street first, then its number.
    ['acacia avenue, number 14, ls6 2ab', '14 Acacia Avenue'],
    ['mill lane number 3', '3 Mill Lane'],
    ["it's on elm grove, number 30", '30 Elm Grove'],
    // A word between the number and a street that has its street word.
    ["it's 14 on acacia avenue ls6 2ab", '14 Acacia Avenue'],
    ["number 14, that's acacia avenue, ls6 2ab", '14 Acacia Avenue'],
    ['number 9 its station road', '9 Station Road'],
    // A number put right keeps its street.
    ['14 acacia avenue, sorry 16, ls6 2ab', '16 Acacia Avenue'],
    ['22 bold street, no, sorry, 24', '24 Bold Street'],
    // A flat in a building with no street word, known by the postcode or the end of the answer.
    ['apartment 4, the maltings, ls2 7ef', 'Apartment 4, The Maltings'],
    ['flat 9 riverside', 'Flat 9, Riverside'],
    // A Scottish flat's position, said or written.
    ['flat 3 stroke 1 22 dumbarton road g11 6aa', 'Flat 3/1, 22 Dumbarton Road'],
    ['flat two slash one, 8 great western road, g12 8hl', 'Flat 2/1, 8 Great Western Road'],
    ['2/1 8 great western road g12 8hl', 'Flat 2/1, 8 Great Western Road'],
    ['0/2, 41 paisley road', 'Flat 0/2, 41 Paisley Road'],
  ])('%j → %j', (said, line) => {
    expect(extractAddress(said)).toBe(line);
  });

  it.each(['14 acacia avenue, sorry, 16 years we lived there', 'number 14 and it was 3 years ago'])(
    'does not take a number that is not the house put right: %j',
    (said) => {
      expect(extractAddress(said) ?? '').not.toMatch(/^16 |^3 /);
    },
  );

  it.each(['flat 3 stroke 1, 22 dumbarton road', 'it is 1 slash 2, 12 hyndland road'])(
    'a flat position is not an illness: %j',
    (said) => {
      expect(extractReason(said)).toBeNull();
    },
  );
});
