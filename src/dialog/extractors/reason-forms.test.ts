/** Classes of reasons for selling, each in several phrasings: a will or a gift, a lender taking the house back. */
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

describe('a lender about to take the house back is repossession, however it is put', () => {
  it.each([
    "the bank's sent a letter saying they'll take it",
    "the building society says they're going to take the house",
    'the bank are going to take it off us',
    'the mortgage company told us they will have the house',
    'the lender is taking the property',
  ])('%j', (said) => {
    expect(extractReason(said)).toBe('repossession');
  });

  it.each([
    "i bank with halifax and they're going to take ages",
    'the bank says it will take a few weeks to clear',
  ])('%j is not', (said) => {
    expect(extractReason(said)).not.toBe('repossession');
  });
});

describe('reasons said without their usual words', () => {
  it.each([
    ["we're winding up my gran's estate", 'probate'],
    ["i'm settling my dad's estate", 'probate'],
    ["it's more house than we need now", 'downsizing'],
    ["we're rattling around in it", 'downsizing'],
    ['i need somewhere all on one level for my hip', 'health'],
    ["can't manage the stairs with my knees", 'health'],
    ["we're behind on the mortgages", 'financial'],
  ])('%j is %s', (said, reason) => {
    expect(extractReason(said)).toBe(reason);
  });
});
