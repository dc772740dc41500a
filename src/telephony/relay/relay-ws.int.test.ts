import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';
import {
  aPhoneCall,
  aTwilioLine,
  eventTypes,
  ring,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
} from '../../../test/support/twilio.js';
import { find } from '../twilio/twiml-parse.js';

let t: TestContext;
let port: number;

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});
afterAll(() => t.close());

interface Opened {
  socket: WebSocket;
  messages: Record<string, unknown>[];
  next(type: string, where?: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

/** Connects as Twilio does: to the URL from the TwiML, with the handshake signed over it. */
function open(socketUrl: string, token: string): Promise<Opened> {
  const path = socketUrl.slice(socketUrl.indexOf('/telephony/'));
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, {
    headers: { 'x-twilio-signature': getExpectedTwilioSignature(token, socketUrl, {}) },
  });
  const messages: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as Record<string, unknown>);
    for (const w of waiters.splice(0)) w();
  });
  const next = async (type: string, where: (m: Record<string, unknown>) => boolean = () => true) => {
    for (let i = 0; i < 200; i++) {
      const found = messages.find((m) => m.type === type && where(m));
      if (found) {
        messages.splice(messages.indexOf(found), 1);
        return found;
      }
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    throw new Error(`no ${type} message; got ${JSON.stringify(messages)}`);
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, next }));
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade refused: ${res.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

describe('the ConversationRelay WebSocket', () => {
  it('carries a call over a real socket: setup, prompts in, sentence tokens out, records written', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const twiml = await ring(t, c, '/telephony/twilio/relay');
    const socketUrl = String(find(twiml, 'ConversationRelay')?.attrs.url);
    expect(socketUrl).toMatch(/^wss:\/\/callagent\.test\/telephony\/twilio\/relay-ws\?call=call_/);
    const ws = await open(socketUrl, line.token);
    ws.socket.send(
      JSON.stringify({ type: 'setup', sessionId: 'VX1', callSid: c.callSid, from: c.from, to: line.number }),
    );
    ws.socket.send(
      JSON.stringify({
        type: 'prompt',
        voicePrompt: "Hi, I'd like to sell my house",
        lang: 'en-GB',
        last: true,
      }),
    );
    const first = await ws.next('text', (m) => m.last === true);
    expect(String(first.token)).toMatch(/name/);
    ws.socket.send(JSON.stringify({ type: 'prompt', voicePrompt: 'Sarah Jones', lang: 'en-GB', last: true }));
    const second = await ws.next('text', (m) => m.last === true);
    expect(String(second.token)).toMatch(/address/);
    ws.socket.close();
    const turns = await t.db.query<{ speaker: string; text: string }>(
      "SELECT speaker, text FROM call_turns WHERE workspace_id = $1 AND speaker = 'caller' ORDER BY seq",
      [line.tenant.workspaceId],
    );
    expect(turns.map((x) => x.text)).toEqual(["Hi, I'd like to sell my house", 'Sarah Jones']);
    expect(await eventTypes(t, line.tenant.workspaceId)).toContain('lead.created');
  });

  it('refuses an upgrade with a bad signature, and one for an unknown call', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const twiml = await ring(t, c, '/telephony/twilio/relay');
    const socketUrl = String(find(twiml, 'ConversationRelay')?.attrs.url);
    await expect(open(socketUrl, 'not-the-token-at-all-0000000000')).rejects.toThrow(/403/);
    await expect(
      open(socketUrl.replace(/call=call_\w+/, 'call=call_00000000000000000000000000'), line.token),
    ).rejects.toThrow(/403/);
  });
});
