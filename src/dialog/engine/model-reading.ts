/**
 * Merges a language model's reading of an utterance into what the rules heard (docs/agent.md,
 * "The language model"). The reading is data: each value goes through the same readers the
 * caller's own words do, the rules' reading wins wherever it has one (save where the two are
 * compared and differ, cross-check.ts), doubtful kinds are read back, and a time is taken only
 * when it is one the agent offered.
 */
import { checkModelValues, MODEL_READ_BACK, PROPERTY_ANSWER_KEYS } from '../slots/index.js';
import { crossCheck } from './cross-check.js';
import type { Turn } from './turn.js';
import type { AnswerKey, AnswerValues, FreeTime, ModelReading, OfferState } from './types.js';
import type { Heard } from './understand.js';

export function mergeReading(t: Turn, heard: Heard, reading: ModelReading): void {
  const checked = checkModelValues(reading.values, { now: t.now, zone: t.ctx.timeZone });
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
    if (MODEL_READ_BACK.has(key) && !heard.readBack.includes(key)) heard.readBack.push(key);
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

function copyValue<K extends AnswerKey>(
  to: Partial<AnswerValues>,
  from: Partial<AnswerValues>,
  key: K,
): void {
  const value = from[key];
  if (value !== undefined) to[key] = value;
}
