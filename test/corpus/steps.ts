/** Caller steps that react to the agent's offer, and expectations that depend on the clock. */
import type { BookingExpect, ClockView, Heard, Step } from './types.js';

/**
 * Accepts the n-th slot the agent just offered, in the caller's words: `{slot}` is replaced by
 * the slot as the agent said it, lowercased, as speech recognition would write it back.
 */
export function pick(n: number, words: string): Step {
  return (heard: Heard) => {
    const slot = heard.offers[n];
    heard.accept(slot);
    return words.replace('{slot}', (slot?.spoken ?? '').toLowerCase());
  };
}

/** Accepts the last slot offered ("the later one", "the second one"). */
export function pickLast(words: string): Step {
  return (heard: Heard) => {
    const slot = heard.offers.at(-1);
    heard.accept(slot);
    return words.replace('{slot}', (slot?.spoken ?? '').toLowerCase());
  };
}

/** Accepts the slot at the hour the caller names ("9 is fine"): the first offered at that hour. */
export function pickByHour(words: (hour12: number) => string): Step {
  return (heard: Heard) => {
    const slot = heard.offers[0];
    heard.accept(slot);
    const hour = slot ? slot.at.hour % 12 || 12 : 10;
    return words(hour);
  };
}

/** Either of the offered slots: the agent may book any of them. */
export function either(words: string): Step {
  return (heard: Heard) => {
    heard.accept(heard.offers);
    return words;
  };
}

/** A warm enquiry: a viewing inside business hours, a callback outside them, at the accepted slot. */
export const offeredVisit = (v: ClockView): BookingExpect => ({
  kind: v.open ? 'viewing' : 'callback',
  when: 'accepted',
});

/** A callback at the accepted slot, whatever the time. */
export const offeredCallback: BookingExpect = { kind: 'callback', when: 'accepted' };

/** A hot enquiry: handed to the desk inside business hours; a callback at the accepted slot outside. */
export const hotBooking = (v: ClockView): BookingExpect | null => (v.open ? null : offeredCallback);
export const hotHandover = (v: ClockView): boolean => v.open;
