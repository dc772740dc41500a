// Deep imports: the package root loads Twilio's whole REST client (about 200 ms at start-up)
// for two functions. These are the same functions `twilio.validateRequest` exposes.
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import type { FormBody } from './form-body.js';

/**
 * The URL Twilio signed: PUBLIC_URL plus the path and query as received. Rebuilding it from
 * configuration rather than the Host header is what makes signatures verify behind a proxy or
 * a tunnel, where the service sees its own address rather than the public one.
 */
export function signedUrl(publicUrl: string, requestUrl: string): string {
  return `${publicUrl}${requestUrl}`;
}

/** Fail closed: no header, or any mismatch, is false. */
export function isSignedByTwilio(
  authToken: string,
  signature: string | string[] | undefined,
  url: string,
  params: FormBody,
): boolean {
  if (typeof signature !== 'string' || signature === '') return false;
  return validateRequest(authToken, signature, url, params);
}
