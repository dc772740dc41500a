import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  POSTCODE_PREFIXES,
  POSTCODE_SUFFIXES,
  spokenPostcodeArb,
  validPostcodeArb,
} from '../../../test/support/dialog/render-speech.js';
import { toTokens } from './normalise.js';
import {
  extractPostcode,
  extractPostcodeDistrict,
  formatPostcodeForSpeech,
  isValidOutwardCode,
  isValidPostcode,
} from './postcode.js';
import { couldStartPostcode } from './postcode-format.js';
import { findCodeSpans, findOutwardSpans, findPostcodeSpans } from './postcode-speech.js';

describe('extractPostcode', () => {
  it.each([
    ['M14 5AB', 'M14 5AB'],
    ['m145ab', 'M14 5AB'],
    // The halves said apart.
    ['sk15 then 2bb', 'SK15 2BB'],
    ['bt7 and then 1eb', 'BT7 1EB'],
    ['m fourteen then five a b', 'M14 5AB'],
    ['m one four five a b', 'M14 5AB'],
    ['em fourteen five ay bee', 'M14 5AB'],
    ['m14 5 a b', 'M14 5AB'],
    ['mike one four five alpha bravo', 'M14 5AB'],
    ["yeah it's 12 acacia avenue m14 5ab", 'M14 5AB'],
    ['Yeah, it is M14 5AB.', 'M14 5AB'],
    ['s e double one two a b', 'SE11 2AB'],
    ['s w one a one a a', 'SW1A 1AA'],
    ['sw1a 1aa', 'SW1A 1AA'],
    ['e c one m four x y', 'EC1M 4XY'],
    ['ec1m 4xy', 'EC1M 4XY'],
    ['double u one a one a a', 'W1A 1AA'],
    ['b one double five a b', 'B15 5AB'],
    ['n ten one a b', 'N10 1AB'],
    ['m twenty one a b', 'M20 1AB'],
    ['m twenty one five a b', 'M21 5AB'],
    ['o l one one a b', 'OL1 1AB'],
    ['l one oh a b', 'L1 0AB'],
    ['b one seven eight h x', 'B17 8HX'],
    ['b l nought one a b', 'BL0 1AB'],
    ['m for mike one four five a for alpha b for bravo', 'M14 5AB'],
    ['gir zero a a', 'GIR 0AA'],
    ['GIR 0AA', 'GIR 0AA'],
    ['em one four five ay bee thanks', 'M14 5AB'],
    ["it's l s six, two q x", 'LS6 2QX'],
    ['um er the postcode is b s eight one x y', 'BS8 1XY'],
    ['c f ten one ay tee', 'CF10 1AT'],
    ['no not m14 5ab its m15 6ab', 'M15 6AB'],
    ['sierra echo one two alpha bravo', 'SE1 2AB'],
    ['zed e one two a b', 'ZE1 2AB'],
  ] as const)('reads %j as %s', (said, expected) => {
    expect(extractPostcode(said)?.postcode).toBe(expected);
  });

  it('returns the parts of the postcode', () => {
    expect(extractPostcode('m145ab')).toEqual({
      postcode: 'M14 5AB',
      outward: 'M14',
      inward: '5AB',
      area: 'M',
      district: 'M14',
      confidence: 'high',
    });
  });

  it.each([
    '',
    'hello',
    'three bed semi',
    'two hundred and fifty thousand',
    '12 acacia avenue',
    'M14',
    'm14 5',
    'Q1 1AA',
    'M14 5CI',
    'AM14 5AB',
    'M1A4 5AB',
    'S01 1AA',
    'it will be two hundred',
    'call me on 07911 123456',
  ])('finds no postcode in %j', (said) => {
    expect(extractPostcode(said)).toBeNull();
  });

  it('marks a reading that starts with an ordinary word as low confidence', () => {
    expect(extractPostcode("it's a l one two a b")).toMatchObject({ postcode: 'AL1 2AB', confidence: 'low' });
  });

  it('marks digit homophones as low confidence', () => {
    expect(extractPostcode('m one for five a b')).toMatchObject({ postcode: 'M14 5AB', confidence: 'low' });
  });
});

describe('extractPostcodeDistrict', () => {
  it.each([
    ["it's in M14", 'M14'],
    ['em fourteen', 'M14'],
    ['somewhere in s w one a', 'SW1A'],
    ['the property is in ls6 near the park', 'LS6'],
    ['b one five', 'B15'],
    ['m14 5ab', 'M14'],
    ['mike one four', 'M14'],
  ])('reads %j as %s', (said, district) => {
    expect(extractPostcodeDistrict(said)?.district).toBe(district);
  });

  it.each(['it will be two hundred', 'three bed semi', 'a four bed', 'hello', 'i want 250k'])(
    'finds no district in %j',
    (said) => {
      expect(extractPostcodeDistrict(said)).toBeNull();
    },
  );

  it('gives the area too', () => {
    expect(extractPostcodeDistrict('SW1A')).toEqual({ district: 'SW1A', area: 'SW', confidence: 'high' });
  });
});

describe('postcode validation', () => {
  it.each(['M1 1AA', 'M60 1NW', 'CR2 6XH', 'DN55 1PT', 'W1A 1HQ', 'EC1A 1BB', 'GIR 0AA', 'm11aa'])(
    'accepts %s',
    (code) => {
      expect(isValidPostcode(code)).toBe(true);
    },
  );

  it.each([
    'M1 1CA',
    'M1 1AI',
    'QA1 1AA',
    'VA1 1AA',
    'XA1 1AA',
    'AI1 1AA',
    'AJ1 1AA',
    'AZ1 1AA',
    'W1I 1AA',
    'EC1C 1AA',
    'M1',
    'M1 1A',
    'ZZ1 1AA',
  ])('rejects %s', (code) => {
    expect(isValidPostcode(code)).toBe(false);
  });

  it('checks outward codes alone', () => {
    expect(isValidOutwardCode('M14')).toBe(true);
    expect(isValidOutwardCode('M141')).toBe(false);
  });
});

describe('formatPostcodeForSpeech', () => {
  it.each([
    ['M14 5AB', 'M 1 4, 5 A B'],
    ['sw1a1aa', 'S W 1 A, 1 A A'],
    ['GIR 0AA', 'G I R, 0 A A'],
  ])('says %s as %s', (code, spoken) => {
    expect(formatPostcodeForSpeech(code)).toBe(spoken);
  });
});

describe('postcode properties', () => {
  it('generates only valid postcodes', () => {
    fc.assert(fc.property(validPostcodeArb, (code) => isValidPostcode(code)));
  });

  it('lets the spoken search follow every prefix of a valid postcode, and no dead end', () => {
    fc.assert(
      fc.property(validPostcodeArb, (code) => {
        const compact = code.replace(' ', '');
        for (let i = 0; i <= compact.length; i++) expect(couldStartPostcode(compact.slice(0, i))).toBe(true);
      }),
    );
    for (const dead of ['Q', 'OO', 'O0', 'XX', 'M1AA', 'SW1A1AAA', 'M145AC'])
      expect(couldStartPostcode(dead)).toBe(false);
  });

  it('parses a postcode written plainly, without the space, or in any case', () => {
    const written = validPostcodeArb.chain((code) =>
      fc.tuple(
        fc.constant(code),
        fc.oneof(
          fc.constant(code),
          fc.constant(code.toLowerCase()),
          fc.constant(code.replace(' ', '')),
          fc.constant(code.replace(' ', '').toLowerCase()),
          fc.array(fc.boolean(), { minLength: code.length, maxLength: code.length }).map((ups) =>
            code
              .split('')
              .map((c, i) => (ups[i] === true ? c.toUpperCase() : c.toLowerCase()))
              .join(''),
          ),
        ),
      ),
    );
    fc.assert(
      fc.property(written, ([code, said]) => {
        expect(extractPostcode(said)?.postcode).toBe(code);
      }),
      { numRuns: 300 },
    );
  });

  it('parses a postcode said with letter names, NATO words, digit words and "double"', () => {
    const spoken = validPostcodeArb.chain((code) => fc.tuple(fc.constant(code), spokenPostcodeArb(code)));
    fc.assert(
      fc.property(spoken, ([code, said]) => {
        expect(extractPostcode(said)?.postcode).toBe(code);
      }),
      { numRuns: 500 },
    );
  });

  it('finds a spoken or written postcode inside a sentence', () => {
    const sentence = validPostcodeArb.chain((code) =>
      fc.tuple(
        fc.constant(code),
        fc.oneof(spokenPostcodeArb(code), fc.constant(code.toLowerCase())),
        fc.constantFrom(...POSTCODE_PREFIXES),
        fc.constantFrom(...POSTCODE_SUFFIXES),
      ),
    );
    fc.assert(
      fc.property(sentence, ([code, said, prefix, suffix]) => {
        expect(extractPostcode(`${prefix}${said}${suffix}`)?.postcode).toBe(code);
      }),
      { numRuns: 500 },
    );
  });

  it('reads back the district of any valid postcode', () => {
    fc.assert(
      fc.property(validPostcodeArb, (code) => {
        expect(extractPostcodeDistrict(code)?.district).toBe(code.split(' ')[0]);
      }),
    );
  });
});

describe('extractPostcode: letter names', () => {
  it('reads "ell" as L', () => {
    expect(extractPostcode('the postcode is bee ell nine eight jay dee')?.postcode).toBe('BL9 8JD');
  });
});

describe('extractPostcode: a letter said, then said again to make it sure', () => {
  it.each([
    ['s k eight four, j, j for juliet, d', 'SK8 4JD'],
    ['m one four five b b as in bravo d', 'M14 5BD'],
    ['l s six two, a, a for apple, then b', 'LS6 2AB'],
  ])('%j is %j', (said, code) => {
    expect(extractPostcode(said)?.postcode).toBe(code);
  });

  it('two letters said plainly stay two', () => {
    expect(extractPostcode('b b one six e a')?.postcode).toBe('BB1 6EA');
  });
});

describe('extractPostcode: the caller naming the halves between them', () => {
  it.each([
    ["ws1, that's the first part, then 4aa", 'WS1 4AA'],
    ['the first bit is l s six and the second bit is two a b', 'LS6 2AB'],
    ['n w three, first half, and then the other half is 2 d q', 'NW3 2DQ'],
    ["de22 and the last part's 1ab", 'DE22 1AB'],
    ['ch4 the back bit 8 r w', 'CH4 8RW'],
  ])('%j is %j', (said, code) => {
    expect(extractPostcode(said)?.postcode).toBe(code);
  });

  it('words about a bit of something else make no postcode', () => {
    expect(extractPostcode('the first bit of the garden is a patio')).toBeNull();
  });
});

describe('findCodeSpans', () => {
  it.each([
    ['23 ashgrove peterhead ab42 one', ['AB42']],
    ['1 westways k t nineteen then zero h', ['KT19']],
    ['12 oak road m14 5ab', ['M14']],
    ['s a eighteen three three e p', ['SA18']],
  ])('finds the outward codes of %j in the walk for whole postcodes', (said, codes) => {
    const tokens = toTokens(said);
    const { postcodes, outwards } = findCodeSpans(tokens);
    expect(postcodes).toEqual(findPostcodeSpans(tokens));
    const strong = outwards.filter((s) => !s.weak && /\d/.test(s.value)).map((s) => s.value);
    expect([...new Set(strong)].sort()).toEqual(codes);
    const alone = findOutwardSpans(tokens).filter((s) => !s.weak && /\d/.test(s.value));
    expect(new Set(strong)).toEqual(new Set(alone.map((s) => s.value)));
  });
});

describe('a word read as the inward digit, and the inward letters written as a pair', () => {
  it.each([
    ['l u three won h t', 'LU3 1HT'],
    ['o x twenty eight for x z', 'OX28 4XZ'],
    ['s k eight too d d', 'SK8 2DD'],
    ['b l one ate a b', 'BL1 8AB'],
  ])('%j is %j, sure from the code’s shape', (said, code) => {
    expect(extractPostcode(said)).toMatchObject({ postcode: code, confidence: 'high' });
  });

  it('a second such word is still doubtful', () => {
    expect(extractPostcode('s k ate for d d')?.confidence).toBe('low');
  });

  it.each([
    ['de56 1...tb', 'DE56 1TB'],
    ['m14 5 jt', 'M14 5JT'],
    ["it's sk8 4 nx", 'SK8 4NX'],
    ['ls6, 2, jb', 'LS6 2JB'],
  ])('%j is %j', (said, code) => {
    expect(extractPostcode(said)?.postcode).toBe(code);
  });

  it.each(['ls6 2 at the back', 'we had m14 5 us in the house'])('not a word: %j', (said) => {
    expect(extractPostcode(said)).toBeNull();
  });
});
