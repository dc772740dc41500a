/**
 * Shared spoken vocabulary: how callers say digits, numbers, letters, months and days.
 * Every extractor reads from here so "oh", "double" and "zed" mean the same thing everywhere.
 */

/** Single digits as spoken. "oh" and "nought" are how Britons usually say zero in codes and numbers. */
export const DIGIT_WORDS: ReadonlyMap<string, number> = new Map([
  ['zero', 0],
  ['nought', 0],
  ['nil', 0],
  ['oh', 0],
  ['o', 0],
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
]);

/** Units used when reading whole numbers; "oh" is left out because "oh" is rarely a quantity. */
export const UNIT_WORDS: ReadonlyMap<string, number> = new Map([
  ['zero', 0],
  ['nought', 0],
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
]);

export const TEEN_WORDS: ReadonlyMap<string, number> = new Map([
  ['ten', 10],
  ['eleven', 11],
  ['twelve', 12],
  ['thirteen', 13],
  ['fourteen', 14],
  ['fifteen', 15],
  ['sixteen', 16],
  ['seventeen', 17],
  ['eighteen', 18],
  ['nineteen', 19],
]);

export const TENS_WORDS: ReadonlyMap<string, number> = new Map([
  ['twenty', 20],
  ['thirty', 30],
  ['forty', 40],
  ['fourty', 40],
  ['fifty', 50],
  ['sixty', 60],
  ['seventy', 70],
  ['eighty', 80],
  ['ninety', 90],
]);

export const SCALE_WORDS: ReadonlyMap<string, number> = new Map([
  ['thousand', 1_000],
  ['million', 1_000_000],
  ['billion', 1_000_000_000],
]);

/** Ordinals as words, for dates ("the fourteenth", "twenty first"). */
export const ORDINAL_WORDS: ReadonlyMap<string, number> = new Map([
  ['first', 1],
  ['second', 2],
  ['third', 3],
  ['fourth', 4],
  ['fifth', 5],
  ['sixth', 6],
  ['seventh', 7],
  ['eighth', 8],
  ['ninth', 9],
  ['tenth', 10],
  ['eleventh', 11],
  ['twelfth', 12],
  ['thirteenth', 13],
  ['fourteenth', 14],
  ['fifteenth', 15],
  ['sixteenth', 16],
  ['seventeenth', 17],
  ['eighteenth', 18],
  ['nineteenth', 19],
  ['twentieth', 20],
  ['thirtieth', 30],
]);

/**
 * Letter names as speech recognisers transcribe them. Several are ordinary English words
 * ("be", "see", "you"), which is why callers of this map also consult WEAK_LETTER_WORDS.
 */
export const LETTER_NAMES: ReadonlyMap<string, string> = new Map([
  ['ay', 'A'],
  ['aye', 'A'],
  ['bee', 'B'],
  ['be', 'B'],
  ['see', 'C'],
  ['sea', 'C'],
  ['cee', 'C'],
  ['dee', 'D'],
  ['ee', 'E'],
  ['ef', 'F'],
  ['eff', 'F'],
  ['gee', 'G'],
  ['aitch', 'H'],
  ['haitch', 'H'],
  ['eye', 'I'],
  ['jay', 'J'],
  ['kay', 'K'],
  ['el', 'L'],
  ['ell', 'L'],
  ['elle', 'L'],
  ['em', 'M'],
  ['en', 'N'],
  ['oh', 'O'],
  ['pee', 'P'],
  ['pea', 'P'],
  ['queue', 'Q'],
  ['cue', 'Q'],
  ['ar', 'R'],
  ['are', 'R'],
  ['ess', 'S'],
  ['es', 'S'],
  ['tee', 'T'],
  ['tea', 'T'],
  ['you', 'U'],
  ['vee', 'V'],
  ['ex', 'X'],
  ['why', 'Y'],
  ['zed', 'Z'],
  ['zee', 'Z'],
]);

/** NATO and common police alphabet words, used by callers spelling carefully. */
export const PHONETIC_ALPHABET: ReadonlyMap<string, string> = new Map([
  ['alpha', 'A'],
  ['alfa', 'A'],
  ['bravo', 'B'],
  ['charlie', 'C'],
  ['delta', 'D'],
  ['echo', 'E'],
  ['foxtrot', 'F'],
  ['golf', 'G'],
  ['hotel', 'H'],
  ['india', 'I'],
  ['juliet', 'J'],
  ['juliett', 'J'],
  ['kilo', 'K'],
  ['lima', 'L'],
  ['mike', 'M'],
  ['november', 'N'],
  ['oscar', 'O'],
  ['papa', 'P'],
  ['quebec', 'Q'],
  ['romeo', 'R'],
  ['sierra', 'S'],
  ['tango', 'T'],
  ['uniform', 'U'],
  ['victor', 'V'],
  ['whiskey', 'W'],
  ['whisky', 'W'],
  ['xray', 'X'],
  ['yankee', 'Y'],
  ['zulu', 'Z'],
]);

/**
 * Words that are letters or digits only by accident of homophony. They may still form part of
 * a code, but a code that relies on them is read back rather than trusted.
 */
export const WEAK_LETTER_WORDS: ReadonlySet<string> = new Set([
  'a',
  'i',
  'o',
  'be',
  'see',
  'sea',
  'you',
  'why',
  'are',
  'tea',
  'pea',
  'eye',
  'aye',
  'queue',
  'es',
  'to',
  'too',
  'for',
  'fore',
  'won',
  'ate',
]);

/** Digit homophones that recognisers produce when someone reads out a code quickly. */
export const DIGIT_HOMOPHONES: ReadonlyMap<string, number> = new Map([
  ['to', 2],
  ['too', 2],
  ['for', 4],
  ['fore', 4],
  ['won', 1],
  ['ate', 8],
]);

export const MONTH_NAMES: ReadonlyMap<string, number> = new Map([
  ['january', 1],
  ['jan', 1],
  ['february', 2],
  ['feb', 2],
  ['march', 3],
  ['april', 4],
  ['may', 5],
  ['june', 6],
  ['july', 7],
  ['august', 8],
  ['september', 9],
  ['sept', 9],
  ['october', 10],
  ['november', 11],
  ['december', 12],
]);

/** ISO weekday numbers (Monday = 1) so they line up with luxon. */
export const WEEKDAY_NAMES: ReadonlyMap<string, number> = new Map([
  ['monday', 1],
  ['tuesday', 2],
  ['wednesday', 3],
  ['thursday', 4],
  ['friday', 5],
  ['saturday', 6],
  ['sunday', 7],
]);

/**
 * Words a count of bedrooms comes before: "three bed", "four bedrooms", "two bedroomed". Read by
 * the price reader (a count run on to a figure) and the address reader (a flat's count, not its number).
 */
export const BED_WORD_SOURCE = '(?:beds?|bedrooms?|bedroomed)';
