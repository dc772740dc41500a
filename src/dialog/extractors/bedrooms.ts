/**
 * Number of bedrooms: "three bed", "3 bedroom", "three bedroomed", "a four bed semi",
 * "three double bedrooms", "studio" (0). A number only counts when a bedroom word goes with
 * it, so house numbers ("12 acacia avenue") and prices never leak in.
 */
import { toTokens } from './normalise.js';
import { findNumbers, type NumberSpan, scanNumberAt } from './numbers.js';
import { ORDINAL_WORDS } from './vocabulary.js';

export interface BedroomOptions {
  /**
   * Set when the agent has just asked "how many bedrooms?": a lone number ("four",
   * "no it's four") is then the answer even without the word "bedroom".
   */
  acceptBareNumber?: boolean;
}

const BED_WORDS = new Set([
  'bed',
  'beds',
  'bedroom',
  'bedrooms',
  'bedroomed',
  'bedded',
  'bedder',
  'br',
  'bd',
  'bdr',
]);

/** Words that may sit between the number and "bedrooms": "three double bedrooms". */
const BED_ADJECTIVES = new Set([
  'double',
  'single',
  'decent',
  'good',
  'sized',
  'size',
  'big',
  'large',
  'small',
  'proper',
]);

/** Nouns that make a lone number count something other than bedrooms. */
const OTHER_COUNTS = new Set([
  'bath',
  'baths',
  'bathroom',
  'bathrooms',
  'toilet',
  'toilets',
  'reception',
  'receptions',
  'floor',
  'floors',
  'storey',
  'storeys',
  'year',
  'years',
  'month',
  'months',
  'week',
  'weeks',
  'day',
  'days',
  'k',
  'grand',
  'thousand',
  'million',
  'pounds',
  'percent',
  'people',
  'kids',
  'children',
  // Who lives there is not how many rooms they have: "five lads from the uni", "two tenants".
  'lads',
  'lasses',
  'girls',
  'boys',
  'blokes',
  'guys',
  'men',
  'women',
  'students',
  'tenants',
  'lodgers',
  'sharers',
  'adults',
  'grandkids',
  'bairns',
  'residents',
  'occupants',
  'rooms',
  'room',
]);

const MAX_BEDROOMS = 20;

/** The number of bedrooms, 0 for a studio or bedsit, or null when none was mentioned. */
export function extractBedrooms(text: string, options: BedroomOptions = {}): number | null {
  const tokens = splitBedSuffix(toTokens(text)).map((t, i, all) =>
    isEightMisheard(all, i) ? 'eight' : isOneMisheard(all, i) ? 'one' : t,
  );
  const rooms = readDoublesAndSingles(tokens);
  if (rooms !== null) return rooms;
  let found: number | null = null;
  /** Where the count with a bedroom word ends: a count settled on after it may revise it. */
  let foundEnd = -1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if ((token === 'studio' || token === 'bedsit') && tokens[i - 1] !== 'no') found = 0;
    // "a two up two down", "3 up 3 down": a terrace described by its rooms up and down.
    const upDown = /^(\S+) up (\S+) down$/.exec(tokens.slice(i, i + 4).join(' '));
    const upstairs = upDown !== null && upDown[1] === upDown[2] ? scanNumberAt(tokens, i) : null;
    if (upstairs !== null && isBedroomCount(upstairs.value)) found = upstairs.value;
    const span = countBefore(tokens, i);
    if (span === null) continue;
    let j = span.end;
    while (BED_ADJECTIVES.has(tokens[j] ?? '') && j < span.end + 2) j++;
    // "6 rooms in all, 3 are bedrooms"
    if (tokens[j] === 'are' && BED_WORDS.has(tokens[j + 1] ?? '')) j++;
    if (
      BED_WORDS.has(tokens[j] ?? '') &&
      isBedroomCount(span.value) &&
      !aboutAnotherHouse(tokens, i, j + 1)
    ) {
      found = span.value + (BOX_ROOM_ADDED.test(tokens.slice(j + 1, j + 6).join(' ')) ? 1 : 0);
      foundEnd = j + 1;
    }
    const after = bedroomsAfterKeyword(tokens, i);
    if (after !== null) {
      found = after;
      foundEnd = span.end;
    }
    i = Math.max(i, span.end - 1);
  }
  const asked = options.acceptBareNumber === true;
  // "one for me, one for the kids, and the box room. Three.": the total said on its own at the end.
  const closing = asked ? closingCount(text) : null;
  if (closing !== null) return closing;
  // "it was a four bed but we made one into a bathroom, so three": the count it has now.
  const now = countAfterAChange(tokens);
  if (now !== null && (found !== null || asked)) return now;
  // "two bedrooms and then the loft we use as one, so three", "three bed, well three and a box
  // room, so four on paper": a count settled on after the bedrooms were counted is the total.
  const revised = found === null ? undefined : settledAfter(tokens, foundEnd);
  const counted =
    revised?.value ?? found ?? (asked ? readBareCount(tokens) : null) ?? loneBedroom(tokens, asked);
  const byFloor = readRoomsByFloor(tokens, counted !== null || asked);
  const upTo = ordinalBedroom(tokens, counted !== null || asked);
  const most = Math.max(counted ?? -1, byFloor ?? -1, upTo ?? -1);
  return most < 0 ? null : most;
}

/**
 * A box room said after the bedrooms is one more of them (a small single, as in
 * readDoublesAndSingles): "two bedrooms and a box room", "three beds plus a little box room".
 * Not "three bedrooms, one's a box room", which counts it already.
 */
const BOX_ROOM_ADDED =
  /^(?:and|plus|with|as well as)? ?(?:a|an|one) (?:little |small |tiny )?(?:box ?room|boxroom)\b/;

/**
 * "just a single bedroom", "only the one bedroom", "it's only a bedroom and a lounge": one
 * bedroom said without a number. "a single bedroom" on its own counts only as the answer to the
 * question, since it is also how a small room is described.
 */
function loneBedroom(tokens: readonly string[], asked: boolean): number | null {
  const said = tokens.join(' ');
  if (
    /\b(?:just|only) (?:a|an|the one|one|the) (?:(?:single|small|little|tiny|double) )?bedroom\b(?! (?:and|or) )/.test(
      said,
    )
  )
    return 1;
  return asked && /^(?:(?:it's|its|there's|theres|it has) )?a single bedroom\b/.test(said) ? 1 : null;
}

/**
 * Where the rooms are, said after each count: "two downstairs and one up in the roof", "three
 * on the first floor and one in the loft". Not the terrace's "two up two down", whose "up" and
 * "down" are the floors of the same rooms.
 */
const FLOOR_PLACE =
  /^(?:downstairs|upstairs|up top|up in the (?:roof|loft|attic|eaves)|in the (?:roof|loft|attic|eaves|extension|basement|cellar|annexe|converted loft)|on the (?:ground|first|second|third|top|lower|upper) floor|(?:on the )?ground floor|(?:on the )?first floor|down below|up above)\b/;
/** Rooms that are not bedrooms; a count beside them may be of them. */
const OTHER_ROOMS =
  /\b(?:bath(?:room)?s?|toilets?|loos?|wcs?|showers?|en ?suites?|receptions?|lounges?|reception rooms?|kitchens?)\b/;

/** The bedrooms on each floor added up, or null unless two floors were counted. */
function readRoomsByFloor(tokens: readonly string[], aboutBedrooms: boolean): number | null {
  let total = 0;
  let withBedWord = false;
  const places = new Set<string>();
  for (const n of findNumbers(tokens)) {
    if (!isBedroomCount(n.value) || !countsRooms(tokens, n.start, n.end)) continue;
    let j = n.end;
    while ((BED_ADJECTIVES.has(tokens[j] ?? '') || BED_WORDS.has(tokens[j] ?? '')) && j < n.end + 3) {
      if (BED_WORDS.has(tokens[j] ?? '')) withBedWord = true;
      j++;
    }
    const place = FLOOR_PLACE.exec(tokens.slice(j, j + 5).join(' '))?.[0];
    if (place === undefined) continue;
    total += n.value;
    places.add(place);
  }
  if (places.size < 2) return null;
  // "two bathrooms, one upstairs and one down" counts bathrooms.
  if (!withBedWord && (!aboutBedrooms || OTHER_ROOMS.test(tokens.join(' ')))) return null;
  return isBedroomCount(total) ? total : null;
}

/** "a second bedroom" to "a seventh bedroom": a first one says nothing of how many there are. */
function ordinalRoom(word: string): number | undefined {
  const nth = ORDINAL_WORDS.get(word);
  return nth !== undefined && nth >= 2 && nth <= 7 ? nth : undefined;
}
/** Words before "a third bedroom" that make it a wish or a chance, not a room the house has. */
const NOT_YET =
  /\b(?:want|wants|wanting|like|need|needs|could|would|might|potential|room for|space for|scope for|planning|plans?|permission|hoping|hope|option|easily|make|makes)\b/;

/**
 * "we had the loft done, so there's a third one up there", "the extension gave us a fourth
 * bedroom": a bedroom counted by its place in line means the house has at least that many.
 * "A third one" counts only where bedrooms are being talked of.
 */
function ordinalBedroom(tokens: readonly string[], aboutBedrooms: boolean): number | null {
  let most: number | null = null;
  for (let i = 1; i < tokens.length; i++) {
    const nth = ordinalRoom(tokens[i] ?? '');
    if (nth === undefined || !/^(?:a|the|our)$/.test(tokens[i - 1] ?? '')) continue;
    const room = tokens[i + 1] ?? '';
    const isBedroom = BED_WORDS.has(room) || /^(?:double|single)$/.test(room);
    // "a third one", which recognisers also write "a third 1".
    if (!isBedroom && !(/^(?:one|1)$/.test(room) && aboutBedrooms)) continue;
    if (NOT_YET.test(tokens.slice(Math.max(0, i - 5), i).join(' '))) continue;
    if (aboutAnotherHouse(tokens, i, i + 2)) continue;
    most = Math.max(most ?? 0, nth);
  }
  return most;
}

/**
 * Words that say the rooms were changed: "knocked two into one", "made one into a bathroom", and
 * the same in the present as some callers tell the past ("we knock two into one").
 */
const CHANGED =
  /\b(?:was|were|used to be|originally|knock|knocked|made|make|converted|convert|turned|turn|split)\b/;
/** Words before the count the house has since: "so three", "really two now", "leaving three". */
const RESULT = /^(?:so|now|really|leaving|making)$/;

/** The count said after the rooms were changed, or null when no change was told. */
function countAfterAChange(tokens: readonly string[]): number | null {
  if (!CHANGED.test(tokens.join(' '))) return null;
  for (let i = tokens.length - 1; i > 0; i--) {
    if (!RESULT.test(tokens[i - 1] ?? '')) continue;
    // "so now is three", as said by callers who drop the "it".
    const at = /^(?:it's|its|is|a|just)$/.test(tokens[i] ?? '') ? i + 1 : i;
    const span = scanNumberAt(tokens, at);
    if (span !== null && isBedroomCount(span.value) && countsRooms(tokens, span.start, span.end))
      return span.value;
  }
  return null;
}

/** "bedrooms, three" or "bedrooms is four": the keyword before the number. */
function bedroomsAfterKeyword(tokens: readonly string[], numberIndex: number): number | null {
  const before = tokens[numberIndex - 1];
  const keyword = before === 'is' || before === 'are' || before === 'x' ? tokens[numberIndex - 2] : before;
  // "bedroom is four", as said by callers who do not make the plural.
  if (keyword !== 'bedrooms' && !(keyword === 'bedroom' && before === 'is')) return null;
  const span = scanNumberAt(tokens, numberIndex);
  if (span === null || !countsRooms(tokens, span.start, span.end)) return null;
  // "four bedrooms, two bathrooms": the keyword closed a count already said.
  const keywordAt = tokens.lastIndexOf('bedrooms', numberIndex - 1);
  if (scanNumberAt(tokens, keywordAt - 1) !== null) return null;
  return isBedroomCount(span.value) ? span.value : null;
}

/**
 * The answer to "how many bedrooms?" when no bedroom word came with it: doubles and singles
 * added up ("three doubles and a single"), "N up N down", the number after a repair ("two, no,
 * three"), else the first number said that counts nothing else ("2, there's 5 of us", "two, and
 * I'm seventy two", "2 maybe 3 at a push").
 */
function readBareCount(tokens: readonly string[]): number | null {
  const numbers = findNumbers(tokens).filter((n) => countsRooms(tokens, n.start, n.end));
  const [first, second] = numbers;
  // "three or four, put four": the count settled on after a range or a repair.
  const settled = settledCount(tokens, numbers);
  if (settled !== undefined) return settled.value;
  // "three or four" is not an answer to put down as either.
  if (first !== undefined && second?.start === first.end + 1 && /^(?:or|to)$/.test(tokens[first.end] ?? ''))
    return null;
  const repaired = numbers.find((n, i) => i > 0 && REPAIRS.has(tokens[n.start - 1] ?? ''));
  const ours = numbers.find((n) => OUR_COUNT.test(tokens.slice(Math.max(0, n.start - 3), n.start).join(' ')));
  const value = (repaired ?? ours ?? numbers[0])?.value ?? -1;
  return isBedroomCount(value) ? value : null;
}

/**
 * The caller's own house said to have the count, beside other houses': "number 22's got four,
 * we've got three", "theirs is five, ours has four".
 */
const OUR_COUNT =
  /\b(?:we've got|we have|we've|we got|ours has|ours has got|ours is|ours|mine has|mine's got|mine is|i've got|i have)$/;

/**
 * Words that settle on a count after the caller has weighed it up: "three, and a box room, so
 * four", "four, well, three really", "say three", "put three", "call it four". Said to the agent
 * or as a conclusion, they name the count the caller wants written down.
 */
const SETTLES =
  /^(?:so|well|say|put|call it|make it|makes it|making it|put down|write down|go with|just put|just say)$/;
/** Hedges that may sit between the settling word and its count: "so i suppose four". */
const HEDGE = /^(?:i suppose|i guess|i'd say|id say|i reckon|i think|probably|maybe|yeah|then|it's|its|it)$/;

/**
 * The last count the caller settled on, when a number after a settling word follows an earlier
 * one: the caller has gone back over the first figure, so the later one stands.
 */
function settledCount(tokens: readonly string[], numbers: readonly NumberSpan[]): NumberSpan | undefined {
  let settled: NumberSpan | undefined;
  for (const [i, n] of numbers.entries()) {
    // "so two of them sit empty" says something of the rooms, and "well, two and a half" is no
    // count to write down: the first figure stands.
    const whole = isBedroomCount(n.value) && tokens[n.end] !== 'of';
    if (i > 0 && whole && settlesAt(tokens, n.start)) settled = n;
  }
  return settled;
}

/** The last count settled on ("so three", "put four") after token `from`, if any. */
function settledAfter(tokens: readonly string[], from: number): NumberSpan | undefined {
  const later = findNumbers(tokens).filter((n) => n.start >= from && countsRooms(tokens, n.start, n.end));
  // The count before them stands in for the first number settledCount passes over.
  return settledCount(tokens, [
    { value: 0, start: -1, end: -1, fromWords: false, hasScale: false, hasFraction: false },
    ...later,
  ]);
}

/** Whether a settling word, with at most one hedge after it, stands just before `start`. */
function settlesAt(tokens: readonly string[], start: number): boolean {
  for (let gap = 0; gap <= 2; gap++) {
    const end = start - gap;
    const hedge = tokens.slice(end, start).join(' ');
    if (gap > 0 && !HEDGE.test(hedge)) continue;
    for (const width of [1, 2])
      if (end - width >= 0 && SETTLES.test(tokens.slice(end - width, end).join(' '))) return true;
  }
  return false;
}

/** Words that take back the number before them: "two, no, three". */
const REPAIRS = new Set(['no', 'sorry', 'actually', 'wait', 'rather', 'correction']);

/** Not a count of something else: not "5 of us", "i'm 72", "9 foot square", "20 years". */
function countsRooms(tokens: readonly string[], start: number, end: number): boolean {
  const after = tokens[end] ?? '';
  const before = tokens[start - 1] ?? '';
  if (
    OTHER_COUNTS.has(after) ||
    /^(?:foot|feet|ft|metres?|meters?|square|x|by|percent|o'clock)$/.test(after) ||
    // "5 of us" counts people; "three of them" (doubles, bedrooms) counts the rooms.
    (after === 'of' && tokens[end + 1] !== 'them') ||
    // "twenty two's got four": a number owning something is a house, not a count.
    POSSESSIVE_NUMBER.test(after)
  )
    return false;
  if (namesARoom(tokens, start, end)) return false;
  // "we're twenty four", like "i'm 72", is an address or an age.
  return !/^(?:i'm|im|am|we're|aged|age|number|no|flat|at|since|in)$/.test(before) || REPAIRS.has(before);
}

/** Words that point at a room already in mind, so the "one" after them names it: "that one", "the other one". */
const POINTING = /^(?:this|that|which|each|every|another|other|no)$/;
/** Words that start a description of a room: "the big one", "our little front one", "a small one". */
const DETERMINER = /^(?:the|a|an|my|our|his|her|their|your|me)$/;

/**
 * "one" standing for a room rather than counting: "me and the wife in the big one", "the lad's
 * in the back one", "that one's tiny". Not "just the one", "only one": there it is the count.
 */
function namesARoom(tokens: readonly string[], start: number, end: number): boolean {
  if (end !== start + 1 || !/^(?:one|one's|ones|1)$/.test(tokens[start] ?? '')) return false;
  const before = tokens[start - 1] ?? '';
  if (POINTING.test(before)) return true;
  if (DETERMINER.test(before) && saysWhichRoom(tokens, start, end)) return true;
  for (let k = start - 1; k >= Math.max(0, start - 3); k--) {
    const word = tokens[k] ?? '';
    if (DETERMINER.test(word)) return k < start - 1;
    if (scanNumberAt(tokens, k) !== null || !/^[a-z']+$/.test(word)) return false;
  }
  return false;
}

/**
 * Words that start a description after "the one": a place ("the one over the garage", "the one
 * at the back") or who has it ("the one the kids have", "the one our lad had", "the one i use").
 */
const WHICH_ROOM =
  /^(?:over|above|below|under|underneath|at|in|on|by|next|near|behind|beside|off|facing|overlooking|with|without|for|that|which|where|who|we|i|they|he|she|you|the|my|our|his|her|their|your|me|upstairs|downstairs)$/;

/**
 * "the one" said of a room the caller then describes: not "just the one", "only the one", where
 * "the one" is the count however it goes on.
 */
function saysWhichRoom(tokens: readonly string[], start: number, end: number): boolean {
  if (!WHICH_ROOM.test(tokens[end] ?? '')) return false;
  return !/^(?:just|only|but)$/.test(tokens[start - 2] ?? '');
}

const POSSESSIVE_NUMBER =
  /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|\w+ty|\d+)'s$/;

/** What a "double" or a "single" is when it is not a bedroom. */
const NOT_ROOMS =
  /^(?:storey|story|storeys|garage|garages|glazed|glazing|decker|fronted|drive|driveway|carport|doors?|oven|sink|width|cream|figures?|digits?|barrelled|barreled|yellow|lines?|parking|track|occupancy)$/;

const SPOKEN_DIGIT = /^(?:oh|o|zero|nought|one|two|three|four|five|six|seven|eight|nine|\d)$/;

/** "three doubles and a single", "one double bedroom and a single", "two doubles and a box room": the rooms added up. */
function readDoublesAndSingles(said: readonly string[]): number | null {
  // A box room is a small single: "two doubles and a box room" is three.
  const tokens = said.flatMap((t, i) =>
    t === 'boxroom' || (t === 'box' && /^(?:room|bedroom)$/.test(said[i + 1] ?? '')) ? ['single'] : [t],
  );
  let total = 0;
  let kinds = 0;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] ?? '';
    if (!/^(?:doubles?|singles?|twins?)$/.test(word)) continue;
    // "a single storey", "a double garage": only rooms count, said on their own or with a room
    // word ("two doubles and a single, we've been there 12 years").
    if (NOT_ROOMS.test(tokens[i + 1] ?? '')) continue;
    // "seven double oh, nine double five": a digit said twice in a number, not a room.
    if (word === 'double' && SPOKEN_DIGIT.test(tokens[i + 1] ?? '')) continue;
    const before = tokens[i - 1] ?? '';
    const count = before === 'a' || before === 'an' ? 1 : scanNumberAt(tokens, i - 1)?.value;
    if (count === undefined || !Number.isInteger(count)) continue;
    total += count;
    kinds++;
  }
  return kinds >= 2 && isBedroomCount(total) ? total : null;
}

/**
 * Words that put a count on some other house: "next door's a 4 bed", "a two bed annex", "a three bed over the road
 * sold for 250" (a place nearby, anywhere around the count), "we used to have a 4 bed", "we're
 * after a 2 bed bungalow next" (a wish or the past, just before it).
 */
const ANOTHER_PLACE =
  /\b(?:annexe?|granny flat|(?:flat|apartment|room) (?:above|over) the garage|in the garden|the other house|next door|over the road|across the road|down the road|up the road|round the corner|opposite|round here|around here|in our street|on our street|neighbours?)\b/;
const ANOTHER_WISH =
  /\b(?:want|wanting|looking for|after|buy|buying|move into|moving into|used to have|used to own) (?:a|an|another)$/;

function aboutAnotherHouse(tokens: readonly string[], start: number, end: number): boolean {
  const around = tokens.slice(Math.max(0, start - 5), Math.min(tokens.length, end + 4)).join(' ');
  const before = tokens.slice(Math.max(0, start - 4), start).join(' ');
  return ANOTHER_PLACE.test(around) || ANOTHER_WISH.test(before);
}

/**
 * The number at `i`; when it runs into a count said next ("I'd want two forty, three bed semi"
 * reads "two forty three"), the count alone, so the figure before cannot swallow it. Only where
 * what follows is a bedroom word and the run is a figure (a hundred or more), not "twenty five".
 */
function countBefore(tokens: readonly string[], i: number): ReturnType<typeof scanNumberAt> {
  const span = scanNumberAt(tokens, i);
  if (span === null || span.end - i < 2 || span.value < 100) return span;
  if (!BED_WORDS.has(tokens[span.end] ?? '') && !BED_ADJECTIVES.has(tokens[span.end] ?? '')) return span;
  const last = scanNumberAt(tokens, span.end - 1);
  if (last === null || last.end !== span.end || !isBedroomCount(last.value)) return span;
  // The figure before the count is read as its own number, ending where the count starts.
  return i === span.end - 1 ? last : (scanNumberAt(tokens.slice(0, span.end - 1), i) ?? span);
}

/** Where a part of a spoken answer ends, as the recogniser punctuates it. */
const ANSWER_PART = /[.,;!?…]+|\s[-–—]\s/;
/** Words around a count said alone that change nothing: "four, i'd say", "so three altogether". */
const AROUND_A_COUNT = new Set(
  "so yeah yes well then i'd id say i think reckon altogether all in all total in total bedrooms bedroom beds bed of them er erm um".split(
    ' ',
  ),
);

/**
 * Asked how many bedrooms, a count said on its own as the answer's last part, after rooms were
 * gone through or a figure was taken back: "our room, the twins' room, the spare. Four, I'd say",
 * "six... no, sorry, I counted the bathroom. Five." The rooms told over before it ("one for me,
 * one for the kids") are not counts. Not when the part before is a bare number too ("three,
 * four"), which is a range said with a pause.
 */
function closingCount(text: string): number | null {
  const parts = text
    .split(ANSWER_PART)
    .map((part) => toTokens(part))
    // "four, i'd say": a part of nothing but such words belongs to the count before it.
    .filter((tokens) => tokens.some((token) => !AROUND_A_COUNT.has(token)));
  const last = parts.at(-1);
  const before = parts.at(-2);
  if (last === undefined || before === undefined) return null;
  const words = last.filter((token) => !AROUND_A_COUNT.has(token));
  const count = scanNumberAt(words, 0);
  if (count === null || count.end !== words.length || !isBedroomCount(count.value)) return null;
  const bare = scanNumberAt(before, 0);
  return bare !== null && bare.end === before.length ? null : count.value;
}

function isBedroomCount(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_BEDROOMS;
}

/**
 * Words after which a count comes, so "ate" there is "eight" as the recogniser heard it: "it's
 * got ate", "there's ate", "we have ate", "maybe ate". Nobody tells the agent what they ate.
 */
const EIGHT_LEADS =
  /^(?:got|has|have|there's|theres|are|its|it's|about|around|maybe|probably|only|just|exactly|oh|yeah|yes|well)$/;

function isEightMisheard(tokens: readonly string[], i: number): boolean {
  return tokens[i] === 'ate' && (i === 0 || EIGHT_LEADS.test(tokens[i - 1] ?? ''));
}

/**
 * Words before "won" that make it the verb: "we won", "they've won", "it won". Anywhere else,
 * as in "won plus a sofa bed" or "two downstairs and won up in the roof", it is "one" as the
 * recogniser heard it.
 */
const WINNERS =
  /^(?:i|we|they|he|she|you|who|it|that|which|have|has|had|i've|ive|we've|weve|they've|theyve|never)$/;

function isOneMisheard(tokens: readonly string[], i: number): boolean {
  return tokens[i] === 'won' && !WINNERS.test(tokens[i - 1] ?? '');
}

/** "3bed" and "4br" arrive as one token from some recognisers. */
function splitBedSuffix(tokens: readonly string[]): string[] {
  return tokens.flatMap((t) => {
    const m = /^(\d{1,2})(bed|beds|bedroom|bedrooms|bedroomed|br|bd)$/.exec(t);
    return m?.[1] !== undefined && m[2] !== undefined ? [m[1], m[2]] : [t];
  });
}
