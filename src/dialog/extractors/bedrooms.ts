/**
 * Number of bedrooms: "three bed", "3 bedroom", "three bedroomed", "a four bed semi",
 * "three double bedrooms", "studio" (0). A number only counts when a bedroom word goes with
 * it, so house numbers ("12 acacia avenue") and prices never leak in.
 */
import { toTokens } from './normalise.js';
import { findNumbers, scanNumberAt } from './numbers.js';

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
]);

const MAX_BEDROOMS = 20;

/** The number of bedrooms, 0 for a studio or bedsit, or null when none was mentioned. */
export function extractBedrooms(text: string, options: BedroomOptions = {}): number | null {
  const tokens = splitBedSuffix(toTokens(text));
  let found: number | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if ((token === 'studio' || token === 'bedsit') && tokens[i - 1] !== 'no') found = 0;
    if (token === 'two' && tokens.slice(i + 1, i + 4).join(' ') === 'up two down') found = 2;
    const span = scanNumberAt(tokens, i);
    if (span === null) continue;
    let j = span.end;
    while (BED_ADJECTIVES.has(tokens[j] ?? '') && j < span.end + 2) j++;
    if (BED_WORDS.has(tokens[j] ?? '') && isBedroomCount(span.value)) found = span.value;
    const after = bedroomsAfterKeyword(tokens, i);
    if (after !== null) found = after;
    i = Math.max(i, span.end - 1);
  }
  if (found !== null || options.acceptBareNumber !== true) return found;
  return readBareCount(tokens);
}

/** "bedrooms, three" or "bedrooms is four": the keyword before the number. */
function bedroomsAfterKeyword(tokens: readonly string[], numberIndex: number): number | null {
  const before = tokens[numberIndex - 1];
  const keyword = before === 'is' || before === 'are' || before === 'x' ? tokens[numberIndex - 2] : before;
  if (keyword !== 'bedrooms') return null;
  const span = scanNumberAt(tokens, numberIndex);
  return span !== null && isBedroomCount(span.value) ? span.value : null;
}

/** A single small number, not counting something else, read as the answer to the question. */
function readBareCount(tokens: readonly string[]): number | null {
  const numbers = findNumbers(tokens).filter((n) => !OTHER_COUNTS.has(tokens[n.end] ?? ''));
  if (numbers.length !== 1) return null;
  const value = numbers[0]?.value ?? -1;
  return isBedroomCount(value) ? value : null;
}

function isBedroomCount(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_BEDROOMS;
}

/** "3bed" and "4br" arrive as one token from some recognisers. */
function splitBedSuffix(tokens: readonly string[]): string[] {
  return tokens.flatMap((t) => {
    const m = /^(\d{1,2})(bed|beds|bedroom|bedrooms|bedroomed|br|bd)$/.exec(t);
    return m?.[1] !== undefined && m[2] !== undefined ? [m[1], m[2]] : [t];
  });
}
