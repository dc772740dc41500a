/**
 * Texts to sellers (docs/notifications.md, Texts to sellers): what each booking change queues,
 * and the agent promising a text only when one will go.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import {
  aCallerNumber,
  aPhoneCall,
  aTwilioLine,
  converse,
  ring,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
  type TwilioLine,
  twilioPost,
  WARM_SELLER,
} from '../../../test/support/twilio.js';
import { DEFAULT_AGENT_CONFIG } from '../../modules/agent/agent-config.js';

let t: TestContext;

const TEXTS_ON = { texts: { ...DEFAULT_AGENT_CONFIG.texts, enabled: true } };
const PROMISE = "I'll send you a text to confirm.";

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
});
afterAll(() => t.close());

interface TextRow {
  purpose: string;
  idempotency_key: string;
  recipient: string;
  sender: string;
  body: string;
  status: string;
  status_reason: string | null;
  quiet_hours: boolean;
  send_after: Date;
  not_after: Date | null;
  booking_id: string;
  lead_id: string;
}

async function textsTo(workspaceId: string, phone: string): Promise<TextRow[]> {
  return t.db.query<TextRow>(
    `SELECT purpose, idempotency_key, recipient, sender, body, status, status_reason, quiet_hours, send_after,
            not_after, booking_id, lead_id
       FROM messages WHERE workspace_id = $1 AND recipient = $2 AND direction = 'outbound' ORDER BY send_after, id`,
    [workspaceId, phone],
  );
}

const aMobile = aCallerNumber;

async function aLead(line: TwilioLine, phone: string): Promise<string> {
  const res = await call(t.app, line.tenant.callers.member, 'POST', '/api/v1/leads', {
    name: 'Jane Smith',
    phone,
  });
  expect(res.statusCode).toBe(201);
  return String(json(res).id);
}

async function book(line: TwilioLine, leadId: string, startsAt: string, kind = 'viewing') {
  const res = await call(t.app, line.tenant.callers.member, 'POST', '/api/v1/bookings', {
    kind,
    lead_id: leadId,
    starts_at: startsAt,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: string; starts_at: string }>(res);
}

async function patch(line: TwilioLine, bookingId: string, body: Record<string, unknown>) {
  const res = await call(t.app, line.tenant.callers.member, 'PATCH', `/api/v1/bookings/${bookingId}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ id: string; starts_at: string }>(res);
}

const FRIDAY_9AM = '2026-11-27T09:00:00.000Z';
const SATURDAY_10AM = '2026-11-28T10:00:00.000Z';
const HOUR = 3_600_000;

describe('a booking made by the agent on the call', () => {
  it('is promised aloud and confirmed by text at once, from the number the seller called, with reminders', async () => {
    const line = await aTwilioLine(t, TEXTS_ON);
    const c = aPhoneCall(line);
    const { replies } = await converse(t, c, await ring(t, c), WARM_SELLER);
    const booked = replies.find((r) => r.includes("I've booked")) ?? '';
    expect(booked).toContain(PROMISE);

    const [booking] = json<{ data: { id: string; kind: string; starts_at: string; lead_id: string }[] }>(
      await call(t.app, line.tenant.callers.viewer, 'GET', '/api/v1/bookings'),
    ).data;
    expect(booking).toBeDefined();
    if (!booking) return;
    const [opportunity] = json<{ data: { address: string }[] }>(
      await call(
        t.app,
        line.tenant.callers.viewer,
        'GET',
        `/api/v1/opportunities?lead_id=${booking.lead_id}`,
      ),
    ).data;
    const start = DateTime.fromISO(booking.starts_at, { zone: 'Europe/London' });
    const kind = booking.kind === 'viewing' ? 'viewing' : 'call back';
    const texts = await textsTo(line.tenant.workspaceId, c.from);
    const confirmed = texts.find((m) => m.purpose === 'booking_confirmed');
    expect(confirmed).toMatchObject({
      sender: line.number,
      booking_id: booking.id,
      lead_id: booking.lead_id,
      quiet_hours: false,
      status: 'pending',
      idempotency_key: `booking:${booking.id}:at:${booking.starts_at}`,
      body: `Acme Homes: your ${kind} at ${opportunity?.address} is booked for ${start.toFormat('ccc d LLL')} at ${start.toFormat('HH:mm')}. Reply C to cancel.`,
    });
    const reminders = texts.filter((m) => m.purpose === 'booking_reminder');
    const due = [1440, 60]
      .map((m) => Date.parse(booking.starts_at) - m * 60_000)
      .filter((ms) => booking.kind === 'viewing' && ms > t.clock.now().getTime());
    expect(reminders.map((r) => r.send_after.getTime())).toEqual(due);
  });

  it('promises nothing and queues nothing when texts are off, the caller is on a landline, or opted out', async () => {
    const off = await aTwilioLine(t);
    const offCall = aPhoneCall(off);
    expect((await converse(t, offCall, await ring(t, offCall), WARM_SELLER)).replies.join(' ')).not.toContain(
      PROMISE,
    );
    expect(await textsTo(off.tenant.workspaceId, offCall.from)).toEqual([]);

    const on = await aTwilioLine(t, TEXTS_ON);
    const landline = aPhoneCall(on, '+441619990001');
    const heard = await converse(t, landline, await ring(t, landline), WARM_SELLER);
    expect(heard.replies.join(' ')).toMatch(/I've booked/);
    expect(heard.replies.join(' ')).not.toContain(PROMISE);
    expect(await textsTo(on.tenant.workspaceId, landline.from)).toEqual([]);

    const stopped = aPhoneCall(on);
    const res = await twilioPost(t, on.token, '/telephony/twilio/sms', {
      MessageSid: `SM${stopped.callSid.slice(2)}`,
      From: stopped.from,
      To: on.number,
      Body: 'STOP',
    });
    expect(res.statusCode).toBe(200);
    const optedOut = await converse(t, stopped, await ring(t, stopped), WARM_SELLER);
    expect(optedOut.replies.join(' ')).toMatch(/I've booked/);
    expect(optedOut.replies.join(' ')).not.toContain(PROMISE);
    expect(await textsTo(on.tenant.workspaceId, stopped.from)).toEqual([]);
  });
});

describe('a booking made by the desk', () => {
  it('is confirmed by text out of quiet hours, from the workspace number, with a reminder a day and an hour before', async () => {
    const line = await aTwilioLine(t, TEXTS_ON);
    const phone = aMobile();
    const booking = await book(line, await aLead(line, phone), FRIDAY_9AM);
    const texts = await textsTo(line.tenant.workspaceId, phone);
    expect(texts.map((m) => [m.purpose, m.send_after.toISOString(), m.quiet_hours])).toEqual([
      ['booking_confirmed', t.clock.now().toISOString(), true],
      ['booking_reminder', '2026-11-26T09:00:00.000Z', true],
      ['booking_reminder', '2026-11-27T08:00:00.000Z', true],
    ]);
    expect(texts[0]?.body).toBe(
      'Acme Homes: your viewing at the property is booked for Fri 27 Nov at 09:00. Reply C to cancel.',
    );
    expect(texts[0]?.sender).toBe(line.number);
    expect(texts[1]).toMatchObject({
      idempotency_key: `booking:${booking.id}:reminder:1440:${FRIDAY_9AM}`,
      not_after: new Date(FRIDAY_9AM),
      body: 'Acme Homes: a reminder of your viewing at the property on Fri 27 Nov at 09:00. Reply C to cancel.',
    });
  });

  it('texts a move, cancels the old reminders and queues new ones; an update that does not move it texts nothing', async () => {
    const line = await aTwilioLine(t, TEXTS_ON);
    const phone = aMobile();
    const booking = await book(line, await aLead(line, phone), FRIDAY_9AM);
    t.clock.advance(60_000);
    await patch(line, booking.id, { note: 'Bring the keys' });
    expect(await textsTo(line.tenant.workspaceId, phone)).toHaveLength(3);

    await patch(line, booking.id, { starts_at: SATURDAY_10AM });
    const texts = await textsTo(line.tenant.workspaceId, phone);
    const moved = texts.find((m) => m.purpose === 'booking_moved');
    expect(moved).toMatchObject({
      idempotency_key: `booking:${booking.id}:at:${SATURDAY_10AM}`,
      quiet_hours: true,
      body: 'Acme Homes: your viewing at the property has moved to Sat 28 Nov at 10:00. Reply C to cancel.',
    });
    const reminders = texts.filter((m) => m.purpose === 'booking_reminder');
    expect(reminders.map((r) => [r.send_after.toISOString(), r.status, r.status_reason])).toEqual([
      ['2026-11-26T09:00:00.000Z', 'cancelled', 'The booking moved.'],
      ['2026-11-27T08:00:00.000Z', 'cancelled', 'The booking moved.'],
      ['2026-11-27T10:00:00.000Z', 'pending', null],
      ['2026-11-28T09:00:00.000Z', 'pending', null],
    ]);
  });

  it('texts a cancellation and cancels the reminders; a callback gets no reminders', async () => {
    const line = await aTwilioLine(t, TEXTS_ON);
    const phone = aMobile();
    const booking = await book(line, await aLead(line, phone), FRIDAY_9AM);
    t.clock.advance(60_000);
    await patch(line, booking.id, { status: 'cancelled' });
    const texts = await textsTo(line.tenant.workspaceId, phone);
    expect(texts.find((m) => m.purpose === 'booking_cancelled')).toMatchObject({
      idempotency_key: `booking:${booking.id}:cancelled`,
      quiet_hours: true,
      body: 'Acme Homes: your viewing at the property on Fri 27 Nov at 09:00 is cancelled. Call us to arrange another.',
    });
    expect(
      texts.filter((m) => m.purpose === 'booking_reminder').map((m) => [m.status, m.status_reason]),
    ).toEqual([
      ['cancelled', 'The booking was cancelled.'],
      ['cancelled', 'The booking was cancelled.'],
    ]);

    const other = aMobile();
    await book(line, await aLead(line, other), SATURDAY_10AM, 'callback');
    expect((await textsTo(line.tenant.workspaceId, other)).map((m) => m.purpose)).toEqual([
      'booking_confirmed',
    ]);
  });

  it('queues only the reminders still ahead, and nothing at all for a landline, with texts off or without a number', async () => {
    const line = await aTwilioLine(t, TEXTS_ON);
    const soon = new Date(t.clock.now().getTime() + 2 * HOUR).toISOString();
    const phone = aMobile();
    await book(line, await aLead(line, phone), soon);
    expect((await textsTo(line.tenant.workspaceId, phone)).map((m) => m.purpose)).toEqual([
      'booking_confirmed',
      'booking_reminder',
    ]);

    await book(line, await aLead(line, '+441619990002'), FRIDAY_9AM);
    expect(await textsTo(line.tenant.workspaceId, '+441619990002')).toEqual([]);

    const off = await aTwilioLine(t);
    const offPhone = aMobile();
    await book(off, await aLead(off, offPhone), FRIDAY_9AM);
    expect(await textsTo(off.tenant.workspaceId, offPhone)).toEqual([]);

    // Texts on, but no number to send them from.
    const tenant = await createTenant(t.db, t.clock);
    const put = await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/agent/draft', {
      config: { ...DEFAULT_AGENT_CONFIG, ...TEXTS_ON },
    });
    expect(put.statusCode).toBe(200);
    expect((await call(t.app, tenant.callers.admin, 'POST', '/api/v1/agent/publish')).statusCode).toBe(201);
    const lonely = aMobile();
    const lead = json(
      await call(t.app, tenant.callers.member, 'POST', '/api/v1/leads', { name: 'A', phone: lonely }),
    );
    const res = await call(t.app, tenant.callers.member, 'POST', '/api/v1/bookings', {
      kind: 'viewing',
      lead_id: lead.id,
      starts_at: FRIDAY_9AM,
    });
    expect(res.statusCode).toBe(201);
    expect(await textsTo(tenant.workspaceId, lonely)).toEqual([]);
  });
});

describe('a test call', () => {
  it.each(['draft', 'published'])(
    'of the %s agent never texts: a booking that names one queues nothing',
    async (agent) => {
      const line = await aTwilioLine(t, TEXTS_ON);
      const phone = aMobile();
      const leadId = await aLead(line, phone);
      const started = await call(t.app, line.tenant.callers.admin, 'POST', '/api/v1/test-calls', {
        from: phone,
        agent,
      });
      expect(started.statusCode).toBe(201);
      if (agent === 'published')
        await call(
          t.app,
          line.tenant.callers.admin,
          'POST',
          `/api/v1/test-calls/${json(started).call_id}/hangup`,
        );
      const res = await call(t.app, line.tenant.callers.member, 'POST', '/api/v1/bookings', {
        kind: 'viewing',
        lead_id: leadId,
        starts_at: FRIDAY_9AM,
        call_id: json(started).call_id,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await textsTo(line.tenant.workspaceId, phone)).toEqual([]);
    },
  );
});

describe('the texts section through the agent API', () => {
  it('is saved, published and read back; an unknown variable or an overlong template is 400 naming its path', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const bad = await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/agent/draft', {
      config: {
        ...DEFAULT_AGENT_CONFIG,
        texts: {
          ...DEFAULT_AGENT_CONFIG.texts,
          wording: {
            ...DEFAULT_AGENT_CONFIG.texts.wording,
            booking_confirmed: 'Booked for {when}',
            cancel_confirmed: `{business}{business}{business}{business} cancelled`,
          },
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    const body = json<{ error: { code: string; details: { path: string }[] } }>(bad);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.map((d) => d.path).sort()).toEqual([
      'config.texts.wording.booking_confirmed',
      'config.texts.wording.cancel_confirmed',
    ]);
    const good = await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/agent/draft', {
      config: { ...DEFAULT_AGENT_CONFIG, texts: { ...DEFAULT_AGENT_CONFIG.texts, reminders_minutes: [120] } },
    });
    expect(good.statusCode).toBe(200);
    expect(
      json<{ config: { texts: { reminders_minutes: number[] } } }>(good).config.texts.reminders_minutes,
    ).toEqual([120]);
  });
});
