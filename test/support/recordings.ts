import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { XmlNode } from '../../src/telephony/twilio/twiml-parse.js';
import { call, type Tenant } from './factories.js';
import type { FakeTwilioRecording } from './fake-twilio.js';
import type { TestContext } from './harness.js';
import {
  aPhoneCall,
  aTwilioLine,
  type PhoneCall,
  ring,
  type SignedPost,
  statusCallback,
  type TwilioLine,
  twilioPost,
} from './twilio.js';

// Tests only: recorded calls, from the workspace's switch to Twilio's signed recording callback
// (docs/telephony.md, "Recording calls").

/** Turns the workspace's call recording on (or off) as an admin does. */
export async function setCallRecording(t: TestContext, tenant: Tenant, on: boolean): Promise<void> {
  const res = await call(t.app, tenant.callers.admin, 'PATCH', '/api/v1/workspace', { call_recording: on });
  expect(res.statusCode, res.body).toBe(200);
}

/** The call's id, by the CallSid Twilio gave it. */
export async function callIdOf(t: TestContext, c: PhoneCall): Promise<string> {
  const rows = await t.db.query<{ id: string }>('SELECT id FROM calls WHERE provider_call_id = $1', [
    c.callSid,
  ]);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no call for ${c.callSid}`);
  return id;
}

/** The recording Twilio was asked to start for this call, once the app's requests are done. */
export async function recordingAtTwilio(
  t: TestContext,
  c: PhoneCall,
): Promise<FakeTwilioRecording | undefined> {
  await t.recordings.drain();
  return t.twilio.recordings.find((r) => r.callSid === c.callSid);
}

/** Twilio's recording status callback, signed with the line's token as Twilio signs it. */
export function recordingCallback(
  t: TestContext,
  c: PhoneCall,
  callId: string,
  recording: FakeTwilioRecording,
  status: 'in-progress' | 'completed' | 'absent' | 'failed' = 'completed',
  options: SignedPost & { fields?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const { fields, ...signing } = options;
  return twilioPost(
    t,
    c.line.token,
    `/telephony/twilio/recording-status?call=${encodeURIComponent(callId)}`,
    {
      AccountSid: recording.accountSid,
      CallSid: c.callSid,
      RecordingSid: recording.sid,
      RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${recording.accountSid}/Recordings/${recording.sid}`,
      RecordingStatus: status,
      RecordingChannels: '2',
      RecordingSource: 'StartCallRecordingAPI',
      RecordingTrack: 'both',
      RecordingStartTime: recording.startTime.toUTCString().replace('GMT', '+0000'),
      ...(status === 'completed' ? { RecordingDuration: String(recording.durationSeconds) } : {}),
      ...fields,
    },
    signing,
  );
}

export interface RecordedCall {
  line: TwilioLine;
  phoneCall: PhoneCall;
  callId: string;
  /** The greeting's TwiML. */
  greeting: XmlNode;
  /** The recording at the fake Twilio: `mp3` holds the bytes the service must stream. */
  recording: FakeTwilioRecording;
}

/**
 * A whole recorded call, for any test that needs a recording to play (API and console): a
 * workspace with call recording on and a Twilio number (or `line`, whose workspace must have it
 * on), a caller who rings and hangs up, Twilio's status callback, and Twilio's signed recording
 * callback saying the recording is completed. The recording then plays through
 * GET /api/v1/calls/{callId}/recording, serving `recording.mp3`.
 */
export async function recordCallWithRecording(
  t: TestContext,
  options: { line?: TwilioLine } = {},
): Promise<RecordedCall> {
  const line = options.line ?? (await aTwilioLine(t));
  if (options.line === undefined) await setCallRecording(t, line.tenant, true);
  const phoneCall = aPhoneCall(line);
  const greeting = await ring(t, phoneCall);
  const callId = await callIdOf(t, phoneCall);
  const recording = await recordingAtTwilio(t, phoneCall);
  if (recording === undefined) throw new Error('Twilio was not asked to record the call');
  t.clock.advance(20_000);
  await statusCallback(t, phoneCall);
  const res = await recordingCallback(t, phoneCall, callId, recording, 'completed');
  expect(res.statusCode, res.body).toBe(204);
  return { line, phoneCall, callId, greeting, recording };
}
