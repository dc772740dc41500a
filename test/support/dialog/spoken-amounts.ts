/**
 * Every way a caller says an amount of money, as a recogniser writes it: digits and words, "k",
 * "grand", "quid", "thousand" and "million", with "and" or without, "hundred" with "a", "one" or
 * nothing before it, shorthand ("two fifty", "one oh five"), decimals of a million ("one point
 * two five million", "1.25m"), fractions ("half a million", "one and a quarter million", "a
 * million and a half"), "a million two", digits one by one ("nine nine five k") and "300 and
 * 50 thousand", dialect forms ("an'", "hunner") and a tens word said twice. Each form says only the amounts it can; the property test in
 * src/dialog/extractors/spoken-amounts.test.ts reads every amount up to £10M in every form.
 * Written from how people talk, not from the extractors' own word lists.
 */
import fc from 'fast-check';
import { sayBelowHundred, sayNumber } from './render-speech.js';

type Form = (amount: number) => string | null;

const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

const thousandsOf = (amount: number): number | null => (amount % 1000 === 0 ? amount / 1000 : null);

/** 1,250,000 → "one point two five"; null unless whole tens of thousands. */
function millionsInWords(amount: number): string | null {
  if (amount % 10_000 !== 0 || amount < 1_000_000) return null;
  const [whole = '', decimals = ''] = String(amount / 1_000_000).split('.');
  const head = sayNumber(Number(whole));
  if (decimals === '') return head;
  return `${head} point ${[...decimals].map((d) => DIGIT_WORDS[Number(d)]).join(' ')}`;
}

/** "two fifty" for 250, "one oh five" for 105: a three-figure number of thousands said in two parts. */
function shorthand(k: number): string | null {
  if (k < 100 || k > 999) return null;
  const head = sayBelowHundred(Math.floor(k / 100));
  const tail = k % 100;
  if (tail === 0) return null;
  return tail < 10 ? `${head} oh ${DIGIT_WORDS[tail]}` : `${head} ${sayBelowHundred(tail)}`;
}

/** "a" for one, else the number: "a million and a half", "two and a half million". */
const sayCount = (n: number, article: boolean): string => (n === 1 && article ? 'a' : sayNumber(n));

const FRACTIONS: [number, string][] = [
  [0.25, 'a quarter'],
  [0.5, 'a half'],
  [0.75, 'three quarters'],
];

export const SPOKEN_AMOUNT_FORMS: Record<string, Form> = {
  words: (a) => sayNumber(a),
  'words without and': (a) => sayNumber(a).replace(/ and /g, ' '),
  // Dialect forms: "three hundred an' ten thousand", the Scots "a hunner and fifteen grand".
  "words with an'": (a) => (sayNumber(a).includes(' and ') ? sayNumber(a).replace(/ and /g, " an' ") : null),
  'words with hunner': (a) =>
    sayNumber(a).includes('hundred') ? sayNumber(a).replace(/hundred/g, 'hunner') : null,
  // A restart on the first word: "ninety ninety thousand", "forty forty five grand".
  'thousands with the tens said twice': (a) => {
    const k = thousandsOf(a);
    if (k === null || k < 20 || k > 99) return null;
    const said = sayBelowHundred(k);
    return `${said.split(' ')[0]} ${said} thousand`;
  },
  'words with a bare hundred': (a) => (/^one hundred/.test(sayNumber(a)) ? sayNumber(a).slice(4) : null),
  'words with a hundred': (a) => (/^one hundred/.test(sayNumber(a)) ? `a${sayNumber(a).slice(3)}` : null),
  'words and pounds': (a) => `${sayNumber(a)} pounds`,
  'thousands in words with k': (a) => {
    const k = thousandsOf(a);
    return k !== null && k < 1000 ? `${sayNumber(k)} k` : null;
  },
  'thousands in words with grand': (a) => {
    const k = thousandsOf(a);
    return k !== null && k < 1000 ? `${sayNumber(k).replace(/^one hundred/, 'a hundred')} grand` : null;
  },
  'a bare hundred with k': (a) => {
    const k = thousandsOf(a);
    if (k === null || k < 100 || k > 199) return null;
    return k === 100 ? 'hundred k' : `hundred and ${sayBelowHundred(k - 100)} k`;
  },
  'digits with k': (a) => (thousandsOf(a) === null ? null : `${a / 1000}k`),
  'pounds sign and commas': (a) => `£${a.toLocaleString('en-GB')}`,
  'digits and quid': (a) => `${a} quid`,
  'digits and thousand': (a) => {
    const k = thousandsOf(a);
    return k !== null && k < 1000 ? `${k} thousand` : null;
  },
  shorthand: (a) => {
    const k = thousandsOf(a);
    return k === null ? null : shorthand(k);
  },
  'shorthand with grand': (a) => {
    const k = thousandsOf(a);
    const said = k === null ? null : shorthand(k);
    return said === null ? null : `${said} grand`;
  },
  // "nine nine five k"; nobody says "one zero zero k".
  'digit by digit with k': (a) => {
    const k = thousandsOf(a);
    if (k === null || k < 100 || k > 999 || String(k).includes('0')) return null;
    return `${[...String(k)].map((d) => DIGIT_WORDS[Number(d)]).join(' ')} k`;
  },
  // "one nine oh", "two two oh k": the noughts said as "oh", with the thousands said or not.
  'digit by digit with oh': (a) => {
    const k = thousandsOf(a);
    if (k === null || k < 100 || k > 999 || k % 100 === 0 || !String(k).includes('0')) return null;
    const said = [...String(k)].map((d) => (d === '0' ? 'oh' : DIGIT_WORDS[Number(d)])).join(' ');
    return k % 2 === 0 ? `${said} k` : said;
  },
  // "three and a half hundred thousand", "two and a half hundred grand".
  'hundreds and a half': (a) => {
    const k = thousandsOf(a);
    if (k === null || k < 150 || k > 950 || k % 100 !== 50) return null;
    return `${sayNumber(Math.floor(k / 100))} and a half hundred ${k % 200 === 50 ? 'thousand' : 'grand'}`;
  },
  // "a hundred and a half grand": half a hundred more.
  'a hundred and a half': (a) => (a === 150_000 ? 'a hundred and a half grand' : null),
  'hundreds and digits thousand': (a) => {
    const k = thousandsOf(a);
    if (k === null || k < 100 || k > 999 || k % 100 === 0) return null;
    return `${Math.floor(k / 100) * 100} and ${k % 100} thousand`;
  },
  'millions in words with point': (a) => {
    const said = millionsInWords(a);
    return said === null || !said.includes('point') ? null : `${said} million`;
  },
  'millions in digits with m': (a) => (a % 10_000 === 0 && a >= 1_000_000 ? `${a / 1_000_000}m` : null),
  'millions in digits with million': (a) =>
    a % 10_000 === 0 && a >= 1_000_000 ? `£${a / 1_000_000} million` : null,
  'a fraction of a million': (a) =>
    ({ 250000: 'a quarter of a million', 500000: 'half a million', 750000: 'three quarters of a million' })[
      a
    ] ?? null,
  'half a mil': (a) => (a === 500_000 ? 'half a mil' : null),
  'millions and a fraction': (a) => {
    const whole = Math.floor(a / 1_000_000);
    const fraction = FRACTIONS.find(([f]) => (a - whole * 1_000_000) / 1_000_000 === f);
    if (whole < 1 || fraction === undefined) return null;
    return `${sayCount(whole, false)} and ${fraction[1]} million`;
  },
  'a million and a fraction': (a) => {
    const whole = Math.floor(a / 1_000_000);
    const fraction = FRACTIONS.find(([f]) => (a - whole * 1_000_000) / 1_000_000 === f);
    if (whole < 1 || fraction === undefined) return null;
    return `${sayCount(whole, true)} million and ${fraction[1]}`;
  },
  'a million two': (a) => {
    const whole = Math.floor(a / 1_000_000);
    const rest = a - whole * 1_000_000;
    if (whole < 1 || rest === 0 || rest % 100_000 !== 0) return null;
    return `${sayCount(whole, true)} million ${DIGIT_WORDS[rest / 100_000]}`;
  },
};

/** Prices as sellers give them: mostly round thousands, now and then to the pound, up to £10M. */
export const priceArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 20, max: 2_000 }).map((k) => k * 1000) },
  { weight: 2, arbitrary: fc.integer({ min: 100, max: 999 }).map((k) => k * 1000) },
  { weight: 2, arbitrary: fc.integer({ min: 4, max: 400 }).map((n) => n * 25_000) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 1_000 }).map((n) => n * 10_000) },
  { weight: 1, arbitrary: fc.integer({ min: 10_000, max: 10_000_000 }) },
);

/** The forms that can say `amount`, with what each says. */
export function sayingsOfAmount(amount: number): [string, string][] {
  return Object.entries(SPOKEN_AMOUNT_FORMS).flatMap(([name, form]) => {
    const said = form(amount);
    return said === null ? [] : [[name, said] as [string, string]];
  });
}
