/** Names: false starts dropped, spelt letters taken literally, ordinary words never names. */
import { describe, expect, it } from 'vitest';
import { extractName, mergeName } from './name.js';
import { findSpelling } from './name-spelling.js';
import { toTokens } from './normalise.js';

describe('extractName: false starts and repeats', () => {
  it.each([
    ['its claire um claire dunne', 'Claire Dunne'],
    ["it's er john no jon smith", 'Jon Smith'],
    ['my name is sarah sarah jones', 'Sarah Jones'],
    ['john sorry jon smith', 'Jon Smith'],
    ['its dave um dave wilson', 'Dave Wilson'],
    ["er its um mike mike o'connor", "Mike O'Connor"],
    ['this is claire actually clare dunne', 'Clare Dunne'],
  ])('%j → %j', (said, full) => {
    expect(extractName(said, { expectingName: true })?.full).toBe(full);
  });
});

describe('extractName: spelt letters', () => {
  it.each([
    ["that's spelt a o i f e", 'Aoife'],
    ['its eefa a o i f e', 'Aoife'],
    ['aoife spelled a o i f e', 'Aoife'],
    ['s-i-o-b-h-a-n', 'Siobhan'],
    ['s i o b h a n', 'Siobhan'],
    ['its matt m a double t', 'Matt'],
    ['alpha oscar india foxtrot echo', 'Aoife'],
    ['my name is claire dunne d u n n e', 'Claire Dunne'],
    ['niamh thats n i a m h murphy', 'Niamh Murphy'],
    ['its jon j o n', 'Jon'],
  ])('%j → %j', (said, full) => {
    const name = extractName(said, { expectingName: true });
    expect(name?.full).toBe(full);
    expect(name?.spelled).toBe(true);
  });

  it.each(['i said a', 'a o', 'you see', 'a house in m14', "it's charlie"])('%j is no spelling', (said) => {
    expect(findSpelling(toTokens(said))).toBeNull();
  });
});

describe('extractName: words that are not names', () => {
  it.each([
    "12 pound street it's worth about 150k",
    "it's worth about 200",
    "it's valued at 300",
    "it's freehold",
    "it's damp",
    "it's fine",
    "it's quick",
    "i'm behind on the mortgage",
    "it's spelt funny",
  ])('%j → no name', (said) => {
    expect(extractName(said)).toBeNull();
  });
});

describe('mergeName: a known full name is kept', () => {
  it.each([
    ['Danny Ryan', 'Danny', 'Danny Ryan'],
    ['Danny Ryan', 'Sarah', 'Danny Ryan'],
    ['Danny Ryan', 'Sarah Ryan', 'Sarah Ryan'],
    ['Danny', 'Danny Ryan', 'Danny Ryan'],
    [null, 'Danny', 'Danny'],
    ['Danny', 'Dan', 'Dan'],
  ] as const)('%j then %j → %j', (known, heard, kept) => {
    expect(mergeName(known, heard)).toBe(kept);
  });
});

describe('extractName: letters not announced as a spelling', () => {
  it.each(['m one four oh a b', 'alpha bravo charlie', 'its a b c road'])(
    '%j is at most a doubtful name',
    (said) => {
      expect(extractName(said)?.confidence ?? 'low').toBe('low');
    },
  );

  it.each(["i'm gutted", "i'm stuck", "i'm struggling", "i'm skint"])('%j → no name', (said) => {
    expect(extractName(said)).toBeNull();
  });
});

describe('extractName: spelt words among other talk', () => {
  it.each([
    // Each word of the name spelt, with hyphens marking where one ends.
    ['Bo Yang. B-O, Y-A-N-G.', 'Bo Yang'],
    ['femi bello f-e-m-i b-e-l-l-o', 'Femi Bello'],
    ['Tunde Ojo. Do you want that spelt? T-U-N-D-E, then O-J-O.', 'Tunde Ojo'],
    // One word spelt, with talk round the letters.
    ["Rhys Morgan. That's R-H-Y-S, the Welsh way.", 'Rhys Morgan'],
    ['okay so tom pryce p-r-y-c-e', 'Tom Pryce'],
    ['eilidh thats e-i-l-i-d-h not eilie people always get that wrong eilidh fraser', 'Eilidh Fraser'],
    // The surname spelt after its label, the first name said by where it goes.
    ['okafor is the surname o-k-a-f-o-r and its chidi first', 'Chidi Okafor'],
  ])('%j → %j', (said, full) => {
    expect(extractName(said, { expectingName: true })?.full).toBe(full);
  });
});
