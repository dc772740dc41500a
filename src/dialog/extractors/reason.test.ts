import { describe, expect, it } from 'vitest';
import { extractReason, extractReasons } from './reason.js';

describe('extractReason', () => {
  it.each([
    ['my mum passed away', 'probate'],
    // Said without the usual words, and a move that is also a retirement.
    ["we're retiring to spain", 'relocation'],
    ['we want to move closer to the coast', 'relocation'],
    ['the kids have all left home', 'downsizing'],
    ['we need to release some cash for the business', 'financial'],
    // A spouse's death beside another reason: the house was theirs already.
    ["my husband passed last year and it's too big for me now", 'downsizing'],
    ["since my wife died i can't manage the stairs", 'health'],
    ["my partner passed away and i've got debts", 'financial'],
    // Still probate when an estate is named, or a parent died.
    ["my husband passed away, it was in his name, i'm the executor", 'probate'],
    ['my dad passed and the house is too big for mum', 'probate'],
    // Said without the usual words.
    ["my dad's gone into a home", 'health'],
    ['i want to be nearer my daughter and the grandkids', 'relocation'],
    ['the tenants wrecked the place and i have had enough', 'landlord_exit'],
    // The recogniser's slips, and how people say it.
    ["it's a pro bate sale", 'probate'],
    ["it's a probe eight sale", 'probate'],
    ["probate's just come through", 'probate'],
    ["me mammy's gone god rest her", 'probate'],
    ["the lender's taking us to court", 'repossession'],
    ['the building society are taking me to court', 'repossession'],
    ['me and my partner have gone our separate ways', 'divorce'],
    ["i've got a transfer to leeds with the police", 'relocation'],
    ['i need somewhere all on one level for my hip', 'health'],
    ['the neighbours are a nightmare', 'other'],
    ['i want the money out to buy into a business', 'other'],
    ['dad died last year', 'probate'],
    ["i'm the executor of my aunt's estate", 'probate'],
    ["it's going through probate", 'probate'],
    ['it was my late father’s house', 'probate'],
    ['inherited it', 'inherited'],
    ['my dad died and left me the house', 'inherited'],
    // Probate over, the house is simply theirs.
    ['my mum passed away, i inherited it and probate is done', 'inherited'],
    ['moving for work', 'relocation'],
    ["i've got a new job in leeds", 'relocation'],
    ['we are relocating', 'relocation'],
    ['emigrating to australia', 'relocation'],
    ['moving to scotland', 'relocation'],
    ['behind on the mortgage', 'financial'],
    ['mortgage arrears', 'financial'],
    ["we can't afford it any more", 'financial'],
    ['struggling with money', 'financial'],
    ['i was made redundant', 'financial'],
    ['the bank wants to repossess', 'repossession'],
    ["they're going to repossess it", 'repossession'],
    ['had a letter about repossession', 'repossession'],
    ['the bailiffs are coming', 'repossession'],
    ["we're separating", 'divorce'],
    ['going through a divorce', 'divorce'],
    ['we split up', 'divorce'],
    ['tired landlord', 'landlord_exit'],
    ['selling my buy to let', 'landlord_exit'],
    ['fed up of being a landlord', 'landlord_exit'],
    ['getting out of the rental market', 'landlord_exit'],
    ['going into a care home', 'health'],
    ['my mum needs to go into a nursing home', 'health'],
    ["i can't manage the stairs any more", 'health'],
    ['ill health', 'health'],
    ['downsizing', 'downsizing'],
    ["it's too big for us now the kids have left", 'downsizing'],
    ['want something smaller', 'downsizing'],
    ['personal reasons', 'other'],
    ['the chain fell through', 'other'],
    ['just fancy a change', 'other'],
  ])('reads %j as %s', (said, reason) => {
    expect(extractReason(said)).toBe(reason);
  });

  it.each([
    '',
    'hello',
    'three bed semi',
    'my landlord is selling',
    'the boiler died',
    'i want 250k',
    'not divorced',
  ])('finds no reason in %j', (said) => {
    expect(extractReason(said)).toBeNull();
  });

  it('lists every reason heard, most pressing first', () => {
    expect(extractReasons("we're separating and we're behind on the mortgage")).toEqual([
      'divorce',
      'financial',
    ]);
    expect(extractReasons('the bank is taking the house and i lost my job')).toEqual([
      'repossession',
      'financial',
    ]);
  });
});

describe('extractReason: ill health said as how bad it is, or as not living alone', () => {
  it.each([
    ['my mother is very sick now, she needs looking after', 'health'],
    ['dad got really ill over the winter', 'health'],
    ["she can't live on her own any more so she's moving in with us", 'health'],
    ['he cannot live alone now, the doctors say', 'health'],
    ['my aunt is terminally ill', 'health'],
  ])('reads %j as %s', (said, reason) => {
    expect(extractReason(said)).toBe(reason);
  });

  it.each(["we're sick of the noise round here", "i'm sick and tired of the damp"])(
    'fed up is not ill: %j',
    (said) => {
      expect(extractReason(said)).not.toBe('health');
    },
  );
});

describe('extractReason: the ex as the subject of a clause after a negation', () => {
  it.each([
    "i can't sell it alone, it's not just mine, my ex is on the mortgage too",
    "we're not together now, me ex has moved to leeds",
    "it's not that simple, my ex husband won't sign",
  ])('reads %j as divorce', (said) => {
    expect(extractReason(said)).toBe('divorce');
  });
});

describe('extractReason: a death said with the bare verb', () => {
  it.each([
    ['my mother, she die in march, so we sell her house', 'probate'],
    ['my uncle die two year ago and the house is empty', 'probate'],
  ])('reads %j as %s', (said, reason) => {
    expect(extractReason(said)).toBe(reason);
  });

  it.each(["he'd die for that garden", 'my sister die of laughing when she saw it'])(
    'an idiom is no death: %j',
    (said) => {
      expect(extractReason(said)).not.toBe('probate');
    },
  );
});

describe('extractReason: Scots "tae" for "to" in a home left to the caller', () => {
  it.each([
    'ma granny died an left it tae us',
    'my father passed and left the house tae me and ma sister',
    'she left the house tae me in the end',
  ])('reads %j as inherited', (said) => {
    expect(extractReason(said)).toBe('inherited');
  });
});

describe('extractReason: retiring somewhere, "to" as the recogniser writes it', () => {
  it.each(["we're retiring too the lakes", 'retiring 2 portugal next year', 'im retiring down too devon'])(
    'reads %j as relocation',
    (said) => {
      expect(extractReason(said)).toBe('relocation');
    },
  );

  it.each(['i retired too early really', "she's retiring 2 years from now"])(
    'a time or a degree is no place: %j',
    (said) => {
      expect(extractReason(said)).not.toBe('relocation');
    },
  );
});
