import { ApiError } from '../../http/errors.js';
import { type TwilioApiOptions, twilioApi } from './twilio-api.js';

export type { TwilioApiOptions };

/** Seconds a client should wait before trying again after Twilio could not be asked. */
const RETRY_AFTER_S = 30;

export interface TwilioAccount {
  accountSid: string;
  authToken: string;
  /** E.164. */
  number: string;
}

/** Throws a 4xx ApiError unless `number` belongs to the Twilio account the credentials open. */
export type TwilioNumberCheck = (account: TwilioAccount) => Promise<void>;

function invalid(path: string, message: string): ApiError {
  return new ApiError('validation_failed', `Invalid body: ${path}: ${message}`, {
    details: [{ path, message }],
  });
}

function unreachable(): ApiError {
  return new ApiError(
    'unavailable',
    'Twilio could not be asked about this number just now; try again shortly.',
    {
      headers: { 'Retry-After': String(RETRY_AFTER_S) },
    },
  );
}

/**
 * Asks Twilio's REST API, with the credentials given, for the account's incoming numbers that
 * match `number` (GET /2010-04-01/Accounts/{sid}/IncomingPhoneNumbers.json?PhoneNumber=...): a
 * number is only routed here once its owner has shown the account it belongs to
 * (docs/telephony.md, "Connecting a Twilio number"). Credentials Twilio refuses (401, or 403 and
 * 404 for an account they do not open) and a number not on the account are 400; Twilio
 * unreachable, slow or failing is 503, and nothing is saved.
 */
export function createTwilioNumberCheck(options: TwilioApiOptions): TwilioNumberCheck {
  return async ({ accountSid, authToken, number }) => {
    // The admin waiting on the form is told to try again when Twilio does not answer in time.
    const api = twilioApi(options, accountSid, authToken);
    let found: { phoneNumber: string }[];
    try {
      found = await api.v2010
        .accounts(accountSid)
        .incomingPhoneNumbers.list({ phoneNumber: number, limit: 50 });
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status === 401 || status === 403 || status === 404) {
        throw invalid(
          'twilio_auth_token',
          'Twilio did not accept this account SID and auth token: copy both from the Twilio console (Account info).',
        );
      }
      throw unreachable();
    }
    // Twilio's PhoneNumber filter also matches part of a number: only the number itself counts.
    // Neither message repeats the SID: a refused answer is kept for replays like any other.
    if (!found.some((n) => n.phoneNumber === number)) {
      throw invalid(
        'number',
        `${number} is not a number of that Twilio account: register it with the account that owns it.`,
      );
    }
  };
}
