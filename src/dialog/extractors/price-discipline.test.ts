/**
 * A number is an asking price only when price is in play: asked for, or said with "£", "k",
 * "grand", "thousand", "asking", "worth" and the like. House numbers, postcodes, counts of
 * months, running charges and debts are never the price, asked for or not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sayNumber } from '../../../test/support/dialog/render-speech.js';
import { withVariants } from '../../../test/support/dialog/speech-variants.js';
import { extractPrice } from './price.js';

const NOT_PRICES = [
  '3 mill road m14 5rt',
  'its 3 mill road',
  '12 pound street',
  '11 kingsway cheadle sk8 1aa',
  '42 the crescent m14 5rt',
  'flat 4 12 mill road',
  'number 7 acacia avenue',
  '250 wilmslow road',
  "i'm 4 months behind",
  "we're about six months behind on the mortgage",
  'the service charge is about £1,800 a year',
  'service charge is 1800',
  'ground rent is £250 a year',
  'the ground rent is two hundred and fifty pounds',
  'we owe about 90 grand on the mortgage',
  "there's about £120,000 left on the mortgage",
  'mortgage of 150 thousand',
  'arrears of about £4,000',
  'the rent is 650 a month',
  'it brings in £750 pcm',
  'council tax is 1600 a year',
  "it's got 3 bedrooms",
  'it was built in 1930',
  "she's 85",
  'about 20 years old',
  'my number is 07700 900123',
  'm14 5rt',
  // A spoken postcode the recogniser broke with commas.
  "it's 12 oak road, m one four, five a b",
  'em one four, five ay bee',
  'b b ten, one a b',
] as const;

describe('extractPrice: words about other things are not a price', () => {
  it.each(withVariants(NOT_PRICES.map((s) => [s, null] as const)))('%j (price asked) → no price', (said) => {
    expect(extractPrice(said, { assumeThousands: true })).toBeNull();
  });
  it.each(withVariants(NOT_PRICES.map((s) => [s, null] as const)))('%j (not asked) → no price', (said) => {
    expect(extractPrice(said)).toBeNull();
  });

  it('takes no house number for a price, whatever the number and street', () => {
    const streets = [
      'mill road',
      'pound street',
      'church lane',
      'high street',
      'acacia avenue',
      'the crescent',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999 }),
        fc.constantFrom(...streets),
        fc.boolean(),
        (n, street, words) => {
          const said = `it's ${words ? sayNumber(n) : n} ${street}`;
          expect(extractPrice(said, { assumeThousands: true })).toBeNull();
        },
      ),
    );
  });
});

describe('extractPrice: counts, charges and debts of any size are never the price', () => {
  const say = (n: number, words: boolean) => (words ? sayNumber(n) : String(n));
  it('months behind', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 36 }),
        fc.boolean(),
        fc.constantFrom('months', 'weeks'),
        (n, w, unit) => {
          const said = `i'm ${say(n, w)} ${unit} behind on the mortgage`;
          expect(extractPrice(said, { assumeThousands: true })).toBeNull();
        },
      ),
    );
  });
  it('running charges', () => {
    const charges = [
      'the service charge is',
      'service charge is about',
      'ground rent is',
      'the rent is',
      'council tax is',
    ];
    const periods = ['a year', 'a month', 'per year', 'per annum', 'pcm', 'a week'];
    fc.assert(
      fc.property(
        fc.constantFrom(...charges),
        fc.integer({ min: 10, max: 9_999 }),
        fc.constantFrom(...periods),
        fc.constantFrom('£', ''),
        (charge, n, period, pound) => {
          const said = `${charge} ${pound}${n} ${period}`;
          expect(extractPrice(said, { assumeThousands: true })).toBeNull();
          expect(extractPrice(said)).toBeNull();
        },
      ),
    );
  });
  it('what is owed', () => {
    const debts = [
      'we owe about {n} on the mortgage',
      "there's {n} left on the mortgage",
      'the mortgage is {n}',
      'arrears of {n}',
      // What the amount is, said straight after it.
      "we've got {n} of debts",
      "i'm in {n} of debt",
      "there's {n} in debts to clear",
      'about {n} on the credit cards',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...debts),
        fc.integer({ min: 20, max: 900 }),
        fc.constantFrom('k', ' grand', ' thousand', ''),
        (debt, n, unit) => {
          const said = debt.replace('{n}', `${n}${unit}`);
          expect(extractPrice(said, { assumeThousands: true })).toBeNull();
        },
      ),
    );
  });
});

describe('extractPrice: price in play', () => {
  it.each(
    withVariants([
      ['about 240 with the tenant in', 240_000],
      ['two fifty', 250_000],
      ['a hundred and eighty grand', 180_000],
      ['1.2 million', 1_200_000],
      ['250k', 250_000],
      ['£250,000', 250_000],
      ['hoping to get 180', 180_000],
      ['around the 300 mark', 300_000],
      ['about 160 the ground rent is 250 a year', 160_000],
      ['about 200 theres tenants in it', 200_000],
    ] as const),
  )('%j (price asked) → %d', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });

  it.each(
    withVariants([
      ["it's worth about 240", 240_000],
      ["i'm asking 250", 250_000],
      ['looking for 180 for it', 180_000],
      ['valued at 300', 300_000],
      ['offers over 150', 150_000],
      ['12 pound street its worth about 150k', 150_000],
      ['3 mill road m14 5rt and we want 200k', 200_000],
      ['the service charge is 1800 a year and we want 200 grand', 200_000],
      ["no mortgage we'd want 250k", 250_000],
    ] as const),
  )('%j (not asked) → %d, said with a price word', (said, amount) => {
    expect(extractPrice(said)).toMatchObject({ amount, confidence: 'high' });
  });

  it('reads any whole number of thousands said with "grand" after a price word', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 999 }), (k) => {
        expect(extractPrice(`we're hoping for ${sayNumber(k)} grand`)?.amount).toBe(k * 1000);
        expect(extractPrice(`asking ${k}`)?.amount).toBe(k * 1000);
      }),
    );
  });
});

describe('extractPrice: ranges are kept as ranges', () => {
  it.each(
    withVariants([
      ['between 200 and 220', [200_000, 220_000]],
      ['two to two twenty', [200_000, 220_000]],
      ['190 to 210k', [190_000, 210_000]],
      ['somewhere between 180 and 200 grand', [180_000, 200_000]],
      ['£300,000 to £320,000', [300_000, 320_000]],
    ] as const),
  )('%j → %j', (said, [min, max]) => {
    expect(extractPrice(said, { assumeThousands: true })).toMatchObject({
      min,
      max,
      amount: (min + max) / 2,
    });
  });

  it('keeps a range said unasked after a price word', () => {
    expect(extractPrice('looking for between 200 and 220')).toMatchObject({
      min: 200_000,
      max: 220_000,
      confidence: 'high',
    });
  });
});

describe('the cost of work on the house is never the price', () => {
  it.each([
    'the survey said about 20 grand of work mostly the kitchen',
    'it needs about 15k spending on it',
    'the builder quoted 30 grand',
    'spent 30 grand on it last year',
    "it'd be about 10k to put it right",
    'the roof needs 10 grand spending',
    "i'd like it done in 4 weeks, the roof needs 10 grand spending",
    'the kitchen alone needs about 8k doing to it',
    'we reckon 20 grand needing on the windows',
  ])('%j', (said) => {
    expect(extractPrice(said, { assumeThousands: true })).toBeNull();
  });

  it.each([
    ['we want 200 grand, it needs about 20 grand of work', 200_000],
    ['worth 180 but needs 20k to do it up', 180_000],
    ['200 grand, the roof needs 10 grand spending', 200_000],
    // The cost of a named job, said with "for" or "on", beside the figure.
    [
      'the survey says it wants fifteen odd grand for the electrics so one twenty bearing that in mind',
      120_000,
    ],
    ['thirty grand for the new roof and the windows, so a hundred and ten', 110_000],
    ['about ten k on the damp proofing, then ninety five', 95_000],
    ["it'll want twenty for the kitchen and bathroom, so one forty", 140_000],
  ])('%j keeps the price (%i)', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe('extractPrice: what another house went for is not the caller’s price', () => {
  it.each([
    ['180, the one next door with 4 beds went for 250', 180_000],
    ['180 next door went for 250', 180_000],
    ['about 200, the one over the road sold for 230 last year', 200_000],
    ['the neighbours got 260 for theirs, so 250 i reckon', 250_000],
    ["i'd want 195, though the agent valued it at 220", 195_000],
    ['250, houses on the street go for 240 to 270', 250_000],
    ["about 250 that's what the agent said in march", 250_000],
    // Any house nearby, however the caller places it.
    ['i was thinking 95 the one across the road went for 110 in the summer', 95_000],
    ['about 140 the house up the road sold for 160', 140_000],
    ['120 the place on the corner went for 135 last year', 120_000],
    ['160 the one over the way went for 175', 160_000],
    // However the other house was sold, and with the caller's figure first.
    ['forty grand would do me, the one on the end went at auction for thirty five', 40_000],
    ['fifty five, number 9 sold on the market for sixty', 55_000],
    ['seventy would be fine, the one behind went under the hammer for sixty two', 70_000],
    ['the flat below fetched ninety, we want a hundred', 100_000],
  ])('%j is %i', (said, amount) => {
    expect(extractPrice(said, { assumeThousands: true })?.amount).toBe(amount);
  });
});

describe('extractPrice: money the caller must pay or is owed is not the price', () => {
  it.each(
    withVariants([
      ["we've got 9 grand of arrears", null],
      ["there's a three grand council tax bill", null],
      ['a two grand bill came this morning', null],
      ['i have to pay the six thousand by friday', null],
      ['the bank want fifteen thousand by next month', null],
      ['they want eleven grand off me', null],
      ['i just need to clear it all, twenty grand or so', null],
    ] as const),
  )('%j is not a price', (said) => {
    expect(extractPrice(said)).toBeNull();
  });

  it('takes what the sale must bring in: "clear at least a hundred and twenty"', () => {
    expect(
      extractPrice('with the mortgage i need to clear at least a hundred and twenty', {
        assumeThousands: true,
      })?.amount,
    ).toBe(120_000);
  });
});

describe('extractPrice: another house’s figure is only a doubtful answer', () => {
  it.each(
    withVariants([
      ['the one over the road went for two hundred grand', 200_000],
      ['next door sold for £185,000 last year', 185_000],
      ['the neighbours reckon theirs is worth 350k', 350_000],
    ] as const),
  )('%j is %d, read back', (said, amount) => {
    expect(extractPrice(said)).toMatchObject({ amount, confidence: 'low' });
  });
});
