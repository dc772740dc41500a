import { describe, expect, it } from 'vitest';
import { extractCondition } from './condition.js';

describe('extractCondition', () => {
  it.each([
    ['needs a bit of work', 'needs_modernisation'],
    // Nothing done to it for decades, a room of a past decade, a project.
    ['nothing has been touched since the seventies', 'needs_modernisation'],
    ["nothing's really been done to it in years", 'needs_modernisation'],
    ["the bathroom's from the eighties but otherwise ok", 'needs_modernisation'],
    ["it's stuck in the 70s", 'needs_modernisation'],
    ['a proper project for someone', 'needs_full_renovation'],
    ['a project for a builder really', 'needs_full_renovation'],
    ['nothing wrong with it at all', 'good'],
    // Said without the usual words.
    ["it's falling apart", 'needs_full_renovation'],
    ["i'd say it's needing gutting", 'needs_full_renovation'],
    ["it's in a bad way", 'needs_full_renovation'],
    ['it needs completely renovating', 'needs_full_renovation'],
    ['the last tenants trashed it', 'needs_full_renovation'],
    ["needs a new roof and windows and it's damp", 'needs_full_renovation'],
    ["it's a bit of a time capsule, never touched it since 1982", 'needs_modernisation'],
    ["it's wanting a bit of money spending", 'needs_modernisation'],
    ['good nick but the kitchen and bathroom could do with replacing', 'needs_modernisation'],
    ['the survey said about 30 grand of work', 'needs_modernisation'],
    ['it needs some work', 'needs_modernisation'],
    ['dated kitchen', 'needs_modernisation'],
    ['a bit tired', 'needs_modernisation'],
    ["it's tired inside", 'needs_modernisation'],
    ['needs updating', 'needs_modernisation'],
    ['could do with a lick of paint', 'needs_modernisation'],
    ['needs a new kitchen', 'needs_modernisation'],
    ['bit old fashioned', 'needs_modernisation'],
    ['needs some tlc', 'needs_modernisation'],
    ['fair condition', 'needs_modernisation'],
    ['not in great condition', 'needs_modernisation'],
    ["it's in good nick but the kitchen is dated", 'needs_modernisation'],
    ['derelict', 'needs_full_renovation'],
    ['fire damaged', 'needs_full_renovation'],
    ['there was fire damage', 'needs_full_renovation'],
    ['needs gutting', 'needs_full_renovation'],
    ['uninhabitable', 'needs_full_renovation'],
    ['full refurb', 'needs_full_renovation'],
    ['needs a full renovation', 'needs_full_renovation'],
    ['needs a lot of work', 'needs_full_renovation'],
    ['needs everything doing', 'needs_full_renovation'],
    ['subsidence', 'needs_full_renovation'],
    ['basically a shell', 'needs_full_renovation'],
    ['a real doer upper', 'needs_full_renovation'],
    ['good nick', 'good'],
    ['in good condition', 'good'],
    ['recently done up', 'good'],
    ['immaculate', 'good'],
    ['fully renovated', 'good'],
    ['new kitchen and bathroom', 'good'],
    ['ready to move into', 'good'],
    ["doesn't need any work", 'good'],
    ['nothing needs doing', 'good'],
    ['had a full renovation last year', 'good'],
    ['fair i suppose needs a bit doing', 'needs_modernisation'],
    ['it needs a few bits doing', 'needs_modernisation'],
  ])('reads %j as %s', (said, condition) => {
    expect(extractCondition(said)).toBe(condition);
  });

  it.each([
    '',
    'hello',
    'three bed semi',
    "i'm a tired landlord",
    "i'm tired of it",
    'no damp',
    'not derelict',
  ])('finds no condition in %j', (said) => {
    expect(extractCondition(said)).toBeNull();
  });
});

describe('extractCondition, answering the question', () => {
  it.each([
    ["it's grand bud no bother", 'good'],
    ['spot on', 'good'],
    ['the middle one', 'needs_modernisation'],
  ])('reads %j as %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it('takes "it\'s grand" only as an answer, not said in passing', () => {
    expect(extractCondition("it's grand")).toBeNull();
  });
});

describe('extractCondition, an answer in words no rule has', () => {
  it.each([
    ['the windows are rotten and the boiler is ancient', 'needs_modernisation'],
    ['honestly the whole place is knackered, everything needs replacing', 'needs_full_renovation'],
    ["it's clean and solid, nothing to worry about", 'good'],
  ])('weighs %j as %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });
});
