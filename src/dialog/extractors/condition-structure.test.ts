/**
 * The structure of the house failing, said in builders' and surveyors' words: walls and roofs of
 * every make, ground that heaves, a house stripped to its frame, a rebuild named in the trade's
 * words; and what is not the house (a garden wall, a roof over one's head).
 */
import { describe, expect, it } from 'vitest';
import { extractCondition } from './condition.js';

describe("the structure failing, in builders' words", () => {
  it.each([
    // A wall of the house fallen or crumbling.
    ['the gable end has come down', 'needs_full_renovation'],
    ["the side wall's caved in at the back", 'needs_full_renovation'],
    ['the stone walls are crumbling away', 'needs_full_renovation'],
    ["the front wall's fallen down into the road", 'needs_full_renovation'],
    // The roof, whatever it is made of.
    ['the rafters have rotted', 'needs_full_renovation'],
    ['the thatch has perished', 'needs_full_renovation'],
    ['the outbuilding end has lost half its roof', 'needs_full_renovation'],
    ["it's lost part of the roof in the storms", 'needs_full_renovation'],
    // Ground that heaves or sinks.
    ["there's heave under the extension", 'needs_full_renovation'],
    ['the floors have dropped in the kitchen', 'needs_full_renovation'],
    ["the floor in the back room's sinking", 'needs_full_renovation'],
    ['cracks in the walls you could put your fist in', 'needs_full_renovation'],
    // Stripped to its frame, or with nothing connected.
    ["it's been taken back to the brickwork", 'needs_full_renovation'],
    ["it's back to the blockwork upstairs", 'needs_full_renovation'],
    ['nothing but bare studwork in there', 'needs_full_renovation'],
    ["there's no services to it at all", 'needs_full_renovation'],
    // A rebuild in the trade's words.
    ['needs redoing from the ground up', 'needs_full_renovation'],
    ["it's a ground up rebuild", 'needs_full_renovation'],
    ['a complete strip out', 'needs_full_renovation'],
    ['wants a total gut job', 'needs_full_renovation'],
    ['it needs a full do over', 'needs_full_renovation'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said)).toBe(condition);
  });

  // Guards: these read the same before the change.
  it.each([
    ["the garden wall's fallen down but the house is lovely", 'good'],
    ['the boundary wall is crumbling, the house itself is in good nick', 'good'],
  ])("a wall that is not the house's: %j is %s", (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it.each([
    'we lost the roof over our heads last time',
    'the walls are fine, no heave',
    "there's no services nearby, it's a village",
    "it's me, the wife, a cat, two dogs",
  ])('finds no ruin in %j', (said) => {
    expect(extractCondition(said)).not.toBe('needs_full_renovation');
  });
});

describe("a surveyor's ratings and the trade's outside jobs", () => {
  // A rating said bare, away from a survey, may grade anything: a person's care, a storm.
  it.each([
    "my husband's category three now, in a care home",
    'it was a category two placement for mum',
    'the storm was a category three',
  ])('%j names no condition', (said) => {
    expect(extractCondition(said)).toBeNull();
  });

  it.each([
    ['the survey put it at category three', 'needs_full_renovation'],
    ["surveyor's report said category 2 for the roof", 'needs_modernisation'],
  ])('%j, a rating after its survey, is %s', (said, condition) => {
    expect(extractCondition(said)).toBe(condition);
  });

  it.each([
    // The worst rating, in its number or its colour.
    ['the survey came back full of cat 3s', 'needs_full_renovation'],
    ['there were condition rating three items on the roof and the walls', 'needs_full_renovation'],
    ['reds all over the homebuyers report', 'needs_full_renovation'],
    // The middle rating.
    ['a few category 2s on the survey', 'needs_modernisation'],
    ['mostly ambers on the survey', 'needs_modernisation'],
    // The outside jobs a builder names.
    ['it wants repointing at the back', 'needs_modernisation'],
    ['needs a re-roof in the next few years', 'needs_modernisation'],
    ['the fascias and soffits want replacing', 'needs_modernisation'],
    ['could do with a bit of re-rendering', 'needs_modernisation'],
    ['wants a new dpc', 'needs_modernisation'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said)).toBe(condition);
  });

  it('a survey had done is not work done', () => {
    expect(extractCondition('we had a level two survey done last month', { answering: true })).toBeNull();
  });
});

describe('the fabric failing, said of any part of it in any words for the state', () => {
  it.each([
    ['the ceilings are coming down and there is water coming in', 'needs_full_renovation'],
    ["the back bedroom ceiling's down", 'needs_full_renovation'],
    ['the ceilings in the back bedroom are down', 'needs_full_renovation'],
    ['floors upstairs have gone', 'needs_full_renovation'],
    ['the stairs are rotten', 'needs_full_renovation'],
    ['the joists are riddled with woodworm', 'needs_full_renovation'],
    ['water comes in every time it rains', 'needs_full_renovation'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it.each([
    ['the stairs go down into the kitchen', null],
    ["we knocked two walls down to open it up, it's lovely", 'good'],
    ['the floors are all down to the original boards, lovely', 'good'],
    ["the shed roof's gone but the house is fine", 'good'],
    ["there's a bit of water coming in round the back door", null],
  ])('finds no ruin in %j', (said, condition) => {
    expect(extractCondition(said, { answering: true }) ?? null).not.toBe('needs_full_renovation');
    if (condition !== null) expect(extractCondition(said, { answering: true })).toBe(condition);
  });
});

describe('a house left as it was, said of any part or any one', () => {
  it.each([
    ['the kitchen is from the nineties and the bathroom is not much newer'],
    ['the wiring is all from the 90s'],
    ["nobody's touched it since my dad passed"],
    ["no one's done anything to it in years"],
  ])('%j needs modernisation', (said) => {
    expect(extractCondition(said, { answering: true })).toBe('needs_modernisation');
  });
});

describe('age is no scale of work, and a part can look bad without the house failing', () => {
  it.each([
    ["everything's original"],
    ["everything's old but it works"],
    ["it's all original, the whole lot"],
    ['totally original sixties house'],
    ["good bones, but the decor's awful"],
    ["the kitchen's horrible, the bathroom's not much better"],
    ['the inside is grim'],
  ])('%j needs modernisation', (said) => {
    expect(extractCondition(said, { answering: true })).toBe('needs_modernisation');
  });

  it.each([
    ['everything needs replacing', 'needs_full_renovation'],
    ['the whole thing needs redoing', 'needs_full_renovation'],
    ["the garden's a mess but the house is lovely", 'good'],
    ['the neighbours are awful but the house is fine', 'good'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });
});

describe("the house's own era is when it was built, not its state", () => {
  it.each([
    ["it's a bungalow from the fifties, it's been kept nice", 'good'],
    ['the house is from the sixties and has been done up lovely', 'good'],
    ["the kitchen's from the seventies", 'needs_modernisation'],
    ["it's all from the seventies inside", 'needs_modernisation'],
    ['the place is stuck in the seventies', 'needs_modernisation'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });
});
