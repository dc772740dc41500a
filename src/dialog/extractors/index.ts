/**
 * Rule-based extractors the dialog engine uses to understand recognised speech. All are pure:
 * no I/O, no clock reads (callers pass `now`), no randomness, so the engine can replay a call.
 */
export { extractAddress } from './address.js';
export { type BedroomOptions, extractBedrooms } from './bedrooms.js';
export { extractCondition } from './condition.js';
export {
  isCorrection,
  isDenial,
  leavesNoMessage,
  saysGoodbye,
  talksAboutSelling,
} from './conversation-cues.js';
export { type CorrectedFact, type Correction, readCorrection } from './correction.js';
export { type BusinessHours, type ExtractedDateTime, extractDateTime, type PartOfDay } from './date-time.js';
export { detectIntent, type IntentFlags, type NotSellerKind, type OffTopic } from './intent.js';
export { extractMoneyNotes } from './money-notes.js';
export { type ExtractedName, extractName, mergeName, type NameOptions, titleCase } from './name.js';
export { type NameAsSaid, nameSaidInFull, readNameAsSaid } from './name-as-said.js';
export { TITLES } from './name-stopwords.js';
export { foldLetters, normaliseUtterance, tokenise, toTokens } from './normalise.js';
export { findNumbers, type NumberSpan, parseSpokenNumber, scanNumberAt } from './numbers.js';
export { extractOccupancy, extractOccupancyAnswer } from './occupancy.js';
export { type ExtractedPhone, extractPhone, hasPhoneDigits, withoutPhoneDigits } from './phone.js';
export {
  type ExtractedDistrict,
  type ExtractedPostcode,
  extractPostcode,
  extractPostcodeDistrict,
  formatPostcodeForSpeech,
  isValidOutwardCode,
  isValidPostcode,
  type PostcodeParts,
  parsePostcodeParts,
} from './postcode.js';
export { type ExtractedPrice, extractPrice, type PriceOptions } from './price.js';
export { pointedAtStreet, propertyPart } from './property-part.js';
export { extractPropertyType } from './property-type.js';
export { extractReason, extractReasons, onlyASpouseDied } from './reason.js';
export { reasonFromCues } from './reason-cues.js';
export { extractRefusal, type Refusal } from './refusal.js';
export { readTimeReply, type TimeReply } from './time-reply.js';
export { type ExtractedTimeline, extractTimeline, type TimelineKind } from './timeline.js';
export type { Confidence } from './types.js';
export { extractYesNo, readYesNo, type YesNo, type YesNoDetail } from './yes-no.js';
