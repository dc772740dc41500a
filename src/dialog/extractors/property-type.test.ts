import { describe, expect, it } from 'vitest';
import { extractPropertyType } from './property-type.js';

describe('a terrace told by its rooms up and down, in words or digits', () => {
  it.each([
    'got a 2 up 2 down number 88',
    "we've a three-up three-down",
    'a 3 up 3 down off the high street',
    'little one up one down, a proper old one',
    'a 2up 2down',
  ])('%j is terraced', (said) => {
    expect(extractPropertyType(said)).toBe('terraced');
  });

  it.each(['two up and one down, the bedrooms', 'two up one down and a box room'])(
    '%j counts bedrooms and names no type',
    (said) => {
      expect(extractPropertyType(said)).toBeNull();
    },
  );
});

describe('extractPropertyType', () => {
  it.each([
    ['three bed semi', 'semi-detached'],
    ['semi-detached house', 'semi-detached'],
    ['semi detached', 'semi-detached'],
    ["it's a detached house", 'detached'],
    ['link detached', 'detached'],
    ['end of terrace', 'terraced'],
    ['mid terrace', 'terraced'],
    ['terraced house', 'terraced'],
    ['a victorian terrace', 'terraced'],
    ['town house', 'terraced'],
    ['townhouse', 'terraced'],
    ['back to back', 'terraced'],
    ['two up two down', 'terraced'],
    ['flat', 'flat'],
    ['ground floor flat', 'flat'],
    ['apartment', 'flat'],
    ['maisonette', 'flat'],
    ['penthouse', 'flat'],
    ['studio', 'flat'],
    ['bungalow', 'bungalow'],
    ['detached bungalow', 'bungalow'],
    ['semi detached bungalow', 'bungalow'],
    ['dormer bungalow', 'bungalow'],
    ['a cottage', 'other'],
    ['a farmhouse', 'other'],
    ['barn conversion', 'other'],
    ['block of flats', 'other'],
    ['an hmo', 'other'],
    ['mobile home', 'other'],
    ['plot of land', 'other'],
    ['terraced cottage', 'terraced'],
    ['detached cottage', 'detached'],
    ['flat above a shop', 'flat'],
    ["it's not a semi it's detached", 'detached'],
    ["no it's a semi", 'semi-detached'],
    ['um like a four bed semi yeah', 'semi-detached'],
  ])('reads %j as %s', (said, type) => {
    expect(extractPropertyType(said)).toBe(type);
  });

  it.each([
    '',
    'hello',
    "it's a house",
    'house with a flat roof extension',
    'a flat fee',
    'it has a roof terrace',
    "it isn't detached",
    "i'm semi retired",
    'granny flat at the back of the house',
    'rose cottage mill lane hebden bridge',
    'its on chapel street',
  ])('finds no type in %j', (said) => {
    expect(extractPropertyType(said)).toBeNull();
  });
});

describe('a type put right in the same breath', () => {
  it.each([
    ['detached, well, link detached really, the garages join', 'detached'],
    ["it's a semi well end of terrace really", 'terraced'],
    ['a terrace, no sorry, a semi', 'semi-detached'],
    ['well it is a bungalow', 'bungalow'],
    ['a maison ette over the shops', 'flat'],
  ])('reads %j as %s', (said, type) => {
    expect(extractPropertyType(said)).toBe(type);
  });
});

describe('a Scottish flat told by its address alone', () => {
  it.each([
    ['nought stroke one, 40 dumbarton road, g11 6ra', 'flat'],
    ['2/1 17 byres road', 'flat'],
    ['it is three slash two, 8 cathcart street', 'flat'],
    ['15 easter road, 2f1, edinburgh', 'flat'],
    ['flat 3f2, 40 leith walk', 'flat'],
  ])('reads %j as %s', (said, type) => {
    expect(extractPropertyType(said)).toBe(type);
  });

  it.each(['about 3/4 of a million', 'a 4x4 on the drive', 'number 3, 4 bedrooms'])(
    'reads no type from %j',
    (said) => {
      expect(extractPropertyType(said)).toBeNull();
    },
  );
});

describe('a home the caller is moving to or buying is not the one they sell', () => {
  it.each([
    // A home wished for: "i'd like", "we fancy", "i want".
    "i'd like a little bungalow near my daughter",
    'we fancy a flat by the sea',
    "i want a bungalow when it's sold",
    'i want to buy my daughter a flat',
    "we're downsizing to a bungalow",
    "we're moving into a little flat",
    'looking for a two bed bungalow',
    'we want something on the flat',
    // A wish said as "summat" or "something", and "id like" with its "like" lost.
    'me and the wife want summat smaller, a bungalow probably',
    "we're after something smaller, a semi maybe",
    'id like a little flat in town',
    'wed like a bungalow near the kids',
  ])('%j names no type said in passing', (said) => {
    expect(extractPropertyType(said)).toBeNull();
  });

  it.each([
    ["i'm selling my semi so i can buy a bungalow", 'semi-detached'],
    ["we're moving into a flat but this one's a semi", 'semi-detached'],
    ['hi i want to sell my flat', 'flat'],
    ["it's a semi, i'd like a little bungalow next", 'semi-detached'],
    ['a terrace, we fancy a flat by the sea', 'terraced'],
    ["detached, i want a bungalow when it's sold", 'detached'],
    ['a terrace, we want summat smaller though, a flat', 'terraced'],
    ['semi, id like a bungalow after', 'semi-detached'],
  ])('%j is the home being sold', (said, type) => {
    expect(extractPropertyType(said)).toBe(type);
  });

  it('takes the other home only when it is all the answer to the question', () => {
    expect(extractPropertyType("we're moving into a flat", { asked: true })).toBe('flat');
  });
});

describe('asked the type, a house told by what it is joined to', () => {
  it.each([
    ["it's attached on one side", 'semi-detached'],
    ['joined to one side only', 'semi-detached'],
    ['joined on both sides', 'terraced'],
    ['neighbours either side, in a row of houses', 'terraced'],
    ["it's on its own, no neighbours either side", 'detached'],
    ['stand alone house', 'detached'],
    ["it doesn't share a wall with anyone", 'detached'],
    // Told by the pair it is half of.
    ["it's two houses joined together, ours and next door's", 'semi-detached'],
    ['one of a pair, built in the thirties', 'semi-detached'],
    ['2 homes built together with a shared wall', 'semi-detached'],
  ] as const)('%j is %s', (said, type) => {
    expect(extractPropertyType(said, { asked: true })).toBe(type);
  });

  it.each(['an end terrace, joined on one side', 'a semi, on its own plot'])(
    'a type word outweighs the sides: %j',
    (said) => {
      expect(extractPropertyType(said, { asked: true })).toBe(
        said.includes('terrace') ? 'terraced' : 'semi-detached',
      );
    },
  );

  it('volunteered, the sides say nothing', () => {
    expect(extractPropertyType('the neighbours on both sides are lovely')).toBeNull();
  });
});

describe('a type the house is only likened to, Scottish flats and boats', () => {
  it.each([
    ['end terrace, but it feels more like a semi really', 'terraced'],
    ['mid terrace though it looks like a detached from the road', 'terraced'],
    ["a semi, it's almost a detached with the big gap", 'semi-detached'],
    // Said alone, the likeness is all there is.
    ["it's like a semi", 'semi-detached'],
    ['a four-in-a-block, the upstairs one', 'flat'],
    ['four in a block, ex council', 'flat'],
    ['a tenement, second floor', 'flat'],
    ["it's a narrowboat", 'other'],
    ['a canal boat on a residential mooring', 'other'],
  ] as const)('%j is %s', (said, type) => {
    expect(extractPropertyType(said, { asked: true })).toBe(type);
  });

  it('"a flat like mine" is the caller\'s own, not another home', () => {
    expect(extractPropertyType('what would you pay for a flat like mine in leith')).toBe('flat');
    expect(extractPropertyType("we're buying a flat in leith")).toBeNull();
  });
});
