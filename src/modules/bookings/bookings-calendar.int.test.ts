import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCalendar, unescapeText } from '../../../test/support/bookings.js';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { newId } from '../../lib/ids.js';
import { type AgentConfig, DEFAULT_AGENT_CONFIG } from '../agent/agent-config.js';
import type { Lead } from '../leads/leads.schemas.js';
import type { Booking } from './bookings.schemas.js';

let t: TestContext;
const MONDAY = new Date('2026-11-23T08:00:00.000Z'); // 08:00 GMT

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(MONDAY);
});
afterAll(() => t.close());

async function aLead(who: Tenant, name = 'Calendar Lead'): Promise<Lead> {
  const res = await call(t.app, who.callers.member, 'POST', '/api/v1/leads', {
    name,
    phone: `+447700${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<Lead>(res);
}

async function book(who: Tenant, body: Record<string, unknown>): Promise<Booking> {
  const res = await call(t.app, who.callers.member, 'POST', '/api/v1/bookings', body);
  expect(res.statusCode, res.body).toBe(201);
  return json<Booking>(res);
}

async function freeTimes(who: Tenant, query = ''): Promise<string[]> {
  const res = await call(t.app, who.callers.viewer, 'GET', `/api/v1/bookings/free-slots${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { starts_at: string; ends_at: string }[] }>(res).data.map(
    (s) => `${s.starts_at}/${s.ends_at}`,
  );
}

describe('GET /api/v1/bookings/free-slots', () => {
  it('offers callbacks of the default length from 09:00 (lead time 60 min after 08:00), ten by default', async () => {
    const ws = await createTenant(t.db, t.clock);
    const times = await freeTimes(ws);
    expect(times).toHaveLength(10);
    expect(times.slice(0, 2)).toEqual([
      '2026-11-23T09:00:00.000Z/2026-11-23T09:15:00.000Z',
      '2026-11-23T09:15:00.000Z/2026-11-23T09:30:00.000Z',
    ]);
    expect(await freeTimes(ws, '?kind=viewing&limit=2')).toEqual([
      '2026-11-23T09:00:00.000Z/2026-11-23T10:00:00.000Z',
      '2026-11-23T10:00:00.000Z/2026-11-23T11:00:00.000Z',
    ]);
  });

  it('leaves out times taken on the desk calendar, but not by assigned or cancelled bookings', async () => {
    const ws = await createTenant(t.db, t.clock);
    const lead = await aLead(ws);
    await book(ws, {
      kind: 'viewing',
      lead_id: lead.id,
      starts_at: '2026-11-23T09:00:00Z',
      ends_at: '2026-11-23T09:30:00Z',
    });
    await book(ws, {
      kind: 'callback',
      lead_id: lead.id,
      starts_at: '2026-11-23T09:30:00Z',
      assignee_id: ws.users.member.id,
    });
    const cancelled = await book(ws, {
      kind: 'callback',
      lead_id: lead.id,
      starts_at: '2026-11-23T09:45:00Z',
    });
    await call(t.app, ws.callers.member, 'PATCH', `/api/v1/bookings/${cancelled.id}`, {
      status: 'cancelled',
    });
    expect(await freeTimes(ws, '?limit=3')).toEqual([
      '2026-11-23T09:30:00.000Z/2026-11-23T09:45:00.000Z',
      '2026-11-23T09:45:00.000Z/2026-11-23T10:00:00.000Z',
      '2026-11-23T10:00:00.000Z/2026-11-23T10:15:00.000Z',
    ]);
  });

  it('follows the latest published configuration: hours, zone and length of a booking', async () => {
    const ws = await createTenant(t.db, t.clock);
    const config: AgentConfig = {
      ...DEFAULT_AGENT_CONFIG,
      hours: {
        time_zone: 'Europe/Paris',
        week: {
          mon: [],
          tue: [],
          wed: [],
          thu: [],
          fri: [],
          sat: [{ start: '10:00', end: '11:00' }],
          sun: [],
        },
      },
      booking: { ...DEFAULT_AGENT_CONFIG.booking, callback_minutes: 30 },
    };
    await t.db.query(
      'INSERT INTO agent_versions (workspace_id, id, version, config, published_at) VALUES ($1, $2, 1, $3::jsonb, $4)',
      [ws.workspaceId, newId('agv'), JSON.stringify(config), t.clock.now()],
    );
    // Saturday 10:00 in Paris (UTC+1 in November) is 09:00Z; the 14-day horizon holds two Saturdays.
    expect(await freeTimes(ws)).toEqual([
      '2026-11-28T09:00:00.000Z/2026-11-28T09:30:00.000Z',
      '2026-11-28T09:30:00.000Z/2026-11-28T10:00:00.000Z',
      '2026-12-05T09:00:00.000Z/2026-12-05T09:30:00.000Z',
      '2026-12-05T09:30:00.000Z/2026-12-05T10:00:00.000Z',
    ]);
  });

  it.each([['?limit=0'], ['?limit=51'], ['?kind=meeting'], ['?from=2026-11-23T00:00:00Z']])(
    'refuses %s with 400 validation_failed',
    async (query) => {
      const ws = await createTenant(t.db, t.clock);
      const res = await call(t.app, ws.callers.viewer, 'GET', `/api/v1/bookings/free-slots${query}`);
      expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    },
  );
});

describe('GET /api/v1/bookings.ics', () => {
  let ws: Tenant;
  let callback: Booking;
  let viewing: Booking;
  let lead: Lead;
  const note =
    'Ring after 6pm, ask for Jo; gate code 1234.\nDog in garden \\ be careful. Café £250,000 asking — long note '.repeat(
      2,
    );

  beforeAll(async () => {
    ws = await createTenant(t.db, t.clock);
    lead = await aLead(ws, 'Smith, John; Jr');
    callback = await book(ws, {
      kind: 'callback',
      lead_id: lead.id,
      starts_at: '2026-11-24T10:00:00Z',
      note,
    });
    viewing = await book(ws, { kind: 'viewing', lead_id: lead.id, starts_at: '2026-11-25T14:00:00+00:00' });
    const cancelled = await book(ws, {
      kind: 'callback',
      lead_id: lead.id,
      starts_at: '2026-11-26T10:00:00Z',
    });
    await call(t.app, ws.callers.member, 'PATCH', `/api/v1/bookings/${cancelled.id}`, {
      status: 'cancelled',
    });
    // Long past: outside the feed's default 30 days of history.
    await book(ws, { kind: 'callback', lead_id: lead.id, starts_at: '2026-10-01T10:00:00Z' });
    const other = await createTenant(t.db, t.clock);
    await book(other, {
      kind: 'callback',
      lead_id: (await aLead(other)).id,
      starts_at: '2026-11-24T10:00:00Z',
    });
  });

  async function feed(query = '') {
    const res = await call(t.app, ws.callers.viewer, 'GET', `/api/v1/bookings.ics${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { res, cal: parseCalendar(res.body) };
  }

  it('answers text/calendar with one VEVENT per scheduled booking of this workspace', async () => {
    const { res, cal } = await feed();
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(cal.physical[0]).toBe('BEGIN:VCALENDAR');
    expect(cal.calendar.get('VERSION')).toBe('2.0');
    expect(cal.events.map((e) => e.get('UID'))).toEqual([
      `${callback.id}@callagent`,
      `${viewing.id}@callagent`,
    ]);
    const [first, second] = cal.events;
    expect(first?.get('DTSTART')).toBe('20261124T100000Z');
    expect(first?.get('DTEND')).toBe('20261124T101500Z');
    expect(first?.get('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(second?.get('DTEND')).toBe('20261125T150000Z');
    expect(unescapeText(first?.get('SUMMARY') ?? '')).toBe('Callback: Smith, John; Jr');
    expect(first?.get('SUMMARY')).toBe('Callback: Smith\\, John\\; Jr');
    expect(unescapeText(second?.get('SUMMARY') ?? '')).toBe('Viewing: Smith, John; Jr');
    expect(unescapeText(first?.get('DESCRIPTION') ?? '')).toBe(`Phone: ${lead.phone}\n${note.trim()}`);
    expect(unescapeText(second?.get('DESCRIPTION') ?? '')).toBe(`Phone: ${lead.phone}`);
  });

  it('folds long lines at 75 octets with CRLF line endings throughout', async () => {
    const { res, cal } = await feed();
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of cal.physical) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(cal.physical.some((l) => l.startsWith(' '))).toBe(true);
  });

  it('narrows to bookings overlapping from/to, and refuses a bad window with 400', async () => {
    const { cal } = await feed('?from=2026-11-25T00:00:00Z');
    expect(cal.events.map((e) => e.get('UID'))).toEqual([`${viewing.id}@callagent`]);
    const early = await feed('?from=2026-09-01T00:00:00Z&to=2026-11-24T10:05:00Z');
    expect(early.cal.events).toHaveLength(2);
    const bad = await call(
      t.app,
      ws.callers.viewer,
      'GET',
      '/api/v1/bookings.ics?from=2026-11-25T00:00:00Z&to=2026-11-24T00:00:00Z',
    );
    expect([bad.statusCode, errorCode(bad)]).toEqual([400, 'validation_failed']);
  });
});

describe('the OpenAPI document', () => {
  it('describes Lead, Booking and FreeSlot as components and the feed as text/calendar', async () => {
    const doc = json<{
      components: { schemas: Record<string, unknown> };
      paths: Record<
        string,
        Record<string, { tags?: string[]; responses: Record<string, { content?: object }> }>
      >;
    }>(await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' }));
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Lead', 'Booking', 'FreeSlot']),
    );
    expect(Object.keys(doc.paths['/api/v1/bookings.ics']?.get?.responses['200']?.content ?? {})).toEqual([
      'text/calendar',
    ]);
    for (const [path, tag] of [
      ['/api/v1/leads', 'Leads'],
      ['/api/v1/leads/{lead_id}', 'Leads'],
      ['/api/v1/bookings', 'Bookings'],
      ['/api/v1/bookings/{booking_id}', 'Bookings'],
      ['/api/v1/bookings/free-slots', 'Bookings'],
    ]) {
      for (const op of Object.values(doc.paths[path ?? ''] ?? {})) expect(op.tags).toEqual([tag]);
    }
  });
});
