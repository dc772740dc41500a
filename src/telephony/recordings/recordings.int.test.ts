import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/support/factories.js';
import { json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import {
  callIdOf,
  recordCallWithRecording,
  recordingAtTwilio,
  recordingCallback,
  setCallRecording,
} from '../../../test/support/recordings.js';
import {
  aPhoneCall,
  aTwilioLine,
  callFields,
  converse,
  eventTypes,
  pathOf,
  ring,
  statusCallback,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
  twilioPost,
} from '../../../test/support/twilio.js';
import { find, parseTwiml } from '../twilio/twiml-parse.js';

let t: TestContext;
const DESK = '+441610000000';
const NOTICE = 'This call is recorded for quality and training.';

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
});
afterAll(() => t.close());

async function theCall(line: Awaited<ReturnType<typeof aTwilioLine>>, callId: string) {
  const res = await call(t.app, line.tenant.callers.viewer, 'GET', `/api/v1/calls/${callId}`);
  expect(res.statusCode).toBe(200);
  return json(res);
}

describe('the workspace switch', () => {
  it('is off by default: no recording is asked for, the greeting has no notice, the call has none', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const twiml = await ring(t, c);
    expect(find(twiml, 'Say')?.text).not.toContain(NOTICE);
    expect(await recordingAtTwilio(t, c)).toBeUndefined();
    expect((await theCall(line, await callIdOf(t, c))).recording).toBeNull();
  });

  it('an admin turns it on (audited with before and after); a viewer cannot', async () => {
    const line = await aTwilioLine(t);
    const ping = json(await call(t.app, line.tenant.callers.viewer, 'GET', '/api/v1/ping'));
    expect((ping.workspace as { call_recording: boolean }).call_recording).toBe(false);
    const denied = await call(t.app, line.tenant.callers.viewer, 'PATCH', '/api/v1/workspace', {
      call_recording: true,
    });
    expect(denied.statusCode).toBe(403);
    const res = await call(t.app, line.tenant.callers.admin, 'PATCH', '/api/v1/workspace', {
      call_recording: true,
    });
    expect(json(res)).toMatchObject({ call_recording: true });
    // Saving the same value again is no change, and is not audited again.
    await setCallRecording(t, line.tenant, true);
    const audit = await t.db.query<{ details: unknown; actor_id: string }>(
      "SELECT details, actor_id FROM audit_log WHERE workspace_id = $1 AND action = 'workspace.call_recording_changed'",
      [line.tenant.workspaceId],
    );
    expect(audit).toEqual([{ details: { from: false, to: true }, actor_id: line.tenant.users.admin.id }]);
    const bad = await call(t.app, line.tenant.callers.admin, 'PATCH', '/api/v1/workspace', {
      call_recording: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a recorded call', () => {
  it('greets with the notice, and asks Twilio to record both channels with the signed callback', async () => {
    const line = await aTwilioLine(t);
    await setCallRecording(t, line.tenant, true);
    const c = aPhoneCall(line);
    const twiml = await ring(t, c);
    const said = find(twiml, 'Say')?.text ?? '';
    expect(said).toContain(NOTICE);
    // Right after the greeting's opening, before its question.
    expect(said.indexOf(NOTICE)).toBeLessThan(said.indexOf('How can I help?'));
    const callId = await callIdOf(t, c);
    const rec = await recordingAtTwilio(t, c);
    expect(rec?.form.get('RecordingChannels')).toBe('dual');
    expect(rec?.form.get('RecordingStatusCallback')).toBe(
      `${t.config.PUBLIC_URL}/telephony/twilio/recording-status?call=${callId}`,
    );
    expect(rec?.form.getAll('RecordingStatusCallbackEvent')).toEqual(['in-progress', 'completed', 'absent']);
    expect(rec?.form.get('RecordingStatusCallbackMethod')).toBe('POST');
    expect((await theCall(line, callId)).recording).toMatchObject({ status: 'in_progress', url: null });
  });

  it('a repeated voice webhook asks Twilio once', async () => {
    const line = await aTwilioLine(t);
    await setCallRecording(t, line.tenant, true);
    const c = aPhoneCall(line);
    await ring(t, c);
    await ring(t, c);
    await t.recordings.drain();
    expect(t.twilio.recordings.filter((r) => r.callSid === c.callSid)).toHaveLength(1);
  });

  it('the wording is the agent’s own, published as any line', async () => {
    const line = await aTwilioLine(t, {
      lines: {
        ...(await import('../../modules/agent/agent-config.js')).DEFAULT_AGENT_CONFIG.lines,
        recording_notice: 'We record calls at {business}.',
      },
    });
    await setCallRecording(t, line.tenant, true);
    const c = aPhoneCall(line);
    expect(find(await ring(t, c), 'Say')?.text).toContain('We record calls at Acme Homes.');
  });

  it('on the ConversationRelay channel too: the welcome greeting has the notice, Twilio records', async () => {
    const line = await aTwilioLine(t);
    await setCallRecording(t, line.tenant, true);
    const c = aPhoneCall(line);
    const twiml = await ring(t, c, '/telephony/twilio/relay');
    expect(find(twiml, 'ConversationRelay')?.attrs.welcomeGreeting).toContain(NOTICE);
    expect((await recordingAtTwilio(t, c))?.form.get('RecordingChannels')).toBe('dual');
  });

  it('a test call never records, even with the switch on', async () => {
    const line = await aTwilioLine(t);
    await setCallRecording(t, line.tenant, true);
    await t.recordings.drain();
    const asked = t.twilio.recordings.length;
    for (const agent of ['draft', 'published']) {
      const res = await call(t.app, line.tenant.callers.admin, 'POST', '/api/v1/test-calls', {
        from: '+447700900123',
        agent,
      });
      expect(res.statusCode).toBe(201);
      const started = json<{ call_id: string; reply: string }>(res);
      expect(started.reply).not.toContain(NOTICE);
      expect((await theCall(line, started.call_id)).recording).toBeNull();
    }
    await t.recordings.drain();
    expect(t.twilio.recordings).toHaveLength(asked);
    const rows = await t.db.query(
      'SELECT id FROM calls WHERE workspace_id = $1 AND recording_status IS NOT NULL',
      [line.tenant.workspaceId],
    );
    expect(rows).toEqual([]);
  });

  it('Twilio refusing is retried, then the recording is failed with the reason', async () => {
    const line = await aTwilioLine(t);
    await setCallRecording(t, line.tenant, true);
    t.twilio.failNextRecordings({ status: 500, code: 20500 }, { status: 503, code: 20503 });
    const c = aPhoneCall(line);
    await ring(t, c);
    // Two failures, then the third try is taken.
    expect(await recordingAtTwilio(t, c)).toBeDefined();
    t.twilio.failNextRecordings(
      { status: 400, code: 21220, message: 'Invalid call state' },
      { status: 400, code: 21220, message: 'Invalid call state' },
      { status: 400, code: 21220, message: 'Invalid call state' },
    );
    const d = aPhoneCall(line);
    await ring(t, d);
    expect(await recordingAtTwilio(t, d)).toBeUndefined();
    const id = await callIdOf(t, d);
    expect((await theCall(line, id)).recording).toMatchObject({ status: 'failed', url: null });
    const [row] = await t.db.query<{ recording_error: string; recording_attempts: number }>(
      'SELECT recording_error, recording_attempts FROM calls WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ recording_error: expect.stringMatching(/21220/), recording_attempts: 3 });
  });

  it('a request an instance left unasked is asked by the housekeeping sweep', async () => {
    const line = await aTwilioLine(t);
    await setCallRecording(t, line.tenant, true);
    const c = aPhoneCall(line);
    await ring(t, c);
    await t.recordings.drain();
    // As if the instance died before asking: the request is still there, unclaimed.
    const id = await callIdOf(t, c);
    await t.db.query(
      `UPDATE calls SET recording_status = 'requested', recording_sid = NULL, recording_attempted_at = NULL WHERE id = $1`,
      [id],
    );
    t.twilio.recordings.splice(0, t.twilio.recordings.length);
    const swept = await t.recordings.sweep();
    expect(swept.started).toBeGreaterThanOrEqual(1);
    expect(t.twilio.recordings.some((r) => r.callSid === c.callSid)).toBe(true);
  });
});

describe('the recording status callback', () => {
  it('attaches the recording when completed, announces it once, and ignores a replay', async () => {
    const r = await recordCallWithRecording(t);
    const shown = (await theCall(r.line, r.callId)).recording;
    expect(shown).toEqual({
      status: 'completed',
      channels: 2,
      duration_seconds: r.recording.durationSeconds,
      started_at: r.recording.startTime.toISOString(),
      url: `/api/v1/calls/${r.callId}/recording`,
      deleted_at: null,
    });
    const again = await recordingCallback(t, r.phoneCall, r.callId, r.recording, 'completed');
    expect(again.statusCode).toBe(204);
    // A late in-progress does not take it back.
    await recordingCallback(t, r.phoneCall, r.callId, r.recording, 'in-progress');
    expect((await theCall(r.line, r.callId)).recording).toEqual(shown);
    const types = await eventTypes(t, r.line.tenant.workspaceId);
    const updates = await t.db.query<{ data: { recording: unknown } }>(
      "SELECT data FROM events WHERE workspace_id = $1 AND type = 'call.updated'",
      [r.line.tenant.workspaceId],
    );
    expect(types.filter((x) => x === 'call.updated')).toHaveLength(1);
    expect(updates[0]?.data.recording).toEqual(shown);
  });

  it('refuses a forged or unsigned callback with 403 and changes nothing', async () => {
    const line = await aTwilioLine(t);
    await setCallRecording(t, line.tenant, true);
    const c = aPhoneCall(line);
    await ring(t, c);
    const id = await callIdOf(t, c);
    const rec = await recordingAtTwilio(t, c);
    if (!rec) throw new Error('no recording');
    const forged = await recordingCallback(t, c, id, rec, 'completed', { token: 'f'.repeat(32) });
    expect(forged.statusCode).toBe(403);
    expect(json<{ error: { code: string } }>(forged).error.code).toBe('forbidden');
    const unsigned = await recordingCallback(t, c, id, rec, 'completed', { signature: null });
    expect(unsigned.statusCode).toBe(403);
    const otherUrl = await recordingCallback(t, c, id, rec, 'completed', {
      signedUrl: `${t.config.PUBLIC_URL}/telephony/twilio/recording-status?call=call_other`,
    });
    expect(otherUrl.statusCode).toBe(403);
    expect((await theCall(line, id)).recording).toMatchObject({
      status: 'in_progress',
      duration_seconds: null,
    });
  });

  it('ignores (204) a callback for an unknown call, another account, another call or another recording', async () => {
    const line = await aTwilioLine(t);
    await setCallRecording(t, line.tenant, true);
    const c = aPhoneCall(line);
    await ring(t, c);
    const id = await callIdOf(t, c);
    const rec = await recordingAtTwilio(t, c);
    if (!rec) throw new Error('no recording');
    expect((await recordingCallback(t, c, 'call_nosuchcall', rec)).statusCode).toBe(204);
    const other = { AccountSid: `AC${'1'.repeat(32)}` };
    expect((await recordingCallback(t, c, id, rec, 'completed', { fields: other })).statusCode).toBe(204);
    const otherCall = { CallSid: `CA${'2'.repeat(32)}` };
    expect((await recordingCallback(t, c, id, rec, 'completed', { fields: otherCall })).statusCode).toBe(204);
    const otherRec = { RecordingSid: `RE${'3'.repeat(32)}` };
    expect((await recordingCallback(t, c, id, rec, 'completed', { fields: otherRec })).statusCode).toBe(204);
    expect((await theCall(line, id)).recording).toMatchObject({ status: 'in_progress', url: null });
    // A call that is not recorded is not given one.
    const plain = await aTwilioLine(t);
    const p = aPhoneCall(plain);
    await ring(t, p);
    const pid = await callIdOf(t, p);
    const res = await recordingCallback(t, p, pid, { ...rec, accountSid: rec.accountSid });
    expect(res.statusCode).toBe(204);
    expect((await theCall(plain, pid)).recording).toBeNull();
  });

  it('absent: the recording is shown failed, with no url', async () => {
    const line = await aTwilioLine(t);
    await setCallRecording(t, line.tenant, true);
    const c = aPhoneCall(line);
    await ring(t, c);
    const id = await callIdOf(t, c);
    const rec = await recordingAtTwilio(t, c);
    if (!rec) throw new Error('no recording');
    expect(
      (await recordingCallback(t, c, id, rec, 'absent', { fields: { ErrorCode: '13617' } })).statusCode,
    ).toBe(204);
    expect((await theCall(line, id)).recording).toMatchObject({ status: 'failed', url: null });
  });

  it('a hand-over to the desk keeps recording: the recording is attached to the call', async () => {
    const line = await aTwilioLine(t, { transfer: { number: DESK, on_request: true, when_hot: false } });
    await setCallRecording(t, line.tenant, true);
    const c = aPhoneCall(line);
    const { twiml } = await converse(t, c, await ring(t, c), ['can I speak to someone please']);
    const dial = find(twiml, 'Dial');
    expect(dial).toBeDefined();
    const whisper = await twilioPost(t, line.token, pathOf(t, find(twiml, 'Number')?.attrs.url), {
      AccountSid: callFields(line, c.callSid, c.from).AccountSid,
      CallSid: `CA${'d'.repeat(32)}`,
      ParentCallSid: c.callSid,
      CallStatus: 'in-progress',
      Direction: 'outbound-dial',
      From: c.from,
      To: DESK,
    });
    expect(whisper.statusCode).toBe(200);
    t.clock.advance(60_000);
    const ended = await twilioPost(t, line.token, pathOf(t, dial?.attrs.action), {
      ...callFields(line, c.callSid, c.from),
      DialCallSid: `CA${'d'.repeat(32)}`,
      DialCallStatus: 'completed',
      DialCallDuration: '42',
    });
    expect(parseTwiml(ended.body)).toBeDefined();
    await statusCallback(t, c);
    const id = await callIdOf(t, c);
    const rec = await recordingAtTwilio(t, c);
    if (!rec) throw new Error('no recording');
    // Started on the caller's leg by the REST API, it runs through the <Dial> to the call's end.
    expect(rec.callSid).toBe(c.callSid);
    expect((await recordingCallback(t, c, id, rec, 'completed')).statusCode).toBe(204);
    expect(await theCall(line, id)).toMatchObject({
      status: 'transferred',
      recording: { status: 'completed', channels: 2, url: `/api/v1/calls/${id}/recording` },
    });
  });
});
