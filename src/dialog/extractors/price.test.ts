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
