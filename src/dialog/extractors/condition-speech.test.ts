/**
 * Condition in everyday speech: a part said to be old or pointed back to, a house of another
 * century, middling praise, a band put and turned down, a question put back and answered, the
 * caller's other house said in one breath, comparisons with newer houses, trouble played down to
 * the surface, and the recogniser's "four" and "two".
 */
import { describe, expect, it } from 'vitest';
import { extractCondition } from './condition.js';

const asked = (said: string) => extractCondition(said, { answering: true });

describe('a part said to be old, or pointed back to', () => {
  it.each([
    ["boiler's older than my grandson", 'needs_modernisation'],
    ['the plumbing is getting old', 'needs_modernisation'],
    ["the wiring's all original", 'needs_modernisation'],
  ])('said in passing, %j is %s', (said, condition) => {
    expect(extractCondition(said)).toBe(condition);
  });

  it.each([
    ["the electrics are ancient but it's fine otherwise", 'needs_modernisation'],
    ["it's solid, except the bathroom, that's on its last legs", 'needs_modernisation'],
    ['lovely apart from the windows which are rotten', 'needs_modernisation'],
    ["it's alright bar the kitchen, it's falling to bits", 'needs_modernisation'],
  ])('%j is %s', (said, condition) => {
    expect(asked(said)).toBe(condition);
  });
});

describe('a house of another century, and work all through that is a job', () => {
  it.each([
    ['it wants bringing into the twenty first century', 'needs_modernisation'],
    ['somebody needs to drag it into the modern age', 'needs_modernisation'],
    ['walking in there is like stepping back in time', 'needs_modernisation'],
    ['the bathroom hasnae been touched in thirty year', 'needs_modernisation'],
    ["it's nae been updated since the eighties", 'needs_modernisation'],
    ['it needs papering throughout', 'needs_modernisation'],
    ['it needs painting throughout and new carpets', 'needs_modernisation'],
    ['wants painting all through', 'needs_modernisation'],
    ["honestly it'd need a kitchen and a bathroom", 'needs_modernisation'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said)).toBe(condition);
  });

  it.each(['we need a bathroom downstairs for mum', 'going back in time, dad bought it in nineteen seventy'])(
    'what a person needs, or a story told, is no condition: %j',
    (said) => {
      expect(extractCondition(said)).toBeNull();
    },
  );

  it('a fire that heats the house is no fire damage', () => {
    expect(asked('an old coal fire in the back room, no shower')).toBe('needs_modernisation');
  });
});

describe('middling praise', () => {
  it.each([
    "decent, nothing special, but there's nothing wrong with it",
    'freshly decorated, new carpets throughout',
    'good-ish, the carpets are old but nothing major',
  ])('praise with a shrug or a touch-up is still good: %j', (said) => {
    expect(asked(said)).toBe('good');
  });

  it.each([
    ["it's alright but not great, the kitchen's fine", 'needs_modernisation'],
    ['ok but not up to much', 'needs_modernisation'],
    ['decent i suppose but not brilliant', 'needs_modernisation'],
  ])('%j is %s', (said, condition) => {
    expect(asked(said)).toBe(condition);
  });
});

describe('a band put and turned down, a word taken back, a question answered by the caller', () => {
  it.each([
    ['a full renovation? nah, nothing like that, just a tired kitchen', 'needs_modernisation'],
    ["derelict, well no, it's not as bad as that, it needs updating", 'needs_modernisation'],
    ['bit of a wreck, no actually, it just wants a new kitchen', 'needs_modernisation'],
    ["needs gutting, i wouldn't go that far, it's just dated", 'needs_modernisation'],
    ['what do you mean is it liveable yeah it is, you could move in tomorrow', 'good'],
    ["what do you mean, does it need work? no, it's ready to go", 'good'],
    ["what do you mean does it need work no it's ready to go", 'good'],
  ])('%j is %s', (said, condition) => {
    expect(asked(said)).toBe(condition);
  });

  // Any question the caller puts and answers "no" goes, whatever it names.
  it.each([
    ["needs a kitchen? no, it's all done", 'good'],
    ['new windows? nah, they were done last year, it is in good nick', 'good'],
    ['a rewire? no, just a lick of paint and new carpets', 'needs_modernisation'],
    ['is it in good condition? no, it needs everything doing', 'needs_full_renovation'],
  ])('%j, a question put and answered no, is %s', (said, condition) => {
    expect(asked(said)).toBe(condition);
  });

  it('"ready to go" said in passing may be the sale, not the house', () => {
    expect(extractCondition("it's ready to go")).toBeNull();
    expect(asked("it's ready to go on the market")).toBeNull();
  });
});

describe("the caller's other house said in one breath", () => {
  it.each([
    ["good nick that one its my other one that's derelict", 'good'],
    ['this one is in good nick its my other one on the high street that needs gutting', 'good'],
    ['needs updating our previous place was a shell compared to it', 'needs_modernisation'],
  ])('%j is %s', (said, condition) => {
    expect(asked(said)).toBe(condition);
  });
});

describe('better kept than a newer house, and trouble played down to the surface', () => {
  it.each([
    ['in better nick than most new builds', 'good'],
    ['my daughter says it is in nicer condition than her own, and hers is brand new', 'good'],
    ['just cosmetic stuff, apart from that it is in good condition', 'good'],
    ['minor cosmetic bits like scuffs on the doors otherwise spot on', 'good'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said)).toBe(condition);
  });

  it('a wreck played down to the surface is still brought down, not raised to good', () => {
    expect(asked('tenants trashed it but purely cosmetic otherwise sound')).toBe('needs_modernisation');
  });
});

describe('"for" and "to" as the recogniser writes them', () => {
  it.each([
    ['the place is unfit four human habitation', 'needs_full_renovation'],
    ['its ready two walk into', 'good'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said)).toBe(condition);
  });
});
