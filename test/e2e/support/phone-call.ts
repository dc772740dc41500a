import { setTimeout as sleep } from 'node:timers/promises';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { find, parseTwiml, type XmlNode } from '../../../src/telephony/twilio/twiml-parse.js';
import type { FakeTwilioRecording } from '../../support/fake-twilio.js';
import { aCallSid, callFields } from '../../support/twilio.js';
import type { Service } from './service.js';

// Tests only: a phone call to the service under test as Twilio makes one, over HTTP: each
// webhook a form signed with the number's auth token over the service's public URL, as Twilio
// signs it (docs/telephony.md). The recording is the fake Twilio's (test/support/fake-twilio.ts).

/** A number of the workspace at the fake Twilio, and the auth token its requests are signed with. */
export interface PhoneLine {
  number: string;
  token: string;
}

async function twilioPost(url: string, token: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': getExpectedTwilioSignature(token, url, fields),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function twiml(res: Response): Promise<XmlNode> {
  const body = await res.text();
  if (res.status !== 200) throw new Error(`Twilio webhook answered ${res.status}: ${body}`);
  return parseTwiml(body);
}

/**
 * A caller rings the line, says each of `lines` with `pauseMs` between them (so what was said
 * lies apart in the recording) and hangs up; Twilio's status callback ends the call. Answers
 * the call's CallSid.
 */
export async function phoneCall(
  service: Service,
  line: PhoneLine,
  from: string,
  lines: readonly string[],
  pauseMs: number,
): Promise<string> {
  const callSid = aCallSid();
  let current = await twiml(
    await twilioPost(
      `${service.url}/telephony/twilio/voice`,
      line.token,
      callFields(line, callSid, from, 'ringing'),
    ),
  );
  for (const text of lines) {
    const action = find(current, 'Gather')?.attrs.action;
    if (action === undefined) break;
    await sleep(pauseMs);
    current = await twiml(
      await twilioPost(action, line.token, {
        ...callFields(line, callSid, from),
        SpeechResult: text,
        Confidence: '0.92',
      }),
    );
  }
  const status = await twilioPost(`${service.url}/telephony/twilio/status`, line.token, {
    ...callFields(line, callSid, from, 'completed'),
    CallDuration: String(Math.ceil((lines.length * pauseMs) / 1000)),
  });
  if (status.status !== 204) throw new Error(`status callback answered ${status.status}`);
  return callSid;
}

/**
 * The recording the service asked the fake Twilio to start for the call, once asked; then
 * Twilio's signed recording status callback (to the URL the service gave) saying it completed.
 */
export async function completeRecording(
  service: Service,
  line: PhoneLine,
  callSid: string,
): Promise<FakeTwilioRecording> {
  let recording: FakeTwilioRecording | undefined;
  for (let waited = 0; !recording; waited += 50) {
    if (waited > 10_000) throw new Error(`Twilio was not asked to record ${callSid}`);
    recording = service.twilio.recordings.find((r) => r.callSid === callSid);
    if (!recording) await sleep(50);
  }
  const callback = recording.form.get('RecordingStatusCallback');
  if (!callback) throw new Error('the recording was started without a status callback');
  const res = await twilioPost(callback, line.token, {
    AccountSid: recording.accountSid,
    CallSid: callSid,
    RecordingSid: recording.sid,
    RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${recording.accountSid}/Recordings/${recording.sid}`,
    RecordingStatus: 'completed',
    RecordingChannels: '2',
    RecordingSource: 'StartCallRecordingAPI',
    RecordingTrack: 'both',
    RecordingStartTime: recording.startTime.toUTCString().replace('GMT', '+0000'),
    RecordingDuration: String(recording.durationSeconds),
  });
  if (res.status !== 204) throw new Error(`recording callback answered ${res.status}: ${await res.text()}`);
  return recording;
}
