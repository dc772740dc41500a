import { createHmac } from 'node:crypto';

// docs/webhooks.md, The signature: HMAC-SHA256, keyed by the signing secret's UTF-8 bytes exactly as
// shown at creation (whsec_ prefix included), over "<timestamp>.<raw body bytes>".
// Callers sign every attempt afresh so retries hours later still fall inside the tolerance.

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const TIMESTAMP_HEADER = 'X-Service-Timestamp';

export interface SignatureHeaders {
  'X-Service-Signature': string;
  'X-Service-Timestamp': string;
}

/** Lowercase hex HMAC-SHA256 of `${timestampSeconds}.${rawBody}`. */
export function signPayload(secret: string, timestampSeconds: number, rawBody: Buffer | string): string {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError('timestampSeconds must be a non-negative whole number');
  }
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${timestampSeconds}.`, 'utf8')
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');
}

/** Headers for one delivery attempt, signed at `nowMs` (whole seconds, rounded down). */
export function buildSignatureHeaders(
  secret: string,
  body: Buffer | string,
  nowMs: number,
): SignatureHeaders {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'X-Service-Signature': signPayload(secret, timestamp, body),
    'X-Service-Timestamp': String(timestamp),
  };
}
