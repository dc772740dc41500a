import { openAuthToken } from '../../modules/phone-numbers/phone-numbers.service.js';
import { type CallRoute, findCallRoute } from '../twilio/call-route.repo.js';
import { isSignedByTwilio, signedUrl } from '../twilio/signature.js';
import type { TwilioAuthDeps } from '../twilio/twilio-auth.js';

export interface UpgradeRequest {
  /** Path and query as received, e.g. /telephony/twilio/relay-ws?call=call_... */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * ConversationRelay signs its WebSocket handshake like a webhook: X-Twilio-Signature over the
 * socket URL (as given in the TwiML, wss://...) with no parameters. The call named in the query
 * must exist, be in progress, and have been made to a number whose token verifies the signature.
 * The https form of the same URL is accepted too, as proxies that terminate TLS may present it.
 * Answers the call to carry, or null: refuse the upgrade (403) and change nothing.
 */
export async function verifyRelayUpgrade(
  deps: TwilioAuthDeps,
  request: UpgradeRequest,
): Promise<CallRoute | null> {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const callId = query.get('call');
  if (callId === null || callId.length > 40) return null;
  const call = await findCallRoute(deps.db, callId);
  if (!call || call.ended) return null;
  const token = openAuthToken(deps.secrets(), call.phone);
  const signature = request.headers['x-twilio-signature'];
  const https = signedUrl(deps.publicUrl, request.url);
  const wss = https.replace(/^http/, 'ws');
  return isSignedByTwilio(token, signature, wss, {}) || isSignedByTwilio(token, signature, https, {})
    ? call
    : null;
}
