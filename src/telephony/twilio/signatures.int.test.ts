import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestContext } from '../../../test/support/harness.js';
import {
  aBusinessNumber,
  aPhoneCall,
  aTwilioLine,
  aTwilioToken,
  callFields,
  callsOf,
  ring,
  snapshot,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
  twilioPost,
} from '../../../test/support/twilio.js';
import { find, parseTwiml, verbs } from './twiml-parse.js';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
});
afterAll(() => t.close());

describe('Twilio request signatures', () => {
  it('refuses an unsigned, mis-signed or altered voice webhook with 403 and creates nothing', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const fields = callFields(line, c.callSid, c.from, 'ringing');
    const before = await snapshot(t);
    const attempts = [
      twilioPost(t, line.token, '/telephony/twilio/voice', fields, { signature: null }),
      twilioPost(t, line.token, '/telephony/twilio/voice', fields, { signature: '' }),
      twilioPost(t, line.token, '/telephony/twilio/voice', fields, { signature: 'bm90IGEgc2lnbmF0dXJl' }),
      twilioPost(t, line.token, '/telephony/twilio/voice', fields, { token: aTwilioToken() }),
      twilioPost(t, line.token, '/telephony/twilio/voice', fields, {
        signedUrl: `${t.config.PUBLIC_URL}/telephony/twilio/relay`,
      }),
      // Signed for one caller, sent with another: the fields are part of the signature.
      t.app.inject({
        method: 'POST',
        url: '/telephony/twilio/voice',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': getExpectedTwilioSignature(
            line.token,
            `${t.config.PUBLIC_URL}/telephony/twilio/voice`,
            fields,
          ),
        },
        payload: new URLSearchParams({ ...fields, From: '+447700900999' }).toString(),
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect([res.statusCode, errorCode(res)]).toEqual([403, 'forbidden']);
    }
    expect(await snapshot(t)).toBe(before);
  });

  it('refuses a mis-signed gather, status, dial-action or whisper and leaves the call as it was', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    await ring(t, c);
    const [row] = await callsOf(t, line);
    const before = await snapshot(t);
    const fields = {
      ...callFields(line, c.callSid, c.from, 'completed'),
      SpeechResult: 'can I speak to someone',
    };
    const paths = [
      `/telephony/twilio/gather?call=${row?.id}`,
      '/telephony/twilio/status',
      `/telephony/twilio/dial-action?call=${row?.id}`,
      `/telephony/twilio/whisper?call=${row?.id}`,
      `/telephony/twilio/relay-action?call=${row?.id}`,
    ];
    for (const path of paths) {
      for (const options of [{ signature: null }, { token: aTwilioToken() }]) {
        const res = await twilioPost(t, line.token, path, fields, options);
        expect([path, res.statusCode]).toEqual([path, 403]);
      }
    }
    expect(await snapshot(t)).toBe(before);
  });

  it("never lets one workspace's signature reach another workspace's call", async () => {
    const mine = await aTwilioLine(t);
    const theirs = await aTwilioLine(t);
    const c = aPhoneCall(theirs);
    await ring(t, c);
    const [row] = await callsOf(t, theirs);
    const before = await snapshot(t);
    // Correctly signed with my token, naming their call: the call's own number's token decides.
    const res = await twilioPost(t, mine.token, `/telephony/twilio/gather?call=${row?.id}`, {
      ...callFields(mine, c.callSid, c.from),
      SpeechResult: 'hello',
    });
    expect(res.statusCode).toBe(403);
    // Their status callback sent to my number's signature finds nothing of theirs.
    const status = await twilioPost(
      t,
      mine.token,
      '/telephony/twilio/status',
      callFields(mine, c.callSid, c.from, 'completed'),
    );
    expect(status.statusCode).toBe(204);
    expect(await snapshot(t)).toBe(before);
  });

  it('refuses a signed callback naming a call id that does not exist, or another CallSid', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    await ring(t, c);
    const [row] = await callsOf(t, line);
    const missing = await twilioPost(
      t,
      line.token,
      '/telephony/twilio/gather?call=call_nope',
      callFields(line, c.callSid, c.from),
    );
    expect(missing.statusCode).toBe(403);
    const other = await twilioPost(t, line.token, `/telephony/twilio/gather?call=${row?.id}`, {
      ...callFields(line, 'CAffffffffffffffffffffffffffffffff', c.from),
      SpeechResult: 'hello',
    });
    expect(other.statusCode).toBe(403);
  });

  it('answers an unregistered number with "not in service" and a hang-up, storing nothing', async () => {
    const stranger = { number: aBusinessNumber(), token: aTwilioToken() };
    const before = await snapshot(t);
    const res = await twilioPost(
      t,
      stranger.token,
      '/telephony/twilio/voice',
      callFields(stranger, 'CA1', '+447700900123'),
    );
    expect(res.statusCode).toBe(200);
    const twiml = parseTwiml(res.body);
    expect(verbs(twiml)).toEqual(['Say', 'Hangup']);
    expect(find(twiml, 'Say')?.text).toMatch(/not in service/);
    expect(await snapshot(t)).toBe(before);
  });

  it('takes only forms, of a bounded size, on the telephony routes', async () => {
    const line = await aTwilioLine(t);
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/telephony/twilio/voice',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(callFields(line, 'CA1', '+447700900123')),
    });
    expect(asJson.statusCode).toBe(415);
    const huge = await twilioPost(t, line.token, '/telephony/twilio/voice', {
      ...callFields(line, 'CA2', '+447700900123'),
      Padding: 'x'.repeat(64 * 1024),
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe('behind a proxy or tunnel', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await startTestApp({
      SECRETS_KEY: TEST_SECRETS_KEY,
      PUBLIC_URL: 'https://tunnel.example.net/callagent',
    });
    proxied.clock.set(TUESDAY_11AM);
  });
  afterAll(() => proxied.close());

  it('verifies against PUBLIC_URL, not the address the request arrived at, and links back through it', async () => {
    const line = await aTwilioLine(proxied);
    const c = aPhoneCall(line);
    const res = await twilioPost(
      proxied,
      line.token,
      '/telephony/twilio/voice',
      callFields(line, c.callSid, c.from),
      {
        signedUrl: 'https://tunnel.example.net/callagent/telephony/twilio/voice',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(find(parseTwiml(res.body), 'Gather')?.attrs.action).toMatch(
      /^https:\/\/tunnel\.example\.net\/callagent\/telephony\/twilio\/gather\?call=call_/,
    );
    const local = await twilioPost(
      proxied,
      line.token,
      '/telephony/twilio/voice',
      callFields(line, c.callSid, c.from),
      {
        signedUrl: 'http://localhost:80/telephony/twilio/voice',
      },
    );
    expect(local.statusCode).toBe(403);
  });
});
