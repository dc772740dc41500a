import { type TwilioApiOptions, twilioApi } from '../../modules/phone-numbers/twilio-api.js';

// Texts go through Twilio's REST API with the credentials of the number they are sent from
// (docs/notifications.md, Sending; docs/telephony.md, Connecting a Twilio number).

export interface TextToSend {
  accountSid: string;
  authToken: string;
  from: string;
  to: string;
  body: string;
  /** Twilio posts the text's progress here (the message-status route). */
  statusCallback: string;
}

/** What one call to Twilio came to, before the worker plans a retry. */
export type TextResult =
  | { kind: 'sent'; sid: string; status: string; reply: string }
  /** Twilio failing, rate-limiting, or not answering: worth trying again. */
  | { kind: 'retry'; error: string; reply: string | null }
  /** Twilio refused it and always will (a bad number, a recipient who texted STOP). */
  | { kind: 'failed'; reason: string; error: string; reply: string; optOut: boolean };

/** Twilio's error for a recipient who has texted STOP to the sending number. */
export const TWILIO_UNSUBSCRIBED = 21610;

interface TwilioFailure {
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

/** Twilio's reply in a line for the attempt log: status and error code, never the body. */
function replyOf(status: number, code: unknown, message: string): string {
  return `HTTP ${status}${typeof code === 'number' ? ` error ${code}` : ''}: ${message}`.slice(0, 500);
}

export function classifyTwilioError(error: unknown): Exclude<TextResult, { kind: 'sent' }> {
  const e = (error ?? {}) as TwilioFailure;
  const message = typeof e.message === 'string' ? e.message : String(error);
  if (typeof e.status !== 'number') {
    // No answer at all (refused, reset, timed out): it may or may not have reached Twilio.
    return { kind: 'retry', error: `Twilio could not be reached: ${message}`.slice(0, 500), reply: null };
  }
  const reply = replyOf(e.status, e.code, message);
  if (e.status === 429 || e.status >= 500) return { kind: 'retry', error: reply, reply };
  const code = typeof e.code === 'number' ? e.code : null;
  return {
    kind: 'failed',
    reason: `Twilio refused the text${code === null ? '' : ` (error ${code})`}: ${message}`.slice(0, 500),
    error: reply,
    reply,
    optOut: code === TWILIO_UNSUBSCRIBED,
  };
}

/** POST /2010-04-01/Accounts/{sid}/Messages.json. */
export async function sendText(options: TwilioApiOptions, text: TextToSend): Promise<TextResult> {
  const api = twilioApi(options, text.accountSid, text.authToken);
  try {
    const message = await api.v2010.accounts(text.accountSid).messages.create({
      from: text.from,
      to: text.to,
      body: text.body,
      statusCallback: text.statusCallback,
    });
    return {
      kind: 'sent',
      sid: message.sid,
      status: message.status,
      reply: `HTTP 201: ${message.sid} ${message.status}`,
    };
  } catch (error) {
    return classifyTwilioError(error);
  }
}

export type SentTextLookup =
  | { kind: 'found'; sid: string; status: string }
  | { kind: 'none' }
  | { kind: 'unknown'; error: string };

/**
 * After a crash between the send and its record, whether the text already went: Twilio's list of
 * the messages from the number to the recipient since the first claim
 * (GET Messages.json?From=&To=&DateSent>=), matched by body. Twilio's date filter is by day, so
 * the time is checked again here on the date the message was created.
 */
export async function findSentText(
  options: TwilioApiOptions,
  text: Omit<TextToSend, 'statusCallback'>,
  since: Date,
): Promise<SentTextLookup> {
  const api = twilioApi(options, text.accountSid, text.authToken);
  // The day before the first claim as well: Twilio's day is UTC and a clock may lag.
  const day = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate() - 1));
  // A minute's slack for clocks that disagree between this machine and Twilio's.
  const from = since.getTime() - 60_000;
  try {
    const found = await api.v2010.accounts(text.accountSid).messages.list({
      from: text.from,
      to: text.to,
      dateSentAfter: day,
      limit: 50,
    });
    const same = found.find(
      (m) => m.body === text.body && (m.dateCreated === null || m.dateCreated.getTime() >= from),
    );
    return same ? { kind: 'found', sid: same.sid, status: same.status } : { kind: 'none' };
  } catch (error) {
    const e = (error ?? {}) as TwilioFailure;
    const message = typeof e.message === 'string' ? e.message : String(error);
    return {
      kind: 'unknown',
      error: `Twilio could not be asked whether the text went: ${message}`.slice(0, 500),
    };
  }
}
