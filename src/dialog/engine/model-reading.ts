/**
 * Merges a language model's reading of an utterance into what the rules heard (docs/agent.md,
 * "The language model"). The reading is data: each value goes through the same readers the
 * caller's own words do, the rules' reading wins wherever it has one (save where the two are
 * compared and differ, cross-check.ts), doubtful kinds are read back, and a time is taken only
 * when it is one the agent offered.
 */
import { extractAddress } from '../extractors/address.js';
import { extractName, extractPhone, extractPostcode } from '../extractors/index.js';
import { CONDITION, OCCUPANCY, PROPERTY_ANSWER_KEYS, PROPERTY_TYPE, REASON } from '../slots/index.js';
import { readTimeline } from '../slots/timeline.js';
import { crossCheck } from './cross-check.js';
import type { Turn } from './turn.js';
import type { AnswerKey, AnswerValues, FreeTime, ModelReading, OfferState } from './types.js';
import type { Heard } from './understand.js';

/** Values the engine reads back with a question before trusting, whoever heard them. */
const READ_BACK: ReadonlySet<AnswerKey> = new Set(['name', 'postcode', 'price', 'phone']);
const KINDS: readonly ['property_type' | 'condition' | 'occupancy' | 'reason', readonly string[]][] = [
  ['property_type', PROPERTY_TYPE.options],
  ['condition', CONDITION.options],
  ['occupancy', OCCUPANCY.options],
  ['reason', REASON.options],
];

export function mergeReading(t: Turn, heard: Heard, reading: ModelReading): void {
  const checked = checkValues(t, reading.values);
  // A postcode the rules placed in another district is not the model's to change.
  if (
    checked.district !== undefined &&
    heard.values.district !== undefined &&
    heard.values.district !== checked.district
  ) {
    delete checked.postcode;
    delete checked.district;
  }
  const fromModel = crossCheck(t, heard, checked, reading);
  for (const key of Object.keys(checked) as AnswerKey[]) {
    if (heard.values[key] !== undefined) continue;
    // Repeating a stored value is no news, and must not pass for a yes to its read-back.
    if (t.state.answers[key]?.value === checked[key]) continue;
    if (t.state.goal === 'message' && PROPERTY_ANSWER_KEYS.has(key)) continue;
    copyValue(heard.values, checked, key);
    fromModel.push(key);
    if (READ_BACK.has(key) && !heard.readBack.includes(key)) heard.readBack.push(key);
  }
  heard.fromModel = fromModel;
  const s = t.state;
  const yesNoAsked =
    s.phase === 'confirming' || (s.asking?.slot === 'phone' && s.asking.phoneMode === 'caller_id');
  if (yesNoAsked && heard.yesNo === null && reading.yesNo !== null) heard.yesNo = reading.yesNo;
}

/** The offered time the model says the caller chose; null when it is not one the agent offered. */
export function modelChoice(t: Turn, offer: OfferState): { type: 'pick'; time: FreeTime } | null {
  const start = t.reading?.chosenTime ?? null;
  if (start === null) return null;
  const at = Date.parse(start);
  const time = offer.offered.find((s) => Date.parse(s.start) === at);
  return time === undefined ? null : { type: 'pick', time };
}

/** Each value as the engine's own readers take it; what they cannot read is dropped. */
function checkValues(t: Turn, values: ModelReading['values']): Partial<AnswerValues> {
  const out: Partial<AnswerValues> = {};
  if (values.name !== undefined) {
    const name = extractName(values.name, { expectingName: true });
    if (name !== null) out.name = name.full;
  }
  if (values.phone !== undefined) {
    const phone = extractPhone(values.phone);
    if (phone !== null) out.phone = phone.e164;
  }
  if (values.postcode !== undefined) {
    const postcode = extractPostcode(values.postcode);
    if (postcode !== null) {
      out.postcode = postcode.postcode;
      out.district = postcode.district;
    }
  }
  if (values.address !== undefined) {
    const line = extractAddress(values.address, { asked: true });
    if (line !== null) out.address = line;
  }
  if (values.timeline !== undefined) {
    const label = readTimeline(values.timeline, t.now, t.ctx.timeZone, true);
    if (label !== null) out.timeline = label;
  }
  if (values.bedrooms !== undefined && Number.isInteger(values.bedrooms) && values.bedrooms >= 0)
    out.bedrooms = values.bedrooms;
  if (values.price !== undefined && Number.isInteger(values.price) && values.price > 0)
    out.price = values.price;
  for (const [key, vocabulary] of KINDS) {
    const value = values[key];
    // The vocabulary check makes the word one of the slot's values.
    if (value !== undefined && vocabulary.includes(value)) out[key] = value as never;
  }
  return out;
}

function copyValue<K extends AnswerKey>(
  to: Partial<AnswerValues>,
  from: Partial<AnswerValues>,
  key: K,
): void {
  const value = from[key];
  if (value !== undefined) to[key] = value;
}
