/**
 * Postcodes and postcode districts from speech, found anywhere in a sentence
 * ("yeah it's 12 acacia avenue m14 5ab", "em fourteen five ay bee", "it's in M14").
 */
import { toTokens } from './normalise.js';
import { areaOf, type PostcodeParts } from './postcode-format.js';
import { type CodeSpan, findOutwardSpans, findPostcodeSpans } from './postcode-speech.js';
import type { Confidence } from './types.js';

export type { PostcodeParts } from './postcode-format.js';
export {
  formatPostcodeForSpeech,
  isValidOutwardCode,
  isValidPostcode,
  parsePostcodeParts,
} from './postcode-format.js';

export interface ExtractedPostcode extends PostcodeParts {
  /** Low when some character came from an ordinary word ("be", "for") or the reading is ambiguous. */
  confidence: Confidence;
}

export interface ExtractedDistrict {
  district: string;
  area: string;
  confidence: Confidence;
}

/**
 * The postcode the caller gave, or null. When several are said ("not m14 5ab, m15 6ab") the
 * last one wins, because callers correct themselves rather than list postcodes.
 */
export function extractPostcode(text: string): ExtractedPostcode | null {
  const spans = findPostcodeSpans(toTokens(text));
  const best = pickLastLongest(spans);
  if (best === null) return null;
  const sameSpan = spans.filter((s) => s.start === best.start && s.end === best.end);
  const ambiguous = new Set(sameSpan.map((s) => s.value.postcode)).size > 1;
  return { ...best.value, confidence: best.weak || ambiguous ? 'low' : 'high' };
}

/**
 * The postcode district (outward code) when the caller names only that ("it's in M14",
 * "em fourteen"); from a full postcode when they give one.
 */
export function extractPostcodeDistrict(text: string): ExtractedDistrict | null {
  const full = extractPostcode(text);
  if (full !== null) return { district: full.district, area: full.area, confidence: full.confidence };
  // Districts are short, so ordinary words make false ones easily ("it'll be two" = "B2");
  // only spans built from unambiguous letters count.
  const spans = findOutwardSpans(toTokens(text)).filter((s) => !s.weak && /\d/.test(s.value));
  const best = pickLastLongest(spans);
  if (best === null) return null;
  return { district: best.value, area: areaOf(best.value), confidence: 'high' };
}

/** The span that ends last; among those, the one that starts first (the longest reading). */
function pickLastLongest<T>(spans: readonly CodeSpan<T>[]): CodeSpan<T> | null {
  let best: CodeSpan<T> | null = null;
  for (const span of spans) {
    if (best === null || span.end > best.end || (span.end === best.end && span.start < best.start))
      best = span;
  }
  return best;
}
