import type { Booking } from '@callagent/sdk';
import { useLayoutEffect, useRef } from 'react';
import { zonedDate } from '../format';

/**
 * The day a narrow screen should open the week on: the first day from today with a booking,
 * else today, else the first day with a booking; null for Monday. (On a wide screen the whole
 * week shows and nothing scrolls.)
 */
export function dayToShow(days: Date[], bookings: Booking[], zone: string, now: Date): string | null {
  const keys = days.map((d) => zonedDate(d, zone));
  const busy = new Set(bookings.map((b) => zonedDate(new Date(b.starts_at), zone)));
  const today = zonedDate(now, zone);
  return (
    keys.find((k) => k >= today && busy.has(k)) ??
    keys.find((k) => k === today) ??
    keys.find((k) => busy.has(k)) ??
    null
  );
}

/**
 * Scrolls the week sideways to that day when the grid is wider than the screen, once per week
 * shown (and again when the bookings first arrive), so a phone never opens on empty days.
 */
export function useScrollToBusyDay(days: Date[], bookings: Booking[], zone: string) {
  const grid = useRef<HTMLDivElement>(null);
  const target = dayToShow(days, bookings, zone, new Date());
  useLayoutEffect(() => {
    const el = grid.current;
    if (!el || el.scrollWidth <= el.clientWidth) return;
    const day = target ? el.querySelector<HTMLElement>(`[data-day="${target}"]`) : null;
    const hours = el.querySelector<HTMLElement>('.week-hours');
    el.scrollLeft = day ? day.offsetLeft - el.offsetLeft - (hours?.offsetWidth ?? 0) : 0;
  }, [target]);
  return grid;
}
