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

  // Trouble denied is no work: the denial reaches over a few words, and stops at the first word
  // of the house's state after it.
  it.each([
    ["it's never been flooded", null],
    ["never had a fire, it's solid", 'good'],
    ["it hasn't got any damp, it's sound", 'good'],
    ["no rot, no leaks, it's solid as anything", 'good'],
    ["not derelict by any means, it's decent", 'good'],
    ["it wasn't vandalised, it's clean", 'good'],
    // What is said after the denied word still counts.
    ["no leaks, it's clean, but it's dated", 'needs_modernisation'],
  ])('denied trouble: %j', (said, condition) => {
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

describe('condition, one small job, a past era, a project played down, a house not fit to live in', () => {
  it.each([
    // One small job and nothing else is a house in good order.
    ['honestly it only needs a coat of paint', 'good'],
    ['all it wants is a good clean', 'good'],
    ['it needs nothing more than a quick tidy up', 'good'],
    ['a splash of paint and that is it', 'good'],
    ['just wants a lick of paint really', 'good'],
    // Without "just" or "that's all" the paint is still a job to do.
    ['it could do with a coat of paint', 'needs_modernisation'],
    // Ready as it stands.
    ["it's ready to live in", 'good'],
    ['you could move in tomorrow', 'good'],
    ['we could live in it as it is', 'good'],
    // Left in a past era, however the era is said.
    ["it's stuck in about 1985", 'needs_modernisation'],
    ['lovely house but stuck in the nineties', 'needs_modernisation'],
    ['stuck in nineteen seventy something', 'needs_modernisation'],
    ["it's a bit of a time warp inside", 'needs_modernisation'],
    ["it's fine to live in but a bit behind the times", 'needs_modernisation'],
    // A project played down.
    ["it's a bit of a project", 'needs_modernisation'],
    ['a light project, mostly decorating', 'needs_modernisation'],
    // A part worn out is a job; the house falling apart is a rebuild.
    ['the bathroom suite is knackered', 'needs_modernisation'],
    ["the cupboards are falling to bits but it's sound", 'needs_modernisation'],
    ['honestly the house is falling apart', 'needs_full_renovation'],
    ["it's falling to pieces", 'needs_full_renovation'],
    ["it's falling apart a little, nothing serious", 'needs_modernisation'],
    // Stripped to nothing and built again.
    ['it wants taking back to bare bones', 'needs_full_renovation'],
    ['whoever buys it is starting from scratch', 'needs_full_renovation'],
    ["there's only four walls and a roof left", 'needs_full_renovation'],
    // Not fit to live in, however it is said.
    ["it isn't fit to live in", 'needs_full_renovation'],
    ['not safe to live in at the moment', 'needs_full_renovation'],
    ['nobody could live there as it stands', 'needs_full_renovation'],
    ["you can't live in it", 'needs_full_renovation'],
    ['not really habitable', 'needs_full_renovation'],
    ['there is no kitchen and no toilet', 'needs_full_renovation'],
    ['no heating no hot water', 'needs_full_renovation'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it.each([
    // A band picked from the three offered, however it is put.
    ['middle one', 'needs_modernisation'],
    ['second option i reckon', 'needs_modernisation'],
    ['first one', 'good'],
    ['the top one', 'good'],
    ['last one really', 'needs_full_renovation'],
    ['third option', 'needs_full_renovation'],
  ])('asked, %j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it.each([
    // A single missing thing is not a house to rebuild, and a house one could live in is no ruin.
    ['no gas central heating, just storage heaters', 'needs_modernisation'],
    ['needs a new bathroom but you could live in it while you did it', 'needs_modernisation'],
    ['we bought it not to live in but to let out', null],
  ])('%j is not a full renovation', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });
});

describe('how the house is now, when the caller answers a view that is not theirs', () => {
  it.each([
    ['my husband would probably say it wants updating, but it all works fine and looks lovely', 'good'],
    ["some people might call it dated but honestly it's in good nick", 'good'],
    // The caller's own view, and a view not answered, still count.
    ["i'd say it needs a new kitchen, but the rest is lovely", 'needs_modernisation'],
    ['my wife would say it needs a new bathroom and she is right', 'needs_modernisation'],
    ['the surveyor said it needs underpinning but we are not worried', 'needs_full_renovation'],
    // Said how it was, then "so" or "and" and how it is, with or without a break.
    ['it was refurbished in 2008 so its looking a bit tired now', 'needs_modernisation'],
    ['we redid the kitchen years ago so it is dated these days', 'needs_modernisation'],
    ["it was modernised back in the day and it's tired now", 'needs_modernisation'],
    ["we've done the bathroom and the kitchen still wants updating", 'needs_modernisation'],
    ['it was stripped out and rebuilt before we moved in', 'good'],
  ])('%j', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });
});

describe('condition, the structure failing, age said plainly, and praise said in passing', () => {
  it.each([
    // The structure failing is a rebuild.
    ['the gable end is bulging', 'needs_full_renovation'],
    ["the roof's caved in over the kitchen", 'needs_full_renovation'],
    ['the chimney stack is pulling away', 'needs_full_renovation'],
    ['joists are rotten through upstairs', 'needs_full_renovation'],
    ["there's wet rot in the timbers", 'needs_full_renovation'],
    ['bare joists where the bedroom floor was', 'needs_full_renovation'],
    // Damp or mould throughout, and the whole house to be done.
    ['mould in every room', 'needs_full_renovation'],
    ["the damp's coming up through the floors", 'needs_full_renovation'],
    ['it wants doing from top to bottom', 'needs_full_renovation'],
    ["honestly it's in a state", 'needs_full_renovation'],
    ['cheaper to knock the place down and rebuild', 'needs_full_renovation'],
    // A project said plainly, or made bigger; a project played down.
    ["it'd be a project", 'needs_full_renovation'],
    ['a project and a half, that one', 'needs_full_renovation'],
    ['a project but nothing too major, new bathroom mainly', 'needs_modernisation'],
    ["it's a job, not a big one mind, new kitchen and new carpets", 'needs_modernisation'],
    // Age and wear said plainly.
    ["it's sound, it's all a bit old", 'needs_modernisation'],
    ["everything's just old", 'needs_modernisation'],
    ['the bathroom suite is from about 1979', 'needs_modernisation'],
    ['same carpets since we moved in', 'needs_modernisation'],
    ["the paintwork's peeling off in the hall", 'needs_modernisation'],
    ['storage heaters and single glazing', 'needs_modernisation'],
    ['nowts been done upstairs since the eighties', 'needs_modernisation'],
    ["it's got loads of potential", 'needs_modernisation'],
    ['ten grand would bring it up to standard', 'needs_modernisation'],
    // Praise said in passing.
    ["everything's been done, it's lovely", 'good'],
    ["it's all been sorted", 'good'],
    ["honestly it's like a show home", 'good'],
    ['nae bad at all', 'good'],
    ['all fine, perhaps a quick tidy up', 'good'],
    ['it all works, nothing is broken, pretty good', 'good'],
    // Work done before, said without a break.
    ['nothing to do it was stripped out and renovated in 2020', 'good'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it.each([
    // An old house is not an old-fashioned one, and a price knocked down is not a house.
    "it's an old house but it's in lovely condition",
    'they tried to knock it down by ten grand',
    'the buyer wanted to knock it down a bit',
  ])('%j is no renovation', (said) => {
    expect(extractCondition(said, { answering: true })).not.toBe('needs_full_renovation');
    expect(extractCondition(said)).not.toBe('needs_modernisation');
  });
});

describe('two big jobs, not one said twice nor two said to be fine', () => {
  it.each([
    ['the roof and windows are sound', 'good'],
    ["windows and heating's all fine", 'good'],
    ['roof and roof and that are fine', 'good'],
  ] as const)('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it.each(['needs a roof and rewiring', 'new windows and new heating needed throughout'])(
    '%j is still a renovation',
    (said) => {
      expect(extractCondition(said)).toBe('needs_full_renovation');
    },
  );
});

describe('every part wanted new, and a measure of modernising', () => {
  it.each([
    ['needs a new boiler new bathroom new everything really', 'needs_full_renovation'],
    ['it wants everything replacing', 'needs_full_renovation'],
    ['it needs a bit of modernising', 'needs_modernisation'],
    ['wants a spot of decorating', 'needs_modernisation'],
    ['could do with some updating', 'needs_modernisation'],
  ] as const)('%j is %s', (said, condition) => {
    expect(extractCondition(said)).toBe(condition);
  });

  it('a list of what is already new is good order', () => {
    expect(extractCondition("it's had new doors new carpets new everything", { answering: true })).toBe(
      'good',
    );
  });
});

describe('the recogniser\'s slips: a stuttered word, a number for "to"', () => {
  it.each([
    ['so so it’s all been replastered and rewired', 'good'],
    ['we did it so so it’s lovely now', 'good'],
    ['about ten grand to get it up two standard', 'needs_modernisation'],
    ['bring it up 2 scratch and it would sell', 'needs_modernisation'],
  ] as const)('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it('"so so" said of the house is still middling', () => {
    expect(extractCondition("honestly it's so so", { answering: true })).toBe('needs_modernisation');
  });
});

describe('what the caller takes back is not the condition', () => {
  it.each([
    ["it's a complete wreck, no sorry, that's the one i rent out, ours is lovely", 'good'],
    ['needs gutting. Sorry, no, wrong house, this one just needs a new kitchen', 'needs_modernisation'],
    ["it's in good nick, wait, no, the roof has fallen in at the back", 'needs_full_renovation'],
    ["derelict no sorry i was thinking about my other place this one's a bit tired", 'needs_modernisation'],
    ["next door's a shell, no sorry, I mean next door's derelict, ours is in good condition", 'good'],
  ] as const)('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it('"next door" without a taking back is left to the usual reading', () => {
    expect(
      extractCondition('better than next door, everything is new, rewired and replastered', {
        answering: true,
      }),
    ).toBe('good');
  });
});

describe('a turn that answers what came before it', () => {
  it.each([
    ['subsidence on the garage, but the house itself is in good nick', 'good'],
    ['damp in the shed and the fence has gone, but the property itself is immaculate', 'good'],
    [
      "the last lot trashed it, marks everywhere, but it's nothing a lick of paint wouldn't sort",
      'needs_modernisation',
    ],
    ['a bit of a mess, but nothing a new carpet and some decorating would not fix', 'needs_modernisation'],
  ] as const)('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it('a turn that answers nothing leaves the worst heard', () => {
    expect(extractCondition("it's in good nick but the kitchen itself is dated", { answering: true })).toBe(
      'needs_modernisation',
    );
  });
});

describe('the house failing, said in other words', () => {
  it.each([
    ['the joists have gone under the bathroom', 'needs_full_renovation'],
    ["the floorboards've all gone upstairs", 'needs_full_renovation'],
    ['the floor has collapsed in the kitchen', 'needs_full_renovation'],
    ['it aint derelict but it needs a new kitchen', 'needs_modernisation'],
    ['it aint a shell, it wants some updating', 'needs_modernisation'],
  ] as const)('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });
});

describe('a caller who cannot see it all and braces a buyer for the worst', () => {
  it.each([
    ["there's stuff piled to the ceiling, so you'd expect the worst", 'needs_full_renovation'],
    ["not been in for years, i'd assume the worst to be honest", 'needs_full_renovation'],
    ['best to assume the worst with it', 'needs_full_renovation'],
  ] as const)('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it('hoping against the worst is no condition', () => {
    expect(extractCondition("i don't expect the worst", { answering: true })).toBeNull();
  });
});

describe('a dialect "could do with"', () => {
  it.each([
    ["it could dae wi' a new bathroom", 'needs_modernisation'],
    ["could dee wi' a bit o' updating", 'needs_modernisation'],
    ["it's needin' a new kitchen", 'needs_modernisation'],
    ["could do wi' a lick o' paint but it's sound", 'good'],
    ['wants a good clean, otherwise it is fine', 'good'],
  ] as const)('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });
});

describe('trouble said to be on the surface is modernisation, not a rebuild', () => {
  it.each([
    ['the tenants wrecked it, but structurally it is sound, it just needs decorating', 'needs_modernisation'],
    ["they trashed the place. holes everywhere. it's all cosmetic though", 'needs_modernisation'],
    ['the last lot trashed it, carpets ruined, walls marked, nothing structural mind', 'needs_modernisation'],
    ['wrecked it, no structural damage though, superficial mostly', 'needs_modernisation'],
    ['it was trashed by the lodger, but it is mostly surface stuff', 'needs_modernisation'],
  ])('%j is %s', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
  });
});

describe('"everything" that works is not "the lot"', () => {
  it.each([
    ['the kitchen is a bit tired but everything works', 'needs_modernisation'],
    ["bathroom's old fashioned, everything else is fine", 'needs_modernisation'],
    ['boiler is ancient but everything is working ok', 'needs_modernisation'],
    ["the windows want replacing but everything's sound", 'needs_modernisation'],
  ])('%j is %s', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
  });
});

describe('a new kitchen wanted is a job, not one put in', () => {
  it.each([
    ["you'd want to put a new bathroom in, that's about all", 'needs_modernisation'],
    ['we need to get a new boiler fitted really', 'needs_modernisation'],
    ["i'd probably put a new kitchen in if i was staying", 'needs_modernisation'],
    ["you'd have to fit a new bathroom", 'needs_modernisation'],
  ])('%j is %s', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
  });
});

describe('one small job played down, before or after it', () => {
  it.each([
    ['lovely condition, wants a coat of paint perhaps', 'good'],
    ['good nick, needs a lick of paint if anything', 'good'],
    ['decent nick, perhaps wants new carpets in the hall but that is all', 'good'],
    ['great condition, maybe needs new carpets, that is it', 'good'],
  ])('%j is %s', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
  });
});

describe('a house left in its era, and the Scots "wi" and "o" without apostrophes', () => {
  it.each([
    ["it's still very seventies inside", 'needs_modernisation'],
    ['the whole place is still in the eighties', 'needs_modernisation'],
    ['dad never changed a thing in forty years', 'needs_modernisation'],
    ["they haven't touched anything since they moved in", 'needs_modernisation'],
    ['could do wi a coat o paint and new carpets', 'needs_modernisation'],
    ['it could dae wi a new bathroom', 'needs_modernisation'],
  ])('%j is %s', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
  });
});

describe('praise in other words, and money that is not praise', () => {
  it.each([
    // Praise of the state in words beyond "good": the north's "fettle", the recogniser's "grate".
    ['in good fettle', 'good'],
    ["she's in fine fettle", 'good'],
    ["it's in grate nick", 'good'],
    ['tip top condition throughout', 'good'],
    ['first class order', 'good'],
    // Finished to a standard.
    ['finished to a really high spec', 'good'],
    ["it's all top spec, quartz worktops", 'good'],
    ['done to a high standard throughout', 'good'],
    ['beautifully presented inside', 'good'],
    // Nothing for a buyer to do.
    ["you'd not need to lift a finger", 'good'],
    ["you wouldn't have to do a thing to it", 'good'],
    ['just bring your furniture', 'good'],
    ['bring your toothbrush and move in', 'good'],
    // "Done out" as the north says "done up".
    ['all freshly done out', 'good'],
    ['newly done out last spring', 'good'],
    ['freshly painted throughout', 'good'],
  ])('%j is %s, asked or not', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
    expect(extractCondition(said)).toBe(band);
  });

  it.each([
    ['it went for two hundred grand', null],
    ['a couple of grand', null],
    ['twenty five grand', null],
    ["it's grand", 'good'],
    ["it's not in grate condition", 'needs_modernisation'],
  ])('asked, %j is %s', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
  });
});

describe('a wreck in the words people use for one', () => {
  it.each([
    // A mess made a wreck, in any region's word.
    ["it's a reet shambles, love", 'needs_full_renovation'],
    ['an absolute bombsite', 'needs_full_renovation'],
    ["it's a right tip", 'needs_full_renovation'],
    ['looks like a bomb has hit it', 'needs_full_renovation'],
    // Past saving.
    ['total write-off, honestly', 'needs_full_renovation'],
    ['nothing salvageable inside', 'needs_full_renovation'],
    ["there's nothing in there worth saving", 'needs_full_renovation'],
    ["it's beyond repair", 'needs_full_renovation'],
    // Starting again, whatever is done first.
    ['needs knocking through and starting again', 'needs_full_renovation'],
    ["you'd rip the lot out and start again", 'needs_full_renovation'],
    ['wants starting over', 'needs_full_renovation'],
    // Nobody could live in it, said any way.
    ['nobody could stop there at the minute', 'needs_full_renovation'],
    ["you couldn't sleep in there", 'needs_full_renovation'],
    ["wouldn't keep a dog in it", 'needs_full_renovation'],
    ['not fit for pigs', 'needs_full_renovation'],
    // The roof gone, and water in the rooms.
    ["the roof's off", 'needs_full_renovation'],
    ['the roof came in at the back after the storms', 'needs_full_renovation'],
    ["there's no roof on it", 'needs_full_renovation'],
    ["the rain's got into two of the rooms", 'needs_full_renovation'],
    ['water pouring through the ceilings', 'needs_full_renovation'],
    ['the floors upstairs are sodden and giving way', 'needs_full_renovation'],
    // Left to ruin, or gutted and left.
    ["it's been let go badly", 'needs_full_renovation'],
    ['gone to rack and ruin', 'needs_full_renovation'],
    ["it's fallen into disrepair", 'needs_full_renovation'],
    ['the last owner gutted it and never finished', 'needs_full_renovation'],
    ["it's half gutted", 'needs_full_renovation'],
  ])('%j is %s, asked or not', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
    expect(extractCondition(said)).toBe(band);
  });

  it.each([
    ["the roof's fine, no damp", 'good'],
    ["we gutted it ten years ago and finished it last year, it's lovely", 'good'],
    ['hanging, mate', 'needs_modernisation'],
    ["it's grotty inside", 'needs_modernisation'],
    ["it's in bits", 'needs_full_renovation'],
    ['goosed, the whole thing', 'needs_full_renovation'],
  ])('asked, %j is %s', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
  });
});

describe('a house of its era, in the words and things that date it', () => {
  it.each([
    // A decade made the house's style.
    ["it's all very nineteen-nineties", 'needs_modernisation'],
    ['ever so seventies inside', 'needs_modernisation'],
    ["it's very retro, very, very retro", 'needs_modernisation'],
    ["it's very much of its time", 'needs_modernisation'],
    ["it's a bit past it, like", 'needs_modernisation'],
    ['the kitchen is from the ark', 'needs_modernisation'],
    ['the bathroom is positively prehistoric', 'needs_modernisation'],
    // The colours and fittings of a past era.
    ['peach bathroom, border paper, you know the sort of thing', 'needs_modernisation'],
    ['orange kitchen, brown bath', 'needs_modernisation'],
    ['pink suite in the bathroom', 'needs_modernisation'],
    ['artex ceilings and woodchip everywhere', 'needs_modernisation'],
    ['still got the serving hatch', 'needs_modernisation'],
    // No money spent on it.
    ["it's had nowt spent on it since Ted Heath", 'needs_modernisation'],
    ["it hasn't had a penny spent on it in years", 'needs_modernisation'],
    ['had very little done to it, to be honest', 'needs_modernisation'],
    // Praise denied in a joke.
    ["well, it's not the Ritz, put it that way", 'needs_modernisation'],
    ["it's hardly Buckingham Palace", 'needs_modernisation'],
    ["it won't win any awards", 'needs_modernisation'],
  ])('%j is %s, asked or not', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
    expect(extractCondition(said)).toBe(band);
  });

  it.each([
    ['it spends most of its time empty', null],
    ["the bathroom's had it done recently, it's lovely", 'good'],
  ])('asked, %j is %s', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
  });
});

describe('a fitting worn out, wanted put in, or priced by a builder', () => {
  it.each([
    ["fine day to day, but the bathroom's had it and the heating's temperamental", 'needs_modernisation'],
    ["the boiler's on the blink", 'needs_modernisation'],
    ['the shower keeps playing up', 'needs_modernisation'],
    ["the kitchen's had its day", 'needs_modernisation'],
    ['radiators are clapped out', 'needs_modernisation'],
    ["it'd need a kitchen and bathroom putting in", 'needs_modernisation'],
    ['wants a new boiler fitting', 'needs_modernisation'],
    ['the builder quoted about eight grand for a kitchen', 'needs_modernisation'],
    ["there's ten grand of work in it", 'needs_modernisation'],
  ])('%j is %s, asked or not', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
    expect(extractCondition(said)).toBe(band);
  });
});

describe('another house told beside the caller’s, a question back, and a repair', () => {
  it.each([
    // Another house, to set the caller's against: only the caller's is read.
    ["ours is in good fettle - it's the one next door that's falling down, not ours", 'good'],
    [
      "the one two doors down went for two-ten all done up, ours isn't done up, it'd need a kitchen putting in",
      'needs_modernisation',
    ],
    // Work denied puts nothing right.
    ["ours isn't done up", null],
    ["it's never been done up", null],
    ['the house over the road is derelict but ours is lovely', 'good'],
    ["the rest of the street's a bombsite, ours is immaculate", 'good'],
    // Compared with another house, it is the caller's that is told.
    ["it's in good nick, like next door's", 'good'],
    // A repair: the words taken back go.
    [
      'the inside needs doing top to bottom, well, not top to bottom, just the kitchen and bathroom',
      'needs_modernisation',
    ],
    ['it needs a full renovation, well, not a full renovation, just a new kitchen', 'needs_modernisation'],
  ])('%j is %s', (said, band) => {
    expect(extractCondition(said, { answering: true })).toBe(band);
  });

  it.each([
    'What do you mean by condition? Like, is it clean?',
    'what do you mean by condition like is it clean',
    'how do you mean, is it clean?',
  ])('a question back, %j, tells no band', (said) => {
    expect(extractCondition(said, { answering: true })).toBeNull();
  });

  it('reads a statement after the question back', () => {
    expect(extractCondition("What do you mean? Oh, it's spotless.", { answering: true })).toBe('good');
  });
});

describe("another's house, another's view and a past project are not the house as it is", () => {
  it.each([
    // A house compared, and what is said of it after "which" or "that".
    ["it's in good nick, not like my brother's which needs gutting", 'good'],
    ["ours is lovely, better than her mum's place that's falling apart", 'good'],
    ['my last house was a wreck but this one is lovely', 'good'],
    // Someone else's view, answered by the caller's own.
    ['my husband says it needs a lot of work, i think it just needs decorating', 'needs_modernisation'],
    ["the wife reckons it's a wreck, i'd say it's just tired", 'needs_modernisation'],
    // A project the caller did before.
    ["we did up a doer upper before, this one's in great condition", 'good'],
  ])('%j is %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });

  it.each([
    // The house for sale may be someone else's: said alone, it is the one asked about.
    ["it's my mum's house, it needs gutting", 'needs_full_renovation'],
    ["my dad's place needs a new kitchen", 'needs_modernisation'],
    // A view with no answer of the caller's stands.
    ["my wife says it's in good nick", 'good'],
  ])('%j is still %s', (said, condition) => {
    expect(extractCondition(said, { answering: true })).toBe(condition);
  });
});
