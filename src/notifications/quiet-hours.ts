import { DateTime, IANAZone } from 'luxon';

// Quiet hours (docs/notifications.md, Quiet hours): no text a seller did not just ask for leaves
// between 21:00 and 08:00 in the workspace's time zone. Pure: the sender passes the time and the
// zone it read when sending, so a change of zone moves what is waiting.

export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
/** A zone that is not a valid IANA name (it should never be stored) is read as this one. */
export const FALLBACK_ZONE = 'Europe/London';

/**
 * Null when `at` is outside quiet hours in `timeZone`; otherwise when they end, the next 08:00
 * there. Across a change of clocks 08:00 is still 08:00 on the wall, whatever the offset.
 */
export function quietHoursEnd(at: Date, timeZone: string): Date | null {
  const zone = IANAZone.isValidZone(timeZone) ? timeZone : FALLBACK_ZONE;
  const local = DateTime.fromJSDate(at, { zone });
  if (local.hour >= QUIET_UNTIL_HOUR && local.hour < QUIET_FROM_HOUR) return null;
  const day = local.hour >= QUIET_FROM_HOUR ? local.plus({ days: 1 }) : local;
  return day.set({ hour: QUIET_UNTIL_HOUR, minute: 0, second: 0, millisecond: 0 }).toJSDate();
}
