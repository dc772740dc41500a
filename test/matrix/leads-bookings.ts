import { randomInt } from 'node:crypto';
import { createBooking } from '../../src/modules/bookings/bookings.service.js';
import { createLead } from '../../src/modules/leads/leads.service.js';
import type { MatrixRoute, MatrixSeed } from './types.js';

/** A UK mobile number no other lead of the run is likely to have. */
function aPhone(): string {
  return `+4477${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

// Each matrix case books again in the same workspace, so each booking gets its own hour.
let nextHour = 0;
function aStart(): string {
  nextHour += 1;
  return new Date(Date.UTC(2031, 0, 1) + nextHour * 3_600_000).toISOString();
}

async function aLead(seed: MatrixSeed) {
  const lead = await createLead(
    seed.db,
    seed.tenant.workspaceId,
    { name: 'Matrix Lead', phone: aPhone() },
    seed.clock.now(),
  );
  return { lead_id: lead.id, starts_at: aStart() };
}

async function aBooking(seed: MatrixSeed) {
  const { lead_id } = await aLead(seed);
  const booking = await createBooking(
    seed.db,
    seed.tenant.workspaceId,
    { kind: 'callback', lead_id, starts_at: new Date(aStart()) },
    seed.clock.now(),
  );
  return { booking_id: booking.id };
}

export const leadBookingRoutes: MatrixRoute[] = [
  { method: 'GET', url: '/api/v1/leads' },
  { method: 'POST', url: '/api/v1/leads', body: () => ({ name: 'Matrix', phone: aPhone() }) },
  { method: 'GET', url: '/api/v1/leads/:lead_id', record: aLead },
  { method: 'PATCH', url: '/api/v1/leads/:lead_id', record: aLead, body: { status: 'working' } },
  {
    method: 'POST',
    url: '/api/v1/leads/:lead_id/merge',
    record: async (seed) => ({ ...(await aLead(seed)), into: (await aLead(seed)).lead_id }),
    body: (p: Record<string, string>) => ({ into: p.into }),
  },
  { method: 'GET', url: '/api/v1/bookings' },
  {
    method: 'POST',
    url: '/api/v1/bookings',
    record: aLead,
    body: (p: Record<string, string>) => ({ kind: 'callback', lead_id: p.lead_id, starts_at: p.starts_at }),
  },
  { method: 'GET', url: '/api/v1/bookings/free-slots' },
  { method: 'GET', url: '/api/v1/bookings.ics' },
  { method: 'GET', url: '/api/v1/bookings/:booking_id', record: aBooking },
  {
    method: 'PATCH',
    url: '/api/v1/bookings/:booking_id',
    record: aBooking,
    body: { note: 'Ring after six' },
  },
];
