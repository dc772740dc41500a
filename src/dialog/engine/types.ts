/**
 * The dialog engine's public types. The engine is pure: the call service passes the
 * configuration, the saved state, what it knows about the call and the time, and applies the
 * effects it gets back in one transaction. `CallState` is stored as jsonb between turns, so it
 * holds plain JSON only.
 */
import type { NotSellerKind } from '../extractors/index.js';
import type { AnswerKey, AnswerValues, Facts, ModelKey, ModelValues, SlotName } from '../slots/index.js';

export type { AnswerKey, AnswerValues, Facts };

/** A free time in the calendar ("slot" is kept for the questions: src/dialog/slots). */
export interface FreeTime {
  /** ISO 8601, UTC. */
  start: string;
  end: string;
}

export interface CallContext {
  /** E.164 caller ID; '' when withheld. */
  callerNumber: string;
  /** The lead recognised by the caller's number (caller ID, which can be faked). */
  returningLead: { id: string; name: string } | null;
  /** Computed by the caller from config.hours at call start and on each turn. */
  withinBusinessHours: boolean;
  /** Next free times (inside business hours, after the lead time, not double-booked), soonest first. */
  freeTimes: { callback: FreeTime[]; viewing: FreeTime[] };
  /** config.hours.time_zone */
  timeZone: string;
  /**
   * A booking made now will be confirmed by text (texts on, a number that can text, the caller a
   * UK mobile that has not opted out), so the agent says so; absent: no text is promised.
   */
  textConfirmation?: boolean;
  /** The call is being recorded: the greeting says so (the recording notice). Absent: not recorded. */
  recording?: boolean;
}

/**
 * A language model's reading of one utterance, passed in by the call service (docs/agent.md, "The
 * language model"). It is data like the words themselves: the engine checks each value as it
 * checks its own readings, takes only what its rules did not hear, and reads it back.
 */
export interface ModelReading {
  /** By answer key, those a reading fills; a word outside a slot's vocabulary is dropped by the engine. */
  values: Omit<ModelValues, Exclude<AnswerKey, ModelKey>>;
  /** A yes or a no to the question put, when the words were neither to the rules. */
  yesNo: 'yes' | 'no' | null;
  /** The start (ISO 8601) of one of the times offered; any other time is ignored. */
  chosenTime: string | null;
}

export type CallerInput =
  | { kind: 'speech'; text: string; confidence?: number; reading?: ModelReading }
  | { kind: 'silence' }
  | { kind: 'dtmf'; digits: string }
  /** The caller hung up: nothing is spoken; what was learnt is wrapped up. */
  | { kind: 'hangup' }
  /** The person did not pick up: back to the agent to book a callback. */
  | { kind: 'transfer_failed'; reason: 'no-answer' | 'busy' | 'failed' };

export type Outcome = 'hot' | 'warm' | 'cold' | 'disqualified';

export type EndReason =
  | 'completed'
  | 'caller_hung_up'
  | 'silence'
  | 'not_seller'
  | 'out_of_hours'
  | 'transferred';

export interface ScoreLine {
  criterion: string;
  points: number;
  max: number;
  reason: string;
}

export type Effect =
  | { type: 'capture_lead'; name: string | null; phone: string; note: string | null }
  | {
      type: 'score_opportunity';
      facts: Facts;
      address: string | null;
      postcode: string | null;
      score: number;
      breakdown: ScoreLine[];
      outcome: Outcome;
    }
  | { type: 'book'; kind: 'callback' | 'viewing'; start: string; end: string; note: string }
  | { type: 'transfer'; to: string; brief: string }
  | { type: 'end'; reason: EndReason };

export interface TurnResult {
  reply: string;
  state: CallState;
  effects: Effect[];
  ended: boolean;
}

/** What the engine has learnt about one thing, and how sure it is. */
export interface Answer<T> {
  value: T;
  /** The caller said yes to a read-back, or carried on without correcting an echo. */
  confirmed: boolean;
  /** Must be read back as a yes/no question before it is trusted (postcodes, new numbers, doubtful values). */
  readBack: boolean;
  /** A price given as a range ("between 200 and 220"); `value` is then its midpoint. */
  range?: { min: number; max: number };
  /** Taken from the language model's reading rather than the rules'. */
  source?: 'model';
}

/**
 * A fact the rules and the language model read differently, read back to the caller
 * (docs/agent.md, "Cross-checks"). `model` null: the model read no such fact in those words.
 */
export interface CrossCheck {
  key: AnswerKey;
  rules: string | number;
  model: string | number | null;
  /** The value put to the caller. */
  readBack: string | number;
}

export type Answers = { [K in AnswerKey]: Answer<AnswerValues[K]> | null };

/** Why the engine is collecting details: to qualify a seller, to book a callback, or to take a message. */
export type Goal = 'qualify' | 'callback' | 'message';

export type Phase = 'open' | 'asking' | 'confirming' | 'offering' | 'transferring' | 'ended';

/** A question in progress; `message` is the non-seller's note, `preferred_time` a booking question. */
export interface Asking {
  slot: SlotName | 'message';
  /** Re-asks used after answers that were not understood. */
  tries: number;
  /** The answers not understood, kept for the lead's note if the question is given up on. */
  said?: string[];
  /** For the phone: asking whether caller ID is best, or for a number. */
  phoneMode: 'caller_id' | 'number' | null;
}

export interface OfferState {
  kind: 'callback' | 'viewing';
  offered: FreeTime[];
  /** Batches the caller turned down. */
  declines: number;
  /** Replies not understood. */
  tries: number;
  /** True once the agent has asked the caller to name a time. */
  askedPreferred: boolean;
  /** Replies to offers so far: a call that cannot settle on a time ends instead of circling. */
  rounds: number;
  /** The day the caller last named ("yyyy-mm-dd" in the business's zone): a bare time later means that day. */
  day: string | null;
}

export interface CallState {
  version: 1;
  phase: Phase;
  goal: Goal;
  asking: Asking | null;
  confirming: AnswerKey | null;
  answers: Answers;
  /** Questions given up on after too many unclear answers. */
  skipped: SlotName[];
  /** Questions the caller declined or could not answer: never asked again in the call. */
  refused: SlotName[];
  /** Questions given up on and put once more at the end; not put again. */
  revisited: SlotName[];
  /** What the caller said to questions given up on, kept for the team in the lead's note. */
  unclear: { slot: SlotName; said: string }[];
  /** What the last turns asked ("ask:price", "confirm:postcode") and how many turns in a row. */
  askRun: { key: string; count: number } | null;
  /**
   * How many times each question was put again in a row ("ask:price": 2), kept for the insights
   * on the agent (docs/console.md, Insights); absent in states saved before it existed.
   */
  reasked?: Record<string, number>;
  /** The last two replies, so no reply is given three times in a row. */
  recent: string[];
  /** Answers read back implicitly last turn: a "no" next turn corrects them. */
  echoed: AnswerKey[];
  /** The question last put to the caller, for "pardon?" and silence. */
  lastAsk: string;
  counters: {
    turns: number;
    /** Silences in a row. */
    silence: number;
    /** Replies to a read-back that were neither yes nor no. */
    confirmTries: number;
  };
  offer: OfferState | null;
  /** The street was asked for once after the postcode came without it; it is not asked again. */
  streetAsked: boolean;
  /** Offer lines already spoken, so they are not repeated. */
  introduced: ('callback' | 'viewing')[];
  message: { kind: NotSellerKind; note: string | null } | null;
  callerNumber: string;
  returningLeadId: string | null;
  /**
   * The name on the lead of the caller's number. Caller ID is easily faked, so it is never said
   * to the caller: it becomes the caller's name only once they say one that matches it (docs/
   * agent.md, "Step by step"). Absent in states saved before it existed.
   */
  returningName?: string | null;
  startedOutOfHours: boolean;
  /**
   * The caller asked to be called back once nothing about the property was left to ask (at the
   * phone question, say): the enquiry ends with that callback, not a transfer or a viewing.
   * Absent in states saved before it existed.
   */
  callbackAsked?: boolean;
  /**
   * The words with which the caller asked to be called back ("ring me tomorrow afternoon"): the
   * callback's first times are read from them. Absent when none was asked for, and in older states.
   */
  callbackWhen?: string;
  lastScore: { score: number; outcome: Outcome } | null;
  /** Keys of the records last emitted, so they are re-emitted only when something changed. */
  emitted: { lead: string | null; score: string | null };
  booking: { kind: 'callback' | 'viewing'; start: string; end: string } | null;
  transfer: { to: string; why: 'request' | 'hot'; failed: 'no-answer' | 'busy' | 'failed' | null } | null;
  endReason: EndReason | null;
  /** Facts for the desk with no slot of their own ("Mortgage arrears: 4 months"); absent in older states. */
  notes?: string[];
  /** Facts the two readings disagreed on, the latest for each fact; absent in older states. */
  crossChecks?: CrossCheck[];
}
