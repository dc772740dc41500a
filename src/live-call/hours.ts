import { DateTime } from 'luxon';
import { type AgentConfig, WEEKDAYS } from '../modules/agent/agent-config.js';

/** True when `now` falls inside one of the day's opening windows, in the configured zone. */
export function isWithinBusinessHours(hours: AgentConfig['hours'], now: Date): boolean {
  const local = DateTime.fromJSDate(now, { zone: hours.time_zone });
  const day = WEEKDAYS[local.weekday - 1];
  if (day === undefined) return false;
  const hhmm = local.toFormat('HH:mm');
  return hours.week[day].some((w) => w.start <= hhmm && hhmm < w.end);
}
