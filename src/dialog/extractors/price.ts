/**
 * The caller's price expectation in whole pounds: "two hundred and fifty thousand", "250k",
 * "£250,000", "250 grand", "a quarter of a million", "1.2m", "between 200 and 220k".
 */
import { normaliseUtterance, toTokens } from './normalise.js';
import { findNumbers } from './numbers.js';
import {
  type AmountCandidate,
  findAmountCandidates,
  readBetweenRanges,
  tokeniseAmounts,
} from './price-candidates.js';
import { aboutAnotherHome, boundQualifier, PRICE_CUE, ROLE_RANK, roleInContext } from './price-context.js';
import type { Confidence } from './types.js';
import { BED_WORD_SOURCE } from './vocabulary.js';

export { parseSpokenNumber } from './numbers.js';

export interface ExtractedPrice {
  /** Whole pounds; the midpoint when a range was given. */
  amount: number;
  /** Both set, and different, when the caller gave a range ("between 200 and 220"). */
  min?: number;
  max?: number;
  /** Low when the amount was inferred (bare "two fifty") or competing amounts were heard. */
  confidence: Confidence;
}

export interface PriceOptions {
  /**
   * Set when the agent has just asked about price: bare numbers under 1000 then mean
   * thousands ("two fifty" → 250,000) and bare decimals under 10 mean millions ("one point two").
   */
  assumeThousands?: boolean;
}

/** Amounts outside this band are not house prices, whatever the caller meant. */
const MIN_PRICE = 1_000;
const MAX_PRICE = 1_000_000_000;
/** A bare "twenty" can be £20k; below that a bare number is a count, not thousands. */
const MIN_BARE_THOUSANDS = 20;

/**
 * Words that may follow a bare number that is still a price ("two fifty ish", "two fifty would
 * do"). Kept without apostrophes: recognisers write "i'd" and "id" alike.
 */
const PRICE_FOLLOWERS = new Set(
  // "," is the recogniser's own end of the number: "180, next door went for 250". "not" sets
  // another figure aside: "two ten not two hundred". "noo" is the Scots "now": "one twenty noo".
  // An aside may close it: "340 innit", "225 realistically", "seventy-five mind".
  ', thats ish or to and maybe hopefully roughly really ideally at would will if but for thanks please tops max maximum minimum plus is be that odd give something probably though then so with including cash as now ono mark area region could should ballpark quid pounds yeah yes aye cheers say actually instead sorry rather honestly basically realistically obviously innit mind reckon think does sound sounds back not noo'.split(
    ' ',
  ),
);
/**
 * A new clause starting after the number, run on without a full stop: "one twenty we've still got
 * a mortgage", "about 210 i'd love more", "two fifty it's a good street".
 */
const CLAUSE_STARTS = new Set(
  'i id im ive ill we wed were weve well they theyd theyre theyve it its theres he she you youd youre'.split(
    ' ',
  ),
);
/**
 * How callers address whoever answers, after the figure: "one forty love", "two hundred mate",
 * and in Liverpool and the North East "one forty la", "ninety hinny".
 */
const TERMS_OF_ADDRESS = new Set(
  'love luv mate pet hen duck darling dear pal chief boss son sir madam bab babe cock chuck hun hon flower petal lovey lover marra bud fella la lad lass hinny'.split(
    ' ',
  ),
);

/**
 * How fixed the figure is, said straight after it: "one ninety firm", "two hundred fixed",
 * "150 final", "one eighty non negotiable", "two twenty or near offer".
 */
const FIRMNESS = new Set(
  'firm fixed final flat negotiable non neg nonnegotiable near nearest bottom lowest least absolute'.split(
    ' ',
  ),
);
/**
 * Why the figure, said straight after it: "a hundred and forty bearing that in mind", "one twenty
 * considering the work", "ninety given the state of it", "two hundred because of the garden",
 * "one fifty what with the roof".
 */
const REASON_AFTER = new Set(
  'bearing considering given seeing because cos coz since allowing taking what'.split(' '),
);

/** Whether a word after a bare number leaves it a price. */
function followsPrice(word: string): boolean {
  const bare = word.replace(/'/g, '');
  return (
    PRICE_FOLLOWERS.has(bare) ||
    CLAUSE_STARTS.has(bare) ||
    TERMS_OF_ADDRESS.has(bare) ||
    FIRMNESS.has(bare) ||
    REASON_AFTER.has(bare)
  );
}

/** Words before a number that make it an address, a count or a date rather than money. */
const NON_PRICE_BEFORE = new Set([
  'number',
  'no',
  'flat',
  'unit',
  'apartment',
  'plot',
  'aged',
  'age',
  'since',
  'the',
  // Ages: "she's 85", "i'm 70".
  "she's",
  "he's",
  "i'm",
  'im',
  "they're",
]);

/**
 * The next sentence, run on without a full stop by speech recognition: "about 160 the ground rent
 * is 250 a year". Not "42 the crescent": only topics that cannot be a street.
 */
const NEXT_TOPIC_WORDS = 6;
const NEXT_TOPIC =
  /^(?:the|its|it's|theres|there's|and the|but the) (?:ground rent|service charge|mortgage|lease|rent|tenants?|roof|kitchen|boiler|bathroom|survey|surveyor|home report|valuation|estate agent)\b|^(?:(?:and|but|cos|because|as) )?(?:the one |the house |the place )?(?:next door|the neighbours?|neighbours|the (?:one|house|place) (?:over the road|across the road|up the road|down the road|over the way|opposite|round the corner|on the corner|across the street)|houses (?:round here|on the street|near us))\b/;

/**
 * The caller's own wish said just before a figure: "i'd be happy with", "we were thinking", "i'd
 * want", "hoping for", "we're after". Not "sell for" or "worth", which may be another house's.
 */
const WISH_JUST_BEFORE =
  /\b(?:happy (?:with|at|on)|thinking(?: of| about)?|want|wanting|hoping for|looking for|after|take|accept)$/;

/** Words after a number that make it a count of something other than money. */
const COUNTED_AFTER = new Set(
  `years year months month weeks week days day hours hour minutes mins miles mile percent per cent foot feet
  ft metres meters square acres acre houses house flats flat homes kids children people times of x by am pm
  bed beds bedroom bedrooms bedroomed rooms room bathrooms floors storeys`.split(/\s+/),
);

/** A count of bedrooms said next, the pause unwritten: "two forty three bed semi". */
const COUNT_OF_ROOMS = new RegExp(
  `^(?:\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten) ${BED_WORD_SOURCE}\\b`,
);

interface Priced {
  amount: number;
  /** Said to put right the amount just before it ("one fifty grand, no sorry, 165"). */
  corrects?: boolean;
  min?: number;
  max?: number;
  inferred: boolean;
  start: number;
  end: number;
}

/** The price the caller expects, or null when no amount of money was heard. */
export function extractPrice(text: string, options: PriceOptions = {}): ExtractedPrice | null {
  const asked = options.assumeThousands === true;
  const rawRanges = untangleAmounts(text).replace(/(\d)\s*[-\u2013\u2014]\s*(?=£?\s*\d)/g, '$1 to ');
  // A comma or a full stop the recogniser wrote is where one number ends ("three hundred and
  // thirty, three hundred and fifty", "two hundred? Two hundred."); normalising would lose it,
  // so it is kept as a token of its own.
  const tokens = rawRanges
    .split(SPOKEN_BREAK)
    .flatMap((clause, i) =>
      i > 0 ? [',', ...clauseTokens(clause)] : tokeniseAmounts(normaliseUtterance(clause)),
    );
  const candidates = withoutEchoes(tokens, findAmountCandidates(tokens));
  const priced: Priced[] = [];
  const between = tokens.indexOf('between');
  let fromBetween: Priced | null = null;
  if (between >= 0) {
    const cued = cuedAt(tokens, between);
    for (const split of readBetweenRanges(tokens, between)) {
      const range = priceRange(split.low, split.high, asked || cued);
      if (range === null) continue;
      fromBetween = cued ? { ...range, inferred: false } : range;
      priced.push(fromBetween);
      break;
    }
  }
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i];
    // Candidates come in order without overlaps, so only the "between" range can overlap one.
    const inRange =
      fromBetween !== null && c !== undefined && c.start < fromBetween.end && fromBetween.start < c.end;
    if (c === undefined || inRange || setAside(tokens, c, candidates[i - 1])) continue;
    // Price is in play when it was asked for or a price word comes just before the number, or
    // when it puts right an amount just said ("one thirty grand no sorry one sixty").
    const prev = candidates[i - 1];
    const corrected =
      prev !== undefined &&
      (CORRECTED_BEFORE.test(tokens.slice(Math.max(0, c.start - 3), c.start).join(' ')) ||
        takesBack(tokens.slice(prev.end, c.start)));
    const cued = cuedAt(tokens, c.start) || corrected;
    const assume = asked || cued;
    const next = candidates[i + 1];
    if (next !== undefined && joinsRange(tokens, c, next, assume)) {
      const range = priceRange(c, next, assume);
      if (range !== null) {
        priced.push(cued ? { ...range, inferred: false } : range);
        i++;
        continue;
      }
    }
    const wished = WISH_JUST_BEFORE.test(tokens.slice(Math.max(0, c.start - 3), c.start).join(' '));
    const single = priceOne(c, tokens, assume, corrected, wished);
    // A number said with a price word is as good as one said with "£": no need to check it.
    if (single !== null)
      priced.push({
        ...single,
        ...(cued ? { inferred: false } : {}),
        ...(corrected ? { corrects: true } : {}),
      });
  }
  return choosePrice(priced, tokens);
}

/**
 * A clause's tokens. Normalising drops a "so" that opens a clause as a thinking noise, but after
 * a comma it is the caller's conclusion ("ours needs work, so one sixty"), which says whose the
 * figure is, so it is kept.
 */
function clauseTokens(clause: string): string[] {
  const tokens = tokeniseAmounts(normaliseUtterance(clause));
  return /^so\s/i.test(clause) && tokens[0] !== 'so' ? ['so', ...tokens] : tokens;
}

/**
 * "fifteen, not fifty", "two ten not two hundred": an amount said after "not", straight after
 * another, is the one the caller is putting aside, never their figure.
 */
function setAside(tokens: readonly string[], c: AmountCandidate, prev: AmountCandidate | undefined): boolean {
  return (
    prev !== undefined &&
    tokens[c.start - 1] === 'not' &&
    tokens.slice(prev.end, c.start - 1).every((t) => t === ',')
  );
}

/**
 * "one forty five, forty five", "five hundred and fifteen, fifteen": the last words of an amount
 * said again only stress it. The echo joins the amount, so what follows it follows the amount.
 */
function withoutEchoes(tokens: readonly string[], candidates: readonly AmountCandidate[]): AmountCandidate[] {
  const kept: AmountCandidate[] = [];
  for (const c of candidates) {
    const prev = kept[kept.length - 1];
    if (prev !== undefined && echoesEnd(tokens, prev, c)) kept[kept.length - 1] = { ...prev, end: c.end };
    else kept.push(c);
  }
  return kept;
}

/** `c` repeats the end of `prev`, word for word, with at most a comma between them. */
function echoesEnd(tokens: readonly string[], prev: AmountCandidate, c: AmountCandidate): boolean {
  if (c.multiplier !== 1 || c.marked || !tokens.slice(prev.end, c.start).every((t) => t === ','))
    return false;
  const length = c.end - c.start;
  const tail = prev.end - length;
  // Only a part: the whole amount said twice is read fine as the later one.
  if (length < 1 || tail <= prev.start) return false;
  for (let k = 0; k < length; k++) if (tokens[tail + k] !== tokens[c.start + k]) return false;
  return true;
}

/** A comma, or the end of a sentence, that is not the full stop of "No. 5" or "St. Mary's". */
const SPOKEN_BREAK = /,\s+|(?<!\b(?:no|st|mr|mrs|ms|dr))[.?!]+\s+/i;

/** Words between the two ends of a range: "200 to 220", "200 or maybe 220", "200 up to 220". */
const RANGE_JOINERS = /^(?:to|or|and|or maybe|maybe|or possibly|possibly|or perhaps|perhaps|to maybe|up to)$/;

/** Words that take back the amount just said: "179000 no sorry 209". */
const CORRECTED_BEFORE = /(?:^|\s)(?:no sorry|sorry|no i mean|i mean|or rather|no wait|actually no|no no)$/;

/**
 * The words between two amounts that take the first back, with or without the recogniser's
 * commas: "hundred grand no hundred and ten", "one eighty, nah, one ninety", "two hundred, hang
 * on, make that two twenty", "150 sorry 160". A plain "or" offers a second guess, not a repair.
 */
const REPAIR_WORD =
  /^(?:no|nah|nope|sorry|actually|wait|hang on|hold on|rather|make that|make it|scratch that|correction)$/;
const REPAIR_GLUE = /^(?:,|well|oh|or|i|mean|no|sorry)$/;
const REPAIR_PHRASE = /\b(?:hang on|hold on|make that|make it|scratch that)\b/;

function takesBack(gap: readonly string[]): boolean {
  if (gap.length === 0 || gap.length > 6) return false;
  const said = gap.filter((t) => t !== ',').join(' ');
  const words = said.replace(REPAIR_PHRASE, (m) => m.replace(' ', '_')).split(' ');
  return (
    words.some((w) => REPAIR_WORD.test(w.replace('_', ' '))) &&
    words.every((w) => REPAIR_WORD.test(w.replace('_', ' ')) || REPAIR_GLUE.test(w))
  );
}

/**
 * Speech as recognisers write amounts, made readable before the tokens are read: a digit then a
 * tens word is one number said in hundreds ("2 ninety", "5 ten"); a count after a scale word is
 * not part of the amount ("one point one million six acres").
 */
function untangleAmounts(text: string): string {
  return text
    .replace(
      PART_OF_THE_HUNDREDS,
      (said: string, part: string, count: string, scale: string | undefined, at: number, all: string) =>
        // Figures said after it are the caller's closer answer: "low two hundreds, two ten, two fifteen".
        findNumbers(toTokens(all.slice(at + said.length))).length > 0
          ? ' '
          : hundredsRange(part, count, scale),
    )
    .replace(MILLION_AS_NOUGHTS, '$1.$2 million')
    .replace(
      HUNDREDS_OH_UNIT,
      (_, hundreds: string, unit: string, noughts: string) => `${hundreds}0${unit}${noughts}`,
    )
    .replace(TENS_THEN_UNIT, (_, tens: string, unit: string) => `${tens}${DIGIT_WORDS.indexOf(unit)}`)
    .replace(
      /\b([1-9]) (ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b/gi,
      (_, d: string, tens: string) => `${DIGIT_WORDS[Number(d)]} ${tens}`,
    )
    .replace(
      /\b(million|mil|mill|thousand|grand|k)((?: (?:uh|er|erm|um))?) ((?:[a-z]+|\d+)(?: [a-z]+)?) (acres?|beds?|bedrooms?|rooms?|bathrooms?|years?|months?|weeks?|miles?|houses?|flats?|kids|children)\b/gi,
      '$1$2, $3 $4',
    );
}

/**
 * "low two hundreds", "the mid 200s", "high three hundred thousands": a part of a hundred
 * thousand, said as the range it means (low 10 to 30, mid 40 to 60, high 70 to 90 of it).
 */
const PART_OF_THE_HUNDREDS =
  /\b(low|lower|mid|middle|high|upper)(?: end of the)? (one|two|three|four|five|six|seven|eight|nine|[1-9]) ?(?:hundreds|hundred(?= thousands\b)|00s|00(?= (?:thousands?|grand|k)\b))(?: (thousands?|grand|k))?\b/gi;
const PART_TENS: Readonly<Record<string, [number, number]>> = {
  low: [10, 30],
  lower: [10, 30],
  mid: [40, 60],
  middle: [40, 60],
  high: [70, 90],
  upper: [70, 90],
};

function hundredsRange(part: string, count: string, scale: string | undefined): string {
  const hundreds = /^\d$/.test(count) ? Number(count) : DIGIT_WORDS.indexOf(count.toLowerCase());
  const [low, high] = PART_TENS[part.toLowerCase()] ?? [40, 60];
  const unit = scale === undefined ? '' : ' thousand';
  return `${hundreds * 100 + low}${unit} to ${hundreds * 100 + high}${unit}`;
}

/**
 * "two point five million" as some recognisers write it, the million turned into noughts on the
 * digit after the point: "2 point 5000000" is 2.5 million, "1 point 25000000" 1.25 million.
 */
const MILLION_AS_NOUGHTS = /\b(\d+) point (\d{1,2}?)000000\b/gi;

/**
 * "two forty nine" as some recognisers write it, the tens in digits and the unit in a word:
 * "240 nine" is 249, "310 five" 315. Not "250 two bed" or "180 one of them", where the word
 * counts something else.
 */
const TENS_THEN_UNIT =
  /(?<![\d,.])\b([1-9]\d)0 (one|two|three|four|five|six|seven|eight|nine)\b(?! (?:beds?|bedrooms?|bedroomed|of|hundred|thousand|grand|k|million|point|or|to|and)\b)/gi;

/**
 * "two oh five thousand" as some recognisers write it, the hundreds and the unit in digits and
 * the nought said as "oh": "2 oh 5000" is 205,000, "3 oh 9 k" 309k.
 */
const HUNDREDS_OH_UNIT = /\b([1-9]) (?:oh|o) ([1-9])(000\b|(?= (?:k|grand|thousand)\b))/gi;

const DIGIT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/**
 * Two amounts side by side make a range when joined by "to", "or", "maybe" and the like, or,
 * where price is in play, when said one straight after the other as a hedge ("a hundred and forty
 * five, hundred and fifty"): then the second must be a little more than the first.
 */
function joinsRange(
  tokens: readonly string[],
  low: AmountCandidate,
  high: AmountCandidate,
  assume: boolean,
): boolean {
  const between = tokens.slice(low.end, high.start).join(' ');
  // "north of two hundred, two ten": a bound and then the figure within it, not a range.
  if (boundSide(tokens, low.start) !== 0) return false;
  if (between === '' || between === ',') {
    const b = high.value * high.multiplier;
    // "a hundred and sixty, a hundred and seventy thousand": the scale said once serves both.
    const a =
      low.value *
      low.multiplier *
      (!low.marked && high.marked && low.value < 1_000 && b >= 10_000 ? 1_000 : 1);
    // Not "number 3, 350", which is a house and then the price.
    if (assume && saidInHundreds(low, high) && !NON_PRICE_BEFORE.has(tokens[low.start - 1] ?? ''))
      return true;
    return assume && (low.marked === high.marked || !low.marked) && b > a && b <= a * 1.5;
  }
  return high.start - low.end <= 2 && RANGE_JOINERS.test(between);
}

/**
 * "two, two ten", "three, three fifty k": a hedge where the first figure is the hundreds alone
 * and the second the same hundreds and a bit more, so the pair is a range ("two to two ten").
 */
function saidInHundreds(low: AmountCandidate, high: AmountCandidate): boolean {
  return (
    !low.marked &&
    !low.fractional &&
    low.value >= 1 &&
    low.value < 10 &&
    high.value > low.value * 100 &&
    high.value < (low.value + 1) * 100
  );
}

/** "asking about 240", "worth 250", "hoping to get 180 for it": a price word within five words before. */
function cuedAt(tokens: readonly string[], start: number): boolean {
  return PRICE_CUE.test(tokens.slice(Math.max(0, start - 5), start).join(' '));
}

function priceOne(
  c: AmountCandidate,
  tokens: readonly string[],
  assume: boolean,
  corrected = false,
  wished = false,
): Priced | null {
  const raw = c.value * c.multiplier;
  if (c.marked || raw >= 10_000) {
    if (!c.marked && (/^0\d/.test(tokens[c.start] ?? '') || isYear(raw))) return null;
    const amount = raw < MIN_PRICE && assume ? raw * 1_000 : raw;
    return inBand(amount) ? { amount, inferred: amount !== raw, start: c.start, end: c.end } : null;
  }
  const before = tokens[c.start - 1] ?? '';
  // "around the 300 mark" is a price although "the 300" usually is not.
  // "no" just after an amount takes it back ("one eighty no one ninety"); it does not number a house.
  const housed = NON_PRICE_BEFORE.has(before) && !(corrected && before === 'no');
  if (!assume || (housed && !(before === 'the' && tokens[c.end] === 'mark'))) return null;
  // "at 10" after a date is a time; prices that small are not houses anyway.
  if (tokens[c.start - 1] === 'at' && c.value <= 12) return null;
  const after = tokens[c.end];
  // The next few words are enough for NEXT_TOPIC: joining the whole rest per amount costs the square.
  const following = tokens.slice(c.end, c.end + NEXT_TOPIC_WORDS).join(' ');
  // A correction is the caller's last word on the price, whatever they go on to say; so is a
  // figure said straight after the caller's wish ("happy with one fifty-five from you lot",
  // "thinking one thirty-five the three of us"), unless it counts something else ("want 30 days").
  if (
    !corrected &&
    !(wished && !COUNTED_AFTER.has(after ?? '')) &&
    after !== undefined &&
    !followsPrice(after) &&
    !NEXT_TOPIC.test(following) &&
    !COUNT_OF_ROOMS.test(following)
  )
    return null;
  // A bare "one point two" is millions; a bare "two fifty" is thousands.
  if (c.fractional && c.value < 10)
    return { amount: c.value * 1_000_000, inferred: true, start: c.start, end: c.end };
  if (c.value >= MIN_BARE_THOUSANDS && c.value < 1_000)
    return { amount: c.value * 1_000, inferred: true, start: c.start, end: c.end };
  return null;
}

/** "200 to 220k": a bare low end borrows the high end's multiplier when the result is sensible. */
function priceRange(low: AmountCandidate, high: AmountCandidate, assume: boolean): Priced | null {
  const highAmount = scaleSmall(high.value * high.multiplier, assume || high.marked);
  let lowAmount = low.value * low.multiplier;
  if (
    !low.marked &&
    low.value < 10 &&
    high.value >= 100 &&
    high.value < 1_000 &&
    low.value * 100 <= high.value
  ) {
    // "three to three fifty k": the low end is said in hundreds like the high end.
    lowAmount = low.value * 100 * high.multiplier;
  } else if (
    !low.marked &&
    low.value < 10 &&
    high.value >= 100_000 &&
    high.value < 1_000_000 &&
    low.value * 100_000 <= high.value &&
    high.value - low.value * 100_000 < 100_000
  ) {
    // "three to three fifty thousand": the same, with the thousands said.
    lowAmount = low.value * 100_000;
  } else if (!low.marked && high.multiplier > 1 && low.value * high.multiplier <= highAmount) {
    lowAmount = low.value * high.multiplier;
  } else if (!low.marked && high.marked && high.value * high.multiplier >= 1_000_000 && lowAmount < 10) {
    lowAmount *= 1_000_000;
  } else if (
    !low.marked &&
    low.value < 10 &&
    high.multiplier === 1 &&
    high.value >= 100 &&
    high.value < 1_000
  ) {
    // "two to two fifty": the low end is said in hundreds like the high end.
    lowAmount = low.value * 100;
  }
  lowAmount = scaleSmall(lowAmount, assume || high.marked || low.marked);
  if (!inBand(lowAmount) || !inBand(highAmount) || lowAmount > highAmount) return null;
  const inferred = !(low.marked || high.marked);
  if (inferred && !assume) return null;
  return {
    amount: Math.round((lowAmount + highAmount) / 2),
    min: lowAmount,
    max: highAmount,
    inferred,
    start: low.start,
    end: high.end,
  };
}

function scaleSmall(amount: number, allowed: boolean): number {
  return amount < MIN_PRICE && amount >= 10 && allowed ? amount * 1_000 : amount;
}

function inBand(amount: number): boolean {
  return amount >= MIN_PRICE && amount <= MAX_PRICE;
}

function isYear(n: number): boolean {
  return Number.isInteger(n) && n >= 1900 && n <= 2100;
}

/** Words before an amount that make it a bound the figure is under or over. */
const BOUND_UNDER = /\b(?:shy of|short of|under|below|less than|south of)$/;
const BOUND_OVER = /\b(?:north of|over|above|upwards of|more than)$/;

/** -1 when the amount at `start` is said as a ceiling ("just shy of 200"), 1 a floor, else 0. */
function boundSide(tokens: readonly string[], start: number): number {
  const before = tokens.slice(Math.max(0, start - 2), start).join(' ');
  return BOUND_UNDER.test(before) ? -1 : BOUND_OVER.test(before) ? 1 : 0;
}

/** The most a figure named within a bound lies from it: "just shy of two hundred, one nine five". */
const WITHIN_BOUND = 0.15;

/**
 * "just shy of two hundred grand, one nine five say", "north of four hundred, four ten ideally":
 * the bound is the caller's way in, and a figure said next on its side of it, and near it, is the
 * one they mean.
 */
function refinesBound(tokens: readonly string[], bound: Priced, p: Priced): boolean {
  const side = boundSide(tokens, bound.start);
  if (side === 0 || p.min !== undefined) return false;
  const gap = (p.amount - bound.amount) * side;
  return gap > 0 && gap <= bound.amount * WITHIN_BOUND;
}

/** Prefers what the caller wants over what they owe or were told; later mentions win ties. */
function choosePrice(priced: readonly Priced[], tokens: readonly string[]): ExtractedPrice | null {
  let best: { p: Priced; rank: number; other: boolean } | null = null;
  let competing = false;
  let prev: Priced | undefined;
  for (const p of priced) {
    const refines = prev !== undefined && refinesBound(tokens, prev, p);
    prev = p;
    const before = tokens.slice(Math.max(0, p.start - 5), p.start).join(' ');
    // Six words: room for a hedge before what the amount is ("forty odd left on the mortgage").
    const after = tokens.slice(p.end, p.end + 6).join(' ');
    // Ten words: room for a wish and what it is about ("happy with what we paid, which was 180").
    const earlier = tokens.slice(Math.max(0, p.start - 10), p.start).join(' ');
    const said = ROLE_RANK[roleInContext(before, after, earlier)];
    if (said < 0) continue;
    // A correction stands in for the amount it puts right, whatever words came before that one.
    const rank: number = (p.corrects === true || refines) && best !== null ? Math.max(said, best.rank) : said;
    if (best !== null && rank === best.rank && p.amount !== best.p.amount) competing = true;
    if (best === null || rank >= best.rank) best = { p, rank, other: rank === 0 && aboutAnotherHome(before) };
  }
  if (best === null) return null;
  const { amount, min, max, inferred } = best.p;
  // What another house made is a guide at best: taken only as a doubtful answer to the question.
  const result: ExtractedPrice = {
    amount: Math.round(amount),
    confidence: inferred || competing || best.other ? 'low' : 'high',
  };
  if (min !== undefined) result.min = Math.round(min);
  if (max !== undefined) result.max = Math.round(max);
  const qualifier = boundQualifier(tokens.slice(Math.max(0, best.p.start - 4), best.p.start).join(' '));
  if (qualifier === 'min' && result.min === undefined) result.min = result.amount;
  if (qualifier === 'max' && result.max === undefined) result.max = result.amount;
  return result;
}
