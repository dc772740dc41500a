/**
 * The street line of an address ("12 Acacia Avenue") from what the caller said. There is no
 * address extractor, and the postcode alone is what scoring needs, so this reads only the common
 * "number, name, street word" shape and leaves anything else to the desk.
 */
import { scanNumberAt, titleCase, toTokens } from '../extractors/index.js';

const STREET_WORDS = new Set([
  'road',
  'rd',
  'street',
  'st',
  'avenue',
  'ave',
  'lane',
  'close',
  'drive',
  'way',
  'crescent',
  'court',
  'place',
  'grove',
  'gardens',
  'walk',
  'row',
  'square',
  'hill',
  'view',
  'mews',
  'rise',
  'green',
  'parade',
  'vale',
  'park',
]);

const MAX_NAME_WORDS = 3;

/** "12 Acacia Avenue", or null when no house number and street could be read. */
export function extractAddressLine(text: string): string | null {
  const tokens = toTokens(text);
  for (let end = 0; end < tokens.length; end++) {
    if (!STREET_WORDS.has(tokens[end] ?? '')) continue;
    for (let start = Math.max(0, end - MAX_NAME_WORDS - 1); start < end - 1; start++) {
      const number = scanNumberAt(tokens, start);
      if (number === null || !Number.isInteger(number.value) || number.value < 1 || number.value > 9999)
        continue;
      const words = tokens.slice(number.end, end + 1);
      if (words.length < 2 || !words.every((w) => /^[a-z']+$/.test(w))) continue;
      return `${number.value} ${words.map(titleCase).join(' ')}`;
    }
  }
  return null;
}
