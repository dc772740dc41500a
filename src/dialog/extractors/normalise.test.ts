import { describe, expect, it } from 'vitest';
import { normaliseUtterance, toTokens } from './normalise.js';

describe('normaliseUtterance', () => {
  it.each([
    ['Hello, World!', 'hello world'],
    ['  lots   of   space  ', 'lots of space'],
    ['Um, it’s a SEMI-detached', "it's a semi detached"],
    ['£250,000.', '£250,000'],
    ['1.2m, maybe', '1.2m maybe'],
    ['at 10:30.', 'at 10:30'],
    ['on 25/12', 'on 25/12'],
    ['+44 7911 123456', '+44 7911 123456'],
    ['er, erm, uh, hmm ok', 'ok'],
    ["yeah so it's a three bed", "yeah it's a three bed"],
    ['so yeah the house', 'yeah the house'],
    ["it's like a three bed", "it's a three bed"],
    ["i'd like to sell", "i'd like to sell"],
    ['it looks like a semi', 'it looks like a semi'],
    ['it was sort of dated you know', 'it was dated'],
    ['do you know the area', 'do you know the area'],
    ['A.S.A.P.', 'asap'],
    ['fish & chips', 'fish and chips'],
    ['50% done', '50 percent done'],
    ["O'Brien's house", "o'brien's house"],
    ['well i mean it is basically empty', 'it is empty'],
    ['so far so good', 'so far so good'],
    ['', ''],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normaliseUtterance(raw)).toBe(expected);
  });

  it('splits into tokens', () => {
    expect(toTokens('Um, M14 5AB!')).toEqual(['m14', '5ab']);
    expect(toTokens('')).toEqual([]);
  });
});

describe('normaliseUtterance puts back what recognisers mishear', () => {
  it.each([
    ['a chalet bungle oh', 'a chalet bungalow'],
    ['3 bed bunglow', '3 bed bungalow'],
    ["it's a detach", "it's a detached"],
    ['the tached house', 'detached house'],
    ['lived their thirty years', 'lived there thirty years'],
    ['six to ate weeks', 'six to eight weeks'],
    ['after a quick sail', 'after a quick sale'],
  ])('%j → %j', (said, meant) => {
    expect(normaliseUtterance(said)).toBe(meant);
  });

  it.each(['their house is next door', 'we ate out', 'detach from the wall', 'a sail boat'])(
    'leaves %j alone',
    (said) => {
      expect(normaliseUtterance(said)).toBe(said);
    },
  );
});

describe('dialect forms and "won" before a number', () => {
  it.each([
    ["me an' the wife", 'me and the wife'],
    ["two hundred an' ten", 'two hundred and ten'],
    ['a hunner and fifty', 'a hundred and fifty'],
    ['three hunnerd quid', 'three hundred quid'],
    ['won eighty-five', 'one eighty five'],
    ['won twenty grand', 'one twenty grand'],
    // A letter dropped and marked with the apostrophe.
    ["could do wi' a coat o' paint", 'could do with a coat of paint'],
    ["we're sellin', the kids are growin' up", "we're selling the kids are growing up"],
    ["it's wantin' a new roof", "it's wanting a new roof"],
  ])('%j → %j', (said, meant) => {
    expect(normaliseUtterance(said)).toBe(meant);
  });

  it.each(["we've won the lottery", 'an apple', 'my aunt an', "hunter's lodge", "o'brien's in", 'the wi fi'])(
    'leaves %j alone',
    (said) => {
      expect(normaliseUtterance(said)).toBe(said);
    },
  );
});

describe('stutters and slips the recogniser keeps', () => {
  it.each([
    ['by by the end of may', 'by the end of may'],
    ['by the by the end of may', 'by the end of may'],
    ["it's it's a semi", "it's a semi"],
    ['we we want it gone', 'we want it gone'],
    ['write away really', 'right away really'],
    ['won double bedroom and a single', 'one double bedroom and a single'],
    // Letters and digits of a postcode are never stutters.
    ['s w one a one a a', 's w one a one a a'],
    ['b b one be be', 'b b one be be'],
  ])('%j → %j', (said, normalised) => {
    expect(normaliseUtterance(said)).toBe(normalised);
  });
});

describe('turns of phrase that only hold the floor', () => {
  it.each([
    ["ooh, right, it's, let me think, 12 oak road", "ooh right it's 12 oak road"],
    ['believe it or not about 200 grand', 'about 200 grand'],
    ['put it this way it needs a lot doing', 'it needs a lot doing'],
    ['three bedrooms, touch wood', 'three bedrooms'],
    ['as it happens its empty', 'its empty'],
    ["to cut a long story short we're splitting up", "we're splitting up"],
  ])('%j → %j', (said, normalised) => {
    expect(normaliseUtterance(said)).toBe(normalised);
  });

  it.each(['let me think about it', 'let me see what the wife says'])(
    'keeps %j, which says something',
    (said) => {
      expect(normaliseUtterance(said)).toBe(said);
    },
  );
});

describe('apostrophes and homophones a plain transcript loses, put back where they can only mean one thing', () => {
  it.each([
    ['were moving back home', "we're moving back home"],
    ['and were just looking', "and we're just looking"],
    ['my dad lives their on his own', 'my dad lives there on his own'],
    ['nobody their now', 'nobody there now'],
    ['moneys tight ill be honest', "money's tight i'll be honest"],
    ['the wifes left me', "the wife's left me"],
    ['its my late fathers house', "its my late father's house"],
    ['m four mother 14 5 b four bravo', 'm for mother 14 5 b for bravo'],
    ['my grandmothers old place', "my grandmother's old place"],
    ['im selling', "i'm selling"],
    ['we rent it two a couple', 'we rent it to a couple'],
    ['he left it two the three of us', 'he left it to the three of us'],
    ['going back home two the valleys', 'going back home to the valleys'],
    ['moving back home too the farm', 'moving back home to the farm'],
    ['moving two spain', 'moving to spain'],
    ['im calling four my father', "i'm calling for my father"],
    ['not four a while', 'not for a while'],
    ['do i have two give you that', 'do i have to give you that'],
    ['whats it got two do with you', "what's it got to do with you"],
    ['we need two sell quick', 'we need to sell quick'],
    ['before the kids go back two school', 'before the kids go back to school'],
    ['a back two back', 'a back to back'],
  ])('%j → %j', (said, normalised) => {
    expect(normaliseUtterance(said)).toBe(normalised);
  });

  it.each([
    'they were moving out',
    'the tenants were great',
    'it is two the crescent',
    'fifty four the crescent',
    'twenty two my road',
    "there's four my mum had the back one as a sewing room",
    "there's two my mammy had one",
    'four my son moved out last month',
    'four a year',
    'i was ill for a month',
    'their house is next door',
    'we have two doubles',
    'a four acre plot',
    'i four if you count the little one',
    "we've got two singles",
  ])('leaves %j as it is', (said) => {
    expect(normaliseUtterance(said)).toBe(said);
  });
});
