/**
 * The agent's promises against loops (docs/agent.md, "No loops"): no question is put more than
 * twice in a row, no reply is given three times in a row, and every call ends within a fixed
 * number of turns. This module keeps the bookkeeping; the engine's modules consult it.
 */
import type { CallState } from './types.js';

/** Caller turns after which the remaining questions are dropped and the call moves to its close. */
export const WRAP_UP_TURNS = 30;
/** Caller turns after which the call is closed, whatever is in progress. */
export const MAX_TURNS = 40;
/** Replies to offers before the agent stops offering and leaves it to the team. */
export const MAX_OFFER_ROUNDS = 6;
/** The same question at most this many turns in a row. */
export const MAX_ASKS_IN_ROW = 2;

/** What the agent is waiting on after a turn: a question, a read-back, an offer, or nothing. */
export function askKey(state: CallState): string | null {
  switch (state.phase) {
    case 'open':
      return 'open';
    case 'asking': {
      const slot = state.asking?.slot ?? 'none';
      // The street after a postcode is its own question, asked once.
      const street = slot === 'address' && state.answers.postcode !== null;
      return `ask:${slot}${street ? ':street' : ''}`;
    }
    case 'confirming':
      return `confirm:${state.confirming ?? 'none'}`;
    case 'offering':
      return 'offer';
    default:
      return null;
  }
}

/** Called once per finished turn. */
export function noteTurn(state: CallState, reply: string): void {
  const key = askKey(state);
  const run = state.askRun;
  const again = key !== null && run !== null && run.key === key && reply !== '';
  state.askRun = key === null ? null : { key, count: again ? run.count + 1 : 1 };
  if (again) state.reasked = { ...state.reasked, [key]: (state.reasked?.[key] ?? 0) + 1 };
  if (reply !== '') state.recent = [...state.recent, reply].slice(-2);
}

/** True when putting `key` again now would make it the third time in a row. */
export function askedTooOften(state: CallState, key: string): boolean {
  const run = state.askRun;
  return run !== null && run.key === key && run.count >= MAX_ASKS_IN_ROW;
}

/** True when `reply` would be the third identical reply in a row. */
export function repeatsTwice(state: CallState, reply: string): boolean {
  return reply !== '' && state.recent.length === 2 && state.recent.every((r) => r === reply);
}
