import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { sayLines } from '../../../test/support/language-model.js';
import {
  aPhoneCall,
  aTwilioLine,
  converse,
  ring,
  statusCallback,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
} from '../../../test/support/twilio.js';
import { observeEvents } from '../../events/outbox.js';
import { logEventLine } from '../../metrics/log-lines.js';
import { registry } from '../../metrics/registry.js';

// Logs and metrics carry ids, never a caller's number, name, address or words (docs/privacy.md, "Logs"):
// calls from a known person through the test-call API and through Twilio's webhooks, then the
// desk's reads, searches, exports and an erasure of them, with every line the app logged
// (at trace) searched for what they said.

let t: TestContext;
let stopLogging: () => void;

const SAID = {
  name: 'Philippa Quennell-Ashworth',
  address: '27 Marigold Crescent, M20 4QZ',
  reason: 'my husband left and I need to clear the debts',
};
const WORDS = ['Philippa', 'Quennell', 'Marigold', 'M20 4QZ', 'husband left', 'clear the debts'];
const TEST_CALLER = '+447700900741';
const PHONE_CALLER = '+447700900742';

/** The answers of a seller, with this person's name, address and reason. */
const LINES = [
  "Hi, I'm looking to sell my house",
  SAID.name,
  SAID.address,
  'yes',
  "it's a semi",
  'three',
  'good condition',
  'we live there',
  '320k',
  'no rush',
  SAID.reason,
  'yes',
  'the first one',
];

function digitsOf(e164: string): string[] {
  return [e164, e164.slice(1), `0${e164.slice(3)}`, e164.slice(3)];
}

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'trace', SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
  // The lines for calls ended and bookings made, which serve hangs on the outbox (process/operations.ts).
  stopLogging = observeEvents((event) => logEventLine(t.app.log as Logger, event));
});
afterAll(async () => {
  stopLogging();
  await t.close();
});

describe('logs', () => {
  it('never hold a caller’s number, name, address or words, nor do the metrics', async () => {
    const line = await aTwilioLine(t);
    const { tenant } = line;
    const admin = tenant.callers.admin;

    // A test call through the API.
    const started = await call(t.app, admin, 'POST', '/api/v1/test-calls', { from: TEST_CALLER });
    expect(started.statusCode).toBe(201);
    const callId = String(json(started).call_id);
    await sayLines(t, tenant, callId, LINES);
    // A phone call through Twilio's webhooks.
    const phoneCall = aPhoneCall(line, PHONE_CALLER);
    const { replies } = await converse(t, phoneCall, await ring(t, phoneCall), LINES);
    expect(replies.length).toBeGreaterThan(3);
    await statusCallback(t, phoneCall);

    // The desk reads, searches and exports them; bad input echoes them back; one is erased.
    const leads = json<{ data: { id: string; name: string }[] }>(
      await call(t.app, admin, 'GET', `/api/v1/leads?phone=${encodeURIComponent(TEST_CALLER)}`),
    ).data;
    expect(leads.map((l) => l.name)).toEqual([SAID.name]);
    const leadId = String(leads[0]?.id);
    for (const url of [
      `/api/v1/leads?q=${encodeURIComponent('Philippa')}`,
      `/api/v1/calls?q=${encodeURIComponent('Marigold')}`,
      `/api/v1/opportunities?q=${encodeURIComponent('M20 4QZ')}`,
      `/api/v1/leads.csv?q=${encodeURIComponent('Quennell')}`,
      `/api/v1/privacy/lookup?phone=${encodeURIComponent(PHONE_CALLER)}`,
      `/api/v1/leads/${leadId}/export`,
      `/api/v1/calls/${callId}/transcript`,
    ]) {
      expect((await call(t.app, tenant.callers.owner, 'GET', url)).statusCode).toBe(200);
    }
    const duplicate = await call(t.app, admin, 'POST', '/api/v1/leads', {
      name: SAID.name,
      phone: TEST_CALLER,
    });
    expect(duplicate.statusCode).toBe(409);
    const invalid = await call(t.app, admin, 'POST', '/api/v1/leads', {
      name: SAID.name,
      phone: TEST_CALLER,
      email: SAID.address,
    });
    expect(invalid.statusCode).toBe(400);
    const wrongConfirm = await call(t.app, admin, 'POST', `/api/v1/leads/${leadId}/erase`, {
      confirm: PHONE_CALLER,
    });
    expect(wrongConfirm.statusCode).toBe(400);
    expect(
      (await call(t.app, admin, 'POST', `/api/v1/leads/${leadId}/erase`, { confirm: TEST_CALLER }))
        .statusCode,
    ).toBe(200);

    // The metrics as a scrape reads them, with the logs.
    const all = `${t.logs.join('\n')}\n${await registry.metrics()}`;
    expect(all).toContain('callagent_');
    // The log did record the calls, by id.
    expect(all).toContain(callId);
    expect(all).toContain('"event":"call.started"');
    expect(all).toContain('"event":"call.completed"');
    expect(all).toContain('"event":"booking.created"');
    for (const word of [...WORDS, ...digitsOf(TEST_CALLER), ...digitsOf(PHONE_CALLER)]) {
      const at = all.indexOf(word);
      expect([word, at === -1 ? '' : all.slice(Math.max(0, at - 300), at + 100)]).toEqual([word, '']);
    }
  });
});
