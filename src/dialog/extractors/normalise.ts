/**
 * One canonical form for recognised speech, so extractors match against predictable text:
 * lower case, single spaces, no punctuation except where it carries meaning inside numbers
 * ("£250,000", "1.2m", "10:30", "+44"), and no hesitation fillers.
 */

/** Fillers that never carry meaning. "mm"/"mhm" are kept: they are how people say yes. */
const FILLER_WORDS = new Set([
  'um',
  'umm',
  'ummm',
  'uh',
  'uhh',
  'er',
  'err',
  'erm',
  'ah',
  'ahh',
  'hmm',
  'hm',
]);

/** Turns of phrase that only hold the floor: "let me think, john smith", "believe it or not, three". */
const FLOOR_HOLDERS: readonly RegExp[] = [
  /\b(?:let me (?:just )?(?:think|see)|let's see|lets see)\b(?! (?:about|if|what|how|whether)\b)/gi,
  /\b(?:let me put it this way|put it this way|how (?:can|shall|do) i put it|(?:to|two) be fair|at the end of the day|(?:if you |you )?know what i mean|if you get me|sort of thing|touch wood|believe it or not|as it happens|as i say|mind you|truth be told|(?:to )?tell you the truth|in all honesty|funnily enough|so to speak|(?:to cut a )?long story short|first things first|right then|bless (?:him|her|them|'em))\b/gi,
];

/** `text` without the turns of phrase that only hold the floor, its case and punctuation kept. */
export function dropFloorHolders(text: string): string {
  let out = text;
  for (const phrase of FLOOR_HOLDERS) out = out.replace(phrase, ' ');
  return out;
}

/** Multi-word fillers, removed as whole phrases. */
const FILLER_PHRASES: readonly RegExp[] = [
  ...FLOOR_HOLDERS,
  /\b(?:i mean|sort of|sorta|kind of|kinda|basically|literally|to be honest|tbh|if i'm honest)\b/g,
  // "you know" is a filler except in questions and conditionals ("do you know", "if you know").
  /(?<!\b(?:do|did|don't|if|as|would|'d|you'd|i'd)\s)\byou know\b/g,
];

/**
 * Words after which "like" is a verb or comparison ("i'd like", "looks like") rather than the
 * hesitation "it's like a three bed".
 */
const LIKE_KEEPERS = new Set([
  'i',
  "i'd",
  'we',
  "we'd",
  'you',
  "you'd",
  'they',
  "they'd",
  'would',
  'should',
  'could',
  'look',
  'looks',
  'sound',
  'sounds',
  'feel',
  'feels',
  'seem',
  'seems',
  'if',
  "don't",
  "didn't",
  'do',
  'did',
  'really',
  'not',
  'just',
  'anything',
  'nothing',
]);

/**
 * Contractions that recognisers sometimes write without the apostrophe ("cant", "dont"). Only
 * forms that are not English words themselves are restored ("wont", "were", "id" are left).
 */
const BARE_CONTRACTIONS: ReadonlyMap<string, string> = new Map([
  ['cant', "can't"],
  ['dont', "don't"],
  ['doesnt', "doesn't"],
  ['didnt', "didn't"],
  ['isnt', "isn't"],
  ['wasnt', "wasn't"],
  ['werent', "weren't"],
  ['arent', "aren't"],
  ['havent', "haven't"],
  ['hasnt', "hasn't"],
  ['couldnt', "couldn't"],
  ['wouldnt', "wouldn't"],
  ['shouldnt', "shouldn't"],
  ['ive', "i've"],
  ['im', "i'm"],
  ['shes', "she's"],
  ['youve', "you've"],
  ['theyve', "they've"],
  ['wont', "won't"],
  ['youre', "you're"],
  ['theyre', "they're"],
  ['weve', "we've"],
  ['thats', "that's"],
  ['theres', "there's"],
  ['whats', "what's"],
  ['moneys', "money's"],
]);

/**
 * The last few texts normalised and their results. A turn runs every slot's reader over the same
 * words, and each reader normalises them again: remembering the answer makes that once a turn.
 * Eight, not fewer: the name readers normalise a turn's clauses between readings of the whole
 * turn, and a shorter memory lost the whole turn to them, so each later reader normalised it
 * again (docs/agent.md, "Long turns"). Strings are immutable, so sharing a result is safe; the
 * engine stays pure.
 */
const RECENT = new Map<string, string>();
const RECENT_SIZE = 8;

/** Words after which "two" or "four" is a count or a digit, never "to" or "for". */
const COUNT_LEADS =
  "oh|zero|one|two|three|four|five|six|seven|eight|nine|double|treble|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|and|or|number|there's|theres|there|is|are|its|it's|got|have|has|had|only|just|about|around|maybe|probably|all|with|the|of";

/**
 * `number` heard for a word before one of `followers`: only after another word (never at the
 * start of an answer) and not after words that lead into a count.
 */
function numberAsWord(number: string, followers: string): RegExp {
  return new RegExp(`(?<=\\b[a-z']+ )(?<!\\b(?:${COUNT_LEADS}) )\\b${number} (${followers})\\b`, 'g');
}

/**
 * Words said in a dialect's own form that the readers know in the standard one: "an'" for "and"
 * ("three hundred an' ten thousand", "me an' the wife"), the Scots "hunner" for "hundred"
 * ("a hunner and fifteen grand"), and a dropped letter marked by its apostrophe. Only forms that
 * are no other word are put back.
 */
const DIALECT_FORMS: readonly [RegExp, string][] = [
  [/\ban'(?=\s|$)/g, 'and'],
  [/\bhunn(?:er|erd|ert)\b/g, 'hundred'],
  // "could do wi' a lick o' paint", "it needs modernisin'", "we're strugglin'": a letter
  // dropped and marked with the apostrophe.
  [/\bwi'(?=[\s,.;:!?]|$)/g, 'with'],
  [/\bo'(?=[\s,.;:!?]|$)/g, 'of'],
  [/\b([a-z]{2,})in'(?=[\s,.;:!?]|$)/g, '$1ing'],
];

/**
 * What speech recognisers write for the words callers say on these calls, put back: "bunglow",
 * "bungle oh", "detach" and "the tached", "lived their", "six to ate weeks", "a quick sail". Each
 * is a slip only where it stands; "their house" and "ate" at dinner are left alone.
 */
const RECOGNISER_SLIPS: readonly [RegExp, string][] = [
  [/\bbung(?:low|alo|le oh|gle oh|a low)\b/g, 'bungalow'],
  [/\b(?:the|de|di) tached\b/g, 'detached'],
  [/\bdetach\b(?! from)/g, 'detached'],
  [
    /\b(lived|living|lives|live|been|stay|stayed|staying|stays|sat|sitting|stood|standing|over|in|out|is|nobody|noone|anyone|someone|one) their\b(?! (?:own|house|home|place|flat|mum|dad|kids|children|parents|son|daughter|family))/g,
    '$1 there',
  ],
  // "were moving", "and were just looking", "yeah were in it": "we're" with its apostrophe
  // dropped, where a clause starts; "they were", "the tenants were" are left alone.
  [
    /(^|\b(?:and|but|so|well|yeah|yes|no|oh|now|because|cos|as|if|when|then) )were (?=\w+ing\b|just\b|not\b|after\b|both\b|all\b|in no\b|happy\b|flexible\b|hoping\b|still\b|in (?:it|there|here)\b)/g,
    "$1we're ",
  ],
  // "ill be honest", "ill ring you": "i'll" with its apostrophe dropped, before a verb.
  [
    /\bill (be|have|do|give|ring|call|get|send|let|just|need|probably|try|take|pay|sort|see|wait|leave|go|tell|say|think|spell|text|email|pass|speak|talk|put)\b/g,
    "i'll $1",
  ],
  // "the wifes left", "me mams house": a relative's "'s" with its apostrophe dropped.
  [
    /\b(wife|husband|partner|missus|mum|mam|mammy|mother|dad|father|nan|nana|gran|granny|grandma|grandmother|grandad|grandfather|auntie|aunty|uncle)s\b/g,
    "$1's",
  ],
  // "to" and "for" heard as numbers where no number can stand: "rent it two a couple", "two the
  // three of us", "four my father". Before a count or a unit, at the start of an answer, or after
  // words that lead into a count ("there's four, my mum had one as a sewing room"), they stay numbers.
  [
    numberAsWord(
      '(?:two|too)',
      'my|our|your|his|her|their|be|me|us|him|them|do|get|give|tell|say|answer|ask|sell|move|buy|live|go|see|sort|know|pay|talk|speak|school|uni|college|work|ireland|scotland|wales|england|london|spain',
    ),
    'to $1',
  ],
  // "have two give", "got two do with": a modal "to" after a word that otherwise leads into a count.
  [
    /\b(have|has|had|got|need|needs|want|wants|going|used|ought) (?:two|too) (do|give|tell|say|answer|ask|sell|move|buy|go|get|pay|sort|wait|think|leave|find|speak|talk|check|be)\b/g,
    '$1 to $2',
  ],
  [
    /\b(rent|rents|renting|rented|let|lets|letting|left|leave|leaves|sold|sell|selling|talk|talking|moving|move|going|go|went|back|close|closer|near|nearer|next|give|gave|giving|passed|pass|belongs|belonged)((?: it| them| out| home)*) (?:two|too) (a|an|the)\b/g,
    '$1$2 to $3',
  ],
  [
    numberAsWord(
      'four',
      'my|our|your|his|her|their|me|us|him|them|sale|ages|now|sure|a while|a bit|a change|example|someone|somebody',
    ),
    'for $1',
  ],
  // "m four mother, b four bravo": a letter spelt by a word that starts with it (not "a" or "i",
  // which are words: "a four acre plot", "i four if you count the box room").
  [/\b([b-hj-z]) four (\1[a-z]{2,})\b/g, '$1 for $2'],
  [/\b(to|or|and|about) ate\b/g, '$1 eight'],
  [/\bate (weeks?|months?|years?|days?|bed(?:rooms?|s)?|grand|hundred|thousand)\b/g, 'eight $1'],
  [/\b(quick|for|a fast|fast|private|cash) sail\b/g, '$1 sale'],
  [/\bback (?:two|too) back\b/g, 'back to back'],
  [/\bmaison(?: ?ette|et|ett|ets)\b/g, 'maisonette'],
  [
    /\bwon (point|and a|and an|million|mil|hundred|thousand|double|single|bed|bedroom|bedrooms|level|floor|(?:twen|thir|for|fif|six|seven|eigh|nine)ty(?:-\w+)?)\b/g,
    'one $1',
  ],
  // "right" heard as "write": "write away", "write so, three doubles".
  [/\bwrite (away|now|so|then|enough|okay|ok|yeah|yes)\b/g, 'right $1'],
  // Stutters the recogniser keeps: "two hundred and and seventy five", "rents it it off me",
  // "by by the end of may", "by the by the end of may".
  [
    // (Not words that spell a postcode's letters or digits: "a", "i", "be", "you", "are", "for".)
    /\b(and|it|the|to|in|of|our|my|from|by|i'm|we|we're|is|it's|its|at|on|that|this|was|with|about|he|she|they|me|do|did|have|had|can|will|would|if|when|up|out)(?: \1)+\b/g,
    '$1',
  ],
  [/\b((?:by|in|on|at|to|it's|its|i'm|it|we|of|is) (?:the|my|our|is|was|it|about)) \1\b/g, '$1'],
];

/** Lower-cases, strips punctuation that carries no meaning, and removes fillers. */
export function normaliseUtterance(text: string): string {
  const known = RECENT.get(text);
  if (known !== undefined) return known;
  const normalised = normaliseAfresh(text);
  if (RECENT.size >= RECENT_SIZE) RECENT.delete(RECENT.keys().next().value ?? '');
  RECENT.set(text, normalised);
  return normalised;
}

/** Letters with no decomposition of their own ("ł", "ø", "æ", "ß") fold by hand. */
const UNDECOMPOSED: Record<string, string> = { ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ı: 'i' };

/** Lower-case text with its accents folded to plain letters: "siân" → "sian", "łukasz" → "lukasz". */
export function foldLetters(lower: string): string {
  return lower
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[łøæœßđı]/g, (c) => UNDECOMPOSED[c] ?? c);
}

const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const DIGIT = `(\\d{1,3}|${DIGIT_WORDS.join('|')}|nought|oh)`;
/**
 * A Scottish flat's position, "3 stroke 1" or "two slash one" (third floor, first door), is
 * written "3/1" as on the envelope, so that no reader takes "stroke" for an illness.
 */
const FLAT_POSITION = new RegExp(`\\b${DIGIT} (?:stroke|slash|oblique) ${DIGIT}\\b`, 'g');

function digitOf(word: string): string {
  // The ground floor is "nought" or "oh" as often as "zero": "nought stroke one".
  if (word === 'nought' || word === 'oh') return '0';
  const at = DIGIT_WORDS.indexOf(word);
  return at < 0 ? word : String(at);
}

function normaliseAfresh(text: string): string {
  // Accents fold to their letters ("Siân" → "sian", "Zoë" → "zoe") rather than splitting a word.
  let s = foldLetters(text.toLowerCase());
  s = s.replace(/[\u2018\u2019\u02bc`]/g, "'").replace(/[\u201c\u201d]/g, '"');
  s = s.replace(/[\u2013\u2014\u2212]/g, '-');
  s = s.replace(/&/g, ' and ');
  s = s.replace(/(\d)\s*%/g, '$1 percent');
  s = s.replace(/\bx-ray\b/g, 'xray');
  for (const [said, meant] of DIALECT_FORMS) s = s.replace(said, meant);
  for (const [slip, meant] of RECOGNISER_SLIPS) s = s.replace(slip, meant);
  s = s.replace(FLAT_POSITION, (_, a: string, b: string) => `${digitOf(a)}/${digitOf(b)}`);
  // "a.s.a.p." and "b.t.l." become single words before dots are stripped.
  s = s.replace(/\b(?:[a-z]\.){2,}/g, (m) => m.replace(/\./g, ''));
  // Keep "." "," ":" "/" only between digits, where they belong to a number, time or date.
  s = s.replace(/(?<!\d)[.,:/]|[.,:/](?!\d)/g, ' ');
  s = s.replace(/\+(?!\s*\d)/g, ' ').replace(/\+\s+(?=\d)/g, '+');
  // Apostrophes survive only inside words ("it's", "o'brien").
  s = s.replace(/(?<![a-z])'|'(?![a-z])/g, ' ');
  s = s.replace(/[^a-z0-9£'.,:/+\s]/g, ' ');
  s = s.replace(/\s+/g, ' ').trim();
  s = s.replace(/\b[a-z]+\b/g, (w) => BARE_CONTRACTIONS.get(w) ?? w);
  return removeFillers(s);
}

/** Splits normalised text into word tokens. */
export function tokenise(normalised: string): string[] {
  return normalised.length === 0 ? [] : normalised.split(' ');
}

/** Normalises and tokenises in one step; most extractors want both. */
export function toTokens(text: string): string[] {
  return tokenise(normaliseUtterance(text));
}

function removeFillers(s: string): string {
  let out = s;
  for (const phrase of FILLER_PHRASES) out = out.replace(phrase, ' ');
  // "uh huh" is a yes, so its "uh" stays.
  const words = out
    .split(/\s+/)
    .filter((w, i, all) => w.length > 0 && (!FILLER_WORDS.has(w) || (w === 'uh' && all[i + 1] === 'huh')));
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const prev = kept[kept.length - 1];
    if (w === 'like' && !isMeaningfulLike(prev, words[i + 1])) continue;
    // "yeah so", "ok so", "well" at the start of a clause are thinking noises.
    if (
      (w === 'so' || w === 'well') &&
      (prev === undefined || prev === 'yeah' || prev === 'ok' || prev === 'okay')
    ) {
      if (words[i + 1] !== undefined && !isSoMeaningful(words[i + 1])) continue;
    }
    kept.push(w);
  }
  return kept.join(' ');
}

function isMeaningfulLike(prev: string | undefined, next: string | undefined): boolean {
  if (next === 'to' || next === 'that' || next === 'this') return true;
  return prev !== undefined && LIKE_KEEPERS.has(prev);
}

/** "so far", "so much", "so long" are not fillers. */
function isSoMeaningful(next: string | undefined): boolean {
  return next === 'far' || next === 'much' || next === 'long' || next === 'many';
}
