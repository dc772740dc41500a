import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  TWILIO_TIMEOUT_MS,
  type TwilioApiOptions,
  twilioApi,
} from '../../modules/phone-numbers/twilio-api.js';

// A call's recording through Twilio's REST API (docs/telephony.md, "Recording calls"), with the
// credentials of the number the call was made to.

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
}

/** Twilio's failure, as the client throws it: an HTTP status when Twilio answered. */
export function failureOf(error: unknown): { status: number | null; message: string } {
  const e = (error ?? {}) as { status?: unknown; code?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(error);
  const status = typeof e.status === 'number' ? e.status : null;
  const code = typeof e.code === 'number' ? ` error ${e.code}` : '';
  return {
    status,
    message: (status === null
      ? `Twilio could not be reached: ${message}`
      : `HTTP ${status}${code}: ${message}`
    ).slice(0, 500),
  };
}

/**
 * POST /2010-04-01/Accounts/{AC}/Calls/{CA}/Recordings.json: records the whole call from now on,
 * the caller and the other side (the agent, then the desk after a hand-over) on two channels.
 * Twilio posts the recording's progress to `callbackUrl`.
 */
export async function createCallRecording(
  options: TwilioApiOptions,
  account: TwilioCredentials,
  callSid: string,
  callbackUrl: string,
): Promise<{ sid: string; startTime: Date | null }> {
  const api = twilioApi(options, account.accountSid, account.authToken);
  const recording = await api.v2010
    .accounts(account.accountSid)
    .calls(callSid)
    .recordings.create({
      recordingChannels: 'dual',
      recordingStatusCallback: callbackUrl,
      recordingStatusCallbackMethod: 'POST',
      recordingStatusCallbackEvent: ['in-progress', 'completed', 'absent'],
    });
  return { sid: recording.sid, startTime: recording.startTime ?? null };
}

/** DELETE /2010-04-01/Accounts/{AC}/Recordings/{RE}.json; Twilio's 404 means it is gone already. */
export async function deleteRecording(
  options: TwilioApiOptions,
  account: TwilioCredentials,
  sid: string,
): Promise<void> {
  const api = twilioApi(options, account.accountSid, account.authToken);
  try {
    await api.v2010.accounts(account.accountSid).recordings(sid).remove();
  } catch (error) {
    if (failureOf(error).status !== 404) throw error;
  }
}

/** Thrown when Twilio's media could not be had: the route answers 502. */
export class MediaUnavailable extends Error {}

/**
 * GET /2010-04-01/Accounts/{AC}/Recordings/{RE}.mp3 from the base URL the REST client uses, with
 * the account's credentials: the audio is streamed through the service, so the browser never sees
 * Twilio's URL or the credentials. Resolves with Twilio's answer once its headers arrive; no
 * answer within the timeout, or a stall mid-body, is a failure rather than a wait.
 */
export function fetchRecordingMedia(
  options: TwilioApiOptions,
  account: TwilioCredentials,
  sid: string,
  range: string | null,
  timeoutMs = TWILIO_TIMEOUT_MS,
): Promise<IncomingMessage> {
  const url = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Recordings/${encodeURIComponent(sid)}.mp3`,
    options.baseUrl,
  );
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: 'GET',
      auth: `${account.accountSid}:${account.authToken}`,
      headers: { accept: 'audio/mpeg', ...(range === null ? {} : { range }) },
      ...(options.ca === undefined ? {} : { ca: options.ca }),
    });
    const timer = setTimeout(() => {
      req.destroy(new MediaUnavailable('Twilio did not answer in time'));
    }, timeoutMs);
    req.on('response', (res) => {
      clearTimeout(timer);
      // A body that stops arriving is cut off rather than held open.
      res.socket.setTimeout(timeoutMs, () => res.destroy(new MediaUnavailable('Twilio stopped sending')));
      resolve(res);
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof MediaUnavailable ? error : new MediaUnavailable(error.message));
    });
    req.end();
  });
}
