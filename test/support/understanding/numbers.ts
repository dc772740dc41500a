/**
 * Numbers as callers say them and as the recogniser writes them: words for digits and digits
 * for words, converting only a run of words that is one number by the grammar ("two hundred
 * and fifty thousand"); a run such as "one four five" or "two fifty" is left as said.
 */
import { sayBelowHundred, sayNumber } from '../dialog/render-speech.js';

export { sayBelowHundred, sayNumber };

const SMALL: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { thousand: 1_000, million: 1_000_000 };

type Kind = 'none' | 'unit' | 'teen' | 'ten' | 'hundred' | 'scale' | 'and';

/** The number a run of words makes by the grammar of British numbers, or null ("one four"). */
export function parseNumberWords(words: readonly string[]): number | null {
  let total = 0;
  let chunk = 0;
  let last: Kind = 'none';
  let lastScale = Number.POSITIVE_INFINITY;
  for (const word of words) {
    const unit = SMALL[word];
    const teen = TEENS[word];
    const ten = TENS[word];
    const scale = SCALES[word];
    if (unit !== undefined) {
      const afterTen = last === 'ten' && chunk % 10 === 0;
      if (!(afterTen || ['none', 'hundred', 'and', 'scale'].includes(last))) return null;
      chunk += unit;
      last = 'unit';
    } else if (teen !== undefined || ten !== undefined) {
      if (!['none', 'hundred', 'and', 'scale'].includes(last)) return null;
      chunk += teen ?? ten ?? 0;
      last = teen !== undefined ? 'teen' : 'ten';
    } else if (word === 'hundred') {
      if (last !== 'unit' || chunk > 9) return null;
      chunk *= 100;
      last = 'hundred';
    } else if (scale !== undefined) {
      if (['none', 'and', 'scale'].includes(last) || scale >= lastScale) return null;
      total += chunk * scale;
      chunk = 0;
      lastScale = scale;
      last = 'scale';
    } else if (word === 'and') {
      if (last !== 'hundred' && last !== 'scale') return null;
      last = 'and';
    } else return null;
  }
  return last === 'none' || last === 'and' ? null : total + chunk;
}

function isNumberWord(word: string): boolean {
  return (
    word in SMALL || word in TEENS || word in TENS || word in SCALES || word === 'hundred' || word === 'and'
  );
}

/** Every run of number words that is one number, written in digits ("three bedrooms" → "3 bedrooms"). */
export function numberWordsToDigits(text: string): string {
  const words = text.split(' ');
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    const word = words[i] ?? '';
    if (word === 'and' || !isNumberWord(word.toLowerCase())) {
      out.push(word);
      i++;
      continue;
    }
    let end = i;
    while (end < words.length && isNumberWord((words[end] ?? '').toLowerCase())) end++;
    // A trailing "and" joins the number to what follows ("three and a half"): it stays a word.
    while (end > i + 1 && (words[end - 1] ?? '').toLowerCase() === 'and') end--;
    const run = words.slice(i, end);
    const value = parseNumberWords(run.map((w) => w.toLowerCase()));
    if (value === null) out.push(...run);
    else out.push(String(value));
    i = end;
  }
  return out.join(' ');
}

/** Standalone numbers from 1 to 99 in words ("12 acacia avenue" → "twelve acacia avenue"). */
export function smallDigitsToWords(text: string): string {
  return text.replace(/(^|\s)([1-9]\d?)(?=\s|$)/g, (_, space: string, digits: string) => {
    return `${space}${sayBelowHundred(Number(digits))}`;
  });
}
