import { createHmac, timingSafeEqual } from 'node:crypto';

// Receiver-side check of a callagent webhook (the service's docs/webhooks.md, The signature). It works on the raw body bytes:
// parsing the JSON first and re-serialising it changes the bytes and breaks the signature.

export type WebhookVerificationFailure =
  | 'missing_header'
  | 'bad_timestamp'
  | 'timestamp_out_of_tolerance'
  | 'bad_signature'
  | 'invalid_json';

export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationFailure;

  constructor(reason: WebhookVerificationFailure, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

export interface WebhookEvent<Data = Record<string, unknown>> {
  id: string;
  type: string;
  created_at: string;
  workspace_id: string;
  data: Data;
}

export type WebhookHeaders = Record<string, string | string[] | undefined> | Headers;

export interface VerifyWebhookOptions {
  /** Largest accepted |now - timestamp|, in seconds. Default 300, as the service documents. */
  toleranceSeconds?: number;
  /** Clock in milliseconds, for tests. Default Date.now. */
  now?: () => number;
}

const SIGNATURE_HEADER = 'x-service-signature';
const TIMESTAMP_HEADER = 'x-service-timestamp';
const HEX_SHA256_LENGTH = 64;

function isHeadersObject(headers: WebhookHeaders): headers is Headers {
  return typeof (headers as { get?: unknown }).get === 'function';
}

// HTTP header names are case-insensitive; frameworks differ in how they store them.
function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (isHeadersObject(headers)) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    // Repeated headers are joined, which then fails the format checks instead of picking one.
    const text = Array.isArray(value) ? value.join(',') : value;
    return text === '' ? undefined : text;
  }
  return undefined;
}

function isLowerHex(text: string): boolean {
  for (const ch of text) {
    if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'))) return false;
  }
  return true;
}

function toBytes(rawBody: string | Uint8Array): Buffer {
  return typeof rawBody === 'string'
    ? Buffer.from(rawBody, 'utf8')
    : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
}

function parseEnvelope(bytes: Buffer): WebhookEvent {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('invalid_json', 'webhook body is not valid JSON');
  }
  const event = value as Partial<Record<keyof WebhookEvent, unknown>> | null;
  const valid =
    typeof event === 'object' &&
    event !== null &&
    typeof event.id === 'string' &&
    typeof event.type === 'string' &&
    typeof event.created_at === 'string' &&
    typeof event.workspace_id === 'string' &&
    typeof event.data === 'object' &&
    event.data !== null &&
    !Array.isArray(event.data);
  if (!valid) throw new WebhookVerificationError('invalid_json', 'webhook body is not an event envelope');
  return value as WebhookEvent;
}

/**
 * Verifies the X-Service-Signature and X-Service-Timestamp headers of a delivery against the
 * endpoint's signing secret and returns the parsed event. Throws WebhookVerificationError
 * (answer 401 and do not process the event) when anything does not check out.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const signature = readHeader(headers, SIGNATURE_HEADER);
  const timestamp = readHeader(headers, TIMESTAMP_HEADER);
  if (signature === undefined || timestamp === undefined) {
    throw new WebhookVerificationError(
      'missing_header',
      'X-Service-Signature or X-Service-Timestamp missing',
    );
  }

  const digitsOnly = /^[0-9]{1,15}$/.test(timestamp);
  if (!digitsOnly)
    throw new WebhookVerificationError('bad_timestamp', 'X-Service-Timestamp is not Unix seconds');
  const toleranceMs = (options.toleranceSeconds ?? 300) * 1000;
  const nowMs = (options.now ?? Date.now)();
  if (Math.abs(nowMs - Number(timestamp) * 1000) > toleranceMs) {
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      'X-Service-Timestamp is too old or too new',
    );
  }

  // Only canonical lowercase hex of the right length reaches the comparison, because
  // timingSafeEqual needs equal lengths and Buffer.from(hex) silently drops bad characters.
  if (signature.length !== HEX_SHA256_LENGTH || !isLowerHex(signature)) {
    throw new WebhookVerificationError('bad_signature', 'X-Service-Signature is not a SHA-256 hex digest');
  }
  const bytes = toBytes(rawBody);
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${timestamp}.`, 'utf8')
    .update(bytes)
    .digest();
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new WebhookVerificationError('bad_signature', 'X-Service-Signature does not match');
  }

  return parseEnvelope(bytes);
}
