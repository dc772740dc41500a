/**
 * Times and numbers as the agent says them: free times in the business's time zone, relative to today
 * ("tomorrow at 10am", "Thursday at 2:30pm"), and phone numbers digit by digit.
 */

import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { DateTime } from 'luxon';
import { phrase } from '../catalogue/index.js';

/** "today at 2pm", "tomorrow at 10am", "Thursday at 2:30pm", "Monday 14 April at 10am". */
export function speakTime(startIso: string, now: Date, zone: string): string {
  const start = DateTime.fromISO(startIso, { zone: 'utc' }).setZone(zone);
  return phrase('fragment.day_at', { day: speakDay(start, now, zone), clock: speakClock(start) });
}

/** 0 for today, 1 for tomorrow, in the business's time zone. */
export function daysFromToday(at: DateTime, now: Date, zone: string): number {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  // Days around a clock change are 23 or 25 hours long; rounding keeps the count whole.
  return Math.round(at.setZone(zone).startOf('day').diff(today, 'days').days);
}

export function speakDay(at: DateTime, now: Date, zone: string): string {
  const days = daysFromToday(at, now, zone);
  if (days === 0) return phrase('fragment.today');
  if (days === 1) return phrase('fragment.tomorrow');
  if (days > 1 && days < 7) return at.toFormat('cccc');
  return at.toFormat('cccc d LLLL');
}

/** "10am", "2:30pm", "midday". */
export function speakClock(at: DateTime): string {
  return phrase('fragment.clock', { hour: at.hour, minute: at.minute });
}

/** "+447911123456" → "0 7 9 1 1, 1 2 3 4 5 6": spaced so the voice reads digits, not a number. */
export function speakPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  const written = parsed === undefined ? e164 : parsed.formatNational();
  return written
    .split(/\s+/)
    .map((group) => group.replace(/\D/g, '').split('').join(' '))
    .filter((group) => group.length > 0)
    .join(', ');
}

/** "07911 123456" for summaries a person reads. */
export function writePhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed === undefined ? e164 : parsed.formatNational();
}
