import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../../sdk/src/index.js';
import {
  type CapturedRequest,
  createTestPki,
  type Receiver,
  startReceiver,
} from '../../../test/support/receivers.js';
import { createGuardedClient } from './guarded-client.js';
import { buildSignatureHeaders, signPayload } from './signature.js';

const SECRET = 'whsec_2b7e151628aed2a6abf7158809cf4f3c';

describe('signPayload', () => {
  it('matches an independently computed HMAC-SHA256 keyed by the whole secret', () => {
    const body = '{"id":"evt_1","note":"café £250k"}';
    const expected = createHmac('sha256', SECRET).update(`1700000000.${body}`).digest('hex');
    expect(signPayload(SECRET, 1_700_000_000, body)).toBe(expected);
    expect(signPayload(SECRET, 1_700_000_000, Buffer.from(body))).toBe(expected);
    // The whsec_ prefix is part of the key, not decoration.
    const withoutPrefix = createHmac('sha256', SECRET.slice(6)).update(`1700000000.${body}`).digest('hex');
    expect(signPayload(SECRET, 1_700_000_000, body)).not.toBe(withoutPrefix);
  });

  it('has a fixed known answer', () => {
    expect(signPayload('whsec_test', 0, '')).toBe(
      createHmac('sha256', 'whsec_test').update('0.').digest('hex'),
    );
    expect(signPayload('whsec_test', 0, '')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('builds the two headers with the timestamp in whole seconds', () => {
    const headers = buildSignatureHeaders(SECRET, '{}', 1_700_000_000_999);
    expect(headers).toEqual({
      'X-Service-Signature': signPayload(SECRET, 1_700_000_000, '{}'),
      'X-Service-Timestamp': '1700000000',
    });
  });
});

describe('SDK verifier on a delivery captured from the guarded client', () => {
  let receiver: Receiver;
  let captured: CapturedRequest;
  const sentAt = Date.now();
  const envelope = {
    id: 'evt_01HX',
    type: 'lead.created',
    created_at: '2024-05-01T10:00:00.000Z',
    workspace_id: 'ws_1',
    data: { name: 'Zoë O’Brien', bedrooms: 3 },
  };

  beforeAll(async () => {
    const pki = await createTestPki();
    receiver = await startReceiver(pki.trusted, (_req, res) => res.end());
    const client = createGuardedClient({
      allowPrivateNetworks: true,
      userAgent: 'callagent-test/1',
      ca: pki.caCert,
    });
    const body = Buffer.from(JSON.stringify(envelope));
    const headers = { 'Content-Type': 'application/json', ...buildSignatureHeaders(SECRET, body, sentAt) };
    const result = await client.post(receiver.url(), body, headers);
    expect(result.ok).toBe(true);
    const [first] = receiver.requests;
    if (!first) throw new Error('receiver saw no request');
    captured = first;
  });
  afterAll(() => receiver.close());

  const now = () => sentAt;
  const reasonOf = (fn: () => unknown): string | undefined => {
    try {
      fn();
    } catch (err) {
      if (err instanceof WebhookVerificationError) return err.reason;
      throw err;
    }
    return undefined;
  };

  it('accepts the real request and returns the envelope', () => {
    expect(verifyWebhook(captured.body, captured.headers, SECRET, { now })).toEqual(envelope);
    expect(verifyWebhook(captured.body.toString('utf8'), captured.headers, SECRET, { now })).toEqual(
      envelope,
    );
  });

  it('rejects a tampered body', () => {
    const body = Buffer.from(captured.body.toString().replace('"bedrooms":3', '"bedrooms":4'));
    expect(reasonOf(() => verifyWebhook(body, captured.headers, SECRET, { now }))).toBe('bad_signature');
    // Re-serialising parsed JSON (even unchanged content) is a different byte string here.
    const reserialised = JSON.stringify(JSON.parse(captured.body.toString()), null, 2);
    expect(reasonOf(() => verifyWebhook(reserialised, captured.headers, SECRET, { now }))).toBe(
      'bad_signature',
    );
  });

  it('rejects a tampered timestamp, signature, wrong-length or non-hex signature and wrong secret', () => {
    const ts = Number(captured.headers['x-service-timestamp']);
    const sig = String(captured.headers['x-service-signature']);
    const flip = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const cases: Array<[Record<string, string>, string]> = [
      [{ 'x-service-timestamp': String(ts + 1) }, 'bad_signature'],
      [{ 'x-service-signature': flip }, 'bad_signature'],
      [{ 'x-service-signature': sig.slice(0, 62) }, 'bad_signature'],
      [{ 'x-service-signature': `${sig}00` }, 'bad_signature'],
      [{ 'x-service-signature': `${sig.slice(0, 63)}g` }, 'bad_signature'],
      [{ 'x-service-timestamp': 'yesterday' }, 'bad_timestamp'],
    ];
    for (const [override, reason] of cases) {
      const headers = { ...captured.headers, ...override };
      expect(reasonOf(() => verifyWebhook(captured.body, headers, SECRET, { now }))).toBe(reason);
    }
    expect(reasonOf(() => verifyWebhook(captured.body, captured.headers, 'whsec_other', { now }))).toBe(
      'bad_signature',
    );
  });

  it('rejects deliveries more than 300 s old or in the future, accepting the boundary', () => {
    const ts = Number(captured.headers['x-service-timestamp']) * 1000;
    const at = (ms: number) => ({ now: () => ms });
    expect(reasonOf(() => verifyWebhook(captured.body, captured.headers, SECRET, at(ts + 301_000)))).toBe(
      'timestamp_out_of_tolerance',
    );
    expect(reasonOf(() => verifyWebhook(captured.body, captured.headers, SECRET, at(ts - 301_000)))).toBe(
      'timestamp_out_of_tolerance',
    );
    expect(
      reasonOf(() => verifyWebhook(captured.body, captured.headers, SECRET, at(ts + 300_000))),
    ).toBeUndefined();
    expect(
      reasonOf(() => verifyWebhook(captured.body, captured.headers, SECRET, at(ts - 300_000))),
    ).toBeUndefined();
  });

  it('rejects missing headers', () => {
    const { 'x-service-signature': _sig, ...noSignature } = captured.headers;
    const { 'x-service-timestamp': _ts, ...noTimestamp } = captured.headers;
    expect(reasonOf(() => verifyWebhook(captured.body, noSignature, SECRET, { now }))).toBe('missing_header');
    expect(reasonOf(() => verifyWebhook(captured.body, noTimestamp, SECRET, { now }))).toBe('missing_header');
    expect(reasonOf(() => verifyWebhook(captured.body, {}, SECRET, { now }))).toBe('missing_header');
  });
});
