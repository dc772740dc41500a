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
  type PhoneCall,
  pathOf,
  ring,
  statusCallback,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
  twilioPost,
} from '../../../test/support/twilio.js';
import { find, parseTwiml, verbs, type XmlNode } from './twiml-parse.js';

let t: TestContext;
const DESK = '+441610000000';
const DESK_LEG = 'CAdddddddddddddddddddddddddddddddd';

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
});
afterAll(() => t.close());

const transferLine = () => aTwilioLine(t, { transfer: { number: DESK, on_request: true, when_hot: false } });

/** The caller asks for a person: the transfer line, then <Dial> to the desk. */
async function askForPerson(c: PhoneCall): Promise<XmlNode> {
  const { twiml } = await converse(t, c, await ring(t, c), ['can I speak to someone please']);
  return twiml;
}

/** Twilio requests the <Number url> on the desk's leg once the desk member picks up. */
function whisper(c: PhoneCall, dial: XmlNode) {
  const url = find(dial, 'Number')?.attrs.url;
  return twilioPost(t, c.line.token, pathOf(t, url), {
    AccountSid: callFields(c.line, c.callSid, c.from).AccountSid,
    CallSid: DESK_LEG,
    ParentCallSid: c.callSid,
    CallStatus: 'in-progress',
    Direction: 'outbound-dial',
    From: c.from,
    To: DESK,
  });
}

/** Twilio posts the <Dial> action when the dialled leg ends (or never started). */
function dialEnded(c: PhoneCall, dial: XmlNode, dialStatus: string, callerStatus = 'in-progress') {
  return twilioPost(t, c.line.token, pathOf(t, find(dial, 'Dial')?.attrs.action), {
    ...callFields(c.line, c.callSid, c.from, callerStatus),
    DialCallSid: DESK_LEG,
    DialCallStatus: dialStatus,
    DialCallDuration: dialStatus === 'completed' ? '42' : '0',
  });
}

describe('hand-over to the desk', () => {
  it('says the transfer line and dials the desk with the caller ID, a 20 s timeout and a whisper', async () => {
    const line = await transferLine();
    const c = aPhoneCall(line);
    const twiml = await askForPerson(c);
    const [row] = await callsOf(t, line);
    expect(verbs(twiml)).toEqual(['Say', 'Dial']);
    expect(find(twiml, 'Say')?.text).toMatch(/put you through/);
    expect(find(twiml, 'Dial')?.attrs).toEqual({
      action: `${t.config.PUBLIC_URL}/telephony/twilio/dial-action?call=${row?.id}`,
      method: 'POST',
      timeout: '20',
      callerId: c.from,
    });
    const number = find(twiml, 'Number');
    expect(number?.attrs).toEqual({
      url: `${t.config.PUBLIC_URL}/telephony/twilio/whisper?call=${row?.id}`,
      method: 'POST',
    });
    expect(number?.text).toBe(DESK);
    expect(row).toMatchObject({ status: 'in_progress', transferred_to: DESK, transfer_result: null });
  });

  it('answered: the whisper briefs the desk and marks the hand-over once; the status callback completes the call', async () => {
    const line = await transferLine();
    const c = aPhoneCall(line);
    const dial = await askForPerson(c);
    const res = await whisper(c, dial);
    expect(res.statusCode).toBe(200);
    const brief = parseTwiml(res.body);
    expect(verbs(brief)).toEqual(['Say']);
    expect(find(brief, 'Say')?.text).toMatch(/Acme Homes.*asked to speak to someone.*Connecting you now/);
    expect((await whisper(c, dial)).statusCode).toBe(200);
    expect(await eventTypes(t, line.tenant.workspaceId)).not.toContain('call.completed');

    // The conversation with the desk takes a while; events are ordered by their time.
    t.clock.advance(60_000);
    const ended = await dialEnded(c, dial, 'completed');
    expect(verbs(parseTwiml(ended.body))).toEqual(['Hangup']);
    await statusCallback(t, c);
    await statusCallback(t, c);

    const [row] = await callsOf(t, line);
    expect(row).toMatchObject({ status: 'transferred', transferred_to: DESK, transfer_result: 'connected' });
    const types = await eventTypes(t, line.tenant.workspaceId);
    expect(types.filter((x) => x === 'call.transferred')).toHaveLength(1);
    expect(types.filter((x) => x === 'call.completed')).toHaveLength(1);
    expect(types.indexOf('call.completed')).toBeGreaterThan(types.indexOf('call.transferred'));
    const theCall = json(await call(t.app, line.tenant.callers.viewer, 'GET', `/api/v1/calls/${row?.id}`));
    expect(theCall).toMatchObject({
      transferred_to: DESK,
      transfer_result: 'connected',
      status: 'transferred',
    });
    expect(theCall.summary).toBeTruthy();
  });

  it('not answered: back to the agent, which books a callback', async () => {
    const line = await transferLine();
    const c = aPhoneCall(line);
    const dial = await askForPerson(c);
    const res = await dialEnded(c, dial, 'no-answer');
    const back = parseTwiml(res.body);
    expect(verbs(back)).toEqual(['Gather']);
    expect(find(back, 'Say')?.text).toMatch(/nobody was able to take your call/);
    const [during] = await callsOf(t, line);
    expect(during).toMatchObject({
      status: 'in_progress',
      transferred_to: DESK,
      transfer_result: 'no-answer',
    });

    const { twiml, replies } = await converse(t, c, back, ['Dave Smith', 'yes', 'the first one']);
    expect(replies.at(-1)).toMatch(/booked a call back/);
    expect(verbs(twiml)).toEqual(['Say', 'Hangup']);
    await statusCallback(t, c);
    const types = await eventTypes(t, line.tenant.workspaceId);
    expect(types).toContain('booking.created');
    expect(types).not.toContain('call.transferred');
    expect(types.filter((x) => x === 'call.completed')).toHaveLength(1);
    const [row] = await callsOf(t, line);
    expect(row).toMatchObject({ status: 'completed', transfer_result: 'no-answer' });
  });

  it('busy, and the caller hangs up while the desk rings: nothing more is said and a late answer is refused', async () => {
    const line = await transferLine();
    const c = aPhoneCall(line);
    const dial = await askForPerson(c);
    const gone = await dialEnded(c, dial, 'busy', 'completed');
    expect(verbs(parseTwiml(gone.body))).toEqual([]);
    await statusCallback(t, c);
    const late = await whisper(c, dial);
    expect(verbs(parseTwiml(late.body))).toEqual(['Hangup']);
    const [row] = await callsOf(t, line);
    expect(row).toMatchObject({ transfer_result: 'busy' });
    expect(row?.status).not.toBe('in_progress');
    const types = await eventTypes(t, line.tenant.workspaceId);
    expect(types).not.toContain('call.transferred');
    expect(types.filter((x) => x === 'call.completed')).toHaveLength(1);
  });
});

describe('a hand-over nobody answered alerts the desk', () => {
  interface AlertRow {
    user_id: string;
    channel: string;
    subject: string;
    body: string;
    lead_id: string | null;
  }
  const alertsOf = (callId: string | undefined) =>
    t.db.query<AlertRow>(
      'SELECT user_id, channel, subject, body, lead_id FROM messages WHERE idempotency_key LIKE $1 ORDER BY user_id',
      [`alert:handover_missed:${callId}:%`],
    );

  it('everyone who asked, when the caller is new: their number and the call, once however often Twilio reports', async () => {
    const line = await transferLine();
    const tenant = line.tenant;
    await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/account/notifications', {
      alerts: { handover_missed: { email: false } },
    });
    const c = aPhoneCall(line);
    const dial = await askForPerson(c);
    await dialEnded(c, dial, 'no-answer');
    await dialEnded(c, dial, 'no-answer');
    const [row] = await callsOf(t, line);
    const alerts = await alertsOf(row?.id);
    expect(alerts.map((a) => `${a.channel} ${a.user_id}`).sort()).toEqual(
      [tenant.users.owner.id, tenant.users.member.id].map((id) => `email ${id}`).sort(),
    );
    expect(alerts[0]?.subject).toBe(`Missed hand-over: ${c.from}`);
    expect(alerts[0]?.body).toContain(
      `Missed hand-over: ${c.from} asked to speak to someone and nobody answered.`,
    );
    expect(alerts[0]?.body).toContain(`{console}/calls/${row?.id}`);
  });

  it('the lead’s owner alone for a caller the desk knows, with their name, whatever Twilio reported', async () => {
    const line = await transferLine();
    const tenant = line.tenant;
    const c = aPhoneCall(line);
    const lead = await call(t.app, tenant.callers.member, 'POST', '/api/v1/leads', {
      name: 'Dave Smith',
      phone: c.from,
      owner_id: tenant.users.member.id,
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const dial = await askForPerson(c);
    await dialEnded(c, dial, 'busy', 'completed');
    const [row] = await callsOf(t, line);
    const alerts = await alertsOf(row?.id);
    expect(alerts.map((a) => `${a.channel} ${a.user_id}`)).toEqual([`email ${tenant.users.member.id}`]);
    expect(alerts[0]).toMatchObject({
      subject: `Missed hand-over: Dave Smith (${c.from})`,
      lead_id: json<{ id: string }>(lead).id,
    });
    expect(alerts[0]?.body).toContain('and the line was busy.');
  });

  it('nobody when the desk answered', async () => {
    const line = await transferLine();
    const c = aPhoneCall(line);
    const dial = await askForPerson(c);
    await whisper(c, dial);
    await dialEnded(c, dial, 'completed');
    const [row] = await callsOf(t, line);
    expect(await alertsOf(row?.id)).toEqual([]);
  });
});
