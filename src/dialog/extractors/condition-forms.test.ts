/**
 * Classes of condition answers, each in several phrasings: a part of the house that needs a job
 * doing, damage that means a rebuild, praise said plainly, and a "not bad" that does not reach
 * the clause after it.
 */
import { describe, expect, it } from 'vitest';
import { extractCondition } from './condition.js';

describe('condition, said as people say it', () => {
  it.each([
    // A part of the house that needs a job doing.
    ['the windows need doing', 'needs_modernisation'],
    ['the roof wants sorting', 'needs_modernisation'],
    ['kitchen could do with updating', 'needs_modernisation'],
    ['the electrics need replacing', 'needs_modernisation'],
    ['the guttering leaks', 'needs_modernisation'],
    // "Not bad" is praise of its own; what follows it is still heard.
    ["it's not bad, windows need doing", 'needs_modernisation'],
    ['not bad but the bathroom needs redoing', 'needs_modernisation'],
    // Damage that means a rebuild.
    ["it's had a fire in the kitchen", 'needs_full_renovation'],
    ['there was a chip pan fire', 'needs_full_renovation'],
    ['the ceiling has come down in the back room', 'needs_full_renovation'],
    ["it's in a shocking state", 'needs_full_renovation'],
    ["it's been stripped back to brick", 'needs_full_renovation'],
    // Praise said plainly.
    ["it's been looked after", 'good'],
    ['all mod cons', 'good'],
    ['was well looked after by my mum', 'good'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it.each([
    ["it's alright", 'good'],
    ['all right i suppose', 'good'],
    ["it's ok", 'good'],
    ["it's habitable", 'needs_modernisation'],
    ['liveable', 'needs_modernisation'],
  ])('asked, %j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it.each(["i'm alright thanks", 'ok so um', "it's not habitable"])('asked, %j is not good', (said) => {
    expect(extractCondition(said, { answering: true })).not.toBe('good');
  });
});
