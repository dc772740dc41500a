import type { Booking } from '@callagent/sdk';
import { describe, expect, it } from 'vitest';
import { upcoming } from './upcoming';

const NOW = Date.parse('2026-11-26T12:00:00Z');

function booking(
  id: string,
  starts_at: string,
  ends_at: string,
  status: Booking['status'] = 'scheduled',
): Booking {
  return {
    id,
    kind: 'callback',
    lead_id: 'lead_1',
    call_id: null,
    starts_at,
    ends_at,
    assignee_id: null,
    note: null,
    status,
    assignee_pinned: false,
    // Booked in the opposite order to when they happen.
    created_at: `2026-11-2${id.length}T09:00:00.000Z`,
    updated_at: '2026-11-20T09:00:00.000Z',
  };
}

describe('the bookings to come', () => {
  it('are the scheduled ones not yet over, by when they happen rather than when they were booked', () => {
    const list = upcoming(
      [
        booking('late', '2026-11-30T10:00:00.000Z', '2026-11-30T11:00:00.000Z'),
        booking('past', '2026-11-25T10:00:00.000Z', '2026-11-25T10:15:00.000Z'),
        booking('going', '2026-11-26T11:50:00.000Z', '2026-11-26T12:05:00.000Z'),
        booking('off', '2026-11-27T10:00:00.000Z', '2026-11-27T10:15:00.000Z', 'cancelled'),
        booking('soon', '2026-11-27T09:00:00.000Z', '2026-11-27T09:15:00.000Z'),
      ],
      NOW,
    );
    expect(list.map((b) => b.id)).toEqual(['going', 'soon', 'late']);
  });
});
