import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { ApiError } from '../../http/errors.js';
import type { Lead } from './leads.schemas.js';
import { type CapturedCaller, captureLeadFromCall, findLeadByPhone } from './leads.service.js';

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

function aNumber() {
  const digits = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { national: `07700 ${digits}`, e164: `+447700${digits}` };
}

async function eventsFor(leadId: string) {
  const rows = await t.db.query<{ type: string; data: Lead }>(
    "SELECT type, data FROM events WHERE workspace_id = $1 AND data->>'id' = $2 ORDER BY id",
    [tenant.workspaceId, leadId],
  );
  return rows;
}

function captureFull(caller: CapturedCaller) {
  return t.db.transaction((tx) => captureLeadFromCall(tx, tenant.workspaceId, caller, t.clock.now()));
}

async function capture(caller: CapturedCaller): Promise<Lead> {
  return (await captureFull(caller)).lead;
}

describe('captureLeadFromCall', () => {
  it('creates a lead with source call and writes lead.created with the same object', async () => {
    const n = aNumber();
    const lead = await capture({ name: 'Caller One', phone: n.national, note: 'Wants a valuation' });
    expect(lead).toMatchObject({
      name: 'Caller One',
      phone: n.e164,
      source: 'call',
      status: 'new',
      note: 'Wants a valuation',
    });
    const api = await call(t.app, tenant.callers.viewer, 'GET', `/api/v1/leads/${lead.id}`);
    expect(json(api)).toEqual(lead);
    expect(await eventsFor(lead.id)).toEqual([{ type: 'lead.created', data: lead }]);
  });

  it('keeps one lead for a returning number, adding to its name or note with lead.updated', async () => {
    const n = aNumber();
    const first = await capture({ name: 'Jo', phone: n.e164 });
    t.clock.advance(60_000);
    const same = await capture({ name: 'Jo', phone: n.national, note: null });
    expect(same).toEqual(first);
    const fuller = await capture({ name: 'Jo Smith', phone: n.national, note: 'Second call' });
    expect(fuller).toEqual({
      ...first,
      name: 'Jo Smith',
      note: 'Second call',
      updated_at: t.clock.now().toISOString(),
    });
    const events = await eventsFor(first.id);
    expect(events.map((e) => e.type)).toEqual(['lead.created', 'lead.updated']);
    expect(events[1]?.data).toEqual(fuller);
  });

  it('never renames a lead the call did not make: another name goes into the call’s paragraph', async () => {
    const n = aNumber();
    const first = await capture({ name: 'Sarah Jones', phone: n.e164, note: 'First call' });
    t.clock.advance(60_000);
    const other = await captureFull({ name: 'John Smith', phone: n.national, note: 'Wants a valuation' });
    expect(other.lead).toMatchObject({
      name: 'Sarah Jones',
      note: 'First call\n\nWants a valuation Gave the name John Smith.',
    });
    expect(other.callNote).toBe('Wants a valuation Gave the name John Smith.');
    // Its first name alone is no change either.
    const short = await capture({
      name: 'Sarah',
      phone: n.national,
      note: null,
      previousNote: other.callNote,
    });
    expect(short.name).toBe('Sarah Jones');
    // The call that made the lead may still correct the name it gave.
    const own = await capture({ name: 'Sara Jones', phone: n.national, note: null, ownLead: true });
    expect(own.name).toBe('Sara Jones');
    expect((await eventsFor(first.id)).map((e) => e.data.name)).toEqual([
      'Sarah Jones',
      'Sarah Jones',
      'Sara Jones',
    ]);
  });

  it('keeps the desk’s note and adds the call’s as a paragraph that its later captures replace', async () => {
    const n = aNumber();
    const created = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/leads', {
      name: 'Desk Lead',
      phone: n.e164,
      note: 'Spoke 12/11, wants 260k, call after 5pm',
    });
    expect(created.statusCode).toBe(201);
    t.clock.advance(60_000);
    const first = await captureFull({
      name: 'Desk Lead',
      phone: n.national,
      note: 'Mortgage arrears: 4 months',
    });
    expect(first.lead.note).toBe('Spoke 12/11, wants 260k, call after 5pm\n\nMortgage arrears: 4 months');
    expect(first.callNote).toBe('Mortgage arrears: 4 months');
    const fuller = 'Mortgage arrears: 4 months. Service charge: £1,200 a year';
    const second = await captureFull({
      name: 'Desk Lead',
      phone: n.e164,
      note: fuller,
      previousNote: first.callNote,
    });
    expect(second.lead.note).toBe(`Spoke 12/11, wants 260k, call after 5pm\n\n${fuller}`);
    // Nothing to say, or the same again: the note, the call's paragraph and the events stay as they are.
    const quiet = await captureFull({ name: 'Desk Lead', phone: n.e164, note: null, previousNote: fuller });
    expect(quiet).toEqual({ lead: second.lead, callNote: fuller });
    const again = await captureFull({ name: 'Desk Lead', phone: n.e164, note: fuller, previousNote: fuller });
    expect(again).toEqual({ lead: second.lead, callNote: fuller });
    const events = await eventsFor(second.lead.id);
    expect(events.map((e) => e.type)).toEqual(['lead.created', 'lead.updated', 'lead.updated']);
    expect(events.at(-1)?.data).toEqual(second.lead);
  });

  it('makes one lead when two calls from one number are captured at once', async () => {
    const n = aNumber();
    const [a, b] = await Promise.all([
      capture({ name: 'Twin A', phone: n.e164 }),
      capture({ name: 'Twin A', phone: n.national }),
    ]);
    expect(a.id).toBe(b.id);
    const rows = await t.db.query('SELECT id FROM leads WHERE workspace_id = $1 AND phone = $2', [
      tenant.workspaceId,
      n.e164,
    ]);
    expect(rows).toHaveLength(1);
    expect((await eventsFor(a.id)).map((e) => e.type)).toEqual(['lead.created']);
  });

  it('writes nothing when the surrounding transaction rolls back', async () => {
    const n = aNumber();
    const failed = await t.db
      .transaction(async (tx) => {
        await captureLeadFromCall(tx, tenant.workspaceId, { name: 'Ghost', phone: n.e164 }, t.clock.now());
        throw new Error('the call failed later');
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(await findLeadByPhone(t.db, tenant.workspaceId, n.e164)).toBeNull();
    const events = await t.db.query("SELECT 1 FROM events WHERE data->>'phone' = $1", [n.e164]);
    expect(events).toHaveLength(0);
  });

  it('refuses a number that cannot be E.164 with validation_failed on phone', async () => {
    const refused = await capture({ name: 'Withheld', phone: 'anonymous' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused instanceof ApiError ? refused.details?.[0]?.path : undefined).toBe('phone');
  });
});

describe('findLeadByPhone', () => {
  it('finds the lead of this workspace by E.164, and not another workspace’s', async () => {
    const n = aNumber();
    const lead = await capture({ name: 'Findable', phone: n.e164 });
    expect(await findLeadByPhone(t.db, tenant.workspaceId, n.e164)).toEqual(lead);
    const other = await createTenant(t.db, t.clock);
    expect(await findLeadByPhone(t.db, other.workspaceId, n.e164)).toBeNull();
  });
});
