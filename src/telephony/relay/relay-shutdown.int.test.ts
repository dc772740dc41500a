import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';
import {
  aPhoneCall,
  aTwilioLine,
  ring,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
} from '../../../test/support/twilio.js';
import { find } from '../twilio/twiml-parse.js';

// A stopping service says goodbye properly on every live ConversationRelay socket: `end` with
// the hand-off `moved` (Twilio then posts the action URL, which another instance answers by
// reconnecting the call) and a close with 1001 Going Away, instead of a bare drop.

let t: TestContext;
let port: number;
let closed = false;
beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});
afterAll(async () => {
  if (!closed) await t.close();
});

it('hands a live call back with end (moved) and closes its socket with 1001 when the app closes', async () => {
  const line = await aTwilioLine(t);
  const c = aPhoneCall(line);
  const socketUrl = find(await ring(t, c, '/telephony/twilio/relay'), 'ConversationRelay')?.attrs.url ?? '';
  const socket = new WebSocket(`ws://127.0.0.1:${port}${socketUrl.slice(socketUrl.indexOf('/telephony/'))}`, {
    headers: { 'x-twilio-signature': getExpectedTwilioSignature(line.token, socketUrl, {}) },
  });
  const messages: { type?: string; handoffData?: string }[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as { type?: string }));
  const closedWith = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'setup', callSid: c.callSid }));
  socket.send(JSON.stringify({ type: 'prompt', voicePrompt: "I'd like to sell my house", last: true }));
  for (let i = 0; i < 200 && !messages.some((m) => m.type === 'text'); i++) {
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(messages.some((m) => m.type === 'text')).toBe(true);
  closed = true;
  await t.close();
  expect(await closedWith).toBe(1001);
  const end = messages.find((m) => m.type === 'end');
  expect(JSON.parse(end?.handoffData ?? '{}')).toEqual({ reason: 'moved' });
});
