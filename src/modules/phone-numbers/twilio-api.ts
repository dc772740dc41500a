import { createRequire } from 'node:module';

/** Twilio's answer must come within this; past it the caller treats Twilio as unreachable. */
export const TWILIO_TIMEOUT_MS = 10_000;

export interface TwilioApiOptions {
  /** Twilio's REST API, https://api.twilio.com (TWILIO_API_URL). */
  baseUrl: string;
  /** Extra trusted CA (tests); production relies on the system store and NODE_EXTRA_CA_CERTS. */
  ca?: string | undefined;
}

// The REST client's classes are read through require: they are CommonJS modules whose default
// export is a property of module.exports, which an ESM default import would not reach the same
// way in every loader. Loaded on first use, so a start never pays for them.
const load = createRequire(import.meta.url);

export type TwilioApi = InstanceType<typeof import('twilio/lib/rest/ApiBase.js')>;

/**
 * Twilio's REST API (the `api` domain) for one account's credentials, pointed at TWILIO_API_URL.
 * Twilio's own retries are off: every caller decides for itself what a failure means (a number
 * registration answers 503, the message sender plans a retry).
 */
export function twilioApi(options: TwilioApiOptions, accountSid: string, authToken: string): TwilioApi {
  const { Client } = load('twilio/lib/base/BaseTwilio.js') as typeof import('twilio/lib/base/BaseTwilio.js');
  const ApiDomain = load('twilio/lib/rest/ApiBase.js') as typeof import('twilio/lib/rest/ApiBase.js');
  const client = new Client(accountSid, authToken, {
    timeout: TWILIO_TIMEOUT_MS,
    autoRetry: false,
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  });
  const api = new ApiDomain(client);
  // The domain's base URL is its one setting of where Twilio is (a test's server on loopback).
  api.baseUrl = options.baseUrl;
  return api;
}
