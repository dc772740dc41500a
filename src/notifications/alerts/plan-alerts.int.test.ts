import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { seedOpportunity } from '../../../test/support/opportunities.js';
import type { Booking } from '../../modules/bookings/bookings.schemas.js';
import type { Opportunity } from '../../modules/opportunities/opportunities.schemas.js';
import { planBookingAlerts, planOpportunityAlerts } from './plan-alerts.js';

// Alerts to the desk that follow a deal or a booking (docs/notifications.md, "Alerts to the desk"):
// each plan runs on the API object its event carries, as recordEvent will call it.

let t: TestContext;
let tenant: Tenant;
const TUESDAY_11AM = new Date('2026-11-24T11:00:00Z');
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

interface MessageRow {
  idempotency_key: string;
  channel: string;
  recipient: string;
  user_id: string;
  subject: string | null;
  body: string;
  status: string;
  status_reason: string | null;
  send_after: Date;
  not_after: Date | null;
  booking_id: string | null;
  lead_id: string | null;
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(TUESDAY_11AM);
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

async function messagesLike(prefix: string): Promise<MessageRow[]> {
  return t.db.query<MessageRow>(
    'SELECT * FROM messages WHERE starts_with(idempotency_key, $1) ORDER BY idempotency_key',
    [prefix],
  );
}
const pending = async (prefix: string) => (await messagesLike(prefix)).filter((m) => m.status === 'pending');
const who = (rows: MessageRow[]) => rows.map((m) => `${m.channel} ${m.user_id}`).sort();

async function aLead(tn: Tenant, name: string, phone: string): Promise<string> {
  const res = await call(t.app, tn.callers.member, 'POST', '/api/v1/leads', { name, phone });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: string }>(res).id;
}

async function patchDeal(tn: Tenant, id: string, body: unknown): Promise<Opportunity> {
  const res = await call(t.app, tn.callers.member, 'PATCH', `/api/v1/opportunities/${id}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<Opportunity>(res);
}

const planDeal = (tn: Tenant, o: Opportunity) =>
  t.db.transaction((tx) => planOpportunityAlerts(tx, tn.workspaceId, o, t.clock.now()));
const planBooking = (tn: Tenant, b: Booking, at = t.clock.now()) =>
  t.db.transaction((tx) => planBookingAlerts(tx, tn.workspaceId, b, at));

async function settings(tn: Tenant, role: 'owner' | 'admin' | 'member' | 'viewer', body: unknown) {
  const res = await call(t.app, tn.callers[role], 'PUT', '/api/v1/account/notifications', body);
  expect(res.statusCode, res.body).toBe(200);
}

describe('hot seller', () => {
  it('goes by email to everyone who can act when the deal has no owner, once per deal, with who, where, score and the call', async () => {
    const leadId = await aLead(tenant, 'Jane Smith', '07700 900101');
    const deal = await seedOpportunity(t.db, tenant.workspaceId, { leadId, score: 88 }, t.clock.now());
    await planDeal(tenant, deal);
    const rows = await messagesLike(`alert:hot_lead:${deal.id}:`);
    expect(who(rows)).toEqual(
      [tenant.users.owner.id, tenant.users.admin.id, tenant.users.member.id]
        .map((id) => `email ${id}`)
        .sort(),
    );
    const mail = rows[0];
    expect(mail?.subject).toBe('Hot seller: Jane Smith, 12 Acacia Avenue, Manchester, M14 5AB');
    expect(mail?.body).toContain(
      'Hot seller: Jane Smith, 12 Acacia Avenue, Manchester, M14 5AB (+447700900101) scored 88 out of 100.',
    );
    expect(mail?.body).toContain(`{console}/calls/${deal.call_id}`);
    expect(mail?.lead_id).toBe(leadId);
    expect(rows.find((m) => m.user_id === tenant.users.owner.id)?.recipient).toBe(tenant.users.owner.email);

    // Planned again (the next opportunity.updated), or given an owner later: not news again.
    await planDeal(tenant, deal);
    await planDeal(tenant, await patchDeal(tenant, deal.id, { owner_id: tenant.users.admin.id }));
    expect(await messagesLike(`alert:hot_lead:${deal.id}:`)).toHaveLength(3);
  });

  it('goes to the owner alone, and by text too once they gave a mobile and the workspace can text', async () => {
    const tn = await createTenant(t.db, t.clock);
    const leadId = await aLead(tn, 'Tom Brown', '07700 900102');
    // Owned before it turns hot (a returning seller's deal): the alert is the owner's alone.
    const first = await seedOpportunity(t.db, tn.workspaceId, { leadId, outcome: 'warm' }, t.clock.now());
    await settings(tn, 'member', { mobile: '07700 900555', alerts: { hot_lead: { sms: true } } });
    await patchDeal(tn, first.id, { owner_id: tn.users.member.id });
    // No number that can text yet: the email alone.
    await planDeal(tn, await patchDeal(tn, first.id, { outcome: 'hot' }));
    expect(who(await messagesLike(`alert:hot_lead:${first.id}:`))).toEqual([`email ${tn.users.member.id}`]);

    const number = '+441615550102';
    const account = t.twilio.addAccount([number]);
    const reg = await call(t.app, tn.callers.admin, 'POST', '/api/v1/phone-numbers', {
      number,
      provider: 'twilio',
      twilio_account_sid: account.sid,
      twilio_auth_token: account.token,
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const second = await seedOpportunity(
      t.db,
      tn.workspaceId,
      { leadId, address: '3 Mill Road', outcome: 'warm' },
      t.clock.now(),
    );
    await patchDeal(tn, second.id, { owner_id: tn.users.member.id });
    await planDeal(tn, await patchDeal(tn, second.id, { outcome: 'hot' }));
    const rows = await messagesLike(`alert:hot_lead:${second.id}:`);
    expect(who(rows)).toEqual([`email ${tn.users.member.id}`, `sms ${tn.users.member.id}`]);
    const text = rows.find((m) => m.channel === 'sms');
    expect(text).toMatchObject({ recipient: '+447700900555', subject: null });
    expect(text?.body).toMatch(
      /^Hot seller: Tom Brown, 3 Mill Road, M14 5AB \(\+447700900102\) scored 82 .* \{console\}\/calls\//,
    );
  });

  it('skips a member who turned it off, a viewer who never turned it on, and a deal that is not hot', async () => {
    const tn = await createTenant(t.db, t.clock);
    await settings(tn, 'admin', { alerts: { hot_lead: { email: false } } });
    await settings(tn, 'viewer', { alerts: { task_overdue: { email: true } } });
    const hot = await seedOpportunity(t.db, tn.workspaceId, {}, t.clock.now());
    await planDeal(tn, hot);
    expect(who(await messagesLike(`alert:hot_lead:${hot.id}:`))).toEqual(
      [tn.users.owner.id, tn.users.member.id].map((id) => `email ${id}`).sort(),
    );
    // No seller yet (the caller hung up before their name): the alert says so.
    expect((await messagesLike(`alert:hot_lead:${hot.id}:`))[0]?.subject).toBe(
      'Hot seller: A seller, 12 Acacia Avenue, Manchester, M14 5AB',
    );
    const warm = await seedOpportunity(t.db, tn.workspaceId, { outcome: 'warm', score: 55 }, t.clock.now());
    await planDeal(tn, warm);
    expect(await messagesLike(`alert:hot_lead:${warm.id}:`)).toEqual([]);
  });

  it('goes to the owner alone even when they turned it off: nobody else is told instead', async () => {
    const tn = await createTenant(t.db, t.clock);
    await settings(tn, 'member', { alerts: { hot_lead: { email: false, sms: false } } });
    const deal = await seedOpportunity(t.db, tn.workspaceId, { outcome: 'warm' }, t.clock.now());
    await patchDeal(tn, deal.id, { owner_id: tn.users.member.id });
    await planDeal(tn, await patchDeal(tn, deal.id, { outcome: 'hot' }));
    expect(await messagesLike(`alert:hot_lead:${deal.id}:`)).toEqual([]);
  });
});

describe('overdue task', () => {
  it('waits for the due time, for the action’s owner, and follows the due time and owner as they change', async () => {
    const tn = await createTenant(t.db, t.clock);
    const leadId = await aLead(tn, 'Ann Lee', '07700 900103');
    const deal = await seedOpportunity(t.db, tn.workspaceId, { leadId, outcome: 'warm' }, t.clock.now());
    const prefix = `alert:task_overdue:${deal.id}:`;
    const due1 = new Date(TUESDAY_11AM.getTime() + 2 * HOUR);
    const set = (due: Date, owner: string) =>
      patchDeal(tn, deal.id, {
        next_action: { what: 'Call the seller back', owner_id: owner, due_at: due.toISOString() },
      });

    await planDeal(tn, await set(due1, tn.users.member.id));
    const [first] = await pending(prefix);
    expect(first).toMatchObject({
      idempotency_key: `${prefix}${due1.toISOString()}:${tn.users.member.id}:email`,
      send_after: due1,
      subject: 'Overdue: Call the seller back (Ann Lee, 12 Acacia Avenue, Manchester, M14 5AB)',
    });
    expect(first?.body).toContain(
      'Overdue: Call the seller back for Ann Lee, 12 Acacia Avenue, Manchester, M14 5AB was due at 13:00 on Tue 24 Nov.',
    );
    expect(await pending(prefix)).toHaveLength(1);

    // A new due time: the old alert is cancelled, the new one waits.
    const due2 = new Date(due1.getTime() + HOUR);
    await planDeal(tn, await set(due2, tn.users.member.id));
    const all = await messagesLike(prefix);
    expect(all.map((m) => [m.send_after.toISOString(), m.status])).toEqual([
      [due1.toISOString(), 'cancelled'],
      [due2.toISOString(), 'pending'],
    ]);
    expect(all[0]?.status_reason).toMatch(/next action changed/);

    // Back to the first time: its alert waits again.
    await planDeal(tn, await set(due1, tn.users.member.id));
    expect((await pending(prefix)).map((m) => m.send_after.toISOString())).toEqual([due1.toISOString()]);

    // Someone else's now: theirs waits, the member's is cancelled.
    await planDeal(tn, await set(due1, tn.users.admin.id));
    expect(who(await pending(prefix))).toEqual([`email ${tn.users.admin.id}`]);

    // Done (no next action): nothing waits.
    await planDeal(tn, await patchDeal(tn, deal.id, { next_action: null }));
    expect(await pending(prefix)).toEqual([]);
  });

  it('goes to the deal’s owner when the action names nobody, and is cancelled when the deal closes', async () => {
    const tn = await createTenant(t.db, t.clock);
    const deal = await seedOpportunity(t.db, tn.workspaceId, { outcome: 'cold' }, t.clock.now());
    const prefix = `alert:task_overdue:${deal.id}:`;
    await patchDeal(tn, deal.id, { owner_id: tn.users.admin.id });
    const due = new Date(TUESDAY_11AM.getTime() + 30 * MINUTE).toISOString();
    await planDeal(
      tn,
      await patchDeal(tn, deal.id, { next_action: { what: 'Send the offer', due_at: due } }),
    );
    expect(who(await pending(prefix))).toEqual([`email ${tn.users.admin.id}`]);
    await planDeal(tn, await patchDeal(tn, deal.id, { stage: 'dead', dead_reason: 'Sold elsewhere' }));
    expect(await pending(prefix)).toEqual([]);
  });
});

describe('callback or viewing due', () => {
  async function book(tn: Tenant, body: Record<string, unknown>): Promise<Booking> {
    const res = await call(t.app, tn.callers.member, 'POST', '/api/v1/bookings', body);
    expect(res.statusCode, res.body).toBe(201);
    return json<Booking>(res);
  }
  async function change(tn: Tenant, id: string, body: unknown): Promise<Booking> {
    const res = await call(t.app, tn.callers.member, 'PATCH', `/api/v1/bookings/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return json<Booking>(res);
  }

  it('alerts the assignee 15 minutes before, and follows a move, another assignee and a cancellation', async () => {
    const tn = await createTenant(t.db, t.clock);
    const leadId = await aLead(tn, 'Raj Patel', '07700 900104');
    const start = new Date(TUESDAY_11AM.getTime() + 3 * HOUR);
    const booking = await book(tn, {
      kind: 'viewing',
      lead_id: leadId,
      starts_at: start.toISOString(),
      assignee_id: tn.users.member.id,
      note: 'Side gate code 1234',
    });
    const prefix = `alert:booking_due:${booking.id}:`;
    await planBooking(tn, booking);
    const [due] = await pending(prefix);
    expect(due).toMatchObject({
      idempotency_key: `${prefix}${start.toISOString()}:${tn.users.member.id}:email`,
      user_id: tn.users.member.id,
      booking_id: booking.id,
      lead_id: leadId,
      send_after: new Date(start.getTime() - 15 * MINUTE),
      not_after: start,
      subject: 'Viewing at 14:00 on Tue 24 Nov: Raj Patel',
    });
    expect(due?.body).toContain(
      'Viewing with Raj Patel (+447700900104) starts at 14:00 on Tue 24 Nov. Note: Side gate code 1234',
    );
    expect(due?.body).toContain(`{console}/leads/${leadId}`);

    const later = new Date(start.getTime() + HOUR);
    await planBooking(tn, await change(tn, booking.id, { starts_at: later.toISOString() }));
    expect((await pending(prefix)).map((m) => m.not_after?.toISOString())).toEqual([later.toISOString()]);
    expect((await messagesLike(prefix)).find((m) => m.not_after?.getTime() === start.getTime())?.status).toBe(
      'cancelled',
    );

    await planBooking(tn, await change(tn, booking.id, { assignee_id: tn.users.admin.id }));
    expect(who(await pending(prefix))).toEqual([`email ${tn.users.admin.id}`]);

    // Moved back to the first time: the alert for it waits again.
    await planBooking(tn, await change(tn, booking.id, { starts_at: start.toISOString() }));
    expect((await pending(prefix)).map((m) => m.not_after?.toISOString())).toEqual([start.toISOString()]);

    await planBooking(tn, await change(tn, booking.id, { status: 'cancelled' }));
    expect(await pending(prefix)).toEqual([]);
  });

  it('goes to everyone who asked for the shared calendar, at once when it starts within 15 minutes, and never once it has begun', async () => {
    const tn = await createTenant(t.db, t.clock);
    await settings(tn, 'owner', { alerts: { booking_due: { email: false } } });
    const leadId = await aLead(tn, 'Sue Hart', '07700 900105');
    const soon = new Date(TUESDAY_11AM.getTime() + 10 * MINUTE);
    const booking = await book(tn, { kind: 'callback', lead_id: leadId, starts_at: soon.toISOString() });
    const prefix = `alert:booking_due:${booking.id}:`;
    await planBooking(tn, booking);
    const rows = await pending(prefix);
    expect(who(rows)).toEqual([tn.users.admin.id, tn.users.member.id].map((id) => `email ${id}`).sort());
    expect(rows.every((m) => m.send_after.getTime() === TUESDAY_11AM.getTime())).toBe(true);
    expect(rows[0]?.subject).toBe('Callback at 11:10 on Tue 24 Nov: Sue Hart');

    // Planned again after it began (a note changed during the call): nothing more, nothing waiting.
    await planBooking(tn, booking, new Date(soon.getTime() + MINUTE));
    expect(await pending(prefix)).toEqual([]);
    expect(await messagesLike(prefix)).toHaveLength(2);
  });
});
