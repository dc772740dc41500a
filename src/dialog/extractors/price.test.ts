import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sayNumber } from '../../../test/support/dialog/render-speech.js';
import { extractPrice } from './price.js';

describe('extractPrice', () => {
  describe('as recognisers write amounts when price was asked', () => {
    it.each([
      ['looking for two hundred and and sixty thousand', 260_000],
      ['from 150 up to 170 grand', 160_000],
      ['anything from two ten up to two thirty', 220_000],
      ["i'd say two to two fifty grand", 225_000],
      ['five to five twenty five thousand', 512_500],
      ['one forty grand no sorry one fifty', 150_000],
      ['310 k no wait 330 the missus reckons', 330_000],
      ['one point two million six acres', 1_200_000],
      ['two mil four bedrooms', 2_000_000],
      ['maybe 4 twenty', 420_000],
      ['two hundred does that sound fair', 200_000],
      ['won point five million', 1_500_000],
    ])('reads %j as %d', (said, amount) => {
      expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
    });
  });

  it.each([
    ['two hundred and fifty thousand', 250_000],
    ['250k', 250_000],
    ['250 k', 250_000],
    ['£250,000', 250_000],
    ['£250000', 250_000],
    ['250,000 pounds', 250_000],
    ['250 grand', 250_000],
    ['two fifty grand', 250_000],
    ['two fifty k', 250_000],
    ['a quarter of a million', 250_000],
    ['quarter of a million', 250_000],
    ['three quarters of a million', 750_000],
    ['half a million', 500_000],
    ['one point two million', 1_200_000],
    ['1.2m', 1_200_000],
    ['£1.2m', 1_200_000],
    ['1.25 million', 1_250_000],
    ['two and a half million', 2_500_000],
    ['a million and a half', 1_500_000],
    ['a million', 1_000_000],
    ['about 300 thousand', 300_000],
    ['a hundred and eighty k', 180_000],
    ['one hundred and ninety five thousand pounds', 195_000],
    ['um like er 275k yeah', 275_000],
    ['three bed semi, want 250k', 250_000],
    ["i'd be hoping for something around £320,000 to be honest", 320_000],
    ['i owe 100k on the mortgage and want 250k', 250_000],
    ['no mortgage, looking for 200k', 200_000],
    ["it's worth 300k but i'd take 270k", 270_000],
    ['the agent valued it at 300k', 300_000],
  ])('reads %j as %d', (said, amount) => {
    expect(extractPrice(said)?.amount).toBe(amount);
  });

  it.each([
    ['two fifty', 250_000],
    ['about two fifty i reckon', 250_000],
    ['three hundred', 300_000],
    ['two hundred and twenty five', 225_000],
    ['one eighty', 180_000],
    ['ninety', 90_000],
    ['one point two', 1_200_000],
    ['£250', 250_000],
    ['somewhere around three hundred', 300_000],
  ])('with assumeThousands reads %j as %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })).toMatchObject({ amount, confidence: 'low' });
  });

  it.each([
    ['between 200 and 220k', 200_000, 220_000],
    ['between two hundred and two hundred and twenty thousand', 200_000, 220_000],
    ['200-220k', 200_000, 220_000],
    ['£200,000 to £220,000', 200_000, 220_000],
    ['250 to 260 thousand', 250_000, 260_000],
    ['1 to 1.2 million', 1_000_000, 1_200_000],
    ['somewhere between 180 and 200 grand', 180_000, 200_000],
  ])('reads the range %j as %d–%d with the midpoint as amount', (said, min, max) => {
    expect(extractPrice(said)).toEqual({ amount: (min + max) / 2, min, max, confidence: 'high' });
  });

  it('reads a range of bare numbers when thousands are assumed', () => {
    expect(extractPrice('two to two fifty', { assumeThousands: true })).toMatchObject({
      min: 200_000,
      max: 250_000,
    });
    expect(extractPrice('200 to 250', { assumeThousands: true })).toMatchObject({
      min: 200_000,
      max: 250_000,
    });
  });

  it('keeps floors and ceilings', () => {
    expect(extractPrice('at least 200k')).toEqual({ amount: 200_000, min: 200_000, confidence: 'high' });
    expect(extractPrice('up to £300,000')).toEqual({ amount: 300_000, max: 300_000, confidence: 'high' });
  });

  it.each([
    '',
    'hello',
    'two fifty',
    'three bed semi',
    '12 acacia avenue',
    'it was built in 1990',
    'call me on 07911 123456',
    'm14 5ab',
    'i owe 100k on the mortgage',
    'i paid 150 grand for it',
    "i've got 3 kids",
  ])('finds no price in %j', (said) => {
    expect(extractPrice(said)).toBeNull();
  });

  it.each([
    '12 acacia avenue',
    'three bedrooms',
    'em fourteen five ay bee',
    'its been empty for six months',
    'number 42',
    'the 3rd at 10',
  ])('with assumeThousands still finds no price in %j', (said) => {
    expect(extractPrice(said, { assumeThousands: true })).toBeNull();
  });
});

describe('price properties', () => {
  const amounts = fc.integer({ min: 10_000, max: 5_000_000 });
  const thousands = fc.integer({ min: 10, max: 5_000 }).map((k) => k * 1000);
  const contexts = fc.constantFrom(
    '{}',
    "i'd want {}",
    'somewhere around {}',
    'hoping for about {} really',
    '{} would be nice',
  );
  const inContext = (template: string, said: string): string => template.replace('{}', said);

  it('reads any amount said in words', () => {
    fc.assert(
      fc.property(amounts, contexts, (amount, template) => {
        expect(extractPrice(inContext(template, sayNumber(amount)))?.amount).toBe(amount);
      }),
      { numRuns: 300 },
    );
  });

  it('reads any amount written as £ with commas', () => {
    fc.assert(
      fc.property(amounts, contexts, (amount, template) => {
        expect(extractPrice(inContext(template, `£${amount.toLocaleString('en-GB')}`))?.amount).toBe(amount);
      }),
      { numRuns: 300 },
    );
  });

  it('reads any amount written with k, including decimals of k', () => {
    fc.assert(
      fc.property(amounts, contexts, (amount, template) => {
        expect(extractPrice(inContext(template, `${amount / 1000}k`))?.amount).toBe(amount);
      }),
      { numRuns: 300 },
    );
  });

  it('reads whole thousands said as grand, k or thousand', () => {
    fc.assert(
      fc.property(
        thousands,
        fc.constantFrom(' grand', 'k', ' k', ' thousand'),
        contexts,
        (amount, unit, template) => {
          expect(extractPrice(inContext(template, `${amount / 1000}${unit}`))?.amount).toBe(amount);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads bare hundreds as thousands when the agent asked about price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 999 }), (k) => {
        expect(extractPrice(sayNumber(k), { assumeThousands: true })?.amount).toBe(k * 1000);
      }),
    );
  });
});

describe('extractPrice: everyday ways of giving the figure when price was asked', () => {
  const asked = (said: string): number | undefined => extractPrice(said, { assumeThousands: true })?.amount;

  it.each([
    // The same figure said twice, as callers do while making up their minds.
    ['three hundred, three hundred yeah', 300_000],
    ['um four hundred four hundred i reckon', 400_000],
    ['five hundred? five hundred.', 500_000],
    ['a million a million three or so', 1_150_000],
    ['two million, two million two', 2_100_000],
  ])('a repeated figure: %j is %d', (said, amount) => {
    expect(asked(said)).toBe(amount);
  });

  it.each([
    ['3 point 2000000 with the paddock', 3_200_000],
    ['about 1 point 75000000 i think', 1_750_000],
    ['er 4 point 5000000', 4_500_000],
  ])('millions written as noughts after the point: %j is %d', (said, amount) => {
    expect(asked(said)).toBe(amount);
  });

  it.each([
    ["about one sixty we've lived here ages", 160_000],
    ['two twenty id hope', 220_000],
    ["three ten it's a good road", 310_000],
    ['around 275 im not greedy', 275_000],
    ['one ninety. We need to clear the loan', 190_000],
  ])('a new clause straight after the figure: %j is %d', (said, amount) => {
    expect(asked(said)).toBe(amount);
  });

  it.each([
    ['one forty love', 140_000],
    ['summat like two ten mate', 210_000],
    ['about one two five bab', 125_000],
    // The bedroom count said next, the pause unwritten.
    ["i'd want two forty three bed semi", 240_000],
    ['hoping for one eighty five two bedrooms', 185_000],
    ['about a hundred and ten four bed detached', 110_000],
    ['one sixty chuck', 160_000],
    ['two hundred flower', 200_000],
    ['one twenty bud', 120_000],
    ['one forty marra', 140_000],
    ['about three fifty pet', 350_000],
    ['one eighty duck', 180_000],
  ])('the caller addressing the agent after the figure: %j is %d', (said, amount) => {
    expect(asked(said)).toBe(amount);
  });

  it.each([
    ['two, two ten', 205_000, 200_000, 210_000],
    ['three three twenty', 310_000, 300_000, 320_000],
    ['maybe four, four fifty', 425_000, 400_000, 450_000],
  ])('the hundreds then a bit more, as a hedge: %j', (said, amount, min, max) => {
    expect(extractPrice(said, { assumeThousands: true })).toMatchObject({ amount, min, max });
  });

  it.each([
    ["it's number 3, 350", 350_000],
    ['flat 4, four twenty', 420_000],
  ])('a house number then the figure is no hedge: %j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })).toEqual({ amount, confidence: 'low' });
  });

  it.each([
    ['four seven five', 475_000],
    ['er three two five', 325_000],
    ["about six nine nine i'd say", 699_000],
  ])('three digits one by one: %j is %d', (said, amount) => {
    expect(asked(said)).toBe(amount);
  });

  it.each([
    ['four seven five', {}],
    ['seven seven nine two one', { assumeThousands: true }],
    ['oh seven seven one two three', { assumeThousands: true }],
  ])('digits that are not a price: %j', (said, options) => {
    expect(extractPrice(said, options)).toBeNull();
  });

  it.each([
    ["we'd be happy getting back what we paid, which was two ten", 210_000],
    ['i just want what i paid for it, one ninety five', 195_000],
    ['happy with what we paid really which was one seventy back in 2015', 170_000],
  ])('what was paid, wished back: %j is %d', (said, amount) => {
    expect(asked(said)).toBe(amount);
  });

  it('what was paid, said as history, is still not the price', () => {
    expect(asked('we paid 150 for it in 2012 and want 250')).toBe(250_000);
  });
});

describe('extractPrice: a hedge before what an amount is', () => {
  it.each([
    ['looking for two hundred, still thirty odd left on the mortgage', 200_000],
    ["we'd want 180 and there's twenty ish owed", 180_000],
    ['two forty, the service charge is nine hundred or so a year', 240_000],
  ])('%j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each(["we've fifty odd left on the mortgage", 'about 40k or so still on the mortgage'])(
    '%j gives no price',
    (said) => {
      expect(extractPrice(said, { assumeThousands: true })).toBeNull();
    },
  );
});

describe('extractPrice: more of how callers and recognisers give the figure', () => {
  it.each([
    ['240 nine i think', 249_000],
    ['about 310 five', 315_000],
    ['170 three would do', 173_000],
  ])('tens in digits and the unit in a word: %j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each([
    ['all in good order and we were after two sixty five if that helps', 265_000],
    ["we're after one ninety really", 190_000],
    ["two bed and i'm thinking about three ten for it", 310_000],
    ["we're thinking two forty five", 245_000],
  ])('a wish the British way puts price in play unasked: %j is %d', (said, amount) => {
    expect(extractPrice(said)).toEqual({ amount, confidence: 'high' });
  });

  it.each([
    "we're thinking of moving in 30 days",
    "we're after a quick sale, in 3 months",
    'about 35 grand left on the mortgages',
  ])('%j gives no price', (said) => {
    expect(extractPrice(said)).toBeNull();
  });
});

/** The words as written with punctuation, and as a recogniser writes them: lower case, no punctuation. */
function asWrittenAndPlain(table: readonly (readonly [string, number])[]): [string, number][] {
  return table.flatMap(([said, amount]): [string, number][] => [
    [said, amount],
    [
      said
        .toLowerCase()
        .replace(/[.,?!]/g, '')
        .replace(/\s+/g, ' '),
      amount,
    ],
  ]);
}

describe('extractPrice: the figure and what the caller says straight after it', () => {
  it.each(
    asWrittenAndPlain([
      ['3 quarters of a million or thereabouts', 750_000],
      ['About 3 quarters of a mil.', 750_000],
      ['1 quarter of a million, near enough', 250_000],
      ['One and 3 quarters million.', 1_750_000],
    ]),
  )('a fraction with its count in digits: %j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each(
    asWrittenAndPlain([
      ['Hundred and seventy, firm.', 170_000],
      ['Two twenty fixed, I know what it is worth.', 220_000],
      ['One thirty final.', 130_000],
      ['A hundred and sixty, non-negotiable.', 160_000],
      ['Ninety five flat.', 95_000],
    ]),
  )('how fixed the figure is: %j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each(
    asWrittenAndPlain([
      ['A hundred and twenty, bearing in mind the damp.', 120_000],
      ['Ninety, considering the state of the kitchen.', 90_000],
      ['One sixty given how much needs doing.', 160_000],
      ['Two ten because of the big garden.', 210_000],
    ]),
  )('why the figure, said after it: %j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each(
    asWrittenAndPlain([
      ["Eighty grand'd do me.", 80_000],
      ["Two fifty'll be fine.", 250_000],
      ["£175k's my figure.", 175_000],
      ["A hundred and ten thousand'd be lovely.", 110_000],
      ['Seventy grandd be fine.', 70_000],
    ]),
  )('a verb run on to the amount: %j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each(
    asWrittenAndPlain([
      ["Sixty grand would do us. The end one's the same and it went for fifty-two.", 60_000],
      ["One forty will suit me, next door's was one thirty.", 140_000],
      ["Eighty-five is what we're after, the flat upstairs fetched eighty.", 85_000],
      ['Two hundred would be ideal. Theirs went for one ninety.', 200_000],
    ]),
  )('a wish said after the figure outranks another house: %j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe('extractPrice: a figure taken back and one settled on', () => {
  it.each(
    asWrittenAndPlain([
      ['One sixty. No, one seventy, I forgot the extension.', 170_000],
      ['Two hundred grand, nah, two ten.', 210_000],
      ['Ninety, hang on, make that ninety five.', 95_000],
      ['A hundred and forty, no, sorry, a hundred and fifty.', 150_000],
      ['Three twenty k, no, three thirty.', 330_000],
    ]),
  )('a repair between two amounts, with or without commas: %j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each(
    asWrittenAndPlain([
      ['Two forty, maybe two fifty, call it two fifty.', 250_000],
      ["One sixty or one seventy? Let's say one seventy.", 170_000],
      ["Ooh, you're asking me now. Two ten? Two twenty? Say two twenty.", 220_000],
    ]),
  )('the figure settled on after a hedge: %j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each(["now you're asking, probably forty", "you're asking a lot there, about twenty"])(
    '"you\'re asking" is the agent asking, not a price word, when price was not asked: %j',
    (said) => {
      expect(extractPrice(said)).toBeNull();
    },
  );
});

describe('extractPrice: hundreds, "oh" and a unit as recognisers write them', () => {
  it.each([
    ['anything between 180000 and 3 oh 5000', 242_500],
    ['about 2 oh 9 k', 209_000],
    ['4 oh 5 grand would do', 405_000],
    ['from 170000 up to 2 oh 5000', 187_500],
  ])('%j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe('extractPrice: a figure said twice as the caller restarts it', () => {
  it.each([
    ['sixty five sixty five thousand', 65_000],
    ['eighty five eighty five thousand for it', 85_000],
    ['thirty two thirty two grand', 32_000],
    ['forty two forty two grand would do', 42_000],
  ])('a restart before the scale is read once: %j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each([
    ['four fifty four hundred and fifty thousand', 450_000],
    ['two twenty two hundred and twenty thousand really', 220_000],
    ['three fifty three hundred and fifty thousand', 350_000],
  ])('the hundreds said short, then in full: %j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each([
    ['two hundred and seventy five thousand five hundred', 275_500],
    ['a hundred and twenty thousand and fifty pounds', 120_050],
    ['two hundred thousand two hundred', 200_200],
    ['nine nine five k', 995_000],
  ])('a figure that goes on after its thousands is kept whole: %j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe("extractPrice: another house's figure, its owner named after it", () => {
  it.each([
    ['Maybe one forty. Me auntie sold at one thirty for hers.', 140_000],
    ['Two ten really. The couple across got one ninety for theirs, mind.', 210_000],
    ['two ten really the couple across got one ninety for theirs mind', 210_000],
    ['We thought a hundred and thirty thousand. Our friends only managed one twenty for theirs.', 130_000],
  ])('%j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe('extractPrice: a figure set aside with "not"', () => {
  it.each(
    asWrittenAndPlain([
      ['Two ten, not two hundred.', 210_000],
      ['Sorry, one forty five. Forty five, not fifty five.', 145_000],
      ['A hundred and eighty grand, sorry, a hundred and sixty. Sixty not eighty.', 160_000],
      ['Two fifty, not two fifteen.', 250_000],
      ['One sixty, not one seventy.', 160_000],
    ]),
  )('%j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe('extractPrice: regional words around a bare figure', () => {
  it.each([
    ["i'd want one-sixty la, the one next door's up for one-eighty", 160_000],
    ['about ninety hinny, the flats up the road go for eighty', 90_000],
    ["ah'd tak a hundred noo, it's no worth the bother", 100_000],
    ["ah'd tak one-forty, me sister got one-thirty", 140_000],
  ])('%j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe('extractPrice: "so" brings in the caller’s own figure after other amounts', () => {
  it.each(
    asWrittenAndPlain([
      ["We're 8 grand in arrears, so about one forty.", 140_000],
      ['Our roof needs doing, so maybe one ten?', 110_000],
      ['The end terrace needs a new boiler, so one thirty.', 130_000],
      ['Next door went for 200, ours needs work, so one eighty.', 180_000],
    ]),
  )('%j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe('extractPrice: a figure straight after the caller’s wish, whatever follows it', () => {
  it.each(
    asWrittenAndPlain([
      ["Agents put it at one ninety but I'd be happy with one seventy from a quick buyer.", 170_000],
      ['We were thinking two twenty the lot of us.', 220_000],
      ["I'd want one sixty five from a cash buyer.", 165_000],
      ["We're after two forty from whoever.", 240_000],
      ["I'd take ninety from anyone quick.", 90_000],
    ]),
  )('%j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each(['i want 30 days to sort it', "we'd be happy with 25 years of memories"])(
    '%j has no price',
    (said) => {
      expect(extractPrice(said, { assumeThousands: true })).toBeNull();
    },
  );
});

describe('extractPrice: an aside said after a bare figure', () => {
  it.each(
    asWrittenAndPlain([
      ['Two eighty innit.', 280_000],
      ['Rightmove says three hundred but one ninety realistically.', 190_000],
      ['Seventy mind, not a penny less.', 70_000],
      ['One forty realistically.', 140_000],
    ]),
  )('%j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe('extractPrice: what a survey or report put on it is a valuation', () => {
  it.each(
    asWrittenAndPlain([
      ['Two hundred. The home report said one eighty five but that was a joke.', 200_000],
      ['One fifty, the survey came back at one forty.', 150_000],
      ['About ninety, the surveyor had it at eighty five.', 90_000],
      ['One fifty, the home report had it at one forty.', 150_000],
    ]),
  )('%j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe('extractPrice: two figures side by side, the scale said once', () => {
  it.each(
    asWrittenAndPlain([
      ['A hundred and eighty, a hundred and ninety thousand.', 185_000],
      ['Two hundred and forty, two hundred and sixty grand.', 250_000],
      ['A hundred and sixty, a hundred and seventy thousand.', 165_000],
    ]),
  )('%j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each([
    ['a hundred and thirteen hundred and seventeen', 115_000],
    ['hundred and eleven hundred and nineteen thousand', 115_000],
    ['hundred and fourteen hundred and sixteen round there', 115_000],
  ])('%j is %d: the teens after "hundred and" are the first figure’s own', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe('extractPrice: a correction stands in for the wished figure it puts right', () => {
  it.each(
    asWrittenAndPlain([
      ["I'd want one fifty grand, no sorry, 165.", 165_000],
      ["We're hoping for 200k, no wait, 210k.", 210_000],
    ]),
  )('%j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe('extractPrice: a bound, then the figure the caller means within it', () => {
  it.each(
    asWrittenAndPlain([
      ['Just under three hundred grand, two nine five say.', 295_000],
      ['Just shy of 400 grand, 390 say.', 390_000],
      ['Just below 250k, 245 say.', 245_000],
      ['Just shy of a hundred grand, ninety five say.', 95_000],
    ]),
  )('%j is %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it('"North of three hundred. Three ten would do." is 310000, not a range', () => {
    expect(
      extractPrice('North of three hundred. Three ten would do.', { assumeThousands: true })?.amount,
    ).toBe(310_000);
  });
});
