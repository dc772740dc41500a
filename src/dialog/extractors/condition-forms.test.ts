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
    ['you could walk straight in', 'good'],
    ["i'd say it's ready to walk into", 'good'],
    // Decor or fittings of an era.
    ['seventies decor', 'needs_modernisation'],
    ['an eighties kitchen but otherwise fine', 'needs_modernisation'],
    ['retro bathroom, avocado suite', 'needs_modernisation'],
    // Ripping out: the whole house, or a part of it.
    ["it's minging pal needs ripping out", 'needs_full_renovation'],
    ['honestly the whole lot wants stripping out', 'needs_full_renovation'],
    ['the kitchen needs ripping out', 'needs_modernisation'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it.each([
    ["it's alright", 'good'],
    ['all right i suppose', 'good'],
    ["it's ok", 'good'],
    ["it's habitable", 'needs_modernisation'],
    ['liveable', 'needs_modernisation'],
    // Slang for how it looks.
    ["it's lush inside", 'good'],
    ['its gorgeous inside', 'good'],
    ['no problems with it', 'good'],
    ["it's manky inside", 'needs_modernisation'],
    ['its a tip', 'needs_modernisation'],
    ['its minging', 'needs_modernisation'],
    ["it's knackered", 'needs_full_renovation'],
    ['its a dump to be honest', 'needs_full_renovation'],
  ])('asked, %j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it.each(["i'm alright thanks", 'ok so um', "it's not habitable"])('asked, %j is not good', (said) => {
    expect(extractCondition(said, { answering: true })).not.toBe('good');
  });
});

describe('asked about the condition, an answer weighed by its words', () => {
  it.each([
    // A house in ruin, however few words say so.
    ['honestly it is a project', 'needs_full_renovation'],
    ["it's been neglected for years", 'needs_full_renovation'],
    ["there's been a flood downstairs", 'needs_full_renovation'],
    // Parts of the house said to have failed.
    ["the electrics are shot and the plaster's falling off", 'needs_full_renovation'],
    ['it wants a new roof, rewiring, the lot', 'needs_full_renovation'],
    // Jobs to do, of no great scale.
    ['a few jobs here and there', 'needs_modernisation'],
    ["everything works, it's just not modern", 'needs_modernisation'],
    ["it's a bit musty", 'needs_modernisation'],
    // Work already done.
    ['the roof was done last year and the windows', 'good'],
    ['rewired in 2019', 'good'],
    ['plastered and painted last summer', 'good'],
    ['double glazed throughout, gas central heating', 'good'],
    ["the windows are upvc and the heating's all new", 'good'],
  ])('%j', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it('names no band for a fine word denied', () => {
    expect(extractCondition("it's not great", { answering: true })).toBeNull();
  });
});

describe('how the house is now, when the caller tells how it was', () => {
  it.each([
    ["it was a wreck when we bought it but we've done it all up", 'good'],
    ["we gutted it ten years ago, it's fine now", 'good'],
    ['it used to be damp but we sorted it', 'good'],
    ["it was derelict in 2010 but it's been fully renovated", 'good'],
    ["the tenants trashed it but we've redone it since", 'good'],
    ['good, we had the damp sorted last year', 'good'],
    ['good nick, the previous owners gutted it', 'good'],
    ['lovely now, it was falling apart when we got it', 'good'],
    // What is wrong now still counts.
    ['it was fine when we bought it but now it needs everything doing', 'needs_full_renovation'],
    ['the boiler was replaced last year but the kitchen needs doing', 'needs_modernisation'],
    ['it needed a lot of work when we bought it and it still does', 'needs_full_renovation'],
  ])('%j', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });
});

describe('condition, a list of what is new, damage to a part, and ground that moves', () => {
  it.each([
    // What is new is a house in order, however the list ends.
    ["it's all done, new windows, new boiler, the lot", 'good'],
    ['new roof new kitchen new everything', 'good'],
    ['bang up to date', 'good'],
    ["it's fully up to date inside", 'good'],
    // A part of the house damaged is decorating, not a rebuild.
    ["it's a bit shabby, the kids have wrecked the walls", 'needs_modernisation'],
    ["the kitchen's seen better days", 'needs_modernisation'],
    ['the carpets are past their best', 'needs_modernisation'],
    // The house itself wrecked is.
    ['the tenants wrecked it', 'needs_full_renovation'],
    ["it's been completely trashed", 'needs_full_renovation'],
    // Ground that moves, and a job said to be big.
    ["the back extension's subsiding", 'needs_full_renovation'],
    ["the roof wants replacing, it's a massive job", 'needs_full_renovation'],
    ['it needs a total renovations', 'needs_full_renovation'],
  ])('%j', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });
});
