/**
 * Reasons told as stories, read by their cue words when no phrase names the reason: each class
 * in several phrasings, and stories that name no reason staying the caller's own.
 */
import { describe, expect, it } from 'vitest';
import { reasonFromCues } from './reason-cues.js';

describe('a story is read by the words it is told in', () => {
  it.each([
    ["it were me mam's and she's gone now, god bless her", 'probate'],
    ['my father went last spring and it has been sat there since', 'probate'],
    ["she's not with us any more, my mum", 'probate'],
    ['we lost dad in the summer', 'probate'],
    ['the old man passed over christmas', 'probate'],
    ['the mortgage company have started proceedings', 'repossession'],
    ["we've been served papers by the building society", 'repossession'],
    ['the bailiffs have been round', 'repossession'],
    ['my brother and i were left it by our dad', 'inherited'],
    ['he left it to the three of us grandkids', 'inherited'],
    ["it came to me in my gran's will", 'inherited'],
    ['i split from my partner two year ago', 'divorce'],
    ['me and the missus have parted ways', 'divorce'],
    ["the wife's walked out", 'divorce'],
    ['got a few quid owing on cards and that', 'financial'],
    ['the bills are piling up', 'financial'],
    ['to pay for my mother’s nursing care', 'health'],
    ['my legs are bad and it is all stairs', 'health'],
    ["i've been offered a post in aberdeen", 'relocation'],
    ["the company's moving head office to birmingham", 'relocation'],
    ["we're in the forces and being posted", 'relocation'],
    ["the tenant's given notice and i'm done with it", 'landlord_exit'],
    ["i'm 82 and the garden's getting on top of me", 'downsizing'],
    ["we've got too many bedrooms we don't use", 'downsizing'],
    ["the upkeep's too much at my age", 'downsizing'],
    // Letting told as a story.
    ["we've had it let out for years and the licensing costs are silly", 'landlord_exit'],
    ['been renting it out but the rules keep changing with new regulations', 'landlord_exit'],
    // A landlord's court case against tenants is the landlord's, unless a lender is in it.
    ["took the tenant to court to evict him, i'm done with it", 'landlord_exit'],
    ['tenants left owing and the bailiffs had to get them out', 'landlord_exit'],
    ['the bank are taking me to court, the tenants never paid', 'repossession'],
    // A lender's threat, a number written among the words.
    ["the bank's threatening 2 take it", 'repossession'],
    ['the building society are threatening us', 'repossession'],
    // Behind with money, not behind the house.
    ['we fell behind after the baby came', 'financial'],
    // A garden as a burden.
    ["the garden's too much for us and we're getting on", 'downsizing'],
  ])('%j', (said, reason) => {
    expect(reasonFromCues(said)).toBe(reason);
  });
});

describe('a story with no cue, or a cue denied, names no reason', () => {
  it.each([
    "we've fallen in love with a place in the lakes",
    'we need a bigger place, third baby on the way',
    'honestly, the area has gone downhill',
    "we're getting married and buying together",
    'mum went into town and saw your advert',
    "it's not about money",
    // "Will" the verb is no testament.
    "it's got cladding issues and nobody will mortgage it",
    'the buyer will want it empty',
    // Behind as a place, and a garden as a place.
    'a warehouse went up right behind us and the lorries never stop',
    'they built a road behind the house',
    "there's subsidence at the bottom of the garden",
    // Too much of the street, not of the house.
    'too much noise from the road, we want out',
    'there is too much traffic now',
    'too much crime round here lately',
  ])('%j', (said) => {
    expect(reasonFromCues(said)).toBeNull();
  });
});
