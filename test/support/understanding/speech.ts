/**
 * How a caller's words reach the engine: the caller adds fillers, false starts and repeated
 * words; the phone recogniser then writes them in one of three ways: punctuated and cased (as
 * Google's punctuation model does), plain (lower case, no punctuation, as Twilio's Gather
 * usually does) or rough (plain with slips: dropped apostrophes, homophones, split and misheard
 * words). Numbers come out in digits or in words either way. None of it changes what a person
 * reading the text would understand.
 */
import { numberWordsToDigits, smallDigitsToWords } from './numbers.js';
import type { Gen } from './types.js';

const OPENING_FILLERS = [
  'er',
  'um',
  'erm',
  'uh',
  'so basically',
  'like',
  'you know',
  'I mean',
  'well',
  'right so',
];
/** Inside an answer people hesitate, they do not start again: "oh seven, um, nine", not "oh seven, so basically, nine". */
const PAUSES = ['er', 'um', 'erm', 'uh'];

/** Words that may be part of a number, a postcode or a phone number, where a repeat would change the value. */
const NUMBERISH =
  /^(?:\d.*|[a-z]|oh|zero|nought|double|treble|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|ay|bee|see|dee|ee|ef|gee|jay|kay|el|em|en|pee|ar|ess|tee|you|why|ex|zed)$/i;

/** Slips of the recogniser: a word heard as another with the same sound, or split, or run together. */
const SLIPS: Record<string, readonly string[]> = {
  bungalow: ['bunglow', 'bungle oh'],
  'semi-detached': ['semi detached', 'semi detach', 'semi the tached'],
  detached: ['detach', 'the tached'],
  terraced: ['terrace'],
  maisonette: ['maison ette', 'maisonet'],
  sale: ['sail'],
  buy: ['by'],
  week: ['weak'],
  right: ['write'],
  knew: ['new'],
  there: ['their'],
  "they're": ['there', 'their'],
  "you're": ['your'],
  mortgage: ['mortgages'],
  probate: ['pro bate', 'probe eight'],
  renovation: ['renovations'],
  tenants: ['tenant'],
};

const NUMBER_WORD =
  /^(?:£?\d[\d,.]*k?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|grand|k|quid|pounds|a|half)$/i;

/** "to", "for", "one" and "eight" as their homophones, but not beside a number, where the slip would change the sum. */
function homophones(g: Gen, words: string[]): string[] {
  return words.map((word, i) => {
    const near = NUMBER_WORD.test(words[i + 1] ?? '') || NUMBER_WORD.test(words[i - 1] ?? '');
    // "b for bravo" spelt out: "b four bravo" reads as a digit in a postcode.
    const spelling = /^[a-z]$/.test(words[i - 1] ?? '');
    if (near || spelling) return word;
    if (word === 'to' && g.chance(0.35)) return g.pick(['two', 'too']);
    if (word === 'for' && g.chance(0.3)) return 'four';
    if (word === 'one' && g.chance(0.15)) return 'won';
    if (word === 'eight' && g.chance(0.3)) return 'ate';
    return word;
  });
}

function slips(g: Gen, text: string): string {
  let out = text;
  for (const [said, heard] of Object.entries(SLIPS)) {
    const word = new RegExp(`(?<![\\w'])${said}(?![\\w'])`);
    if (word.test(out) && g.chance(0.5)) out = out.replace(word, g.pick(heard));
  }
  return out;
}

/** Fillers at the start and pauses at clause breaks, a false start, and a repeated short word. */
export function disfluent(g: Gen, text: string): string {
  const clauses = text.split(/(?<=[,.?!;])\s+/);
  const out = clauses.map((clause, i) => {
    let c = clause;
    if (g.chance(i === 0 ? 0.35 : 0.15)) c = `${g.pick(i === 0 ? OPENING_FILLERS : PAUSES)}, ${c}`;
    // A false start repeats the first words, but never part of a value: "four to, four to four fifty" reads as a sum.
    const first = c
      .split(' ')
      .slice(0, g.int(1, 2))
      .map((w) => w.replace(/[,.?!;]$/, ''));
    const long = c.split(' ').length >= 3;
    const speakable = long && first.join(' ').length < 14 && !first.some((w) => NUMBERISH.test(w));
    if (speakable && g.chance(i === 0 ? 0.2 : 0.08)) c = `${first.join(' ')}, ${c}`;
    return c;
  });
  const joined = out.join(' ');
  if (!g.chance(0.12)) return joined;
  return joined.replace(/(?<![\w'])(it's|we|the|I|it|and)(?=\s)/, (word) => `${word} ${word}`);
}

export type Rendering = 'punctuated' | 'plain' | 'rough';

/** The caller's words as one recogniser writes them. */
export function recognise(g: Gen, text: string, rendering: Rendering): string {
  let out = text;
  const digits = g.chance(0.22) ? 'digits' : g.chance(0.1) ? 'words' : 'as said';
  if (rendering !== 'punctuated') {
    out = out.toLowerCase().replace(/[,?!;:"]|\.(?=\s|$)/g, '');
    if (g.chance(0.5)) out = out.replace(/£/g, '');
  }
  if (rendering === 'rough') {
    out = slips(g, out);
    out = homophones(g, out.split(' ')).join(' ');
    if (g.chance(0.7)) out = out.replace(/'/g, '');
  }
  if (digits === 'digits') out = numberWordsToDigits(out);
  if (digits === 'words') out = smallDigitsToWords(out);
  return out.replace(/\s+/g, ' ').trim();
}

/** The full path from the caller's words to the text the engine is given. */
export function renderSpeech(g: Gen, text: string): string {
  const rendering: Rendering = g.pick(['punctuated', 'plain', 'plain', 'plain', 'rough', 'rough']);
  return recognise(g, disfluent(g, text), rendering);
}
