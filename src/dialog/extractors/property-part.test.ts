/** The words about the house for sale, set apart from the caller's own home, in several phrasings. */
import { describe, expect, it } from 'vitest';
import { BST_NOW, testConfig, testContext } from '../../../test/support/dialog/fixtures.js';
import { startCall, takeTurn } from '../engine/engine.js';
import { addressSlot } from '../slots/address.js';
import type { Heard } from '../slots/reading.js';
import { pointedAtStreet, propertyPart } from './property-part.js';

describe('propertyPart', () => {
  it.each([
    ["i live at 12 oak road but i'm selling my dad's, it's 7 ash grove m14 5ab", ' 7 ash grove m14 5ab'],
    ['mine is 12 oak road, the one im selling is 7 ash grove', ' 7 ash grove'],
    ["that's my postcode m14 5ab, the house is m15 6ab", ' m15 6ab'],
    // Where the caller lives, said as a clause of its own.
    ['where i live is 3 elm close, the one for sale is 8 park road', ' 8 park road'],
    ['not where we live, where we live is 2 ash way, the house is 5 oak road', ' 5 oak road'],
  ])('%j → %j', (said, part) => {
    expect(propertyPart(said)?.text).toBe(part);
  });

  it.each([
    '7 ash grove, not my own house, m14 5ab',
    '12 oak road m14 5ab',
    'i live at 12 oak road',
    "where i live is 12 oak road, it's a semi",
  ])('%j has nothing to set apart', (said) => {
    expect(propertyPart(said)).toBeNull();
  });
});

describe("an address of another kind is not the house's", () => {
  const postcodeOf = (said: string): string | undefined => {
    const heard: Heard = { values: {}, readBack: [], yesNo: null, yesNoAbout: null, notes: [] };
    const listening = {
      expects: new Set<never>(),
      opening: false,
      facts: true,
      street: false,
      now: BST_NOW,
      zone: 'Europe/London',
    };
    addressSlot.read(said, { listening, heard, expecting: false });
    return heard.values.postcode;
  };

  it.each([
    [
      "i'm selling 12 beech grove, yo31 7pq, not the surgery address that's on my emails, that's yo1 7hh",
      'YO31 7PQ',
    ],
    ['the house is 7 ash grove m14 5ab, my work address is 1 king street m2 4lq', 'M14 5AB'],
    ["it's 3 mill lane ls6 2ab, the postcode on my letters is ls1 4dy", 'LS6 2AB'],
    ['selling 40 high street b1 1aa, my own address is b2 4qa', 'B1 1AA'],
  ])('%j is %s', (said, postcode) => {
    expect(postcodeOf(said)).toBe(postcode);
  });
});

describe('a street the caller points at unasked', () => {
  it.each([
    ['its dave smith and the house is 9 elm street', '9 elm street'],
    ['hi im ringing about selling 14 mill road in didsbury', '14 mill road in didsbury'],
    ['this one, and the house is at 3 church lane if that helps', '3 church lane if that helps'],
    ["i want to sell my flat, it's 22 marlow court", '22 marlow court'],
    ['yes. number 62 beech grove. quick sale', '62 beech grove. quick sale'],
  ])('%j', (said, street) => {
    expect(pointedAtStreet(said)).toBe(street);
  });

  it.each([
    [
      "hello my name's sandra, i live at 31 victoria avenue and i want to sell up",
      '31 victoria avenue and i want to sell up',
    ],
    [
      "i've lived at 18 rose hill for fifty years, time to sell",
      '18 rose hill for fifty years, time to sell',
    ],
    ['we have lived at number 4 the crescent since 1990', '4 the crescent since 1990'],
  ])('where a seller lives, with no other home in the story: %j', (said, street) => {
    expect(pointedAtStreet(said)).toBe(street);
  });

  it.each([
    "i live at 12 oak road, i'm selling my mum's",
    'we live at 4 park lane and we want to sell the rental',
    "i've lived at 9 elm street for years, the house i inherited is in bolton",
  ])('where a seller lives is not the house when another is in the story: %j', (said) => {
    expect(pointedAtStreet(said)).toBeNull();
  });

  it('is taken at the name question', () => {
    const config = testConfig();
    const ctx = testContext(BST_NOW);
    let state = startCall(config, ctx, BST_NOW).state;
    state = takeTurn(config, state, ctx, { kind: 'speech', text: 'i want to sell my house' }, BST_NOW).state;
    const text = 'its dave smith and the house is 9 elm street';
    const after = takeTurn(config, state, ctx, { kind: 'speech', text }, BST_NOW).state;
    expect(after.answers.address?.value).toBe('9 Elm Street');
  });
});

/** The address slot's reading of one answer to the address question. */
function readAsked(said: string): Heard['values'] {
  const heard: Heard = { values: {}, readBack: [], yesNo: null, yesNoAbout: null, notes: [] };
  const listening = {
    expects: new Set(['address' as const]),
    asked: 'address' as const,
    opening: false,
    facts: true,
    street: false,
    now: BST_NOW,
    zone: 'Europe/London',
  };
  addressSlot.read(said, { listening, heard, expecting: true });
  return heard.values;
}

describe('words pointing at the house that only confirm its district', () => {
  it.each([
    [
      "8 glen road, bt4 2ab. my sister's in bt9, that's not the house, the house is bt4",
      '8 Glen Road',
      'BT4 2AB',
    ],
    [
      "it's 31 hill street, m14 5ab, not the one in salford, m6, that's not the house, the house is m14",
      '31 Hill Street',
      'M14 5AB',
    ],
  ])('%j keeps the street and postcode said before', (said, address, postcode) => {
    const values = readAsked(said);
    expect(values.address).toBe(address);
    expect(values.postcode).toBe(postcode);
  });

  it('a different postcode pointed at still stands alone', () => {
    const values = readAsked("i live at 12 oak road m14 5ab, but the house i'm selling is m15 6ab");
    expect(values.postcode).toBe('M15 6AB');
    expect(values.address).toBeUndefined();
  });
});
