import { describe, expect, it } from 'vitest';
import { extractBedrooms } from './bedrooms.js';

describe('extractBedrooms', () => {
  it.each([
    ['three bed', 3],
    // Another house's bedrooms are not this one's; this one's said beside a wish still is.
    ["it's a 3 bed and i'd hope it goes for 200", 3],
    ['we want a quick sale of our 3 bed', 3],
    // Other rooms counted beside the bedrooms.
    ['four bedrooms, two bathrooms', 4],
    ['bedrooms three and two receptions', 3],
    ['it has 6 rooms in total, 3 are bedrooms', 3],
    ['3 bedroom', 3],
    ['three bedroomed', 3],
    ['a four bed semi', 4],
    ['4 bed detached', 4],
    ['it has got five bedrooms', 5],
    ['three double bedrooms', 3],
    ['2 good sized bedrooms', 2],
    ['3bed', 3],
    ['one bedroom flat', 1],
    ['a twelve bedroom hmo', 12],
    ['studio', 0],
    ['a studio flat', 0],
    ['it is a bedsit', 0],
    ['two up two down', 2],
    ['bedrooms is three', 3],
    ["no it's four bedrooms", 4],
    ['it was a three bed but we converted the loft so now a four bed', 4],
    ['3 bed for 250k', 3],
    ['three bed semi at 12 acacia avenue', 3],
    ['um like a three bedroom house yeah', 3],
    ['2 bed 1 bath', 2],
  ])('reads %j as %d', (said, bedrooms) => {
    expect(extractBedrooms(said)).toBe(bedrooms);
  });

  it.each([
    '',
    'hello',
    '12 acacia avenue',
    'four',
    'i want 250k',
    'twenty five bedrooms',
    'a double bedroom',
    'it has 2 bathrooms',
    'm14 5ab',
    // A digit said twice in a phone number is not a double room.
    "it's oh seven seven double oh, nine double oh, one two three",
    'seven seven double oh nine double five one two three',
    'zero one one three double four nine six, double two three',
  ])('finds no bedrooms in %j', (said) => {
    expect(extractBedrooms(said)).toBeNull();
  });

  it.each([
    ['four', 4],
    ["no it's four", 4],
    ["there's three", 3],
    ['just the two', 2],
    // Rooms counted by size.
    ['three doubles and a single', 4],
    ['one double bedroom and a single', 2],
    ['two doubles and two singles', 4],
    // Terraces described up and down.
    ["it's a two up two down", 2],
    ['3 up 3 down', 3],
    // A number put right.
    ['two no three i forgot the attic room', 3],
    ['four sorry five', 5],
    // The first count, not what the caller counts next.
    ["2 there's 5 of us", 2],
    ["two and i'm seventy two so the stairs are a struggle", 2],
    ['2 maybe 3 at a push', 2],
    ['two if you count the little one', 2],
    ["2 all decent sizes the smallest's about 9 foot square", 2],
    ["they're all doubles, three of them", 3],
    ['three of them, and 5 of us in the house', 3],
  ])('with acceptBareNumber reads %j as %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
  });

  it.each(['it has 2 bathrooms', 'three or four', '250k', 'forty'])(
    'with acceptBareNumber still rejects %j',
    (said) => {
      expect(extractBedrooms(said, { acceptBareNumber: true })).toBeNull();
    },
  );
});

describe('a count said straight after a figure, the pause unwritten', () => {
  it.each([
    ["i'd want two forty three bed semi", 3],
    ['we paid ninety five four bedrooms', 4],
    ['hoping for a hundred and twenty two bed terrace', 2],
    ['one eighty five three double bedrooms', 3],
    ['it went for two ten four bed detached', 4],
  ])('%j has %d bedrooms', (said, count) => {
    expect(extractBedrooms(said)).toBe(count);
  });

  it.each(['two forty three', 'a hundred and twenty two'])('%j gives no count', (said) => {
    expect(extractBedrooms(said)).toBeNull();
  });
});

describe('extractBedrooms, another house', () => {
  it.each([
    "next door's a 4 bed and went for 300",
    'the one over the road, a three bed, sold for 250 grand',
    'a 3 bed round here goes for 220',
    'we used to have a 4 bed before we moved here',
    'we want a 2 bed bungalow next',
    "we're looking for a one bed flat after this",
  ])('takes no count from %j', (said) => {
    expect(extractBedrooms(said)).toBeNull();
  });
});

describe('rooms by kind, added up, whatever follows them', () => {
  it.each([
    ["two doubles and a single, we've been there 12 years", 3],
    ['a double room and a single room', 2],
    ['three doubles and a box room', 4],
    ['two doubles and a single but the single is tiny', 3],
  ])('%j is %i', (said, count) => {
    expect(extractBedrooms(said)).toBe(count);
  });

  it.each(['a double garage and a single storey extension', 'double glazed throughout, single garage'])(
    '%j counts no rooms',
    (said) => {
      expect(extractBedrooms(said)).toBeNull();
    },
  );
});

describe('the rooms the house has now, and not another building’s', () => {
  it.each([
    ['three but we knocked two into one so really two now', 2],
    ['it was a four bed but we made one into a bathroom so three', 3],
    ['originally five, we turned one into a utility, leaving four', 4],
    ['it was a three bed but we converted the loft so now a four bed', 4],
    ['the house has four, and there is a two bed annex', 4],
    ['four, plus a two bedroom flat above the garage', 4],
    ['three, and a one bed granny flat in the garden', 3],
  ])('%j has %i', (said, count) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(count);
  });
});

describe('bedrooms counted the long way round', () => {
  it.each([
    ['three bedrooms and a box room', 4],
    ['two bed plus a little box room', 3],
    ['four bedrooms with a small boxroom', 5],
    // Counted already.
    ["four bedrooms, one's a box room", 4],
  ])('a box room after the count: %j is %i', (said, count) => {
    expect(extractBedrooms(said)).toBe(count);
  });

  it.each([
    ["it was two but we've had a loft conversion so there's a third one now", 3],
    ['three, and the extension gave us a fourth bedroom', 4],
    ['two bed, then we added a third bedroom over the garage', 3],
  ])('a bedroom counted by its place in line: %j is %i', (said, count) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(count);
  });

  it.each([
    ["two bed, there's space for a third bedroom", 2],
    ['three bed with a second bathroom', 3],
    ['four bed, the third bedroom is the smallest', 4],
    ['two bed, could easily make a third bedroom', 2],
  ])('an ordinal that adds no bedroom: %j is %i', (said, count) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(count);
  });

  it.each([
    ["next door's got five, we've got four", 4],
    ['number 12 has three and ours has two', 2],
    ["forty one's got four, we're forty three and we have three", 3],
  ])("the caller's own house beside others: %j is %i", (said, count) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(count);
  });

  it.each([
    ['just a single bedroom', 1],
    ["only a small bedroom really, it's a little flat", 1],
    ['it has just the one bedroom', 1],
  ])('one bedroom said without a number: %j is %i', (said, count) => {
    expect(extractBedrooms(said)).toBe(count);
  });

  it('a single bedroom is one when bedrooms were asked about', () => {
    expect(extractBedrooms("it's a single bedroom", { acceptBareNumber: true })).toBe(1);
  });

  it.each([
    ['two bedrooms downstairs and one upstairs', 3, false],
    ['three upstairs and one on the ground floor', 4, true],
    ['one downstairs, two in the loft', 3, true],
    ['2 on the first floor and 2 up in the attic', 4, true],
  ])('bedrooms on each floor added up: %j is %i', (said, count, asked) => {
    expect(extractBedrooms(said, { acceptBareNumber: asked })).toBe(count);
  });

  it.each([
    ['three bed, two bathrooms, one upstairs and one downstairs', 3],
    ["it's a two up two down", 2],
  ])('rooms on each floor that are not more bedrooms: %j is %i', (said, count) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(count);
  });
});

describe('extractBedrooms: "one" naming a room, not counting', () => {
  it.each([
    ["Right, so us in the front one, our lad's in the back one, and a box room. Three.", 3],
    ["we're in the big one the girls share the middle one and there's a study so three", 3],
    ['That one is ours, this one is the lodger’s, so two.', 2],
    ['the main one has an en suite, the rest share, three in all', 3],
    ["my mum's in the little one downstairs, four", 4],
  ])('with acceptBareNumber reads %j as %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
  });

  it.each([
    ['just the one', 1],
    ['Only one, it is a small flat.', 1],
    ['one, the big one at the front', 1],
  ])('a "one" that is the count still counts: %j is %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
  });
});

describe('extractBedrooms: "eight" as the recogniser hears it', () => {
  it.each([
    ['ate', 8],
    ["it's got ate, it was a b and b", 8],
    ['theres ate i think', 8],
    ['maybe ate all told', 8],
  ])('with acceptBareNumber reads %j as %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
  });

  it.each(["we've ate already", 'the kids ate upstairs'])('%j is no count', (said) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBeNull();
  });
});

describe('extractBedrooms: the count the caller settles on', () => {
  it.each([
    ['two, and the little study, so three if you count that', 3],
    ['five, well four really, the last one is a cupboard', 4],
    ['three, or four with the loft. Put four.', 4],
    ["four, but one's tiny. Say three.", 3],
    ['two and a nursery, call it three', 3],
    ['three, so i suppose that makes it four with the attic room... yeah, four', 4],
  ])('with acceptBareNumber reads %j as %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
  });

  it.each([
    ['three, so two of them are empty now', 3],
    ['three, well two and a half really', 3],
    ['four, so plenty of room for the grandkids', 4],
  ])('a later number that is no count leaves the first: %j is %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
  });
});

describe('extractBedrooms: "the one" described is a room, not a count', () => {
  it.each([
    ['ours, the one at the back, and the one the twins share, two', 2],
    ['the one over the porch, the one we use, and the big front one, three', 3],
    ['there is the one my son had and the 1 in the loft, so two', 2],
    ['the one with the sloping ceiling counts, so four', 4],
  ])('with acceptBareNumber reads %j as %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
  });

  it.each([
    ['just the one, at the front', 1],
    ['only the one in the flat', 1],
  ])('"just the one" is still the count: %j is %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
  });
});

describe('extractBedrooms: people counted are not rooms', () => {
  it.each([
    'a student let, six girls from the college',
    'there are three tenants in it',
    'four lads share it',
  ])('%j is no count', (said) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBeNull();
  });
});

describe('extractBedrooms: "won" as the recogniser writes "one"', () => {
  it.each([
    ['won plus a put-you-up in the lounge', 1],
    ['just won, a double', 1],
    ['three upstairs and won in the attic', 4],
  ])('with acceptBareNumber reads %j as %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
  });

  it.each(['we won the bid on it', "they've won an award for the garden"])('%j is no count', (said) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBeNull();
  });
});

describe('extractBedrooms: a count settled on after the bedrooms were counted', () => {
  it.each([
    ["We've two bedrooms, plus the attic room we sleep guests in, so three.", 3],
    ['Three bedrooms and the study has a sofa bed, so four really.', 4],
    ["Two beds, and the loft's done as a bedroom now, so three I suppose.", 3],
    ['three bed well three and a little box room so four on paper', 4],
  ])('reads %j as %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
    expect(extractBedrooms(said)).toBe(bedrooms);
  });

  it.each([
    ['three bedrooms, so two of them are doubles', 3],
    ['four bedrooms so it is big for us', 4],
  ])('keeps %j as %d: what follows "so" counts nothing new', (said, bedrooms) => {
    expect(extractBedrooms(said)).toBe(bedrooms);
  });
});

describe('extractBedrooms: the plain forms of callers who drop the plural or the "it"', () => {
  it.each([
    ['Rooms is six, bedroom is three.', 3],
    ['how many room altogether is eight but bedroom is five', 5],
    ['It was five but we knock two together, so now is four.', 4],
    ['Was three, we convert the small one to bathroom, so now is two.', 2],
  ])('reads %j as %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
  });
});

describe('asked, a count said on its own to close the answer', () => {
  it.each([
    // The rooms gone through first, told over with "one", then the total.
    ['One for me, one for the kids, and the box room. Three.', 3],
    ["Our room, the twins' room, the spare, and the attic's got a bed in. Four, I'd say.", 4],
    ['Well, the big one at the front, the one at the back. Two altogether.', 2],
    ["There's mine, there's my son's, and one we use as an office - three.", 3],
    // A figure taken back, then the count alone.
    ['Six... no, sorry, I counted the bathroom. Five.', 5],
    ['Four. Hang on, the fourth is a study really. Three then.', 3],
  ])('reads %j as %d', (said, bedrooms) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).toBe(bedrooms);
  });

  it.each([
    ['Three, four.', 4],
    ['two... three', 3],
  ])('does not take the second of two figures said with a pause in %j as the count', (said, second) => {
    expect(extractBedrooms(said, { acceptBareNumber: true })).not.toBe(second);
  });

  it('only when asked', () => {
    expect(extractBedrooms('One for me, one for the kids. Three.')).toBeNull();
  });
});
