/**
 * What a call's record holds, in the terms the check of a language model's summary needs
 * (check-model-summary.ts; docs/agent.md, "After a call"): the figures, amounts, phone numbers,
 * postcodes, score, outcome and booking the rules recorded. Built from the engine's final state
 * only, never from the transcript: a caller's words are what the check guards against.
 */
import { DateTime } from 'luxon';
import { bestPhone } from '../engine/state.js';
import type { CallState, Outcome } from '../engine/types.js';

export interface BookingRecord {
  /** Lower case, in the business's time zone: "wednesday", "november". */
  weekday: string;
  month: string;
  /** 1 to 12. */
  monthOfYear: number;
  day: number;
  year: number;
  /** Start and end, "HH:mm" on the 24-hour clock. */
  times: string[];
}

export interface SummaryRecord {
  score: number | null;
  outcome: Outcome | null;
  /** Every number the record holds: bedrooms, house numbers, the price, the timeline's, the notes', the score, the booking's day, year and hour. */
  figures: number[];
  /** Sums of money in pounds: the asking price (and a range's ends) and the notes' amounts. */
  amounts: number[];
  /** Phone numbers as national digits ("07700900123"). */
  phones: string[];
  /** Postcodes and districts without spaces, upper case ("M145AB", "M14"). */
  postcodes: string[];
  booking: BookingRecord | null;
  /** The timeline's words, lower case ("by christmas (about 10 weeks)"): dates said in them may be repeated. */
  dateWords: string;
}

export function summaryRecordOf(state: CallState, timeZone: string): SummaryRecord {
  const { answers } = state;
  const price = answers.price;
  const amounts = [
    ...(price === null ? [] : [price.value]),
    ...(price?.range === undefined ? [] : [price.range.min, price.range.max]),
    ...(state.notes ?? []).flatMap((note) => numbersIn(note.match(/£[\d,]+(?:\.\d+)?/g)?.join(' ') ?? '')),
  ];
  const booking = bookingRecord(state, timeZone);
  const timeline = answers.timeline?.value.toLowerCase() ?? '';
  const figures = [
    ...amounts,
    ...(answers.bedrooms === null ? [] : [answers.bedrooms.value]),
    ...numbersIn(answers.address?.value ?? ''),
    ...numbersIn(timeline),
    ...(state.notes ?? []).flatMap(numbersIn),
    ...(state.lastScore === null ? [] : [state.lastScore.score]),
    ...(booking === null ? [] : [booking.day, booking.year, ...booking.times.flatMap(hoursOf)]),
  ];
  const phones = [
    bestPhone(state),
    state.callerNumber,
    answers.phone?.value ?? null,
    state.transfer?.to ?? null,
  ];
  const postcodes = [answers.postcode?.value ?? null, answers.district?.value ?? null].flatMap((p) =>
    p === null ? [] : [p.replace(/\s+/g, '').toUpperCase(), p.split(/\s+/)[0]?.toUpperCase() ?? ''],
  );
  return {
    score: state.lastScore?.score ?? null,
    outcome: state.lastScore?.outcome ?? null,
    figures: [...new Set(figures)],
    amounts: [...new Set(amounts)],
    phones: [...new Set(phones.flatMap((p) => (p === null || p === '' ? [] : [nationalDigits(p)])))],
    postcodes: [...new Set(postcodes)],
    booking,
    dateWords: timeline,
  };
}

/** A phone number's digits as dialled in the UK: +44 7700 900123 and 07700 900123 are one number. */
export function nationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  // A UK number dialled at home starts with 0, never 44.
  return digits.startsWith('44') && digits.length >= 11 ? `0${digits.slice(2)}` : digits;
}

function bookingRecord(state: CallState, timeZone: string): BookingRecord | null {
  const booking = state.booking;
  if (booking === null) return null;
  const start = DateTime.fromISO(booking.start, { zone: 'utc' }).setZone(timeZone);
  const end = DateTime.fromISO(booking.end, { zone: 'utc' }).setZone(timeZone);
  return {
    weekday: start.toFormat('cccc').toLowerCase(),
    month: start.toFormat('LLLL').toLowerCase(),
    monthOfYear: start.month,
    day: start.day,
    year: start.year,
    times: [start.toFormat('HH:mm'), end.toFormat('HH:mm')],
  };
}

/** "14:00" as the hours a summary may name it by: 14 and 2. */
function hoursOf(time: string): number[] {
  const hour = Number(time.slice(0, 2));
  return hour > 12 ? [hour, hour - 12] : [hour];
}

function numbersIn(text: string): number[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => Number(m[0].replace(/,/g, '')));
}
