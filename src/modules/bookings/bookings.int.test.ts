import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, createUser, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { newId } from '../../lib/ids.js';
import { DEFAULT_AGENT_CONFIG } from '../agent/agent-config.js';
import type { Lead } from '../leads/leads.schemas.js';
import type { Booking } from './bookings.schemas.js';

let t: TestContext;
let tenant: Tenant;
const MONDAY = new Date('2026-11-23T08:00:00.000Z');

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(MONDAY);
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

/** A distinct day per use, so tests sharing the workspace never collide on the desk calendar. */
let dayOffset = 0;
function aDay(): (hhmm: string) => string {
  dayOffset += 1;
  const day = new Date(Date.UTC(2027, 0, 1) + dayOffset * 86_400_000).toISOString().slice(0, 10);
  return (hhmm) => `${day}T${hhmm}:00.000Z`;
}

async function aLead(who = tenant): Promise<Lead> {
  const res = await call(t.app, who.callers.member, 'POST', '/api/v1/leads', {
    name: 'Booked Lead',
    phone: `+447700${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<Lead>(res);
}

function post(body: Record<string, unknown>, who = tenant) {
  return call(t.app, who.callers.member, 'POST', '/api/v1/bookings', body);
}

async function book(body: Record<string, unknown>, who = tenant): Promise<Booking> {
  const res = await post(body, who);
  expect(res.statusCode, res.body).toBe(201);
  return json<Booking>(res);
}

function patch(id: string, body: Record<string, unknown>) {
  return call(t.app, tenant.callers.member, 'PATCH', `/api/v1/bookings/${id}`, body);
}

async function eventCount(workspaceId = tenant.workspaceId): Promise<number> {
  const rows = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM events WHERE workspace_id = $1',
    [workspaceId],
  );
  return rows[0]?.n ?? -1;
}

async function scheduledAt(leadId: string): Promise<number> {
  const rows = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM bookings WHERE workspace_id = $1 AND lead_id = $2 AND status = 'scheduled'",
    [tenant.workspaceId, leadId],
  );
  return rows[0]?.n ?? -1;
}

const detailsPaths = (res: { body: string }) =>
  (JSON.parse(res.body) as { error: { details?: { path: string }[] } }).error.details?.map((d) => d.path) ??
  [];

describe('POST /api/v1/bookings', () => {
  it('answers 201 with a default-length callback and viewing, and writes booking.created with the same object', async () => {
    const lead = await aLead();
    const at = aDay();
    const callback = await book({ kind: 'callback', lead_id: lead.id, starts_at: at('09:00') });
    expect(callback).toEqual({
      id: expect.stringMatching(/^bk_[0-9a-z]{26}$/),
      kind: 'callback',
      lead_id: lead.id,
      call_id: null,
      starts_at: at('09:00'),
      ends_at: at('09:15'),
      assignee_id: null,
      note: null,
      status: 'scheduled',
      assignee_pinned: false,
      created_at: MONDAY.toISOString(),
      updated_at: MONDAY.toISOString(),
    });
    const viewing = await book({ kind: 'viewing', lead_id: lead.id, starts_at: at('10:00') });
    expect(viewing.ends_at).toBe(at('11:00'));
    const rows = await t.db.query<{ type: string; data: unknown }>(
      `SELECT type, data FROM events WHERE workspace_id = $1 AND type = 'booking.created' AND data->>'lead_id' = $2
        ORDER BY data->>'starts_at'`,
      [tenant.workspaceId, lead.id],
    );
    expect(rows).toEqual([
      { type: 'booking.created', data: callback },
      { type: 'booking.created', data: viewing },
    ]);
  });

  it('takes the default length from the latest published configuration', async () => {
    const ws = await createTenant(t.db, t.clock);
    for (const [version, minutes] of [
      [1, 30],
      [2, 45],
    ] as const) {
      const config = {
        ...DEFAULT_AGENT_CONFIG,
        booking: { ...DEFAULT_AGENT_CONFIG.booking, callback_minutes: minutes },
      };
      await t.db.query(
        'INSERT INTO agent_versions (workspace_id, id, version, config, published_at) VALUES ($1, $2, $3, $4::jsonb, $5)',
        [ws.workspaceId, newId('agv'), version, JSON.stringify(config), t.clock.now()],
      );
    }
    const lead = await aLead(ws);
    const at = aDay();
    const b = await book({ kind: 'callback', lead_id: lead.id, starts_at: at('09:00') }, ws);
    expect(b.ends_at).toBe(at('09:45'));
  });

  it('accepts an explicit end, an assignee who is a member, a note, a call, and offsets in timestamps', async () => {
    const lead = await aLead();
    const at = aDay();
    const callId = newId('call');
    await t.db.query(
      `INSERT INTO calls (workspace_id, id, channel, from_number, to_number, status, started_at, state, updated_at)
       VALUES ($1, $2, 'sim', $3, '+441610000000', 'completed', $4, '{}'::jsonb, $4)`,
      [tenant.workspaceId, callId, lead.phone, t.clock.now()],
    );
    const b = await book({
      kind: 'viewing',
      lead_id: lead.id,
      starts_at: at('09:00').replace('T09:00:00.000Z', 'T10:00:00+01:00'),
      ends_at: at('10:30'),
      assignee_id: tenant.users.member.id,
      note: 'Bring the keys',
      call_id: callId,
    });
    expect(b).toMatchObject({
      starts_at: at('09:00'),
      ends_at: at('10:30'),
      assignee_id: tenant.users.member.id,
      note: 'Bring the keys',
      call_id: callId,
    });
  });

  it('answers 404 not_found for a lead or call that is not in this workspace', async () => {
    const other = await createTenant(t.db, t.clock);
    const theirs = await aLead(other);
    const mine = await aLead();
    const at = aDay();
    const before = await eventCount();
    for (const body of [
      { kind: 'callback', lead_id: theirs.id, starts_at: at('09:00') },
      { kind: 'callback', lead_id: 'lead_00000000000000000000000000', starts_at: at('09:00') },
      { kind: 'callback', lead_id: mine.id, starts_at: at('09:00'), call_id: newId('call') },
    ]) {
      const res = await post(body);
      expect(res.statusCode).toBe(404);
      expect(errorCode(res)).toBe('not_found');
    }
    expect(await eventCount()).toBe(before);
    expect(await scheduledAt(mine.id)).toBe(0);
  });

  it.each([
    ['an end before the start', { ends_at: '08:00' }, 'ends_at'],
    ['an end equal to the start', { ends_at: '09:00' }, 'ends_at'],
    ['a booking over 24 hours', { ends_at: 'next-day' }, 'ends_at'],
    ['a start that is not a timestamp', { starts_at: 'tomorrow at 10' }, 'starts_at'],
    ['a timestamp without a zone', { starts_at: '2027-02-01T09:00:00' }, 'starts_at'],
    ['an unknown kind', { kind: 'meeting' }, 'kind'],
    ['an assignee who is not a member', { assignee_id: 'stranger' }, 'assignee_id'],
    ['a note over 2000 characters', { note: 'n'.repeat(2001) }, 'note'],
    ['an unknown field', { status: 'scheduled' }, 'status'],
  ])('refuses %s with 400 validation_failed, writing nothing', async (_name, over, path) => {
    const lead = await aLead();
    const at = aDay();
    const stranger = await createUser(t.db, t.clock);
    const body: Record<string, unknown> = { kind: 'callback', lead_id: lead.id, starts_at: at('09:00') };
    for (const [k, v] of Object.entries(over)) {
      if (v === 'next-day')
        body[k] = new Date(Date.parse(at('09:00')) + 24 * 3_600_000 + 60_000).toISOString();
      else if (v === 'stranger') body[k] = stranger.id;
      else body[k] = k === 'ends_at' ? at(v) : v;
    }
    const before = await eventCount();
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorCode(res)).toBe('validation_failed');
    expect(detailsPaths(res)).toContain(path);
    expect(await eventCount()).toBe(before);
    expect(await scheduledAt(lead.id)).toBe(0);
  });
});

describe('no double-booking', () => {
  it('answers 409 conflict naming the booking for an overlap on the same calendar', async () => {
    const lead = await aLead();
    const at = aDay();
    const first = await book({ kind: 'viewing', lead_id: lead.id, starts_at: at('10:00') });
    const before = await eventCount();
    for (const [start, end] of [
      ['10:00', '11:00'],
      ['09:30', '10:01'],
      ['10:59', '11:30'],
      ['10:15', '10:30'],
      ['09:00', '12:00'],
    ]) {
      const res = await post({
        kind: 'callback',
        lead_id: lead.id,
        starts_at: at(start ?? ''),
        ends_at: at(end ?? ''),
      });
      expect(res.statusCode, `${start}-${end}`).toBe(409);
      expect(errorCode(res)).toBe('conflict');
      expect(res.body).toContain(first.id);
    }
    expect(await eventCount()).toBe(before);
    // Touching at an edge is not an overlap.
    await book({ kind: 'callback', lead_id: lead.id, starts_at: at('09:45'), ends_at: at('10:00') });
    await book({ kind: 'callback', lead_id: lead.id, starts_at: at('11:00') });
  });

  it('keeps one calendar per assignee, and the desk (no assignee) as one more', async () => {
    const lead = await aLead();
    const at = aDay();
    const time = { kind: 'callback', lead_id: lead.id, starts_at: at('14:00') };
    await book(time);
    await book({ ...time, assignee_id: tenant.users.member.id });
    await book({ ...time, assignee_id: tenant.users.admin.id });
    const res = await post({ ...time, assignee_id: tenant.users.member.id });
    expect(res.statusCode).toBe(409);
    const other = await createTenant(t.db, t.clock);
    await book({ ...time, lead_id: (await aLead(other)).id }, other);
  });

  it('lets exactly one of several concurrent overlapping bookings through', async () => {
    const lead = await aLead();
    const at = aDay();
    // Every pair starts less than the 15-minute callback apart, so whichever wins the race
    // overlaps all the others: exactly one 201 in any order.
    const starts = ['09:00', '09:00', '09:05', '09:10', '09:02'];
    const results = await Promise.all(
      starts.map((s) => post({ kind: 'callback', lead_id: lead.id, starts_at: at(s) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await scheduledAt(lead.id)).toBe(1);
  });

  it('frees the time when a booking is cancelled', async () => {
    const lead = await aLead();
    const at = aDay();
    const first = await book({ kind: 'callback', lead_id: lead.id, starts_at: at('09:00') });
    expect((await post({ kind: 'callback', lead_id: lead.id, starts_at: at('09:00') })).statusCode).toBe(409);
    const cancelled = await patch(first.id, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(json<Booking>(cancelled).status).toBe('cancelled');
    await book({ kind: 'callback', lead_id: lead.id, starts_at: at('09:00') });
  });
});

describe('GET /api/v1/bookings/{id}', () => {
  it('answers the booking, and 404 not_found for a missing one or one of another workspace', async () => {
    const at = aDay();
    const mine = await book({ kind: 'callback', lead_id: (await aLead()).id, starts_at: at('09:00') });
    const res = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/bookings/${mine.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(mine);
    const other = await createTenant(t.db, t.clock);
    const theirs = await book(
      { kind: 'callback', lead_id: (await aLead(other)).id, starts_at: at('09:00') },
      other,
    );
    for (const id of [theirs.id, 'bk_00000000000000000000000000']) {
      const miss = await call(t.app, tenant.callers.owner, 'GET', `/api/v1/bookings/${id}`);
      expect([miss.statusCode, errorCode(miss)]).toEqual([404, 'not_found']);
    }
  });
});

describe('GET /api/v1/bookings', () => {
  let ws: Tenant;
  let made: Booking[];
  let leadA: Lead;

  beforeAll(async () => {
    ws = await createTenant(t.db, t.clock);
    leadA = await aLead(ws);
    const leadB = await aLead(ws);
    const specs = [
      { kind: 'callback', lead_id: leadA.id, starts_at: '2027-03-01T09:00:00Z' },
      { kind: 'viewing', lead_id: leadA.id, starts_at: '2027-03-01T10:00:00Z' },
      { kind: 'callback', lead_id: leadB.id, starts_at: '2027-03-02T09:00:00Z' },
      { kind: 'viewing', lead_id: leadB.id, starts_at: '2027-03-03T09:00:00Z' },
      { kind: 'callback', lead_id: leadB.id, starts_at: '2027-03-04T09:00:00Z' },
    ];
    made = [];
    for (const spec of specs) {
      // Ids sort by creation time, and the test clock stands still unless moved.
      t.clock.advance(1_000);
      made.push(await book(spec, ws));
    }
    const cancel = await call(t.app, ws.callers.member, 'PATCH', `/api/v1/bookings/${made[4]?.id}`, {
      status: 'cancelled',
    });
    expect(cancel.statusCode).toBe(200);
  });

  async function ids(query: string): Promise<string[]> {
    const res = await call(t.app, ws.callers.viewer, 'GET', `/api/v1/bookings${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: Booking[] }>(res).data.map((b) => b.id);
  }
  const idsOf = (...i: number[]) => i.map((n) => made[n]?.id);

  it('lists newest first, or oldest first with order=asc, only this workspace', async () => {
    expect(await ids('')).toEqual(idsOf(4, 3, 2, 1, 0));
    expect(await ids('?order=asc')).toEqual(idsOf(0, 1, 2, 3, 4));
  });

  it('filters by kind, lead_id and status', async () => {
    expect(await ids('?kind=viewing')).toEqual(idsOf(3, 1));
    expect(await ids(`?lead_id=${leadA.id}`)).toEqual(idsOf(1, 0));
    expect(await ids('?status=cancelled')).toEqual(idsOf(4));
    expect(await ids(`?kind=callback&status=scheduled&lead_id=${leadA.id}`)).toEqual(idsOf(0));
  });

  it('keeps bookings that overlap the from/to window', async () => {
    expect(await ids('?from=2027-03-02T00:00:00Z')).toEqual(idsOf(4, 3, 2));
    expect(await ids('?to=2027-03-02T00:00:00Z')).toEqual(idsOf(1, 0));
    // 09:00-09:15 overlaps a window starting at 09:10, and one ending at 09:01.
    expect(await ids('?from=2027-03-01T09:10:00Z&to=2027-03-01T10:00:00Z')).toEqual(idsOf(0));
    expect(await ids('?from=2027-03-01T08:00:00Z&to=2027-03-01T09:01:00Z')).toEqual(idsOf(0));
    // Touching the window's edge is outside it.
    expect(await ids('?from=2027-03-01T09:15:00Z&to=2027-03-01T10:00:00Z')).toEqual([]);
    // 10:00+01:00 is 09:00Z.
    expect(await ids('?from=2027-03-01T10:00:00%2B01:00&to=2027-03-01T09:01:00Z')).toEqual(idsOf(0));
  });

  it('walks every page with next_cursor', async () => {
    for (const order of ['desc', 'asc']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const q: string = `?limit=2&order=${order}${cursor ? `&cursor=${cursor}` : ''}`;
        const page = json<{ data: Booking[]; next_cursor: string | null }>(
          await call(t.app, ws.callers.viewer, 'GET', `/api/v1/bookings${q}`),
        );
        seen.push(...page.data.map((b) => b.id));
        cursor = page.next_cursor;
      } while (cursor !== null);
      expect(seen).toEqual(order === 'desc' ? idsOf(4, 3, 2, 1, 0) : idsOf(0, 1, 2, 3, 4));
    }
  });

  it.each([
    ['?kind=meeting', 'kind'],
    ['?status=done', 'status'],
    ['?from=yesterday', 'from'],
    ['?from=2027-03-02T00:00:00Z&to=2027-03-01T00:00:00Z', 'to'],
    ['?from=2027-03-02T00:00:00Z&to=2027-03-02T00:00:00Z', 'to'],
    ['?limit=500', 'limit'],
    ['?cursor=nope', 'cursor'],
  ])('refuses %s with 400 validation_failed', async (query, path) => {
    const res = await call(t.app, ws.callers.viewer, 'GET', `/api/v1/bookings${query}`);
    expect(res.statusCode).toBe(400);
    expect(detailsPaths(res)).toContain(path);
  });
});
