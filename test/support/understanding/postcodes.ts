/**
 * Postcodes as callers say them and the recogniser writes them: written whole, letter by letter
 * with the letters' names, the district's number said as one ("fourteen"), doubled characters
 * ("double one"), the phonetic alphabet and "b for bravo".
 */
import { sayBelowHundred } from './numbers.js';
import type { Gen } from './types.js';

/** A street, its town and a postcode in its area. */
export interface Place {
  street: string;
  town: string;
  postcode: string;
}

/** A street named with a word for street, English or Welsh ("Road", "Heol"): "Whalley Range" is not. */
export function hasStreetWord(street: string): boolean {
  return /\b(?:Road|Lane|Avenue|Street|Walk|Close|Grove|Way|Drive|Crescent|Heol|Ffordd|Stryd)\b/.test(street);
}

/** Welsh and Scottish streets a caller may spell out. */
export function isSpeltStreet(street: string): boolean {
  return /^(?:Heol|Ffordd|Stryd|Leith|Dumbarton|Canongate|Easter)\b/.test(street);
}

export type PostcodeStyle =
  | 'written'
  | 'letters'
  | 'letter-names'
  | 'district-number'
  | 'doubles'
  | 'nato'
  | 'for-words'
  | 'digits-apart'
  | 'halves';

/** How the recogniser writes a spoken letter: the letter itself or its name, as heard. */
const LETTER_NAMES: Record<string, readonly string[]> = {
  A: ['a', 'ay', 'a'],
  B: ['b', 'bee', 'be'],
  C: ['c', 'see', 'sea'],
  D: ['d', 'dee'],
  E: ['e', 'ee'],
  F: ['f', 'ef', 'eff'],
  G: ['g', 'gee'],
  H: ['h', 'aitch', 'haitch'],
  J: ['j', 'jay'],
  K: ['k', 'kay'],
  L: ['l', 'el', 'elle'],
  M: ['m', 'em'],
  N: ['n', 'en'],
  O: ['o', 'oh'],
  P: ['p', 'pee'],
  Q: ['q', 'queue'],
  R: ['r', 'are', 'ar'],
  S: ['s', 'ess'],
  T: ['t', 'tee', 'tea'],
  U: ['u', 'you'],
  W: ['w', 'double you', 'double u'],
  X: ['x', 'ex'],
  Y: ['y', 'why'],
  Z: ['z', 'zed'],
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
  J: 'juliet',
  K: 'kilo',
  L: 'lima',
  M: 'mike',
  N: 'november',
  P: 'papa',
  Q: 'quebec',
  R: 'romeo',
  S: 'sierra',
  T: 'tango',
  U: 'uniform',
  W: 'whiskey',
  X: 'x-ray',
  Y: 'yankee',
  Z: 'zulu',
};

/** What people say after "for" when they spell down a crackly line. */
const FOR_WORDS: Record<string, readonly string[]> = {
  A: ['apple', 'alpha'],
  B: ['bravo', 'bertie', 'bob'],
  D: ['david', 'delta', 'dog'],
  E: ['echo', 'edward'],
  F: ['freddie', 'foxtrot'],
  G: ['george', 'golf'],
  H: ['harry', 'hotel'],
  J: ['jack', 'juliet'],
  L: ['london', 'lima'],
  M: ['mike', 'mother', 'mary'],
  N: ['nancy', 'november'],
  P: ['peter', 'papa'],
  Q: ['queen'],
  R: ['robert', 'romeo'],
  S: ['sugar', 'sierra', 'sam'],
  T: ['tommy', 'tango'],
  U: ['uniform', 'uncle'],
  W: ['william', 'whiskey'],
  X: ['x-ray'],
  Y: ['yellow', 'yankee'],
  Z: ['zebra', 'zulu'],
};

const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

function sayDigit(g: Gen, d: string): string {
  return d === '0' ? g.pick(['zero', 'oh', 'nought']) : (DIGITS[Number(d)] ?? d);
}

function sayChar(g: Gen, c: string, letter: (c: string) => string): string {
  return /\d/.test(c) ? sayDigit(g, c) : letter(c);
}

/** Characters said one by one, a repeated one as "double": "double one", "double a". */
function sayRun(g: Gen, chars: string, letter: (c: string) => string, doubles: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (doubles && chars[i + 1] === c) {
      out.push(`double ${sayChar(g, c, letter)}`);
      i++;
    } else out.push(sayChar(g, c, letter));
  }
  return out;
}

function splitPostcode(postcode: string): { outward: string; inward: string } {
  const [outward = '', inward = ''] = postcode.split(' ');
  return { outward, inward };
}

export function sayPostcode(g: Gen, postcode: string, style: PostcodeStyle): string {
  const { outward, inward } = splitPostcode(postcode);
  const plain = (c: string) => c.toLowerCase();
  const named = (c: string) => g.pick(LETTER_NAMES[c] ?? [c.toLowerCase()]);
  switch (style) {
    case 'written':
      return g.pick([
        postcode,
        postcode.toLowerCase(),
        `${outward}${inward}`.toLowerCase(),
        `${outward}${inward}`,
      ]);
    case 'letters':
      return sayRun(g, `${outward}${inward}`, plain, false).join(' ');
    case 'letter-names':
      return sayRun(g, `${outward}${inward}`, named, false).join(' ');
    case 'district-number': {
      const letters = outward.match(/^[A-Z]+/)?.[0] ?? '';
      const rest = outward.slice(letters.length);
      // "L twenty, three D G" run together is L23 DG to anyone: a round ten is said digit by digit.
      const whole = /^\d+$/.test(rest) && !/^[2-9]0$/.test(rest);
      const number = whole ? sayBelowHundred(Number(rest)) : sayRun(g, rest, plain, false).join(' ');
      return [...sayRun(g, letters, named, false), number, ...sayRun(g, inward, named, false)].join(' ');
    }
    case 'doubles':
      return [...sayRun(g, outward, named, true), ...sayRun(g, inward, named, true)].join(' ');
    case 'nato': {
      const nato = (c: string) => NATO[c] ?? c.toLowerCase();
      return [...sayRun(g, outward, nato, false), ...sayRun(g, inward, nato, false)].join(' ');
    }
    case 'for-words': {
      const spelt = (c: string) => `${c.toLowerCase()} for ${g.pick(FOR_WORDS[c] ?? [c.toLowerCase()])}`;
      return [...sayRun(g, outward, spelt, false), ...sayRun(g, inward, spelt, false)].join(' ');
    }
    case 'digits-apart':
      return `${outward.replace(/(\D)(\d)/, '$1 $2').toLowerCase()} ${[...inward.toLowerCase()].join(' ')}`;
    case 'halves':
      return `${outward.toLowerCase()}, ${g.pick(['', 'then ', 'and then '])}${inward.toLowerCase()}`;
  }
}
