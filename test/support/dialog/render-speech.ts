/**
 * Test-only renderers that say values the way callers and speech recognisers do. They are
 * written independently of the extractors' own vocabulary so a property test cannot pass just
 * because both sides share the same mistake.
 */
import fc from 'fast-check';

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = [
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0–99 in words. */
export function sayBelowHundred(n: number): string {
  if (n < 10) return UNITS[n] ?? '';
  if (n < 20) return TEENS[n - 10] ?? '';
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)] ?? ''}${unit === 0 ? '' : ` ${UNITS[unit] ?? ''}`}`;
}

function sayBelowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return sayBelowHundred(rest);
  return `${UNITS[hundreds] ?? ''} hundred${rest === 0 ? '' : ` and ${sayBelowHundred(rest)}`}`;
}

/** British English number words with "and": 250000 → "two hundred and fifty thousand". */
export function sayNumber(n: number): string {
  if (n === 0) return 'zero';
  const parts: string[] = [];
  const scales: [number, string][] = [
    [1_000_000_000, 'billion'],
    [1_000_000, 'million'],
    [1_000, 'thousand'],
  ];
  let rest = n;
  for (const [size, name] of scales) {
    const group = Math.floor(rest / size);
    if (group > 0) parts.push(`${sayBelowThousand(group)} ${name}`);
    rest %= size;
  }
  if (rest > 0)
    parts.push(parts.length > 0 && rest < 100 ? `and ${sayBelowHundred(rest)}` : sayBelowThousand(rest));
  return parts.join(' ');
}

const ORDINAL_UNITS = [
  '',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
];
const ORDINAL_TEENS = [
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
];

/** 1–31 as an ordinal word: 21 → "twenty first". */
export function sayOrdinal(n: number): string {
  if (n < 10) return ORDINAL_UNITS[n] ?? '';
  if (n < 20) return ORDINAL_TEENS[n - 10] ?? '';
  const unit = n % 10;
  const tens = n < 30 ? 'twenty' : 'thirty';
  return unit === 0 ? (n === 20 ? 'twentieth' : 'thirtieth') : `${tens} ${ORDINAL_UNITS[unit] ?? ''}`;
}

/** 1–31 with its suffix: 1 → "1st", 22 → "22nd". */
export function ordinalDigits(n: number): string {
  const suffix =
    n % 10 === 1 && n !== 11
      ? 'st'
      : n % 10 === 2 && n !== 12
        ? 'nd'
        : n % 10 === 3 && n !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
}

const LETTER_SAYINGS: Record<string, readonly string[]> = {
  A: ['a', 'ay'],
  B: ['b', 'bee'],
  C: ['c', 'see', 'cee'],
  D: ['d', 'dee'],
  E: ['e', 'ee'],
  F: ['f', 'ef', 'eff'],
  G: ['g', 'gee'],
  H: ['h', 'aitch', 'haitch'],
  I: ['i', 'eye'],
  J: ['j', 'jay'],
  K: ['k', 'kay'],
  L: ['l', 'el'],
  M: ['m', 'em'],
  N: ['n', 'en'],
  O: ['o', 'oh'],
  P: ['p', 'pee'],
  Q: ['q', 'queue', 'cue'],
  R: ['r', 'ar'],
  S: ['s', 'ess'],
  T: ['t', 'tee'],
  U: ['u', 'you'],
  V: ['v', 'vee'],
  W: ['w', 'double u', 'double-u'],
  X: ['x', 'ex'],
  Y: ['y', 'why'],
  Z: ['z', 'zed', 'zee'],
};

const NATO: Record<string, string> = {
  A: 'alpha',
  B: 'bravo',
  C: 'charlie',
  D: 'delta',
  E: 'echo',
  F: 'foxtrot',
  G: 'golf',
  H: 'hotel',
  I: 'india',
  J: 'juliet',
  K: 'kilo',
  L: 'lima',
  M: 'mike',
  N: 'november',
  O: 'oscar',
  P: 'papa',
  Q: 'quebec',
  R: 'romeo',
  S: 'sierra',
  T: 'tango',
  U: 'uniform',
  V: 'victor',
  W: 'whiskey',
  X: 'x-ray',
  Y: 'yankee',
  Z: 'zulu',
};

const DIGIT_SAYINGS: Record<string, readonly string[]> = {
  '0': ['0', 'zero', 'oh', 'nought'],
  '1': ['1', 'one'],
  '2': ['2', 'two'],
  '3': ['3', 'three'],
  '4': ['4', 'four'],
  '5': ['5', 'five'],
  '6': ['6', 'six'],
  '7': ['7', 'seven'],
  '8': ['8', 'eight'],
  '9': ['9', 'nine'],
};

/** Every way a single postcode character may be said. */
export function sayingsOf(char: string): readonly string[] {
  const digit = DIGIT_SAYINGS[char];
  if (digit !== undefined) return digit;
  const letter = LETTER_SAYINGS[char] ?? [char.toLowerCase()];
  const nato = NATO[char];
  return nato === undefined ? letter : [...letter, nato, char];
}

const AREAS_ONE = ['B', 'E', 'G', 'L', 'M', 'N', 'S', 'W'];
const AREAS_TWO =
  'AB AL BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY EC EH EN EX FK FY GL GU GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY LA LD LE LL LN LS LU ME MK ML NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM SA SE SG SK SL SM SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB WA WC WD WF WN WR WS WV YO ZE'.split(
    ' ',
  );
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ'.split('');
const THIRD_LETTERS = 'ABCDEFGHJKPSTUW'.split('');
const FOURTH_LETTERS = 'ABEHMNPRVWXY'.split('');

/** A random postcode that is valid by the published rules: outward forms A9 A99 A9A AA9 AA99 AA9A. */
export const validPostcodeArb: fc.Arbitrary<string> = fc
  .record({
    single: fc.boolean(),
    one: fc.constantFrom(...AREAS_ONE),
    two: fc.constantFrom(...AREAS_TWO),
    shape: fc.constantFrom('9', '99', '9A'),
    district: fc.integer({ min: 1, max: 99 }),
    digit: fc.integer({ min: 0, max: 9 }),
    third: fc.constantFrom(...THIRD_LETTERS),
    fourth: fc.constantFrom(...FOURTH_LETTERS),
    inwardDigit: fc.integer({ min: 0, max: 9 }),
    inward1: fc.constantFrom(...INWARD_LETTERS),
    inward2: fc.constantFrom(...INWARD_LETTERS),
  })
  .map((r) => {
    const area = r.single ? r.one : r.two;
    const district =
      r.shape === '9'
        ? String(r.digit)
        : r.shape === '99'
          ? String(Math.max(10, r.district))
          : `${Math.max(1, r.digit)}${r.single ? r.third : r.fourth}`;
    return `${area}${district} ${r.inwardDigit}${r.inward1}${r.inward2}`;
  });

/**
 * A postcode said aloud: each character as itself, a letter name, NATO word or digit word,
 * runs said with "double", and a two-digit district sometimes as one number ("fourteen").
 */
export function spokenPostcodeArb(postcode: string): fc.Arbitrary<string> {
  const [outward = '', inward = ''] = postcode.split(' ');
  const districtDigits = /\d\d$/.exec(outward)?.[0];
  return fc
    .record({
      picks: fc.array(fc.nat(), { minLength: 7, maxLength: 7 }),
      doubles: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
      wholeDistrict: fc.boolean(),
    })
    .map(({ picks, doubles, wholeDistrict }) => {
      const chars = (outward + inward).split('');
      const words: string[] = [];
      const outwardLength = outward.length;
      for (let i = 0; i < chars.length; i++) {
        const char = chars[i] ?? '';
        const sayDistrict = wholeDistrict && districtDigits !== undefined && i === outwardLength - 2;
        // A round ten said as a word ("twenty") could swallow the next digit, so say those as digits.
        if (sayDistrict && !districtDigits.endsWith('0')) {
          words.push(sayBelowHundred(Number(districtDigits)));
          i++;
          continue;
        }
        const sayings = sayingsOf(char);
        const saying = sayings[(picks[i] ?? 0) % sayings.length] ?? char;
        if (doubles[i] === true && chars[i + 1] === char && /^[a-z0-9]+$/i.test(saying)) {
          words.push(`double ${saying}`);
          i++;
          continue;
        }
        words.push(saying);
      }
      return words.join(' ');
    });
}

/** Phrases around a postcode in a sentence, chosen to contain no letter or digit words. */
export const POSTCODE_PREFIXES = [
  '',
  'yeah its ',
  'the postcode is ',
  "um it's ",
  "it's 12 acacia avenue ",
  'postcode ',
];
export const POSTCODE_SUFFIXES = ['', ' thanks', ' cheers', ' if that helps', '.'];
