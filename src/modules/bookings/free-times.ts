import { DateTime } from 'luxon';
import { type AgentConfig, WEEKDAYS } from '../agent/agent-config.js';
import type { Interval } from './bookings.repo.js';

export interface FreeTimeSearch {
  /** Opening hours: an IANA zone and local windows per weekday. */
  hours: AgentConfig['hours'];
  lengthMinutes: number;
  /** Nothing starts before now + this. */
  leadTimeMinutes: number;
  /** Nothing ends after now + this many days. */
  horizonDays: number;
  now: Date;
  /** Scheduled bookings on the calendar; a time touching one only at an edge is free. */
  busy: readonly Interval[];
  limit: number;
}

const MINUTE = 60_000;

/**
 * Free times, soonest first. Times start at a window's opening and every lengthMinutes after it,
 * in the configured zone's wall-clock time, so 09:00 stays 09:00 across BST and GMT changes;
 * a time must fit inside its window. Pure: the caller loads the busy intervals.
 */
export function computeFreeTimes(q: FreeTimeSearch): Interval[] {
  const earliest = q.now.getTime() + q.leadTimeMinutes * MINUTE;
  const latest = q.now.getTime() + q.horizonDays * 24 * 60 * MINUTE;
  const busy = mergeIntervals(q.busy);
  const times: Interval[] = [];
  let b = 0;
  let day = DateTime.fromMillis(earliest, { zone: q.hours.time_zone }).startOf('day');
  while (day.toMillis() < latest && times.length < q.limit) {
    for (const time of timesOfDay(day, q.hours, q.lengthMinutes)) {
      const start = time.start.getTime();
      const end = time.end.getTime();
      if (start < earliest) continue;
      if (end > latest || times.length >= q.limit) break;
      // Times come in start order, so busy intervals wholly before this one never matter again.
      while (b < busy.length && (busy[b]?.end.getTime() ?? 0) <= start) b++;
      const next = busy[b];
      if (next && next.start.getTime() < end) continue;
      times.push(time);
    }
    day = day.plus({ days: 1 }).startOf('day');
  }
  return times;
}

/**
 * Candidate times of one local day, in start order, without repeats from overlapping windows.
 * Only the window edges are placed in the zone (luxon's offset lookups are the slow part);
 * times inside a window are real minutes apart.
 */
function timesOfDay(day: DateTime, hours: AgentConfig['hours'], minutes: number): Interval[] {
  const weekday = WEEKDAYS[day.weekday - 1];
  const windows = weekday ? hours.week[weekday] : [];
  const step = minutes * MINUTE;
  const starts = new Set<number>();
  const out: Interval[] = [];
  for (const w of windows) {
    const close = atLocal(day, w.end).toMillis();
    for (let t = atLocal(day, w.start).toMillis(); t + step <= close; t += step) {
      if (starts.has(t)) continue;
      starts.add(t);
      out.push({ start: new Date(t), end: new Date(t + step) });
    }
  }
  return out.sort((x, y) => x.start.getTime() - y.start.getTime());
}

function atLocal(day: DateTime, hhmm: string): DateTime {
  const [h, m] = hhmm.split(':').map(Number);
  return day.set({ hour: h ?? 0, minute: m ?? 0, second: 0, millisecond: 0 });
}

/** Busy intervals sorted and merged, so one pointer can sweep them alongside the times. */
function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((x, y) => x.start.getTime() - y.start.getTime());
  const merged: Interval[] = [];
  for (const i of sorted) {
    const last = merged[merged.length - 1];
    if (last && i.start.getTime() <= last.end.getTime()) {
      if (i.end.getTime() > last.end.getTime()) merged[merged.length - 1] = { start: last.start, end: i.end };
    } else {
      merged.push({ start: i.start, end: i.end });
    }
  }
  return merged;
}
