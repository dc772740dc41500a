/** The state a call starts with, and small readers of it shared by the engine's modules. */
import { ANSWER_KEYS, FACT_SLOTS } from '../slots/index.js';
import type { Answers, CallContext, CallState, Facts } from './types.js';

export { slotOfAnswer } from '../slots/index.js';

function emptyAnswers(): Answers {
  return Object.fromEntries(ANSWER_KEYS.map((key) => [key, null])) as Answers;
}

export function createState(ctx: CallContext): CallState {
  // A returning caller is asked their name like anyone else: the number alone proves nothing.
  const answers = emptyAnswers();
  return {
    version: 1,
    phase: 'open',
    goal: 'qualify',
    asking: null,
    confirming: null,
    answers,
    skipped: [],
    refused: [],
    revisited: [],
    unclear: [],
    askRun: null,
    recent: [],
    echoed: [],
    lastAsk: '',
    counters: { turns: 0, silence: 0, confirmTries: 0 },
    offer: null,
    streetAsked: false,
    introduced: [],
    message: null,
    callerNumber: ctx.callerNumber,
    returningLeadId: ctx.returningLead?.id ?? null,
    returningName: ctx.returningLead?.name ?? null,
    startedOutOfHours: !ctx.withinBusinessHours,
    lastScore: null,
    emitted: { lead: null, score: null },
    booking: null,
    transfer: null,
    endReason: null,
    notes: [],
  };
}

/** A state saved before these fields existed (a call in progress across an upgrade) gets their defaults. */
export function upgradeState(state: CallState): CallState {
  const partial: Partial<CallState> = state;
  state.refused = partial.refused ?? [];
  state.unclear = partial.unclear ?? [];
  state.revisited = partial.revisited ?? [];
  state.askRun = partial.askRun ?? null;
  state.recent = partial.recent ?? [];
  if (state.offer !== null) {
    const offer: Partial<NonNullable<CallState['offer']>> = state.offer;
    state.offer.rounds = offer.rounds ?? 0;
    state.offer.day = offer.day ?? null;
  }
  return state;
}

export function readFacts(state: CallState): Facts {
  const facts: Record<string, unknown> = {};
  for (const slot of FACT_SLOTS) facts[slot.fact.key] = state.answers[slot.name]?.value ?? null;
  return facts as Facts;
}

/** The full postcode, or the district when that is all the caller gave. */
export function readPostcode(state: CallState): string | null {
  return state.answers.postcode?.value ?? state.answers.district?.value ?? null;
}

/**
 * The best number: the one the caller gave, else caller ID; null when withheld and not given. A
 * number still waiting for its read-back is used only when there is no caller ID to fall back on.
 */
export function bestPhone(state: CallState): string | null {
  const given = state.answers.phone;
  const callerId = state.callerNumber === '' ? null : state.callerNumber;
  if (given === null) return callerId;
  return given.readBack && callerId !== null ? callerId : given.value;
}

export function knowsAnyFact(state: CallState): boolean {
  return readPostcode(state) !== null || Object.values(readFacts(state)).some((v) => v !== null);
}
