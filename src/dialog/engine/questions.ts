/**
 * Which question comes next, and its wording. Questions come from the configuration in its
 * order; a callback or a message needs only a name and a number. Answers the caller already gave,
 * in any order, are never asked for again.
 */
import { phrase } from '../catalogue/index.js';
import type { AgentConfig } from '../config/agent-config.js';
import { SLOTS, type SlotName } from '../slots/index.js';
import { giveUp } from './give-up.js';
import { askedTooOften, askKey } from './loops.js';
import { ask, line, type Turn } from './turn.js';
import type { Asking, CallState } from './types.js';
import { withApology, withoutApology } from './wording.js';

export type QuestionSlot = SlotName | 'message';

/** The message a non-seller leaves is no slot of the property; its wording is the catalogue's. */
const MESSAGE_WORDING = phrase('question.message');

/** The configured wording, else the slot table's, for questions the configuration does not ask. */
function wordingOf(config: AgentConfig, slot: QuestionSlot): { prompt: string; reprompt: string } {
  const fallback = slot === 'message' ? MESSAGE_WORDING : SLOTS.find((s) => s.name === slot)?.question;
  return configured(config, slot) ?? fallback ?? MESSAGE_WORDING;
}

function configured(config: AgentConfig, slot: QuestionSlot) {
  return config.questions.find((q) => q.slot === slot);
}

function isAsked(config: AgentConfig, slot: SlotName): boolean {
  return configured(config, slot)?.ask === true;
}

export function isAnswered(state: CallState, slot: QuestionSlot): boolean {
  const a = state.answers;
  switch (slot) {
    case 'message':
      return state.message !== null && state.message.note !== null;
    case 'address':
      return a.postcode !== null && (a.address !== null || state.streetAsked);
    default:
      return a[slot] !== null;
  }
}

/** The questions the current goal needs, in the order they are asked. */
function neededQuestions(config: AgentConfig, state: CallState): QuestionSlot[] {
  // Without a number nobody can call back, so it is asked even when the configuration does not.
  const phone: QuestionSlot[] = isAsked(config, 'phone') || state.callerNumber === '' ? ['phone'] : [];
  const name: QuestionSlot[] = isAsked(config, 'name') ? ['name'] : [];
  if (state.goal === 'callback') return [...name, ...phone];
  if (state.goal === 'message') return [...name, 'message', ...phone];
  const asked: QuestionSlot[] = config.questions.filter((q) => q.ask).map((q) => q.slot);
  return asked.includes('phone') ? asked : [...asked, ...phone];
}

export function nextQuestion(config: AgentConfig, state: CallState): QuestionSlot | null {
  const open = neededQuestions(config, state).filter(
    (slot) => !isAnswered(state, slot) && (slot === 'message' || !state.refused.includes(slot)),
  );
  const fresh = open.find((slot) => slot === 'message' || !state.skipped.includes(slot));
  if (fresh !== undefined) return fresh;
  // A question given up on is put once more at the end of a qualifying call, never a third time.
  if (state.goal !== 'qualify') return null;
  // Never straight after giving up on it: that would be the same question three times running.
  const justAsked = (slot: QuestionSlot): boolean => state.askRun?.key.startsWith(`ask:${slot}`) === true;
  return (
    open.find((slot) => slot !== 'message' && !state.revisited.includes(slot) && !justAsked(slot)) ?? null
  );
}

/** True when the question is one given up on earlier and now put for the last time. */
export function isRevisit(state: CallState, slot: QuestionSlot): boolean {
  return slot !== 'message' && state.skipped.includes(slot) && !state.revisited.includes(slot);
}

/** Puts a question to the caller; `reprompt` re-asks it differently after an unclear answer. */
export function askQuestion(
  t: Turn,
  slot: QuestionSlot,
  form: 'prompt' | 'reprompt',
  ...before: string[]
): void {
  const s = t.state;
  const previous: Asking | null = s.asking?.slot === slot ? s.asking : null;
  if (previous !== null && s.phase === 'asking' && askedTooOften(s, askKey(s) ?? '')) {
    giveUp(t, slot, ...before);
    return;
  }
  if (isRevisit(s, slot) && slot !== 'message') s.revisited.push(slot);
  const phoneMode = slot === 'phone' ? choosePhoneMode(s, previous, form) : null;
  s.asking = { slot, tries: previous?.tries ?? 0, phoneMode, said: previous?.said ?? [] };
  s.phase = 'asking';
  s.confirming = null;
  const wording = wordingOf(t.config, slot);
  // The phone's reprompt asks for a number outright, so it is also the question when caller ID is withheld.
  const useReprompt = form === 'reprompt' || phoneMode === 'number';
  // A district alone means the postcode is half given: ask for the rest the clearer way.
  const halfPostcode = slot === 'address' && s.answers.district !== null;
  let text = useReprompt || halfPostcode ? wording.reprompt : wording.prompt;
  if (slot === 'address' && s.answers.postcode !== null) {
    // The postcode came on its own; the street is asked for once, and the call moves on either way.
    s.streetAsked = true;
    text = phrase('question.street');
  }
  // Re-asking after an unclear answer apologises once: either the reprompt's own "Sorry" or the reason given.
  if (form === 'reprompt') text = before.length === 0 ? withApology(text) : withoutApology(text);
  ask(t, line(t, text), ...before);
}

function choosePhoneMode(
  state: CallState,
  previous: Asking | null,
  form: 'prompt' | 'reprompt',
): 'caller_id' | 'number' {
  if (state.callerNumber === '' || form === 'reprompt' || previous?.phoneMode === 'number') return 'number';
  return 'caller_id';
}
