import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, createUser, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { ApiError } from '../../http/errors.js';
import type { Lead } from '../leads/leads.schemas.js';
import type { Booking } from './bookings.schemas.js';
import { createBookingFromCall } from './bookings.service.js';

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-11-23T08:00:00.000Z'));
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

let dayOffset = 0;
function aDay(): (hhmm: string) => string {
  dayOffset += 1;
  const day = new Date(Date.UTC(2027, 1, 1) + dayOffset * 86_400_000).toISOString().slice(0, 10);
  return (hhmm) => `${day}T${hhmm}:00.000Z`;
}

async function aLead(who = tenant): Promise<Lead> {
  const res = await call(t.app, who.callers.member, 'POST', '/api/v1/leads', {
    name: 'Lead For Booking',
    phone: `+447700${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
  });
  return json<Lead>(res);
}

async function book(body: Record<string, unknown>, who = tenant): Promise<Booking> {
  const res = await call(t.app, who.callers.member, 'POST', '/api/v1/bookings', body);
  expect(res.statusCode, res.body).toBe(201);
  return json<Booking>(res);
}

function patch(id: string, body: Record<string, unknown>) {
  return call(t.app, tenant.callers.member, 'PATCH', `/api/v1/bookings/${id}`, body);
}

async function eventCount(): Promise<number> {
  const rows = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM events WHERE workspace_id = $1',
    [tenant.workspaceId],
  );
  return rows[0]?.n ?? -1;
}

describe('PATCH /api/v1/bookings/{id}', () => {
  it('moves a booking by its start and keeps its length, and emits booking.updated for each move', async () => {
    const at = aDay();
    const b = await book({ kind: 'viewing', lead_id: (await aLead()).id, starts_at: at('10:00') });
    const before = await eventCount();
    t.clock.advance(60_000);
    const res = await patch(b.id, { starts_at: at('14:00') });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      ...b,
      starts_at: at('14:00'),
      ends_at: at('15:00'),
      updated_at: t.clock.now().toISOString(),
    });
    const end = await patch(b.id, { ends_at: at('15:30') });
    expect(json<Booking>(end)).toMatchObject({ starts_at: at('14:00'), ends_at: at('15:30') });
    expect(await eventCount()).toBe(before + 2);
  });

  it('lets a booking move onto part of its own time, but not onto another booking (409)', async () => {
    const at = aDay();
    const lead = await aLead();
    const a = await book({ kind: 'viewing', lead_id: lead.id, starts_at: at('10:00') });
    const b = await book({ kind: 'callback', lead_id: lead.id, starts_at: at('12:00') });
    expect((await patch(a.id, { starts_at: at('10:30') })).statusCode).toBe(200);
    const clash = await patch(a.id, { starts_at: at('11:30') });
    expect([clash.statusCode, errorCode(clash)]).toEqual([409, 'conflict']);
    expect(clash.body).toContain(b.id);
    const unchanged = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/bookings/${a.id}`);
    expect(json<Booking>(unchanged).starts_at).toBe(at('10:30'));
  });

  it('reassigns to a member onto their calendar, and refuses a non-member with 400', async () => {
    const at = aDay();
    const lead = await aLead();
    await book({
      kind: 'callback',
      lead_id: lead.id,
      starts_at: at('09:00'),
      assignee_id: tenant.users.admin.id,
    });
    const desk = await book({ kind: 'callback', lead_id: lead.id, starts_at: at('09:00') });
    const taken = await patch(desk.id, { assignee_id: tenant.users.admin.id });
    expect(taken.statusCode).toBe(409);
    const moved = await patch(desk.id, { assignee_id: tenant.users.member.id });
    expect(json<Booking>(moved).assignee_id).toBe(tenant.users.member.id);
    const stranger = await createUser(t.db, t.clock);
    const refused = await patch(desk.id, { assignee_id: stranger.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('assignee_id');
    // Back to the desk, whose 09:00 is free again.
    expect(json<Booking>(await patch(desk.id, { assignee_id: null })).assignee_id).toBeNull();
  });

  it('cancels; a cancelled booking takes a note but cannot be moved (409)', async () => {
    const at = aDay();
    const b = await book({ kind: 'callback', lead_id: (await aLead()).id, starts_at: at('09:00') });
    const cancelled = await patch(b.id, { status: 'cancelled', note: 'Seller withdrew' });
    expect(json<Booking>(cancelled)).toMatchObject({ status: 'cancelled', note: 'Seller withdrew' });
    expect(json<Booking>(await patch(b.id, { note: 'Seller withdrew; may return in spring' })).note).toBe(
      'Seller withdrew; may return in spring',
    );
    for (const body of [{ starts_at: at('11:00') }, { assignee_id: tenant.users.member.id }]) {
      const res = await patch(b.id, body);
      expect([res.statusCode, errorCode(res)]).toEqual([409, 'conflict']);
    }
    const again = await patch(b.id, { status: 'cancelled' });
    expect(again.statusCode).toBe(200);
  });

  it('answers a PATCH that changes nothing with the booking as it is', async () => {
    const at = aDay();
    const b = await book({
      kind: 'callback',
      lead_id: (await aLead()).id,
      starts_at: at('09:00'),
      note: 'x',
    });
    t.clock.advance(60_000);
    for (const body of [
      {},
      { starts_at: at('09:00') },
      { note: 'x', ends_at: at('09:15'), assignee_id: null },
    ]) {
      const res = await patch(b.id, body);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual(b);
    }
  });

  it.each([
    [{ ends_at: '08:00' }, 'ends_at'],
    [{ starts_at: '09:15', ends_at: '09:15' }, 'ends_at'],
    [{ status: 'scheduled' }, 'status'],
    [{ kind: 'viewing' }, 'kind'],
    [{ starts_at: 'soon' }, 'starts_at'],
  ])('refuses %j with 400 validation_failed', async (over, path) => {
    const at = aDay();
    const b = await book({ kind: 'callback', lead_id: (await aLead()).id, starts_at: at('09:00') });
    const body = Object.fromEntries(
      Object.entries(over).map(([k, v]) => [k, /^\d\d:\d\d$/.test(v) ? at(v) : v]),
    );
    const res = await patch(b.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(path);
  });

  it('answers 404 for a booking of another workspace and leaves it alone', async () => {
    const other = await createTenant(t.db, t.clock);
    const at = aDay();
    const theirs = await book(
      { kind: 'callback', lead_id: (await aLead(other)).id, starts_at: at('09:00') },
      other,
    );
    const res = await patch(theirs.id, { status: 'cancelled' });
    expect([res.statusCode, errorCode(res)]).toEqual([404, 'not_found']);
    const still = await call(t.app, other.callers.viewer, 'GET', `/api/v1/bookings/${theirs.id}`);
    expect(json(still)).toEqual(theirs);
  });
});

describe('createBookingFromCall', () => {
  it('books on the desk calendar and writes booking.created with the API object', async () => {
    const lead = await aLead();
    const at = aDay();
    const placed = await t.db.transaction((tx) =>
      createBookingFromCall(
        tx,
        tenant.workspaceId,
        {
          kind: 'callback',
          leadId: lead.id,
          callId: null,
          start: new Date(at('09:00')),
          end: new Date(at('09:15')),
          note: ' From the call ',
        },
        t.clock.now(),
      ),
    );
    if (!placed.ok) throw new Error('expected a booking');
    expect(placed.booking).toMatchObject({
      kind: 'callback',
      lead_id: lead.id,
      assignee_id: null,
      note: 'From the call',
    });
    const api = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/bookings/${placed.booking.id}`);
    expect(json(api)).toEqual(placed.booking);
    const events = await t.db.query<{ data: unknown }>(
      "SELECT data FROM events WHERE workspace_id = $1 AND type = 'booking.created' AND data->>'id' = $2",
      [tenant.workspaceId, placed.booking.id],
    );
    expect(events).toEqual([{ data: placed.booking }]);
  });

  it('returns time_taken instead of throwing, writing nothing, so the agent can offer another time', async () => {
    const lead = await aLead();
    const at = aDay();
    const existing = await book({ kind: 'viewing', lead_id: lead.id, starts_at: at('10:00') });
    const before = await eventCount();
    const result = await t.db.transaction(async (tx) => {
      const first = await createBookingFromCall(
        tx,
        tenant.workspaceId,
        {
          kind: 'callback',
          leadId: lead.id,
          callId: null,
          start: new Date(at('10:30')),
          end: new Date(at('10:45')),
        },
        t.clock.now(),
      );
      // The same transaction carries on and books the next time.
      const second = await createBookingFromCall(
        tx,
        tenant.workspaceId,
        {
          kind: 'callback',
          leadId: lead.id,
          callId: null,
          start: new Date(at('11:00')),
          end: new Date(at('11:15')),
        },
        t.clock.now(),
      );
      return { first, second };
    });
    expect(result.first).toEqual({ ok: false, reason: 'time_taken', conflictingBookingId: existing.id });
    expect(result.second.ok).toBe(true);
    expect(await eventCount()).toBe(before + 1);
  });

  it('refuses a lead of another workspace with not_found', async () => {
    const other = await createTenant(t.db, t.clock);
    const theirs = await aLead(other);
    const at = aDay();
    const refused = await t.db
      .transaction((tx) =>
        createBookingFromCall(
          tx,
          tenant.workspaceId,
          {
            kind: 'callback',
            leadId: theirs.id,
            callId: null,
            start: new Date(at('09:00')),
            end: new Date(at('09:15')),
          },
          t.clock.now(),
        ),
      )
      .catch((e: unknown) => e);
    expect(refused instanceof ApiError ? refused.code : refused).toBe('not_found');
  });
});
