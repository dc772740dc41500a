/**
 * The SMS webhook (docs/telephony.md, docs/notifications.md "Replies and keywords"): a seller's
 * text is kept once, STOP and START switch texts off and on, C cancels their next booking, and
 * anything else reaches the desk.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import {
  aBusinessNumber,
  aCallerNumber,
  aTwilioLine,
  eventTypes,
  type SignedPost,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
  type TwilioLine,
  twilioPost,
} from '../../../test/support/twilio.js';
import { MAX_UTTERANCE_CHARS } from '../../dialog/engine/index.js';
import { DEFAULT_AGENT_CONFIG } from '../../modules/agent/agent-config.js';

let t: TestContext;
let line: TwilioLine;

const EMPTY = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
  line = await aTwilioLine(t, { texts: { ...DEFAULT_AGENT_CONFIG.texts, enabled: true } });
});
afterAll(() => t.close());

function aMessageSid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

/** Twilio posts a text the seller sent to the line's number. */
function text(from: string, body: string, sid = aMessageSid(), options: SignedPost = {}, to = line.number) {
  return twilioPost(
    t,
    line.token,
    '/telephony/twilio/sms',
    {
      ToCountry: 'GB',
      SmsMessageSid: sid,
      NumMedia: '0',
      SmsSid: sid,
      SmsStatus: 'received',
      Body: body,
      To: to,
      NumSegments: '1',
      MessageSid: sid,
      AccountSid: `AC${'0'.repeat(32)}`,
      From: from,
      ApiVersion: '2010-04-01',
    },
    options,
  );
}

async function received(from: string) {
  return t.db.query<{ id: string; lead_id: string | null; body: string; recipient: string; status: string }>(
    `SELECT id, lead_id, body, recipient, status FROM messages
      WHERE workspace_id = $1 AND direction = 'inbound' AND sender = $2 ORDER BY id`,
    [line.tenant.workspaceId, from],
  );
}

async function alerts(leadOrNull: string | null, about?: string) {
  return t.db.query<{ user_id: string; channel: string; body: string; subject: string; purpose: string }>(
    `SELECT user_id, channel, body, subject, purpose FROM messages
      WHERE workspace_id = $1 AND purpose = 'alert_seller_reply'
        AND lead_id IS NOT DISTINCT FROM $2 AND ($3::text IS NULL OR idempotency_key LIKE '%' || $3 || '%')
      ORDER BY user_id`,
    [line.tenant.workspaceId, leadOrNull, about ?? null],
  );
}

async function optedOut(phone: string): Promise<boolean> {
  const rows = await t.db.query('SELECT 1 FROM text_opt_outs WHERE workspace_id = $1 AND phone = $2', [
    line.tenant.workspaceId,
    phone,
  ]);
  return rows.length > 0;
}

async function aLead(phone: string, ownerId: string | null = null): Promise<string> {
  const res = await call(t.app, line.tenant.callers.member, 'POST', '/api/v1/leads', {
    name: 'Jane Smith',
    phone,
    owner_id: ownerId,
  });
  expect(res.statusCode).toBe(201);
  return String(json(res).id);
}

describe('the SMS webhook', () => {
  it('opts a number out on STOP (any case, padded) and back in on START, keeping each text and sending nothing', async () => {
    const phone = aCallerNumber();
    const leadId = await aLead(phone);
    const booked = await call(t.app, line.tenant.callers.member, 'POST', '/api/v1/bookings', {
      kind: 'viewing',
      lead_id: leadId,
      starts_at: '2026-11-30T09:00:00.000Z',
    });
    expect(booked.statusCode).toBe(201);
    const stop = await text(phone, '  stop ');
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toBe(EMPTY);
    expect(await optedOut(phone)).toBe(true);
    // The confirmation and reminders still waiting will not go (the desk's own alerts about
    // the booking are not the seller's, and stay).
    const waiting = await t.db.query<{ status: string; status_reason: string }>(
      `SELECT status, status_reason FROM messages
        WHERE lead_id = $1 AND direction = 'outbound' AND recipient = $2`,
      [leadId, phone],
    );
    expect(waiting.map((m) => [m.status, m.status_reason])).toEqual([
      ['cancelled', 'The seller texted STOP.'],
      ['cancelled', 'The seller texted STOP.'],
      ['cancelled', 'The seller texted STOP.'],
    ]);
    const texting = json(
      await call(t.app, line.tenant.callers.viewer, 'GET', `/api/v1/leads/${leadId}/texting`),
    );
    expect(texting).toMatchObject({ can_text: false, reason: 'The seller texted STOP on Tue 24 Nov 2026' });
    expect(texting.opted_out_at).toBe(new Date(TUESDAY_11AM).toISOString());

    for (const word of ['UNSUBSCRIBE', 'Quit']) {
      t.clock.advance(1_000);
      expect((await text(phone, word)).statusCode).toBe(200);
    }
    t.clock.advance(1_000);
    expect(await optedOut(phone)).toBe(true);
    expect((await text(phone, 'Start')).statusCode).toBe(200);
    expect(await optedOut(phone)).toBe(false);
    const kept = await received(phone);
    expect(kept.map((m) => [m.body, m.lead_id, m.recipient, m.status])).toEqual([
      ['  stop ', leadId, line.number, 'received'],
      ['UNSUBSCRIBE', leadId, line.number, 'received'],
      ['Quit', leadId, line.number, 'received'],
      ['Start', leadId, line.number, 'received'],
    ]);
    expect(await alerts(leadId)).toEqual([]);
    expect(
      json(await call(t.app, line.tenant.callers.viewer, 'GET', `/api/v1/leads/${leadId}/texting`)),
    ).toEqual({
      can_text: true,
      reason: null,
      opted_out_at: null,
    });
  });

  it('cancels the next booking on C: booking.cancelled fires, the seller gets "cancel confirmed", the owner is told', async () => {
    const phone = aCallerNumber();
    const owner = line.tenant.users.member.id;
    const leadId = await aLead(phone, owner);
    const later = await call(t.app, line.tenant.callers.member, 'POST', '/api/v1/bookings', {
      kind: 'viewing',
      lead_id: leadId,
      starts_at: '2026-11-28T10:00:00.000Z',
    });
    const next = await call(t.app, line.tenant.callers.member, 'POST', '/api/v1/bookings', {
      kind: 'viewing',
      lead_id: leadId,
      starts_at: '2026-11-27T09:00:00.000Z',
    });
    expect([later.statusCode, next.statusCode]).toEqual([201, 201]);
    const nextId = String(json(next).id);
    t.clock.advance(60_000);

    const res = await text(phone, 'C.');
    expect(res.body).toBe(EMPTY);
    const booking = json(await call(t.app, line.tenant.callers.viewer, 'GET', `/api/v1/bookings/${nextId}`));
    expect(booking.status).toBe('cancelled');
    const other = json(
      await call(t.app, line.tenant.callers.viewer, 'GET', `/api/v1/bookings/${json(later).id}`),
    );
    expect(other.status).toBe('scheduled');
    expect((await eventTypes(t, line.tenant.workspaceId)).at(-1)).toBe('booking.cancelled');

    const texts = await t.db.query<{ purpose: string; quiet_hours: boolean; body: string; status: string }>(
      `SELECT purpose, quiet_hours, body, status FROM messages WHERE booking_id = $1 AND channel = 'sms' ORDER BY id`,
      [nextId],
    );
    expect(texts.filter((m) => m.purpose === 'booking_cancelled')).toEqual([]);
    expect(texts.find((m) => m.purpose === 'cancel_confirmed')).toMatchObject({
      quiet_hours: false,
      status: 'pending',
      body: 'Acme Homes: your viewing at the property on Fri 27 Nov at 09:00 is cancelled, as you asked.',
    });
    expect(texts.filter((m) => m.purpose === 'booking_reminder').every((m) => m.status === 'cancelled')).toBe(
      true,
    );
    const told = await alerts(leadId);
    expect(told.map((a) => [a.user_id, a.channel, a.subject])).toEqual([
      [owner, 'email', 'Seller cancelled: Jane Smith'],
    ]);
    expect(told[0]?.body).toContain(
      `Jane Smith (${phone}) cancelled their viewing on Fri 27 Nov at 09:00 by texting C.`,
    );
    expect(told[0]?.body).toContain(`{console}/leads/${leadId}`);
  });

  it('passes C on to the desk when there is nothing to cancel, and any other text to the lead’s owner', async () => {
    const phone = aCallerNumber();
    const owner = line.tenant.users.admin.id;
    const leadId = await aLead(phone, owner);
    expect((await text(phone, 'c')).statusCode).toBe(200);
    expect((await alerts(leadId)).map((a) => [a.user_id, a.subject])).toEqual([
      [owner, 'Text from Jane Smith'],
    ]);

    t.clock.advance(1_000);
    const res = await text(phone, 'Can we make it Thursday instead?');
    expect(res.body).toBe(EMPTY);
    const [kept] = (await received(phone)).slice(-1);
    const aboutIt = await alerts(leadId, kept?.id);
    expect(aboutIt.map((a) => a.user_id)).toEqual([owner]);
    expect(aboutIt[0]?.body).toContain(`Jane Smith (${phone}) texted: "Can we make it Thursday instead?"`);

    const log = json<{
      data: { id: string; body: string; direction: string; from: string; lead_id: string }[];
    }>(
      await call(
        t.app,
        line.tenant.callers.viewer,
        'GET',
        `/api/v1/messages?direction=inbound&lead_id=${leadId}`,
      ),
    );
    expect(log.data.map((m) => m.body)).toEqual(['Can we make it Thursday instead?', 'c']);
    expect(log.data[0]).toMatchObject({ id: kept?.id, from: phone, lead_id: leadId, direction: 'inbound' });
  });

  it('keeps a text from a number on no lead and tells everyone; a retried post is kept and passed on once', async () => {
    const stranger = aCallerNumber();
    const sid = aMessageSid();
    expect((await text(stranger, 'Who is this?', sid)).statusCode).toBe(200);
    expect((await text(stranger, 'Who is this?', sid)).statusCode).toBe(200);
    const kept = await received(stranger);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.lead_id).toBeNull();
    const told = await alerts(null, kept[0]?.id);
    // Every member who gets alerts by default: owner, admin and member by email (not the viewer).
    expect(told.map((a) => a.user_id).sort()).toEqual(
      [line.tenant.users.owner.id, line.tenant.users.admin.id, line.tenant.users.member.id].sort(),
    );
    expect(told[0]?.body).toContain(`${stranger} texted: "Who is this?"`);
  });

  it('refuses an unsigned post, or one signed with another token, and changes nothing', async () => {
    const phone = aCallerNumber();
    const unsigned = await text(phone, 'STOP', aMessageSid(), { signature: null });
    expect(unsigned.statusCode).toBe(403);
    const forged = await text(phone, 'STOP', aMessageSid(), { token: 'f'.repeat(32) });
    expect(forged.statusCode).toBe(403);
    const otherUrl = await text(phone, 'STOP', aMessageSid(), {
      signedUrl: `${t.config.PUBLIC_URL}/telephony/twilio/status`,
    });
    expect(otherUrl.statusCode).toBe(403);
    expect(await received(phone)).toEqual([]);
    expect(await optedOut(phone)).toBe(false);
  });

  it('takes hostile and oversized bodies as text: control characters dropped, cut like a turn, never a 5xx', async () => {
    const phone = aCallerNumber();
    // NUL is refused before any route sees it (no text can hold one); other control characters are dropped.
    expect((await text(phone, 'C\u0000')).statusCode).toBe(400);
    const hostile = `\u001bC\u0007 <Response><Say>hi</Say></Response> '); DROP TABLE messages; -- ${'🏠'.repeat(10)}`;
    const first = await text(phone, hostile);
    expect(first.statusCode, first.body).toBe(200);
    const long = `${'word '.repeat(4000)}end`;
    t.clock.advance(1_000);
    expect((await text(phone, long)).statusCode).toBe(200);
    const kept = await received(phone);
    expect(kept[0]?.body).toBe(hostile.split('\u001b').join('').split('\u0007').join(''));
    expect(kept[1]?.body.length).toBeLessThanOrEqual(MAX_UTTERANCE_CHARS + 2);
    expect(kept[1]?.body.endsWith(' …')).toBe(true);

    const huge = await text(phone, 'x'.repeat(40 * 1024));
    expect(huge.statusCode).toBe(413);
    const noSid = await twilioPost(t, line.token, '/telephony/twilio/sms', {
      From: phone,
      To: line.number,
      Body: 'hi',
    });
    expect(noSid.statusCode).toBe(400);
    const hugeSid = await text(phone, 'hi', `SM${'0'.repeat(100)}`);
    expect(hugeSid.statusCode).toBe(400);
    // A number nobody registered: nothing to verify with, nothing kept, nothing to send.
    const nowhere = await text(phone, 'hello?', aMessageSid(), {}, aBusinessNumber());
    expect(nowhere.statusCode).toBe(200);
    expect(nowhere.body).toBe(EMPTY);
    expect(await received(phone)).toHaveLength(2);
  });
});
