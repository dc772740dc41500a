import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import {
  aPhoneCall,
  aTwilioLine,
  callFields,
  callsOf,
  converse,
  eventTypes,
  ring,
  speak,
  statusCallback,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
  twilioPost,
  WARM_SELLER,
} from '../../../test/support/twilio.js';
import { MAX_UTTERANCE_CHARS } from '../../dialog/engine/index.js';
import { DEFAULT_AGENT_CONFIG } from '../../modules/agent/agent-config.js';
import { find, parseTwiml, verbs } from '../twilio/twiml-parse.js';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
});
afterAll(() => t.close());

describe('the <Gather> speech channel', () => {
  it('answers with the greeting inside a speech Gather configured from the published agent', async () => {
    const line = await aTwilioLine(t, {
      speech_hints: ['Acacia Avenue', 'm14'],
      buy_box: { ...DEFAULT_AGENT_CONFIG.buy_box, postcode_areas: ['M14', 'SK4'] },
    });
    const twiml = await ring(t, aPhoneCall(line));
    expect(verbs(twiml)).toEqual(['Gather']);
    const [row] = await callsOf(t, line);
    const gather = find(twiml, 'Gather');
    expect(gather?.attrs).toMatchObject({
      input: 'speech dtmf',
      finishOnKey: '#',
      action: `${t.config.PUBLIC_URL}/telephony/twilio/gather?call=${row?.id}`,
      method: 'POST',
      language: 'en-GB',
      speechTimeout: 'auto',
      bargeIn: 'true',
      actionOnEmptyResult: 'true',
    });
    const hints = (gather?.attrs.hints ?? '').split(', ');
    // Postcode areas first, then the configured hints (a repeat dropped), then the domain words.
    expect(hints.slice(0, 3)).toEqual(['M14', 'SK4', 'Acacia Avenue']);
    expect(hints).toContain('semi-detached');
    expect(hints.filter((h) => h.toLowerCase() === 'm14')).toHaveLength(1);
    const spoken = find(twiml, 'Say');
    expect(spoken?.attrs).toEqual({ voice: 'Polly.Amy-Neural', language: 'en-GB' });
    expect(spoken?.text).toMatch(/Acme Homes.*virtual assistant/);
  });

  it('runs a whole call: a turn per SpeechResult, the closing line then Hangup, one call.completed', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const { twiml, replies } = await converse(t, c, await ring(t, c), WARM_SELLER);
    expect(verbs(twiml)).toEqual(['Say', 'Hangup']);
    expect(replies.at(-1)).toMatch(/Goodbye/);
    await statusCallback(t, c);
    await statusCallback(t, c);

    const [row] = await callsOf(t, line);
    const theCall = json(await call(t.app, line.tenant.callers.viewer, 'GET', `/api/v1/calls/${row?.id}`));
    expect(theCall).toMatchObject({
      channel: 'twilio',
      status: 'completed',
      end_reason: 'completed',
      from: c.from,
      to: line.number,
      agent_version: 1,
    });
    const types = await eventTypes(t, line.tenant.workspaceId);
    expect(types.filter((x) => x === 'call.completed')).toHaveLength(1);
    expect(types).toEqual(expect.arrayContaining(['lead.created', 'opportunity.created', 'booking.created']));
    const lead = json(
      await call(t.app, line.tenant.callers.viewer, 'GET', `/api/v1/leads/${String(theCall.lead_id)}`),
    );
    expect(lead).toMatchObject({ name: 'Sarah Jones', phone: c.from });
    const transcript = json(
      await call(t.app, line.tenant.callers.viewer, 'GET', `/api/v1/calls/${row?.id}/transcript`),
    );
    const said = (transcript.turns as { speaker: string; text: string }[]).filter(
      (x) => x.speaker === 'caller',
    );
    expect(said.map((x) => x.text)).toEqual(WARM_SELLER);
  });

  it('takes a re-sent Gather (same I-Twilio-Idempotency-Token) as one turn and answers it the same', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const greeting = await ring(t, c);
    const action = find(greeting, 'Gather')?.attrs.action ?? '';
    const path = action.slice(t.config.PUBLIC_URL.length);
    const fields = {
      ...callFields(c.line, c.callSid, c.from),
      SpeechResult: "I'd like to sell my house",
      Confidence: '0.9',
    };
    const headers = { 'i-twilio-idempotency-token': `${c.callSid}-turn-1` };
    const first = await twilioPost(t, line.token, path, fields, { headers });
    // Twilio timed out and sends it again, and once more while it is at it.
    const [again, once_more] = await Promise.all([
      twilioPost(t, line.token, path, fields, { headers }),
      twilioPost(t, line.token, path, fields, { headers }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(once_more.body).toBe(first.body);
    expect(first.body).not.toMatch(/didn't catch that/i);
    const [row] = await callsOf(t, line);
    const transcript = json(
      await call(t.app, line.tenant.callers.viewer, 'GET', `/api/v1/calls/${row?.id}/transcript`),
    );
    const said = (transcript.turns as { speaker: string; text: string }[]).filter(
      (x) => x.speaker === 'caller',
    );
    expect(said.map((x) => x.text)).toEqual(["I'd like to sell my house"]);
    // A new token is a new turn.
    const next = await twilioPost(
      t,
      line.token,
      path,
      { ...fields, SpeechResult: 'Sarah Jones' },
      {
        headers: { 'i-twilio-idempotency-token': `${c.callSid}-turn-2` },
      },
    );
    expect(next.body).not.toBe(first.body);
  });

  it('keeps one call per CallSid when Twilio repeats the voice webhook, greeting it again', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const first = await ring(t, c);
    const [again, concurrent] = await Promise.all([ring(t, c), ring(t, c)]);
    expect(find(again, 'Say')?.text).toBe(find(first, 'Say')?.text);
    expect(find(concurrent, 'Gather')?.attrs.action).toBe(find(first, 'Gather')?.attrs.action);
    expect(await callsOf(t, line)).toHaveLength(1);
  });

  it('treats an empty result as silence: asks again, then closes after the configured re-prompts', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    let twiml = await speak(t, c, await ring(t, c), '');
    expect(find(twiml, 'Say')?.text).toMatch(/still there/);
    twiml = await speak(t, c, twiml, '');
    twiml = await speak(t, c, twiml, '');
    expect(verbs(twiml)).toEqual(['Say', 'Hangup']);
    const [row] = await callsOf(t, line);
    expect(row).toMatchObject({ status: 'completed', end_reason: 'silence' });
  });

  it('wraps up a caller who hangs up mid-call, and answers a late Gather with Hangup, changing nothing', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const { twiml } = await converse(t, c, await ring(t, c), WARM_SELLER.slice(0, 4));
    await statusCallback(t, c);
    const [row] = await callsOf(t, line);
    expect(row).toMatchObject({ status: 'completed', end_reason: 'caller_hung_up' });
    expect(row?.lead_id).toMatch(/^lead_/);
    const turns = await t.db.query('SELECT 1 FROM call_turns WHERE call_id = $1', [row?.id]);
    const late = await twilioPost(t, line.token, `/telephony/twilio/gather?call=${row?.id}`, {
      ...callFields(line, c.callSid, c.from),
      SpeechResult: 'hello?',
    });
    expect(verbs(parseTwiml(late.body))).toEqual(['Hangup']);
    expect(await t.db.query('SELECT 1 FROM call_turns WHERE call_id = $1', [row?.id])).toHaveLength(
      turns.length,
    );
    expect(find(twiml, 'Gather')).toBeDefined();
    const types = await eventTypes(t, line.tenant.workspaceId);
    expect(types.filter((x) => x === 'call.completed')).toHaveLength(1);
  });

  it('closes a call that never got going as failed with the carrier reason, once', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    await ring(t, c);
    await statusCallback(t, c, 'canceled');
    await statusCallback(t, c, 'canceled');
    await statusCallback(t, c, 'completed');
    const [row] = await callsOf(t, line);
    expect(row).toMatchObject({ status: 'failed', end_reason: 'canceled' });
    const types = await eventTypes(t, line.tenant.workspaceId);
    expect(types.filter((x) => x === 'call.completed')).toHaveLength(1);
  });

  it('ignores status callbacks that are not final, and ones for calls it never saw', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    await ring(t, c);
    await statusCallback(t, c, 'in-progress');
    await statusCallback(t, c, 'ringing');
    expect((await callsOf(t, line))[0]?.status).toBe('in_progress');
    await statusCallback(t, aPhoneCall(line), 'completed');
    expect(await callsOf(t, line)).toHaveLength(1);
  });

  it('reads a turn longer than any breath only up to the cap, and keeps that much in the transcript', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const long = `my name is sarah jones ${'07700 900123 '.repeat(400)}`;
    const twiml = await speak(t, c, await ring(t, c), long);
    expect(find(twiml, 'Gather')).toBeDefined();
    const turns = await t.db.query<{ text: string }>(
      "SELECT text FROM call_turns WHERE call_id = $1 AND speaker = 'caller'",
      [(await callsOf(t, line))[0]?.id],
    );
    expect(turns).toHaveLength(1);
    const said = turns[0]?.text ?? '';
    expect(said.startsWith('my name is sarah jones 07700')).toBe(true);
    expect(said.endsWith(' …')).toBe(true);
    expect(said.length).toBeLessThanOrEqual(MAX_UTTERANCE_CHARS + 2);
  });

  it('answers a keypad entry as a turn', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const twiml = await ring(t, c);
    const gather = find(twiml, 'Gather');
    const res = await twilioPost(
      t,
      line.token,
      (gather?.attrs.action ?? '').slice(t.config.PUBLIC_URL.length),
      {
        ...callFields(line, c.callSid, c.from),
        Digits: '1',
      },
    );
    expect(res.statusCode).toBe(200);
    const turns = await t.db.query<{ text: string }>(
      "SELECT text FROM call_turns WHERE call_id = $1 AND speaker = 'caller'",
      [(await callsOf(t, line))[0]?.id],
    );
    expect(turns.map((x) => x.text)).toEqual(['(keypad 1)']);
  });
});
