/**
 * Asking: which question comes next, its wording, putting it, putting it again after an unclear
 * answer, and giving up on it. Questions come from the configuration in its order; a callback or
 * a message needs only a name and a number. Answers the caller already gave, in any order, are
 * never asked for again.
 *
 * A question not understood twice, or put twice in a row already, is given up on: the caller's
 * words go in the lead's note, the slot is left unknown, and it may be put once more at the end
 * (docs/agent.md, "No loops"). Giving up is about that one question: the enquiry goes on, however
 * many answers could not be read, because a seller whose words the agent cannot read is still a
 * seller (docs/agent.md, "Speech it cannot understand"). Only the caller turns the call into a
 * callback. Having given up, this phase answers 'move-on' and next-step.ts picks what follows.
 */
import { phrase } from '../catalogue/index.js';
import type { AgentConfig } from '../config/agent-config.js';
import { SLOTS, type SlotName } from '../slots/index.js';
import { askedTooOften, askKey } from './loops.js';
import { ask, line, type Step, say, type Turn } from './turn.js';
import type { Asking, CallState } from './types.js';
import { withApology, withoutApology } from './wording.js';

export type QuestionSlot = SlotName | 'message';

/** The message a non-seller leaves is no slot of the property; its wording is the catalogue's. */
const MESSAGE_WORDING = phrase('question.message');

/** The questions about the property, as against the caller's name and number. */
const PROPERTY_SLOTS: ReadonlySet<QuestionSlot> = new Set(
  SLOTS.filter((slot) => slot.aboutProperty).map((slot) => slot.name),
);

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

/** Some question about the property is still to be put, fresh or once more at the end. */
export function propertyQuestionsLeft(config: AgentConfig, state: CallState): boolean {
  return neededQuestions(config, state).some(
    (slot) =>
      slot !== 'message' &&
      PROPERTY_SLOTS.has(slot) &&
      !isAnswered(state, slot) &&
      !state.refused.includes(slot) &&
      !state.revisited.includes(slot),
  );
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

/**
 * Puts a question to the caller; `reprompt` re-asks it differently after an unclear answer. A
 * question already put twice in a row is given up on instead.
 */
export function askQuestion(
  t: Turn,
  slot: QuestionSlot,
  form: 'prompt' | 'reprompt',
  ...before: string[]
): Step {
  const s = t.state;
  const previous: Asking | null = s.asking?.slot === slot ? s.asking : null;
  if (previous !== null && s.phase === 'asking' && askedTooOften(s, askKey(s) ?? '')) {
    return giveUp(t, slot, ...before);
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
  return 'asked';
}

/**
 * An answer not understood: re-ask differently once (at most `max_unclear` times), then give up
 * on the question, keeping the caller's words for the desk.
 */
export function answerUnclear(t: Turn, said: string): Step {
  const s = t.state;
  const asking = s.asking;
  if (asking === null) return 'move-on';
  // Asked once only (the street after a postcode): no answer is an answer.
  if (isAnswered(s, asking.slot)) {
    say(t, phrase('reply.no_problem'));
    return 'move-on';
  }
  asking.tries++;
  if (said.trim() !== '') asking.said = [...(asking.said ?? []), said.trim()];
  if (asking.tries <= Math.min(t.config.reprompts.max_unclear, 1)) {
    return askQuestion(t, asking.slot, 'reprompt');
  }
  return giveUp(t, asking.slot);
}

/** Moving on instead of asking again: the slot is left unknown, with the caller's words kept. */
export function giveUp(t: Turn, slot: QuestionSlot, ...before: string[]): Step {
  const s = t.state;
  const said = s.asking?.slot === slot ? (s.asking.said ?? []) : [];
  if (slot === 'message') {
    if (s.message !== null) s.message.note = s.message.note ?? '';
  } else {
    if (!s.skipped.includes(slot)) s.skipped.push(slot);
    if (said.length > 0)
      s.unclear = [...s.unclear.filter((u) => u.slot !== slot), { slot, said: said.join(' / ') }];
  }
  s.asking = null;
  say(t, ...before, phrase('reply.move_on'));
  return 'move-on';
}

function choosePhoneMode(
  state: CallState,
  previous: Asking | null,
  form: 'prompt' | 'reprompt',
): 'caller_id' | 'number' {
  if (state.callerNumber === '' || form === 'reprompt' || previous?.phoneMode === 'number') return 'number';
  return 'caller_id';
}
