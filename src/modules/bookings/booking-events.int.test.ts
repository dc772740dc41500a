import { describe, expect, it } from 'vitest';
import { call } from '../../../test/support/factories.js';
import { json } from '../../../test/support/harness.js';
import { answer } from '../../../test/support/receivers.js';
import { createEndpoint, useWebhookFixture } from '../../../test/support/webhooks.js';
import type { Lead } from '../leads/leads.schemas.js';
import type { Booking } from './bookings.schemas.js';

// docs/webhooks.md: moving or cancelling a booking tells a connected diary, through a signed
// delivery to a real HTTPS receiver, with the booking exactly as the API answers it.

const { w, worker, receiver } = useWebhookFixture();

describe('booking.updated and booking.cancelled', () => {
  it('are delivered for a move and a cancellation, and a PATCH that changes nothing sends nothing', async () => {
    const { t, tenant } = w();
    const member = tenant.callers.member;
    const r = await receiver(answer(200));
    await createEndpoint(w(), r.url('/diary'), ['booking.updated', 'booking.cancelled']);
    const lead = json<Lead>(
      await call(t.app, member, 'POST', '/api/v1/leads', { name: 'Dora Diary', phone: '+447700900811' }),
    );
    const booked = await call(t.app, member, 'POST', '/api/v1/bookings', {
      kind: 'viewing',
      lead_id: lead.id,
      starts_at: '2031-03-04T10:00:00Z',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = json<Booking>(booked).id;
    const moved = await call(t.app, member, 'PATCH', `/api/v1/bookings/${id}`, {
      starts_at: '2031-03-05T15:00:00Z',
    });
    const same = await call(t.app, member, 'PATCH', `/api/v1/bookings/${id}`, {
      starts_at: '2031-03-05T15:00:00Z',
    });
    expect(same.statusCode).toBe(200);
    const cancelled = await call(t.app, member, 'PATCH', `/api/v1/bookings/${id}`, { status: 'cancelled' });
    expect(await worker().drain()).toBe(2);
    // Both events are written at one instant of the test clock, so they may arrive in either order.
    const sent = r.requests.map((req) => JSON.parse(req.body.toString()) as { type: string; data: unknown });
    expect(sent.map((e) => e.type).sort()).toEqual(['booking.cancelled', 'booking.updated']);
    expect(sent.find((e) => e.type === 'booking.updated')?.data).toEqual(json(moved));
    expect(sent.find((e) => e.type === 'booking.cancelled')?.data).toEqual(json(cancelled));
    expect(json<Booking>(cancelled).status).toBe('cancelled');
  });
});
