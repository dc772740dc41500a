/**
 * The shape of a corpus call: what a seller says, written as Twilio's speech recognition renders
 * it, and the records the call must leave behind (docs/agent.md, "The call corpus").
 */
import type { DateTime } from 'luxon';

/** Where a clock time stands against the corpus configuration's business hours. */
export interface ClockView {
  /** The moment the call starts, in Europe/London. */
  now: DateTime;
  /** Inside business hours when the call starts (Mon–Fri 09:00–17:30). */
  open: boolean;
}

/** A time the agent offered, read from its reply. */
export interface OfferedTime {
  spoken: string;
  at: DateTime;
}

/** What a step function sees: the agent's last reply and the times it offered in it, if any. */
export interface Heard {
  reply: string;
  offers: OfferedTime[];
  clock: ClockView;
  /** Marks the time the caller accepts (or the times any of which will do), for the booking check. */
  accept(time: OfferedTime | readonly OfferedTime[] | undefined): void;
}

/** One caller turn: fixed words, or words that depend on what the agent just said. */
export type Step = string | ((heard: Heard) => string);

/** One answer, or one for each time the question is asked. */
export type Answer = Step | readonly Step[];

/** What the agent can be asking for, as read from its reply. */
export type Asked =
  | 'name'
  | 'phone'
  | 'address'
  | 'property_type'
  | 'bedrooms'
  | 'condition'
  | 'occupancy'
  | 'price'
  | 'timeline'
  | 'reason'
  /** A read-back: "Just to check, ...?", "I just need a yes or a no". */
  | 'confirm'
  /** "And what's the house number and street?" */
  | 'street'
  /** Times offered for a booking. */
  | 'offer'
  /** "What day and time would suit you best?" */
  | 'when'
  /** "What message would you like me to pass on?" */
  | 'message'
  /** Anything else the agent asks. */
  | 'other';

/** A value, or one that depends on the clock time the call runs at. */
export type PerClock<T> = T | ((clock: ClockView) => T);

/** The day of a booking, relative to the call: resolved by the runner for each clock time. */
export type DayRule =
  /** The next day after the call's day with business hours. */
  | 'next-open-day'
  /** The next such weekday strictly after the call's day ("thursday" said on a Thursday is next week). */
  | 'mon'
  | 'tue'
  | 'wed'
  | 'thu'
  | 'fri';

export type BookingWhen =
  /** The time the caller accepted (see Heard.accept). */
  | 'accepted'
  /** Any time: only the kind is asserted. */
  | 'any'
  | { day: DayRule; time?: string; part?: 'morning' | 'afternoon' };

export interface BookingExpect {
  kind: 'callback' | 'viewing';
  when: BookingWhen;
}

/** Text patterns, matched case-insensitively, against the records' free text. */
export type TextExpect = string | RegExp;

export interface Expectations {
  lead?: { name?: string | null; phone?: string } | null;
  /** Facts on the opportunity; null means "must not be recorded". */
  facts?: {
    property_type?: string | null;
    bedrooms?: number | null;
    condition?: string | null;
    occupancy?: string | null;
    /** A number, or a range whose ends must both be kept. */
    price?: number | { min: number; max: number } | null;
    /** The recorded timeline text must match. */
    timeline?: RegExp | null;
    reason?: string | null;
  };
  postcode?: string | null;
  /** The address must contain this (case-insensitive); null: none recorded. */
  address?: string | null;
  /** No opportunity at all (non-sellers). */
  noOpportunity?: true;
  outcome?: PerClock<string | string[]>;
  booking?: PerClock<BookingExpect | null>;
  /** Handed to a person (true), or must not be (false). */
  handover?: PerClock<boolean>;
  /** Phrases a desk member must find in the notes (opportunity notes, lead note or booking note). */
  notes?: TextExpect[];
  /** Phrases no agent reply may contain (a question that must not be asked again, a wrong read-back). */
  neverSays?: RegExp[];
  /** How many times, at most, the agent may ask for each thing in the whole call. */
  askedAtMost?: Partial<Record<Asked, number>>;
  /** Phrases some agent reply must contain (an acknowledgement, a read-back). */
  says?: RegExp[];
}

/** The classes of issue 8 each call belongs to, for reporting. */
export type CorpusClass =
  | 'loops'
  | 'clock'
  | 'refusals'
  | 'wrong-words'
  | 'corrections'
  | 'bookings'
  | 'names-addresses'
  | 'callback-numbers'
  | 'handover'
  | 'sellers';

export interface CorpusCall {
  /** Unique, short, kebab-case: used in test names and the known-gaps list. */
  id: string;
  class: CorpusClass;
  /** Who the caller is, in a few words. */
  about: string;
  /** Caller ID; a unique mobile is made when absent. "withheld" simulates no caller ID. */
  from?: string;
  /** A lead already on the desk with this name and the caller's number: a returning caller. */
  returning?: { name: string };
  /** Said in order from the greeting on, whatever the agent asks. */
  opening: Step[];
  /**
   * Then, what the caller answers when the agent asks for each thing: the n-th time it is asked
   * gets the n-th entry (the last one again after that). A question with no answer here gets
   * "sorry i dont know".
   */
  answers?: Partial<Record<Asked, Answer>>;
  /** Hang up after this many caller turns instead of waiting for the agent to end the call. */
  hangUpAfter?: number;
  expect: Expectations;
}
