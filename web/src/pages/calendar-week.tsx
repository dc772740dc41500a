import type { Booking } from '@callagent/sdk';
import { Card, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDay, formatTime, zonedDate } from '../format';
import type { SellerCard } from '../ui/seller';
import { useScrollToBusyDay } from './calendar-scroll';

/** The hours the grid always shows; a booking outside them widens it. */
const FIRST_HOUR = 8;
const LAST_HOUR = 19;

const hourOf = (iso: string, zone: string) => Number(formatTime(iso, zone).slice(0, 2));
const pad = (n: number) => String(n).padStart(2, '0');

export interface WeekGridProps {
  days: Date[];
  bookings: Booking[];
  zone: string;
  colourOf: (assignee: string | null) => string;
  nameOf: (assignee: string | null) => string;
  /** Who each booking is with: the seller's name and street. */
  sellerOf: (leadId: string) => SellerCard | undefined;
  /** Whether bookings can be dragged to another hour (the role may change bookings). */
  canMove: boolean;
  onOpen: (booking: Booking) => void;
  /** A booking dropped on an hour: `hour` is its wall-clock start in the zone ("2026-11-24T10:00"). */
  onDrop: (booking: Booking, hour: string) => void;
}

/**
 * The week as hour cells, a column a day. Bookings sit in the hour of their start; dragging one
 * to another hour asks to move it there (the dialog a click opens does the same by keyboard).
 */
export function WeekGrid({
  days,
  bookings,
  zone,
  colourOf,
  nameOf,
  sellerOf,
  canMove,
  onOpen,
  onDrop,
}: WeekGridProps) {
  const [over, setOver] = useState<string | null>(null);
  const grid = useScrollToBusyDay(days, bookings, zone);
  const booked = bookings.map((b) => hourOf(b.starts_at, zone));
  const first = Math.min(FIRST_HOUR, ...booked);
  const last = Math.max(LAST_HOUR, ...booked);
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <div
      ref={grid}
      className="week"
      style={{ gridTemplateRows: `auto repeat(${hours.length}, minmax(2.25rem, auto))` }}
    >
      <div className="week-hours" aria-hidden>
        <span />
        {hours.map((h) => (
          <Text key={h} size="xs" c="dimmed">
            {pad(h)}:00
          </Text>
        ))}
      </div>
      {days.map((day) => {
        const key = zonedDate(day, zone);
        return (
          <section key={key} className="week-day" data-day={key} aria-label={formatDay(day, zone)}>
            <Text fw={600} size="sm">
              {formatDay(day, zone)}
            </Text>
            {hours.map((h) => {
              const hour = `${key}T${pad(h)}:00`;
              const items = bookings.filter(
                (b) => zonedDate(new Date(b.starts_at), zone) === key && hourOf(b.starts_at, zone) === h,
              );
              return (
                // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; by keyboard, a booking's dialog moves it
                <div
                  key={hour}
                  className="week-cell"
                  data-hour={hour}
                  data-over={over === hour}
                  onDragOver={(e) => {
                    if (!canMove) return;
                    e.preventDefault();
                    setOver(hour);
                  }}
                  onDragLeave={() => setOver((o) => (o === hour ? null : o))}
                  onDrop={(e) => {
                    setOver(null);
                    const booking = bookings.find((b) => b.id === e.dataTransfer.getData('text/plain'));
                    if (booking) onDrop(booking, hour);
                  }}
                >
                  {items.map((b) => (
                    <Card
                      key={b.id}
                      p={6}
                      withBorder
                      bg={`${colourOf(b.assignee_id)}.0`}
                      component="button"
                      draggable={canMove}
                      onDragStart={(e) => {
                        e.dataTransfer.setData('text/plain', b.id);
                        e.dataTransfer.effectAllowed = 'move';
                      }}
                      onClick={() => onOpen(b)}
                      style={{ textAlign: 'left', cursor: canMove ? 'grab' : 'pointer', width: '100%' }}
                    >
                      <Text size="xs" fw={600}>
                        {formatTime(b.starts_at, zone)}–{formatTime(b.ends_at, zone)} {b.kind}
                      </Text>
                      <Text size="xs" fw={600} lineClamp={1}>
                        {sellerOf(b.lead_id)?.name || 'Seller'}
                      </Text>
                      {sellerOf(b.lead_id)?.address && (
                        <Text size="xs" lineClamp={1}>
                          {sellerOf(b.lead_id)?.address}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {b.assignee_id === null ? 'Desk' : nameOf(b.assignee_id)}
                      </Text>
                    </Card>
                  ))}
                </div>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
