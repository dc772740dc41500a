/**
 * The language model as a second reader of the answers the rules take confidently (docs/agent.md,
 * "Cross-checks"). A rule reading can be wrong without failing: "hundred an fifty" read as
 * £50,000, a tenancy's "two months" taken as the timeline. So when a turn takes a money amount,
 * a date or duration, a correction, or a fact volunteered outside its question, the model's
 * reading of the same words is compared with the rules'. Where they differ, the agent does not
 * choose: it reads the fact back and the caller's answer decides. Where the model agrees, says
 * nothing or fails, the rules' reading stands and the caller hears no extra question.
 */
import { phrase } from '../catalogue/index.js';
import {
  entryOf,
  FACT_SLOTS,
  SLOTS,
  type SlotDefinition,
  type SlotName,
  slotOfAnswer,
} from '../slots/index.js';
import type { Turn } from './turn.js';
import type { AnswerKey, Answers, AnswerValues, CallState, CrossCheck, ModelReading } from './types.js';
import type { Heard } from './understand.js';

type Value = string | number;

/** The facts a second reading is compared on: the opportunity's own facts, from the slot table. */
export const CROSS_CHECKED: readonly AnswerKey[] = FACT_SLOTS.map((slot) => slot.name);

/** Amounts and dates are where a confident rule reading goes wrong most: always compared. */
const ALWAYS: ReadonlySet<AnswerKey> = new Set(
  FACT_SLOTS.filter((slot) => (slot as SlotDefinition).crossCheck?.always === true).map((slot) => slot.name),
);

/** The question the caller was answering: its slot, or null in the opening. */
function askedSlot(state: CallState): SlotName | null {
  if (state.phase === 'asking' && state.asking !== null && state.asking.slot !== 'message')
    return state.asking.slot;
  if (state.phase === 'confirming' && state.confirming !== null) return slotOfAnswer(state.confirming);
  return null;
}

/** Said outside the question it answers (in the opening, or to another question). */
function volunteered(state: CallState, key: AnswerKey): boolean {
  return askedSlot(state) !== slotOfAnswer(key);
}

/** Whether a value the rules took in this turn is one the model's reading is compared on. */
function worthComparing(state: CallState, key: AnswerKey, value: Value): boolean {
  if (!CROSS_CHECKED.includes(key)) return false;
  if (ALWAYS.has(key) || volunteered(state, key)) return true;
  // A correction: a value replacing a different one already held.
  const stored = state.answers[key];
  return stored !== null && stored.value !== value;
}

/**
 * The facts a turn took that a second reading should be compared on, from the state before the
 * turn and the rules' state after it: the call service asks the model when this is not empty.
 */
export function crossCheckedKeys(before: CallState, after: CallState): AnswerKey[] {
  if (after.goal === 'message') return [];
  return CROSS_CHECKED.filter((key) => {
    const value = after.answers[key]?.value;
    return value !== undefined && value !== before.answers[key]?.value && worthComparing(before, key, value);
  });
}

function factValue(values: Partial<AnswerValues>, key: AnswerKey): Value | undefined {
  const value = values[key];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/** The model's amount falls inside the range the rules heard ("between 200 and 220"). */
function insideRange(heard: Heard, key: AnswerKey, value: Value): boolean {
  const range = key === 'price' ? heard.priceRange : undefined;
  return range !== undefined && typeof value === 'number' && value >= range.min && value <= range.max;
}

/** The reading says something about these words beyond repeating what the call already held. */
function readsTheseWords(state: CallState, checked: Partial<AnswerValues>): boolean {
  return (Object.keys(checked) as AnswerKey[]).some((key) => state.answers[key]?.value !== checked[key]);
}

/**
 * Compares the rules' reading with the model's (each value already through the engine's own
 * readers) on the facts worth it. A different value from the model replaces the rules' and is
 * read back; a money amount or a date the rules took from words the model read as no such fact
 * is read back as the rules heard it. Returns the keys now holding the model's value.
 */
export function crossCheck(
  t: Turn,
  heard: Heard,
  checked: Partial<AnswerValues>,
  reading: ModelReading,
): AnswerKey[] {
  const s = t.state;
  if (s.goal === 'message') return [];
  const fromModel: AnswerKey[] = [];
  const news = readsTheseWords(s, checked);
  for (const key of CROSS_CHECKED) {
    const rules = factValue(heard.values, key);
    if (rules === undefined || !worthComparing(s, key, rules)) continue;
    const stored = s.answers[key]?.value;
    const model = factValue(checked, key);
    let check: CrossCheck | null = null;
    if (model !== undefined) {
      // Agreeing, or repeating what the call held before these words, is no second opinion.
      if (model === rules || model === stored || insideRange(heard, key, model)) continue;
      (heard.values as Record<AnswerKey, Value>)[key] = model;
      if (key === 'price') delete heard.priceRange;
      fromModel.push(key);
      check = { key, rules, model, readBack: model };
    } else if (
      news &&
      reading.values[key as keyof ModelReading['values']] === undefined &&
      ALWAYS.has(key) &&
      volunteered(s, key) &&
      rules !== stored
    ) {
      // An amount or a date in a clause about something else: the model heard no such fact.
      check = { key, rules, model: null, readBack: rules };
    }
    if (check === null) continue;
    if (!heard.readBack.includes(key)) heard.readBack.push(key);
    s.crossChecks = [...(s.crossChecks ?? []).filter((c) => c.key !== key), check];
  }
  return fromModel;
}

/** The read-back question for a fact the two readings disagreed on: its slot's, else its vocabulary's words. */
export function checkQuestion(answers: Answers, key: AnswerKey): string | null {
  const answer = answers[key];
  if (answer === null) return null;
  const value = answer.value;
  const slot = (SLOTS as readonly SlotDefinition[]).find((s) => s.name === key);
  if (slot?.crossCheck?.question !== undefined) return slot.crossCheck.question({ value, answers });
  const said = typeof value === 'string' ? entryOf(slot?.vocabulary ?? [], value)?.said : undefined;
  return said === undefined ? null : phrase('read_back.value', { said });
}

/** One disagreement as the desk sees it, with what the caller made of the read-back. */
export interface CrossCheckView {
  key: AnswerKey;
  rules: Value;
  model: Value | null;
  readBack: Value;
  /** Yes: the fact read back stands. No: it was taken back or put right. Null: not answered. */
  answer: 'yes' | 'no' | null;
}

export function readCrossChecks(state: CallState): CrossCheckView[] {
  return (state.crossChecks ?? []).map((check) => {
    const answer = state.answers[check.key];
    const settled =
      answer === null || answer.value !== check.readBack ? 'no' : answer.confirmed ? 'yes' : null;
    return { ...check, answer: settled };
  });
}
