import { EventEmitter } from 'node:events';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';
import {
  aPhoneCall,
  aTwilioLine,
  aTwilioToken,
  callFields,
  callsOf,
  eventTypes,
  type PhoneCall,
  pathOf,
  ring,
  statusCallback,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
  twilioPost,
  WARM_SELLER,
} from '../../../test/support/twilio.js';
import { MAX_UTTERANCE_CHARS } from '../../dialog/engine/index.js';
import { openSecretBox } from '../../lib/encryption.js';
import type { CallRoute } from '../twilio/call-route.repo.js';
import type { TwilioAuthDeps } from '../twilio/twilio-auth.js';
import { find, parseTwiml, verbs, type XmlNode } from '../twilio/twiml-parse.js';
import { RelayConnection } from './relay-connection.js';
import { openRelayConversation, type RelayDeps } from './relay-conversation.js';
import type { RelayOutgoing } from './relay-protocol.js';
import { attachRelaySocket, type RelaySocket } from './relay-socket.js';
import { verifyRelayUpgrade } from './relay-upgrade.js';
import { splitSentences } from './tokens.js';

let t: TestContext;
let auth: TwilioAuthDeps;
let deps: RelayDeps;
const warnings: string[] = [];
const DESK = '+441610000000';

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
  auth = { db: t.db, publicUrl: t.config.PUBLIC_URL, secrets: () => openSecretBox(t.config, t.app.log) };
  deps = { db: t.db, clock: t.clock, log: { warn: (_d, message) => warnings.push(message) } };
});
afterAll(() => t.close());

/** Twilio opens the socket named in <ConversationRelay url>, signing the handshake. */
async function upgrade(
  c: PhoneCall,
  socketUrl: string | undefined,
  token = c.line.token,
): Promise<CallRoute | null> {
  const url = socketUrl ?? '';
  const path = url.slice(url.indexOf('/telephony/'));
  return verifyRelayUpgrade(auth, {
    url: path,
    headers: { 'x-twilio-signature': getExpectedTwilioSignature(token, url, {}) },
  });
}

/** A connection whose socket records every message sent. */
function connect(call: CallRoute) {
  const sent: RelayOutgoing[] = [];
  const connection = new RelayConnection(deps, openRelayConversation(call), async (data) => {
    sent.push(JSON.parse(data) as RelayOutgoing);
  });
  return { connection, sent };
}

async function setUp(c: PhoneCall) {
  const twiml = await ring(t, c, '/telephony/twilio/relay');
  const relay = find(twiml, 'ConversationRelay');
  const call = await upgrade(c, relay?.attrs.url);
  if (!call) throw new Error('upgrade refused');
  const conn = connect(call);
  await conn.connection.receive(
    JSON.stringify({ type: 'setup', sessionId: 'VX1', callSid: c.callSid, from: c.from, to: c.line.number }),
  );
  return { twiml, call, ...conn };
}

async function prompt(connection: RelayConnection, voicePrompt: string) {
  t.clock.advance(3_000);
  await connection.receive(JSON.stringify({ type: 'prompt', voicePrompt, lang: 'en-GB', last: true }));
  await connection.flushed();
}

/** The <Connect> action Twilio posts when the relay ends. */
async function relayEnded(c: PhoneCall, twiml: XmlNode, handoffData: string | null): Promise<XmlNode> {
  const res = await twilioPost(t, c.line.token, pathOf(t, find(twiml, 'Connect')?.attrs.action), {
    ...callFields(c.line, c.callSid, c.from),
    SessionId: 'VX1',
    SessionStatus: 'ended',
    ...(handoffData === null ? {} : { HandoffData: handoffData }),
  });
  expect(res.statusCode).toBe(200);
  return parseTwiml(res.body);
}

describe('the ConversationRelay channel', () => {
  it('answers the incoming call with <Connect><ConversationRelay> speaking the greeting', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const twiml = await ring(t, c, '/telephony/twilio/relay');
    const [row] = await callsOf(t, line);
    expect(verbs(twiml)).toEqual(['Connect']);
    expect(find(twiml, 'Connect')?.attrs).toEqual({
      action: `${t.config.PUBLIC_URL}/telephony/twilio/relay-action?call=${row?.id}`,
      method: 'POST',
    });
    const relay = find(twiml, 'ConversationRelay');
    expect(relay?.attrs).toMatchObject({
      url: `wss://callagent.test/telephony/twilio/relay-ws?call=${row?.id}`,
      language: 'en-GB',
      ttsProvider: 'Amazon',
      voice: 'Amy-Neural',
      interruptible: 'any',
      welcomeGreetingInterruptible: 'any',
      dtmfDetection: 'true',
    });
    expect(relay?.attrs.welcomeGreeting).toMatch(/Acme Homes.*virtual assistant/);
    expect(relay?.attrs.hints).toContain('semi-detached');
  });

  it('verifies the signed WebSocket handshake, and refuses it unsigned, mis-signed or for another call', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const relay = find(await ring(t, c, '/telephony/twilio/relay'), 'ConversationRelay');
    const url = relay?.attrs.url ?? '';
    expect((await upgrade(c, url))?.callSid).toBe(c.callSid);
    expect(await upgrade(c, url, aTwilioToken())).toBeNull();
    const path = url.slice(url.indexOf('/telephony/'));
    expect(await verifyRelayUpgrade(auth, { url: path, headers: {} })).toBeNull();
    const other = url.replace(/call=call_\w+/, 'call=call_00000000000000000000000000');
    expect(await upgrade(c, other)).toBeNull();
  });

  it('runs a whole call: prompts become turns, replies stream as sentence tokens, the end hands back to TwiML', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const { twiml, connection, sent } = await setUp(c);
    expect(sent).toEqual([]);

    await prompt(connection, WARM_SELLER[0] ?? '');
    const first = sent.splice(0);
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((m) => m.type === 'text')).toBe(true);
    expect(first.map((m) => (m.type === 'text' ? m.last : null))).toEqual([
      ...first.slice(1).map(() => false),
      true,
    ]);

    for (const text of WARM_SELLER.slice(1)) {
      await prompt(connection, text);
      if (sent.some((m) => m.type === 'end')) break;
    }
    const end = sent.at(-1);
    expect(end).toEqual({ type: 'end', handoffData: JSON.stringify({ reason: 'ended' }) });
    expect(connection.conversation.phase).toBe('closed');

    const after = await relayEnded(c, twiml, end?.type === 'end' ? end.handoffData : null);
    expect(verbs(after)).toEqual(['Say', 'Hangup']);
    expect(find(after, 'Say')?.text).toMatch(/booked.*Goodbye/);
    await statusCallback(t, c);

    const [row] = await callsOf(t, line);
    expect(row).toMatchObject({ status: 'completed', end_reason: 'completed' });
    const types = await eventTypes(t, line.tenant.workspaceId);
    expect(types).toEqual(expect.arrayContaining(['lead.created', 'opportunity.created', 'booking.created']));
    expect(types.filter((x) => x === 'call.completed')).toHaveLength(1);
  });

  it('joins prompt parts only as far as the agent reads, however many arrive before the last', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const { connection, sent } = await setUp(c);
    const part = 'and another thing '.repeat(200);
    for (let i = 0; i < 200; i++) {
      await connection.receive(
        JSON.stringify({ type: 'prompt', voicePrompt: part, lang: 'en-GB', last: false }),
      );
      expect(connection.conversation.heard.length).toBeLessThanOrEqual(MAX_UTTERANCE_CHARS + 1);
    }
    await connection.receive(
      JSON.stringify({ type: 'prompt', voicePrompt: 'the end', lang: 'en-GB', last: true }),
    );
    await connection.flushed();
    expect(sent.some((m) => m.type === 'text')).toBe(true);
    const turns = await t.db.query<{ text: string }>(
      "SELECT text FROM call_turns WHERE call_id = $1 AND speaker = 'caller'",
      [(await callsOf(t, line))[0]?.id],
    );
    expect(turns).toHaveLength(1);
    expect(turns[0]?.text.startsWith('and another thing')).toBe(true);
    expect(turns[0]?.text.endsWith(' …')).toBe(true);
    expect(turns[0]?.text.length).toBeLessThanOrEqual(MAX_UTTERANCE_CHARS + 2);
  });

  it('records an interruption and drops the tokens of the interrupted reply not yet written', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const call = await upgrade(
      c,
      find(await ring(t, c, '/telephony/twilio/relay'), 'ConversationRelay')?.attrs.url,
    );
    if (!call) throw new Error('upgrade refused');
    // A socket that writes one message and then stalls until released.
    const written: RelayOutgoing[] = [];
    let release: () => void = () => {};
    const connection = new RelayConnection(deps, openRelayConversation(call), async (data) => {
      written.push(JSON.parse(data) as RelayOutgoing);
      if (written.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    await connection.receive(JSON.stringify({ type: 'setup', callSid: c.callSid }));
    // "yes" to being a seller: the reply acknowledges and asks for a name, two sentences or more.
    await connection.receive(
      JSON.stringify({ type: 'prompt', voicePrompt: "I'd like to sell my house", last: true }),
    );
    await connection.receive(
      JSON.stringify({
        type: 'interrupt',
        utteranceUntilInterrupt: 'Thanks',
        durationUntilInterruptMs: '460',
      }),
    );
    release();
    await connection.flushed();
    expect(written).toHaveLength(1);
    const turns = await t.db.query<{ speaker: string; text: string }>(
      'SELECT speaker, text FROM call_turns WHERE call_id = $1 ORDER BY seq',
      [call.callId],
    );
    expect(turns.at(-1)).toEqual({
      speaker: 'system',
      text: 'The caller interrupted the agent after: "Thanks".',
    });
    // The reply had more to say than the one token written before the caller barged in.
    const reply = turns.findLast((x) => x.speaker === 'agent')?.text ?? '';
    expect(splitSentences(reply).length).toBeGreaterThan(1);
  });

  it('takes keypad digits up to #, and ignores errors and unknown messages', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const { connection, sent, call } = await setUp(c);
    for (const digit of ['1', '2', '#']) await connection.receive(JSON.stringify({ type: 'dtmf', digit }));
    await connection.receive(JSON.stringify({ type: 'error', description: 'Invalid message received' }));
    await connection.receive(JSON.stringify({ type: 'info', name: 'future' }));
    await connection.receive('not json');
    await connection.flushed();
    const said = await t.db.query<{ text: string }>(
      "SELECT text FROM call_turns WHERE call_id = $1 AND speaker = 'caller'",
      [call.callId],
    );
    expect(said.map((s) => s.text)).toEqual(['(keypad 12)']);
    expect(sent.length).toBeGreaterThan(0);
    expect(warnings).toEqual(expect.arrayContaining(['ConversationRelay error']));
    expect(connection.conversation.phase).toBe('open');
  });

  it('ends a conversation whose setup names another call, and one that skips setup', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const call = await upgrade(
      c,
      find(await ring(t, c, '/telephony/twilio/relay'), 'ConversationRelay')?.attrs.url,
    );
    if (!call) throw new Error('upgrade refused');
    const wrong = connect(call);
    await wrong.connection.receive(JSON.stringify({ type: 'setup', callSid: 'CAother' }));
    await wrong.connection.flushed();
    expect(wrong.sent).toEqual([{ type: 'end', handoffData: JSON.stringify({ reason: 'error' }) }]);
    const skipped = connect(call);
    await skipped.connection.receive(JSON.stringify({ type: 'prompt', voicePrompt: 'hello', last: true }));
    await skipped.connection.flushed();
    expect(skipped.sent).toEqual([{ type: 'end', handoffData: JSON.stringify({ reason: 'error' }) }]);
    expect(
      await t.db.query("SELECT 1 FROM call_turns WHERE call_id = $1 AND speaker = 'caller'", [call.callId]),
    ).toEqual([]);
  });

  it('hands over: end with the transfer, the action dials the desk, and a missed transfer returns to the relay', async () => {
    const line = await aTwilioLine(t, { transfer: { number: DESK, on_request: true, when_hot: false } });
    const c = aPhoneCall(line);
    const { twiml, connection, sent, call } = await setUp(c);
    await prompt(connection, 'can I speak to someone please');
    expect(sent).toEqual([
      { type: 'end', handoffData: JSON.stringify({ reason: 'transfer', transferTo: DESK }) },
    ]);

    const dial = await relayEnded(c, twiml, sent[0]?.type === 'end' ? sent[0].handoffData : null);
    expect(verbs(dial)).toEqual(['Say', 'Dial']);
    expect(find(dial, 'Say')?.text).toMatch(/put you through/);
    expect(find(dial, 'Dial')?.attrs.action).toBe(
      `${t.config.PUBLIC_URL}/telephony/twilio/dial-action?call=${call.callId}&via=relay`,
    );
    expect(find(dial, 'Number')?.text).toBe(DESK);

    const missed = await twilioPost(t, line.token, pathOf(t, find(dial, 'Dial')?.attrs.action), {
      ...callFields(line, c.callSid, c.from),
      DialCallStatus: 'no-answer',
    });
    const back = parseTwiml(missed.body);
    expect(verbs(back)).toEqual(['Connect']);
    expect(find(back, 'ConversationRelay')?.attrs.welcomeGreeting).toMatch(
      /nobody was able to take your call/,
    );
    const [row] = await callsOf(t, line);
    expect(row).toMatchObject({ transferred_to: DESK, transfer_result: 'no-answer', status: 'in_progress' });
  });

  it('hangs up when the relay ends without a hand-off (the caller left), leaving the close to the status callback', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const { twiml } = await setUp(c);
    expect(verbs(await relayEnded(c, twiml, null))).toEqual(['Hangup']);
    expect((await callsOf(t, line))[0]?.status).toBe('in_progress');
    await statusCallback(t, c);
    expect((await callsOf(t, line))[0]?.status).toBe('completed');
  });

  it('reconnects a call whose instance stopped (hand-off moved), repeating the last line', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const { twiml, connection } = await setUp(c);
    await prompt(connection, "I'd like to sell my house");
    const again = await relayEnded(c, twiml, JSON.stringify({ reason: 'moved' }));
    const relay = find(again, 'ConversationRelay');
    expect(relay?.attrs.url).toBe(find(twiml, 'ConversationRelay')?.attrs.url);
    expect(relay?.attrs.welcomeGreeting).toMatch(/^Sorry about that\. ./);
    expect((await callsOf(t, line))[0]?.status).toBe('in_progress');
  });

  it('closes a call whose socket dropped without an end, after a grace period, once', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const call = await upgrade(
      c,
      find(await ring(t, c, '/telephony/twilio/relay'), 'ConversationRelay')?.attrs.url,
    );
    if (!call) throw new Error('upgrade refused');
    const emitter = new EventEmitter();
    const socket: RelaySocket = {
      send(_data, callback) {
        callback();
      },
      on(event: 'message' | 'close', listener: ((data: Buffer | string) => void) | (() => void)) {
        emitter.on(event, listener);
        return socket;
      },
    };
    const connection = attachRelaySocket(socket, { ...deps, dropGraceMs: 50 }, openRelayConversation(call));
    await connection.receive(JSON.stringify({ type: 'setup', callSid: c.callSid }));
    await prompt(connection, "I'd like to sell my house");
    await prompt(connection, 'Sarah Jones');
    // The connection breaks; neither the action URL nor the status callback ever comes.
    emitter.emit('close');
    expect((await callsOf(t, line))[0]?.status).toBe('in_progress');
    for (let i = 0; i < 100 && (await callsOf(t, line))[0]?.status === 'in_progress'; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const [closed] = await callsOf(t, line);
    expect(closed?.status).toBe('completed');
    const transcript = await t.db.query<{ text: string }>(
      "SELECT text FROM call_turns WHERE call_id = $1 AND speaker = 'caller' ORDER BY seq",
      [closed?.id],
    );
    expect(transcript.map((r) => r.text)).toEqual(["I'd like to sell my house", 'Sarah Jones']);
    // Twilio's status callback, late after all, changes nothing.
    await statusCallback(t, c);
    const types = await eventTypes(t, line.tenant.workspaceId);
    expect(types.filter((x) => x === 'call.completed')).toHaveLength(1);
  });

  it('wires a ws-style socket: text frames in, JSON messages out', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const call = await upgrade(
      c,
      find(await ring(t, c, '/telephony/twilio/relay'), 'ConversationRelay')?.attrs.url,
    );
    if (!call) throw new Error('upgrade refused');
    const frames: string[] = [];
    const emitter = new EventEmitter();
    const socket: RelaySocket = {
      send(data, callback) {
        frames.push(data);
        callback();
      },
      on(event: 'message' | 'close', listener: ((data: Buffer | string) => void) | (() => void)) {
        emitter.on(event, listener);
        return socket;
      },
    };
    const connection = attachRelaySocket(socket, deps, openRelayConversation(call));
    emitter.emit('message', Buffer.from(JSON.stringify({ type: 'setup', callSid: c.callSid })));
    emitter.emit(
      'message',
      JSON.stringify({ type: 'prompt', voicePrompt: 'I want to sell my flat', last: true }),
    );
    await connection.receive('{}');
    await connection.flushed();
    expect(frames.length).toBeGreaterThan(0);
    expect((JSON.parse(frames.at(-1) ?? '{}') as { last?: boolean }).last).toBe(true);
    emitter.emit('close');
    expect(connection.conversation.phase).toBe('closed');
  });
});
