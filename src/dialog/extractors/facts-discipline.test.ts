/**
 * Occupancy, reasons and yes/no answers are taken only from words about them, in many
 * phrasings; the negative rows are words that must not produce the fact.
 */
import { describe, expect, it } from 'vitest';
import { withVariants } from '../../../test/support/dialog/speech-variants.js';
import { extractCondition } from './condition.js';
import { extractOccupancy } from './occupancy.js';
import { extractReason } from './reason.js';
import { readYesNo } from './yes-no.js';

describe('extractOccupancy', () => {
  it.each(
    withVariants([
      ['the last tenants werent great', null],
      ["the last tenants weren't great", null],
      ['we had tenants in years ago', null],
      ['we used to rent it out', null],
      ['the previous tenant trashed it', null],
      ["its empty the last tenants weren't great", 'vacant'],
      ["it's empty", 'vacant'],
      ['vacant since march', 'vacant'],
      ['nobody lives there now', 'vacant'],
      ["it's been sat empty for a year", 'vacant'],
      ['my mum lived there', 'vacant'],
      ['my dad used to live there', 'vacant'],
      ['tenant in situ', 'tenanted'],
      ['about 240 with the tenant in', 'tenanted'],
      ['the tenants are still in', 'tenanted'],
      ["it's let out", 'tenanted'],
      ['i live there', 'owner_occupied'],
      ['we live in it', 'owner_occupied'],
      ["it's our family home", 'owner_occupied'],
      ['my mum still lives there', 'owner_occupied'],
      ['my son lives there', 'owner_occupied'],
      ['the tenant wasnt paying so we evicted him', 'vacant'],
      ["there's a tenant in there at the moment", 'tenanted'],
    ] as const),
  )('%j → %j', (said, occupancy) => {
    expect(extractOccupancy(said)).toBe(occupancy);
  });
});

describe('extractReason', () => {
  it.each(
    withVariants([
      ["i'm moving over to glasgow with work", 'relocation'],
      ['work are moving me to leeds', 'relocation'],
      ['got a new job in bristol', 'relocation'],
      ["we're emigrating to australia", 'relocation'],
      ['moving abroad', 'relocation'],
      ['mum passed away', 'probate'],
      ['my dad died last year', 'probate'],
      ['she passed in the summer', 'probate'],
      ["it's going through probate", 'probate'],
      ['my nan left it to me', 'inherited'],
      ['we inherited it', 'inherited'],
      ["we're getting divorced", 'divorce'],
      ['me and my husband are splitting up', 'divorce'],
      ['the marriage broke down', 'divorce'],
      ['we separated last year', 'divorce'],
      ["i'm 4 months behind", 'financial'],
      ["we've missed a few payments", 'financial'],
      ["we can't afford the mortgage", 'financial'],
      ["money's tight", 'financial'],
      ['downsizing', 'downsizing'],
      ["it's too big for us now the kids have gone", 'downsizing'],
      ['fed up with tenants', 'landlord_exit'],
      ["i've had enough of being a landlord", 'landlord_exit'],
      ['selling off my rentals', 'landlord_exit'],
      ['the bank is threatening to repossess', 'repossession'],
      ['the lender wants the house back', 'repossession'],
      ['got a possession order', 'repossession'],
      ['my wife has dementia', 'health'],
      ["she's going into a care home", 'health'],
      ["i've not been well", 'health'],
      ['need a quick sale', 'other'],
      ['we cant afford it anymore', 'financial'],
      ["the bank's sending letters", 'repossession'],
      ["my husband's job is moving to london", 'relocation'],
    ] as const),
  )('%j → %j', (said, reason) => {
    expect(extractReason(said)).toBe(reason);
  });

  it.each(
    withVariants([
      ["it's near the hospital", null],
      ["it's not well kept", null],
      ["we're struggling to sell it", null],
      ['my landlord is fine', null],
      ['the boiler died', null],
    ] as const),
  )('%j → no reason', (said, reason) => {
    expect(extractReason(said)).toBe(reason);
  });
});

describe('readYesNo', () => {
  it.each([
    ['no mortgage we own it outright', { answer: 'no', about: 'mortgage', slot: null }],
    ['no tenants', { answer: 'no', about: 'tenants', slot: 'occupancy' }],
    ['no rush', { answer: 'no', about: 'rush', slot: 'timeline' }],
    ['no', { answer: 'no', about: null, slot: null }],
    ['no no mortgage', { answer: 'no', about: null, slot: null }],
    ["no it's not", { answer: 'no', about: null, slot: null }],
    ['yes no mortgage', { answer: 'yes', about: null, slot: null }],
    ['no problem', { answer: 'yes', about: null, slot: null }],
  ] as const)('%j → %j', (said, detail) => {
    expect(readYesNo(said)).toEqual(detail);
  });
});

describe('extractCondition: short answers to the condition question', () => {
  it.each(
    withVariants([
      ['good', 'good'],
      ["good it's fine", 'good'],
      ["it's fine", 'good'],
      ['not bad', 'good'],
      ['pretty decent', 'good'],
      ['needs some modernising', 'needs_modernisation'],
      ['modernising', 'needs_modernisation'],
      ['somewhere in between', 'needs_modernisation'],
      ['full renovation', 'needs_full_renovation'],
      ["it's not good", null],
    ] as const),
  )('%j → %j when asked', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it.each(
    withVariants([
      ['good', null],
      ["it's fine", null],
      ['the first one', null],
    ] as const),
  )('%j → nothing when not asked', (said, condition) => {
    expect(extractCondition(said)).toBe(condition);
  });
});
