import { describe, expect, it } from 'vitest';
import { extractOccupancy, extractOccupancyAnswer } from './occupancy.js';

describe('extractOccupancy', () => {
  it.each([
    ['i live there', 'owner_occupied'],
    // Family of the seller in it, however it is said.
    ["my son's in it at the moment", 'owner_occupied'],
    ["my dad's still there for now", 'owner_occupied'],
    ['me mam is in there', 'owner_occupied'],
    ['mum lives there but she is going into a home', 'owner_occupied'],
    ['it is occupied by my brother', 'owner_occupied'],
    // The seller themselves, and tenants by the rent they pay.
    ["well i'm in it for now until it sells", 'owner_occupied'],
    ["there's someone in it paying rent", 'tenanted'],
    ['a couple pay me rent for it', 'tenanted'],
    // Tenants, said without the word.
    ['our kid rents it off me', 'tenanted'],
    ['got a couple renting it like innit', 'tenanted'],
    ["all five rooms are let, it's full", 'tenanted'],
    ['we live in it', 'owner_occupied'],
    ["i'm living there", 'owner_occupied'],
    ['i still live there', 'owner_occupied'],
    ['im still living there', 'owner_occupied'],
    ['we all still live there', 'owner_occupied'],
    ['my ex still lives there', 'owner_occupied'],
    ["it's my home", 'owner_occupied'],
    ['my mum lives there', 'owner_occupied'],
    ['owner occupied', 'owner_occupied'],
    ['empty', 'vacant'],
    ["it's empty", 'vacant'],
    ['vacant', 'vacant'],
    ['nobody lives there', 'vacant'],
    ['no one is living there', 'vacant'],
    ["it's been empty for six months", 'vacant'],
    ['unoccupied', 'vacant'],
    ['no tenants', 'vacant'],
    ['the tenants moved out so it is empty now', 'vacant'],
    ["tenant's gone", 'vacant'],
    ['got tenants in', 'tenanted'],
    ["it's let out", 'tenanted'],
    ['rented out', 'tenanted'],
    ["i'm renting it out", 'tenanted'],
    ['there is a tenant in there', 'tenanted'],
    ['sitting tenant', 'tenanted'],
    ['it was empty but now got tenants in', 'tenanted'],
    ["i don't live there it's rented out", 'tenanted'],
    // Someone renting it, or a let of any length.
    ["a family's renting it, been there years", 'tenanted'],
    ["they're renting it off the council", 'tenanted'],
    ['students, on a 12 month let', 'tenanted'],
    ['its on a six month tenancy', 'tenanted'],
    // A relative said with a dropped "my", and the owner "there".
    ["mum's still in it but she's going into care", 'owner_occupied'],
    ["dad's in there on his own", 'owner_occupied'],
    ["we're there, me and my husband", 'owner_occupied'],
    ['yeah were still in it', 'owner_occupied'],
    ['i stay their weekends', 'owner_occupied'],
  ])('reads %j as %s', (said, occupancy) => {
    expect(extractOccupancy(said)).toBe(occupancy);
  });

  it.each([
    '',
    'hello',
    "i don't live there",
    'nobody told me',
    "we're empty nesters",
    'the kids have moved out',
    'three bed semi',
    // "Let" asking leave is not letting.
    "ooh, right, it's, let me think, 12 oak road",
    'its let me see now 12 oak road',
    "it's, let me just check, m14 5ab",
    "i'm on a 12 month contract at work",
    'my son is a student',
  ])('finds no occupancy in %j', (said) => {
    expect(extractOccupancy(said)).toBeNull();
  });
});

describe('extractOccupancyAnswer', () => {
  it.each([
    ['erm, just me', 'owner_occupied'],
    ['well, yes, we do', 'owner_occupied'],
    ['yeah, me and the dog', 'owner_occupied'],
    ["just me i'm seventy so it's far too big", 'owner_occupied'],
    ['right, nobody since dad passed in march', 'vacant'],
    ['our lad rents it it off me', null],
  ])('reads %j as %s', (said, occupancy) => {
    expect(extractOccupancyAnswer(said, null)).toBe(occupancy);
  });

  it('hears a tenant through a stutter', () => {
    expect(extractOccupancy('our lad rents it it off me')).toBe('tenanted');
  });
});

describe('who lives there, said as people say it', () => {
  it.each([
    // Someone else's household in it.
    ["it's got students in", 'tenanted'],
    ["there's a young couple in there", 'tenanted'],
    ['has got two nurses living in it', 'tenanted'],
    // The owner has not left.
    ["i'm still there", 'owner_occupied'],
    ["we're still here till it sells", 'owner_occupied'],
    ["it's lived in by me and the kids", 'owner_occupied'],
  ])('%j is %s', (said, occupancy) => {
    expect(extractOccupancy(said)).toBe(occupancy);
  });
});

describe('a let said by whom it is let to, and tenants who have gone', () => {
  it.each([
    ['we rent it to a couple', 'tenanted'],
    ["it's let to a nurse", 'tenanted'],
    ['i let it out to students', 'tenanted'],
    ["it's on the housing benefit, a lady and her kids", 'tenanted'],
    ['the tenant is on universal credit', 'tenanted'],
  ])('%j', (said, occupancy) => {
    expect(extractOccupancy(said)).toBe(occupancy);
  });

  it.each([
    "it's in a right mess after the tenants",
    'since the tenants left',
    "it's not been touched since the tenants went",
  ])('%j says nothing of who lives there now', (said) => {
    expect(extractOccupancy(said)).toBeNull();
  });
});

describe('who lives there, said with the question’s own verb, and a house that just sits', () => {
  it.each(['i am, with my two lads', 'i am with my two lads', 'we are', "i'm and the kids"])(
    '%j is lived in by the seller',
    (said) => {
      expect(extractOccupancyAnswer(said, null)).toBe('owner_occupied');
    },
  );

  it.each([
    "i'm living with my partner now so it's just sat there",
    'im living with my partner now so its just sat their',
    "it's just standing there",
  ])('%j is empty', (said) => {
    expect(extractOccupancy(said)).toBe('vacant');
  });
});

describe('who lives there now, not later, and someone of the seller’s', () => {
  it.each(['tenants in till june then its empty', "the tenant's there until march, then it's empty"])(
    '%j is let today',
    (said) => {
      expect(extractOccupancy(said)).toBe('tenanted');
    },
  );

  it.each(['she lives there on her own', 'he is living there with his wife'])('%j is lived in', (said) => {
    expect(extractOccupancyAnswer(said, null)).toBe('owner_occupied');
  });
});

describe('a let said by who rents it, and a let that has ended', () => {
  it.each([
    'rented to a young family',
    "there's people renting it",
    'a couple are renting it off me',
    'student let, four girls from the college',
    "it's a student house",
    'let out to a chap from the hospital',
  ])('%j is let', (said) => {
    expect(extractOccupancy(said)).toBe('tenanted');
  });

  it.each(['students', 'a young couple, been there years', 'rented', 'lodgers, two of them', 'a family'])(
    '%j, said asked who lives there, is let',
    (said) => {
      expect(extractOccupancyAnswer(said, null)).toBe('tenanted');
    },
  );

  it.each(['ourselves', 'ourselves, yeah, and the kids'])('%j is the owner', (said) => {
    expect(extractOccupancyAnswer(said, null)).toBe('owner_occupied');
  });

  it.each([
    "it's empty now, the tenants handed the keys back last month",
    'empty, he did a runner in january',
    "no, i was renting it out up until march but i haven't re let it",
    "it's empty, we were letting it till christmas",
  ])('%j is empty', (said) => {
    expect(extractOccupancy(said)).toBe('vacant');
  });
});

describe('who lives there, said through the owner and the household', () => {
  it.each([
    "it's me that lives there, has been for years",
    'us who live in it, me and the wife',
    "my ex moved out, so it's just me and the kids in it now",
    "we're all still there, and her mam stops with us",
    "i've lived there since i was a lad",
    'we have always lived in the house since we married',
  ])('%j is the owner', (said) => {
    expect(extractOccupancy(said)).toBe('owner_occupied');
  });

  it.each(['still in it, yeah', 'still there for now'])('%j, asked, is the owner', (said) => {
    expect(extractOccupancyAnswer(said, null, { shortLead: true })).toBe('owner_occupied');
  });

  it.each([
    "it's a rental property",
    'its a rental, always has been',
    'not me, no. i rent it out to a nurse',
  ])('%j is let', (said) => {
    expect(extractOccupancy(said)).toBe('tenanted');
  });

  it('a "no" said before a tenancy does not take it back, and one right before it does', () => {
    expect(extractOccupancy('not me no i rent it out')).toBe('tenanted');
    expect(extractOccupancy('no tenants')).toBe('vacant');
  });
});

describe('a short answer that only holds the floor, or names no household of its own', () => {
  it.each(['let me think', 'tell me again', 'bear with me', 'family', 'couple of lads'])(
    '%j says nobody',
    (said) => {
      expect(extractOccupancyAnswer(said, null)).toBeNull();
    },
  );
});

describe('nobody has lived there, or the house is shut up', () => {
  it.each([
    "nobody's lived there since my uncle went into care",
    'nobodys lived in it for years',
    "no one's lived in the house since march",
    "it's boarded up, has been for a while",
    'the windows are boarded over',
  ])('%j is empty', (said) => {
    expect(extractOccupancy(said)).toBe('vacant');
  });
});

describe('the owner there, said through the address, the years, or staying put', () => {
  it.each([
    'i live at 9 mill lane and want a valuation',
    "we've lived at number 40 since the eighties",
    "i've been here since 1970",
    'we have been there twenty years',
    "i've lived there thirty odd years",
    "yes it's only me in there these days",
    "we're not moving out until the sale's done",
  ])('%j is the owner', (said) => {
    expect(extractOccupancy(said)).toBe('owner_occupied');
  });

  it.each(["i don't live at 9 mill lane any more", 'my sister lives at 40 park road'])(
    '%j is not the owner there',
    (said) => {
      expect(extractOccupancy(said)).not.toBe('owner_occupied');
    },
  );
});

describe('asked, an answer that opens its clause leads it however long it runs', () => {
  it.each([
    ['rented twelve month contract with about four months to go', 'tenanted'],
    ['some students from the college in there at the moment', 'tenanted'],
    ['we are and we will be until it sells', 'owner_occupied'],
    ["i am we've been here all along", 'owner_occupied'],
  ] as const)('%j is %s', (said, occupancy) => {
    expect(extractOccupancyAnswer(said, null, { shortLead: true })).toBe(occupancy);
  });

  it.each(['let me just check with my husband first', 'tell me what you need to know'])(
    '%j, long and no answer, says nobody',
    (said) => {
      expect(extractOccupancyAnswer(said, null, { shortLead: true })).toBeNull();
    },
  );

  it('a fixed term is a let', () => {
    expect(extractOccupancy("it's on a fixed term till next spring")).toBe('tenanted');
  });
});

describe('a tenant gone however it is put, and a dialect "no" before the answer', () => {
  it.each([
    ['we had a lodger but she moved out at christmas', 'vacant'],
    ['technically still my tenant but he has moved out, just not given the keys back', 'vacant'],
    ['tenant move out three weeks ago', 'vacant'],
    ['no ones living there now', 'vacant'],
    ['nobodys in it', 'vacant'],
    ['me gran was in it till she went in the home', 'vacant'],
    // Still there: leaving is not gone.
    ['the tenant is moving out in june', 'tenanted'],
    ['tenants move out in june', 'tenanted'],
    // "left" may be a will, not a move.
    ['he left it to me and i live there now', 'owner_occupied'],
  ] as const)('%j is %s', (said, occupancy) => {
    expect(extractOccupancy(said)).toBe(occupancy);
  });

  it.each(['nay, nobody', 'nah nobody', 'naw, no one, not since march'])('%j, asked, is empty', (said) => {
    expect(extractOccupancyAnswer(said, null)).toBe('vacant');
  });
});

describe('who lives there, said in ways the phrases missed', () => {
  it.each([
    // Let room by room, or who is there said without its verb.
    ['the rent is per room, six rooms', 'tenanted'],
    ['rent by room, bills included', 'tenanted'],
    ['rooms let separately', 'tenanted'],
    ["it's all students", 'tenanted'],
    ['they are all sharers', 'tenanted'],
    // The owner still there part of the time.
    ["i'm mostly at my girlfriend's but my things are still there", 'owner_occupied'],
    ['i stop over a couple of nights', 'owner_occupied'],
    ['we sleep there most weekends', 'owner_occupied'],
    // "we're" with its apostrophe dropped, and the household's own home.
    ['yeah were in it, me and the wife', 'owner_occupied'],
    ["it's the family home", 'owner_occupied'],
  ])('%j is %s', (said, occupancy) => {
    expect(extractOccupancy(said)).toBe(occupancy);
  });

  it.each([
    'the tenancy on my new flat starts in june',
    'me new tenancy starts on the first',
    'we need to be out before the tenancy at our new place begins',
  ])("the caller's own let somewhere else is not this house's: %j", (said) => {
    expect(extractOccupancy(said)).toBeNull();
  });
});

describe('a house shut up or left idle, and nobody in the words of the regions', () => {
  it.each([
    // Left idle, however it rests, the subject perhaps dropped.
    'sitting idle, costing me a fortune',
    "it's lying idle",
    'stood unused since the spring',
    "it's between lets",
    'in a void period at the minute',
    "it's void just now",
    // Shut up or laid up.
    "it's just closed up",
    "it's been locked up since we got probate",
    'mothballed',
    "it's been winterised",
    'deserted',
    "it's uninhabited",
    // Nobody, as the regions and the blunt say it.
    "there's not a soul in there",
    "there's no bugger in it",
    "naebody's bidin' there",
    'naebodys bidin there now',
    "nobody's set foot in it in months",
    'no one has slept there since march',
    // Nobody could live there, let alone does.
    'no one could live in it in that state',
    // The one who lived there gone into care.
    'my nan went into a home last year',
    "she's in a nursing home now",
    'dad was taken into the hospice in june',
    // Gone, with a word of when.
    "i've already moved out",
    "they've just left",
    'we have moved abroad',
  ])('%j is empty', (said) => {
    expect(extractOccupancy(said)).toBe('vacant');
  });

  it.each([
    // Could or couldn't, not does.
    "we couldn't live in it like that",
    // Empty later, not now.
    "it'll be empty after that",
    "it's going to be vacant from june",
  ])('%j says nothing of who lives there now', (said) => {
    expect(extractOccupancy(said)).toBeNull();
  });

  it.each([
    ["i am, for now. i'm moving out friday, so it'll be empty after that", 'owner_occupied'],
  ] as const)('a move out said as when, not what is: %j is %s', (said, occupancy) => {
    expect(extractOccupancy(said) ?? extractOccupancyAnswer(said, null, { shortLead: true })).toBe(occupancy);
  });

  it.each(['not a soul', 'naebody', 'no bugger, no'])('%j, asked, is empty', (said) => {
    expect(extractOccupancyAnswer(said, null)).toBe('vacant');
  });
});

describe('a let said through the rent, the notice, the room or the landlord’s words', () => {
  it.each([
    // The rent paid, not the caller's own outgoings.
    "my nephew's in it, pays me four hundred a month",
    'my son lives there and pays us 500 a month',
    'they pay every month, no problem',
    'she pays me monthly',
    "mates' rates, like",
    "it's my cousin, peppercorn rent really",
    // Under notice is let still.
    "they're in, but they're on notice",
    "section 21's been served",
    "we've served them notice, they should be out in may",
    "i'm evicting them, it's going through the courts",
    // A room let, or a household named without a verb.
    'a young lad rents the box room',
    "he's renting the attic room off me",
    'couple in it',
    'polish family is inside',
    'nice young family in it',
    // The subject dropped, or the let said by how it is run.
    'is rented, no problem',
    'i let it privately',
    'rented through a letting agent',
    "it's fully managed",
    // The landlord's words.
    "it's a buy to let",
    "they're in arrears",
    'never missed a rent payment',
    "it's leased to the council",
    "i'm the landlord",
    'on a rolling contract',
    "they haven't moved out yet",
  ])('%j is let', (said) => {
    expect(extractOccupancy(said)).toBe('tenanted');
  });

  it.each([
    // The caller's own arrears, a view of the market, a person deserted: nothing of who lives there.
    "we're in arrears on the mortgage and the bank's threatening repossession",
    "i've fallen into arrears with the mortgage",
    "the buy to let market's dead, i'm getting out",
    'my husband abandoned me and the kids',
    'he deserted us last year',
  ])('%j says nothing of who lives there', (said) => {
    expect(extractOccupancy(said)).toBeNull();
  });

  it('a household there is not undone by a person who deserted it', () => {
    expect(extractOccupancy('i live there with the kids, my husband deserted us last year')).toBe(
      'owner_occupied',
    );
  });
});

describe('the owner there, said with stress, by a pronoun after the family, or not gone yet', () => {
  it.each([
    "we're very much still in it",
    "i'm definitely still here",
    "we're still very much in there",
    "it's my parents'. they both still live there",
    'my mum, she still lives there',
    "it's me nan's, she's still living there",
    "we haven't moved out yet",
    "i've not moved out",
    "we're still stopping there",
    'owner occupier',
  ])('%j is the owner', (said) => {
    expect(extractOccupancy(said)).toBe('owner_occupied');
  });

  it.each(['i am for now', 'we are at the moment', 'i am still, with the kids', 'meself and the wife'])(
    '%j, asked, is the owner',
    (said) => {
      expect(extractOccupancyAnswer(said, null, { shortLead: true })).toBe('owner_occupied');
    },
  );

  it.each(["i don't actually know", 'no, not a clue who is in there', "no idea, i've never been"])(
    'a caller who cannot say has not said nobody: %j',
    (said) => {
      expect(extractOccupancyAnswer(said, 'no')).toBeNull();
    },
  );
});
