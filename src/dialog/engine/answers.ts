/**
 * Merges what was heard into the call's answers and says back what was taken. A new value always
 * replaces the old one, which is how corrections ("no, it's four bedrooms") work at any point.
 */
import { phrase } from '../catalogue/index.js';
import { mergeName } from '../extractors/index.js';
import {
  ACKNOWLEDGED,
  type Acknowledging,
  ANSWER_KEYS,
  entryOf,
  type SlotDefinition,
  sayPrice as sayAmount,
} from '../slots/index.js';
import type { Answer, AnswerKey, Answers, AnswerValues, CallState } from './types.js';
import type { Heard } from './understand.js';
import { capitalise, firstName } from './wording.js';

export interface Applied {
  changed: AnswerKey[];
  /** Some value replaced an earlier, different one. */
  corrected: boolean;
}

export function applyHeard(state: CallState, heard: Heard): Applied {
  const applied: Applied = { changed: [], corrected: false };
  for (const key of ANSWER_KEYS) applyOne(state, heard, key, applied);
  if (heard.values.price !== undefined && state.answers.price !== null) {
    if (heard.priceRange === undefined) delete state.answers.price.range;
    else state.answers.price.range = heard.priceRange;
  }
  const notes = state.notes ?? [];
  for (const note of heard.notes) if (!notes.includes(note)) notes.push(note);
  state.notes = notes;
  return applied;
}

const nameWords = (name: string): string[] => name.toLowerCase().trim().split(/\s+/);

/**
 * The name on the caller's lead, when the name the caller said is it or its start, word for word
 * ("Danny" or "danny ryan" for Danny Ryan); otherwise null. Only a caller who says the name gets
 * the record's fuller form of it: the number alone proves nothing.
 */
function matchLeadName(onLead: string | null, said: string): string | null {
  if (onLead === null) return null;
  const lead = nameWords(onLead);
  const heard = nameWords(said);
  if (heard.length > lead.length || heard.some((word, i) => word !== lead[i])) return null;
  return onLead;
}

/** "£250,000", or "£200,000 to £220,000" for a range. */
export function sayPrice(answer: Answer<number>): string {
  return sayAmount(answer.value, answer.range);
}

function heardValue<K extends AnswerKey>(values: Partial<AnswerValues>, key: K): AnswerValues[K] | undefined {
  return values[key];
}

function applyOne<K extends AnswerKey>(state: CallState, heard: Heard, key: K, applied: Applied): void {
  let value = heardValue(heard.values, key);
  if (value === undefined) return;
  const current = state.answers[key];
  let onLead = false;
  if (key === 'name' && typeof value === 'string') {
    // A first name alone never replaces a full name already said ("it's danny again").
    const said = current === null ? value : mergeName(String(current.value), value);
    const matched = matchLeadName(state.returningName ?? null, said);
    onLead = matched !== null;
    value = (matched ?? said) as AnswerValues[K];
  }
  if (current !== null && current.value === value) {
    // Repeating a value that is being read back is as good as saying yes.
    if (current.readBack) {
      current.confirmed = true;
      current.readBack = false;
    }
    return;
  }
  // A district alone never replaces a full postcode already given.
  if (key === 'district' && heard.values.postcode === undefined && state.answers.postcode !== null) return;
  const isCallerId = key === 'phone' && value === state.callerNumber;
  // A name that matches the lead's needs no read-back: the record confirms it.
  const readBack = heard.readBack.includes(key) && !isCallerId && !onLead;
  const source = heard.fromModel?.includes(key) === true ? { source: 'model' as const } : {};
  writeAnswer(state.answers, key, { value, confirmed: isCallerId || onLead, readBack, ...source });
  if (current !== null) applied.corrected = true;
  applied.changed.push(key);
}

/** The checker cannot relate Answers[K] to AnswerValues[K] for a generic K; this view lets it. */
function writeAnswer<K extends AnswerKey>(answers: Answers, key: K, answer: Answer<AnswerValues[K]>): void {
  const view: { [P in K]?: Answer<AnswerValues[P]> | null } = answers;
  view[key] = answer;
}

/**
 * A slot's pieces of the "Got it" sentence: its own words for them, else the vocabulary's `said`
 * words of the value just taken.
 */
function piecesOf(slot: SlotDefinition, a: Acknowledging): readonly string[] {
  if (slot.acknowledge?.say !== undefined) return slot.acknowledge.say(a);
  const answer = a.taken(slot.name as AnswerKey) ? a.answers[slot.name as AnswerKey] : null;
  const said = answer === null ? undefined : entryOf(slot.vocabulary, String(answer.value))?.said;
  return said === undefined ? [] : [said];
}

/** A value just taken that is said with a word of sympathy (a bereavement, a repossession). */
function deservesSympathy(a: Acknowledging): boolean {
  return ACKNOWLEDGED.some((slot) => {
    const answer = a.taken(slot.name as AnswerKey) ? a.answers[slot.name as AnswerKey] : null;
    return answer !== null && entryOf(slot.vocabulary, String(answer.value))?.sympathy === true;
  });
}

/** The implicit read-back of what was just learnt: "Thanks, Sarah. A 3-bed semi-detached, got it." */
export function acknowledge(keys: readonly AnswerKey[], state: CallState, corrected: boolean): string {
  const a = state.answers;
  const has = (k: AnswerKey): boolean => keys.includes(k);
  const sentences: string[] = [];
  if (corrected) sentences.push(phrase('reply.sorry'));
  if (has('name') && a.name !== null)
    sentences.push(phrase('reply.thanks_name', { name: firstName(a.name.value) }));
  const taking: Acknowledging = { answers: a, taken: has, corrected };
  const pieces = ACKNOWLEDGED.flatMap((slot) => piecesOf(slot, taking));
  if (pieces.length > 0) sentences.push(phrase('reply.got_it', { facts: capitalise(pieces.join(', ')) }));
  if (deservesSympathy(taking)) sentences.push(phrase('reply.sympathy'));
  if (has('phone') && a.phone !== null && !a.phone.readBack) {
    sentences.push(phrase('reply.use_number', { callerId: a.phone.value === state.callerNumber }));
  }
  return sentences.join(' ');
}
