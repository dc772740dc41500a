/** Caller steps that react to the agent's offer, and expectations that depend on the clock. */
import type { BookingExpect, ClockView, Heard, Step } from './types.js';

/**
 * Accepts the n-th time the agent just offered, in the caller's words: `{time}` is replaced by
 * the time as the agent said it, lowercased, as speech recognition would write it back.
 */
export function pick(n: number, words: string): Step {
  return (heard: Heard) => {
    const time = heard.offers[n];
    heard.accept(time);
    return words.replace('{time}', (time?.spoken ?? '').toLowerCase());
  };
}

/** Accepts the last time offered ("the later one", "the second one"). */
export function pickLast(words: string): Step {
  return (heard: Heard) => {
    const time = heard.offers.at(-1);
    heard.accept(time);
    return words.replace('{time}', (time?.spoken ?? '').toLowerCase());
  };
}

/** Accepts the time at the hour the caller names ("9 is fine"): the first offered at that hour. */
export function pickByHour(words: (hour12: number) => string): Step {
  return (heard: Heard) => {
    const time = heard.offers[0];
    heard.accept(time);
    const hour = time ? time.at.hour % 12 || 12 : 10;
    return words(hour);
  };
}

/** Either of the offered times: the agent may book any of them. */
export function either(words: string): Step {
  return (heard: Heard) => {
    heard.accept(heard.offers);
    return words;
  };
}

/** A warm enquiry: a viewing inside business hours, a callback outside them, at the accepted time. */
export const offeredVisit = (v: ClockView): BookingExpect => ({
  kind: v.open ? 'viewing' : 'callback',
  when: 'accepted',
});

/** A callback at the accepted time, whatever the hour. */
export const offeredCallback: BookingExpect = { kind: 'callback', when: 'accepted' };

/** A hot enquiry: handed to the desk inside business hours; a callback at the accepted time outside. */
export const hotBooking = (v: ClockView): BookingExpect | null => (v.open ? null : offeredCallback);
export const hotHandover = (v: ClockView): boolean => v.open;
