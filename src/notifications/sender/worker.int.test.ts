import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';
import { waitUntil } from '../../../test/support/processes.js';
import { startSmtpServer, type TestSmtpServer } from '../../../test/support/smtp.js';
import { aBusinessNumber, aCallerNumber, twilioPost } from '../../../test/support/twilio.js';
import { wakeOnCommit } from '../../events/delivery/wake.js';
import { createLogger } from '../../http/logger.js';
import { openSecretBox } from '../../lib/encryption.js';
import { newId } from '../../lib/ids.js';
import { messageOutcomes } from '../../metrics/registry.js';
import { MESSAGE_CHANNEL, type NewMessage, queueMessages } from '../../modules/messages/outbox.repo.js';
import { sealMessageBody } from '../../modules/messages/sealed-body.js';
import { insertPhoneNumber } from '../../modules/phone-numbers/phone-numbers.repo.js';
import { updateWorkspace } from '../../modules/workspaces/workspaces.repo.js';
import { createMailer, defaultFrom, type Mailer } from './email.js';
import { addTextOptOut } from './sender.repo.js';
import { createMessageSender, type MessageSender } from './worker.js';

// The message sender against real parts: Twilio's REST API on loopback over TLS, a real SMTP
// server on loopback, the real database, and the clock moved by hand.

const MIN = 60_000;
const logger = createLogger('silent');
let t: TestContext;
let smtp: TestSmtpServer;
let mailer: Mailer;
let sender: MessageSender;

interface Line {
  tenant: Tenant;
  number: string;
  token: string;
}
let line: Line;

beforeAll(async () => {
  t = await startTestApp();
  smtp = await startSmtpServer();
  mailer = createMailer({
    smtpUrl: smtp.url,
    from: defaultFrom(t.config.PUBLIC_URL),
    publicUrl: t.config.PUBLIC_URL,
  });
  sender = createMessageSender({
    db: t.db,
    clock: t.clock,
    logger,
    secrets: openSecretBox(t.config, logger),
    publicUrl: t.config.PUBLIC_URL,
    twilio: { baseUrl: t.twilio.url, ca: t.twilio.ca },
    mailer,
    random: () => 0,
  });
});
afterAll(async () => {
  await sender.stop();
  await smtp.close();
  await t.close();
});

beforeEach(async () => {
  // Midday in London on a summer's day: outside quiet hours unless a test moves the clock.
  t.clock.set(new Date('2026-06-10T11:00:00Z'));
  const tenant = await createTenant(t.db, t.clock);
  const number = aBusinessNumber();
  const account = t.twilio.addAccount([number]);
  const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/phone-numbers', {
    number,
    provider: 'twilio',
    twilio_account_sid: account.sid,
    twilio_auth_token: account.token,
  });
  expect(res.statusCode).toBe(201);
  line = { tenant, number, token: account.token };
});

interface MessageRow {
  id: string;
  status: string;
  status_reason: string | null;
  attempts: number;
  next_attempt_at: Date | null;
  provider_id: string | null;
  provider_status: string | null;
  sent_at: Date | null;
  body_sealed: string | null;
  last_error: string | null;
}

async function queue(m: Partial<NewMessage> & { channel: NewMessage['channel'] }): Promise<string> {
  const key = `test:${newId('msg')}`;
  const message: NewMessage = {
    workspaceId: line.tenant.workspaceId,
    purpose: m.channel === 'sms' ? 'booking_confirmed' : 'alert_hot_lead',
    key,
    recipient: m.channel === 'sms' ? aCallerNumber() : 'owner@acme.example',
    sender: m.channel === 'sms' ? line.number : null,
    body: 'Your viewing is booked. See {console}/leads',
    quietHours: m.channel === 'sms',
    ...m,
  };
  await t.db.transaction((tx) => queueMessages(tx, [message], t.clock.now()));
  const rows = await t.db.query<{ id: string }>('SELECT id FROM messages WHERE idempotency_key = $1', [key]);
  return rows[0]?.id ?? '';
}

async function message(id: string): Promise<MessageRow> {
  const rows = await t.db.query<MessageRow>('SELECT * FROM messages WHERE id = $1', [id]);
  const row = rows[0];
  if (!row) throw new Error(`no message ${id}`);
  return row;
}

async function attempts(id: string): Promise<{ succeeded: boolean; reply: string | null }[]> {
  return t.db.query('SELECT succeeded, reply FROM message_attempts WHERE message_id = $1 ORDER BY id', [id]);
}

const textsTo = (to: string) => t.twilio.messages.filter((m) => m.to === to);

async function sentTexts(): Promise<number> {
  const { values } = await messageOutcomes.get();
  return values.find((v) => v.labels.channel === 'sms' && v.labels.outcome === 'sent')?.value ?? 0;
}

describe('a text', () => {
  it('is sent through Twilio from the number, with the console link filled in and a status callback', async () => {
    const to = aCallerNumber();
    const id = await queue({ channel: 'sms', recipient: to });
    const sentBefore = await sentTexts();
    expect(await sender.drain()).toBe(1);
    // Counted for the process's metrics (README, Metrics).
    expect(await sentTexts()).toBe(sentBefore + 1);
    const [sent, ...more] = textsTo(to);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      from: line.number,
      to,
      body: 'Your viewing is booked. See https://callagent.test/leads',
      statusCallback: `https://callagent.test/telephony/twilio/message-status?message=${id}`,
    });
    const post = t.twilio.requests.find((r) => r.method === 'POST' && r.form.get('To') === to);
    expect(post?.path).toMatch(/^\/2010-04-01\/Accounts\/AC[0-9a-f]{32}\/Messages\.json$/);
    const row = await message(id);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      provider_id: sent?.sid,
      provider_status: 'queued',
    });
    expect(row.sent_at).toEqual(t.clock.now());
    const [attempt] = await attempts(id);
    expect(attempt?.succeeded).toBe(true);
    // The attempt log keeps Twilio's answer, never the body.
    expect(attempt?.reply).toContain(sent?.sid);
    expect(attempt?.reply).not.toContain('viewing');
  });

  it('is tried again after Twilio answers 500, and sent once when it recovers', async () => {
    const to = aCallerNumber();
    t.twilio.failNextMessages({ status: 500, code: 20500, message: 'Internal Server Error' });
    const id = await queue({ channel: 'sms', recipient: to });
    await sender.drain();
    let row = await message(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.next_attempt_at).toEqual(new Date(t.clock.now().getTime() + MIN));
    expect(row.last_error).toContain('20500');
    // Not due yet: nothing is sent.
    expect(await sender.drain()).toBe(0);
    t.clock.advance(MIN);
    expect(await sender.drain()).toBe(1);
    row = await message(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(textsTo(to)).toHaveLength(1);
    expect((await attempts(id)).map((a) => a.succeeded)).toEqual([false, true]);
  });

  it('fails for good on an error Twilio will always give, and a recipient who texted STOP to Twilio is opted out', async () => {
    const to = aCallerNumber();
    t.twilio.unsubscribe(to);
    const id = await queue({ channel: 'sms', recipient: to });
    await sender.drain();
    const row = await message(id);
    expect(row.status).toBe('failed');
    expect(row.status_reason).toContain('21610');
    // The next text to that number is cancelled before Twilio is asked.
    const next = await queue({ channel: 'sms', recipient: to });
    await sender.drain();
    expect(await message(next)).toMatchObject({
      status: 'cancelled',
      status_reason: 'The seller texted STOP',
    });
    const bad = await queue({ channel: 'sms', recipient: '+44' });
    await sender.drain();
    expect((await message(bad)).status_reason).toContain('21211');
  });

  it('is cancelled when the number opted out of this workspace', async () => {
    const to = aCallerNumber();
    await addTextOptOut(t.db, line.tenant.workspaceId, to, t.clock.now());
    const id = await queue({ channel: 'sms', recipient: to });
    await sender.drain();
    expect(await message(id)).toMatchObject({
      status: 'cancelled',
      status_reason: 'The seller texted STOP',
      attempts: 0,
    });
    expect(textsTo(to)).toEqual([]);
  });

  it('is cancelled once its not_after has passed', async () => {
    const to = aCallerNumber();
    const id = await queue({
      channel: 'sms',
      recipient: to,
      notAfter: new Date(t.clock.now().getTime() + MIN),
    });
    t.clock.advance(2 * MIN);
    await sender.drain();
    const row = await message(id);
    expect(row.status).toBe('cancelled');
    expect(row.status_reason).toMatch(/^Too late/);
    expect(textsTo(to)).toEqual([]);
  });

  it('about a booking that is no longer there is cancelled', async () => {
    const to = aCallerNumber();
    const id = await queue({
      channel: 'sms',
      recipient: to,
      purpose: 'booking_reminder',
      bookingId: 'bk_gone',
    });
    await sender.drain();
    expect(await message(id)).toMatchObject({
      status: 'cancelled',
      status_reason: 'The booking was cancelled.',
    });
  });

  it('about a booking goes while the booking is to come, and not once it is cancelled or has begun', async () => {
    const lead = await call(t.app, line.tenant.callers.member, 'POST', '/api/v1/leads', {
      name: 'Pat Jones',
      phone: aCallerNumber(),
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const booking = async (startsAt: string) => {
      const res = await call(t.app, line.tenant.callers.member, 'POST', '/api/v1/bookings', {
        kind: 'viewing',
        lead_id: (JSON.parse(lead.body) as { id: string }).id,
        starts_at: startsAt,
      });
      expect(res.statusCode, res.body).toBe(201);
      return (JSON.parse(res.body) as { id: string }).id;
    };
    const reminder = (bookingId: string) =>
      queue({
        channel: 'sms',
        purpose: 'booking_reminder',
        bookingId,
        body: 'Your viewing is at 15:00 today.',
      });
    // Scheduled and still to come: sent.
    const upcoming = await booking('2026-06-10T14:00:00Z');
    const sent = await reminder(upcoming);
    // Cancelled by the desk.
    const cancelled = await booking('2026-06-10T15:00:00Z');
    const patched = await call(t.app, line.tenant.callers.member, 'PATCH', `/api/v1/bookings/${cancelled}`, {
      status: 'cancelled',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const toCancelled = await reminder(cancelled);
    await sender.drain();
    expect((await message(sent)).status).toBe('sent');
    expect(await message(toCancelled)).toMatchObject({
      status: 'cancelled',
      status_reason: 'The booking was cancelled.',
    });
    // A due alert still waiting when the viewing begins (held by a retry, say) is not sent.
    const begun = await queue({
      channel: 'email',
      purpose: 'alert_booking_due',
      bookingId: upcoming,
      sendAfter: new Date('2026-06-10T14:00:00Z'),
      subject: 'Viewing due',
      body: 'A viewing starts in 15 minutes.',
    });
    t.clock.set(new Date('2026-06-10T14:00:00Z'));
    await sender.drain();
    expect(await message(begun)).toMatchObject({
      status: 'cancelled',
      status_reason: 'Too late: the booking has begun.',
    });
  });

  it('from a number registered without its account SID fails: texts are off', async () => {
    const number = aBusinessNumber();
    const box = openSecretBox(t.config, logger);
    const id = newId('pn');
    await insertPhoneNumber(t.db, {
      workspace_id: line.tenant.workspaceId,
      id,
      number,
      provider: 'twilio',
      auth_token_ciphertext: box.seal('f'.repeat(32), id),
      account_sid_ciphertext: null,
      created_at: t.clock.now(),
    });
    const msg = await queue({ channel: 'sms', sender: number });
    await sender.drain();
    const row = await message(msg);
    expect(row.status).toBe('failed');
    expect(row.status_reason).toMatch(/^Texts are off: .* has no Twilio account SID/);
  });

  it('waits out quiet hours in the workspace time zone read when sending', async () => {
    // 21:30 in London (BST).
    t.clock.set(new Date('2026-06-10T20:30:00Z'));
    const to = aCallerNumber();
    const id = await queue({ channel: 'sms', recipient: to });
    const urgent = await queue({
      channel: 'sms',
      recipient: to,
      quietHours: false,
      body: 'Cancel confirmed',
    });
    await sender.drain();
    // The confirmation of what the seller just did goes; the other waits for 08:00 BST.
    expect((await message(urgent)).status).toBe('sent');
    expect(await message(id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      next_attempt_at: new Date('2026-06-11T07:00:00Z'),
    });
    // The workspace moves to New York: at 08:00 in London it is 03:00 there, so it waits again.
    await updateWorkspace(t.db, line.tenant.workspaceId, { time_zone: 'America/New_York' });
    t.clock.set(new Date('2026-06-11T07:00:00Z'));
    await sender.drain();
    expect(await message(id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      next_attempt_at: new Date('2026-06-11T12:00:00Z'),
    });
    t.clock.set(new Date('2026-06-11T12:00:00Z'));
    await sender.drain();
    expect(await message(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(textsTo(to).map((m) => m.body)).toEqual(['Cancel confirmed', expect.stringContaining('booked')]);
  });
});

describe('an email', () => {
  it('is sent over SMTP with its sealed body, the console link filled in and a Message-ID of its own', async () => {
    const id = newId('msg', t.clock.now().getTime());
    const box = openSecretBox(t.config, logger);
    const secret = 'Set your password: {console}/reset#token-123';
    const before = smtp.mails.length;
    await queue({
      channel: 'email',
      recipient: 'new@acme.example',
      subject: 'Welcome to {console}',
      body: 'Set your password from the link we sent.',
      sealed: { id, body: sealMessageBody(box, id, secret) },
    });
    expect(await sender.drain()).toBe(1);
    const [mail, ...more] = smtp.mails.slice(before);
    expect(more).toEqual([]);
    expect(mail?.envelope).toEqual({ from: 'no-reply@callagent.test', to: ['new@acme.example'] });
    expect(mail?.parsed.from?.value).toEqual([{ name: 'callagent', address: 'no-reply@callagent.test' }]);
    expect(mail?.parsed.subject).toBe('Welcome to https://callagent.test');
    expect(mail?.parsed.text?.trim()).toBe('Set your password: https://callagent.test/reset#token-123');
    expect(mail?.parsed.messageId).toBe(`<${id}@callagent.test>`);
    const row = await message(id);
    expect(row).toMatchObject({ status: 'sent', provider_id: `<${id}@callagent.test>`, body_sealed: null });
    expect(row.provider_status).toMatch(/^250 /);
  });

  it('is tried again with backoff while the SMTP server is down for ten minutes, and sent once when it is back', async () => {
    await smtp.stop();
    const start = t.clock.now().getTime();
    const before = smtp.mails.length;
    const id = await queue({ channel: 'email', subject: 'Hot seller', body: 'A seller scored hot.' });
    await sender.drain();
    let row = await message(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: new Date(start + MIN) });
    expect(row.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
    t.clock.set(start + MIN);
    await sender.drain();
    expect(await message(id)).toMatchObject({ attempts: 2, next_attempt_at: new Date(start + 6 * MIN) });
    t.clock.set(start + 6 * MIN);
    await sender.drain();
    expect(await message(id)).toMatchObject({ attempts: 3, next_attempt_at: new Date(start + 36 * MIN) });
    // Back after ten minutes; the next attempt is when the schedule says.
    t.clock.set(start + 10 * MIN);
    await smtp.start();
    expect(await sender.drain()).toBe(0);
    t.clock.set(start + 36 * MIN);
    expect(await sender.drain()).toBe(1);
    row = await message(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 4 });
    expect(smtp.mails.slice(before).map((m) => m.parsed.subject)).toEqual(['Hot seller']);
    expect((await attempts(id)).map((a) => a.succeeded)).toEqual([false, false, false, true]);
  });

  it('to an address the server refuses with 550 fails with its reply', async () => {
    smtp.refuse('nobody@acme.example');
    const id = await queue({ channel: 'email', recipient: 'nobody@acme.example', subject: 'x', body: 'y' });
    await sender.drain();
    const row = await message(id);
    expect(row.status).toBe('failed');
    expect(row.status_reason).toContain('550');
  });

  it('fails when email is off', async () => {
    const off = createMessageSender({
      db: t.db,
      clock: t.clock,
      logger,
      secrets: openSecretBox(t.config, logger),
      publicUrl: t.config.PUBLIC_URL,
      twilio: { baseUrl: t.twilio.url, ca: t.twilio.ca },
      mailer: null,
    });
    const id = await queue({ channel: 'email', subject: 'x', body: 'y' });
    await off.drain();
    expect(await message(id)).toMatchObject({
      status: 'failed',
      status_reason: 'Email is off: SMTP_URL is not set',
    });
  });
});

describe('a sender woken at commit', () => {
  it('sends a message as soon as its transaction commits, with no poll to wait for', async () => {
    const woken = createMessageSender({
      db: t.db,
      clock: t.clock,
      logger,
      secrets: openSecretBox(t.config, logger),
      publicUrl: t.config.PUBLIC_URL,
      twilio: { baseUrl: t.twilio.url, ca: t.twilio.ca },
      mailer: null,
      pollMs: 3_600_000, // far beyond the wait below: only the wake-up can send it
    });
    // On PostgreSQL a LISTEN connection of its own; on the embedded database, the database's own.
    const listener = wakeOnCommit(t.db, t.config.DATABASE_URL, () => woken.wake(), logger, MESSAGE_CHANNEL);
    woken.start();
    try {
      // Let the first claim (which finds nothing) and the LISTEN settle before the commit.
      await new Promise((r) => setTimeout(r, 300));
      const to = aCallerNumber();
      await queue({ channel: 'sms', recipient: to });
      await waitUntil(() => textsTo(to).length === 1, 20_000, 'the text after its commit');
    } finally {
      await listener.close();
      await woken.stop();
    }
  });
});

describe("Twilio's status callback", () => {
  it('signed with the number token moves a text to delivered, and never back', async () => {
    const id = await queue({ channel: 'sms' });
    await sender.drain();
    const sid = (await message(id)).provider_id ?? '';
    const path = `/telephony/twilio/message-status?message=${id}`;
    const fields = (status: string) => ({
      AccountSid: `AC${'0'.repeat(32)}`,
      MessageSid: sid,
      SmsSid: sid,
      MessageStatus: status,
      SmsStatus: status,
      From: line.number,
      To: '+447700900123',
      ApiVersion: '2010-04-01',
    });
    expect((await twilioPost(t, line.token, path, fields('sent'))).statusCode).toBe(204);
    expect(await message(id)).toMatchObject({ status: 'sent', provider_status: 'sent' });
    expect((await twilioPost(t, line.token, path, fields('delivered'))).statusCode).toBe(204);
    expect(await message(id)).toMatchObject({ status: 'delivered', provider_status: 'delivered' });
    // A late 'sent' arriving after 'delivered' changes nothing.
    expect((await twilioPost(t, line.token, path, fields('sent'))).statusCode).toBe(204);
    expect(await message(id)).toMatchObject({ status: 'delivered', provider_status: 'delivered' });
  });

  it('unsigned, or signed with another token, is 403 and changes nothing', async () => {
    const id = await queue({ channel: 'sms' });
    await sender.drain();
    const sid = (await message(id)).provider_id ?? '';
    const path = `/telephony/twilio/message-status?message=${id}`;
    const fields = { MessageSid: sid, MessageStatus: 'undelivered' };
    expect((await twilioPost(t, line.token, path, fields, { signature: null })).statusCode).toBe(403);
    expect((await twilioPost(t, line.token, path, fields, { token: 'f'.repeat(32) })).statusCode).toBe(403);
    // Signed, but about another text.
    expect(
      (await twilioPost(t, line.token, path, { ...fields, MessageSid: `SM${'1'.repeat(32)}` })).statusCode,
    ).toBe(403);
    expect((await message(id)).status).toBe('sent');
    // A message that is not here: nothing to change, nothing for Twilio to retry.
    const unknown = await twilioPost(
      t,
      line.token,
      '/telephony/twilio/message-status?message=msg_nope',
      fields,
    );
    expect(unknown.statusCode).toBe(204);
  });
});
