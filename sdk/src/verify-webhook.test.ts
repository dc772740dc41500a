import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from './index.js';

// The SDK is tested on its own, with signatures computed here from the spec (§6.3), so it
// does not depend on the service's signer.
const SECRET = 'whsec_sdk_test_secret';
const NOW_MS = 1_714_557_600_000;
const TS = String(NOW_MS / 1000);
const event = {
  id: 'evt_1',
  type: 'call.completed',
  created_at: '2024-05-01T10:00:00Z',
  workspace_id: 'ws_1',
  data: {},
};
const body = JSON.stringify(event);
const sign = (raw: string | Buffer, ts = TS, secret = SECRET) =>
  createHmac('sha256', secret).update(`${ts}.`).update(raw).digest('hex');
const now = () => NOW_MS;

function failure(fn: () => unknown): WebhookVerificationError {
  try {
    fn();
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err;
    throw err;
  }
  throw new Error('expected verification to fail');
}

describe('verifyWebhook', () => {
  it('accepts string, Buffer and Uint8Array bodies', () => {
    const headers = { 'x-service-signature': sign(body), 'x-service-timestamp': TS };
    expect(verifyWebhook(body, headers, SECRET, { now })).toEqual(event);
    expect(verifyWebhook(Buffer.from(body), headers, SECRET, { now })).toEqual(event);
    const view = new Uint8Array([0, ...new TextEncoder().encode(body)]).subarray(1);
    expect(verifyWebhook(view, headers, SECRET, { now })).toEqual(event);
  });

  it('looks headers up case-insensitively, in records and in a fetch Headers object', () => {
    const upper = { 'X-SERVICE-SIGNATURE': sign(body), 'X-Service-Timestamp': TS };
    expect(verifyWebhook(body, upper, SECRET, { now }).id).toBe('evt_1');
    const fetchHeaders = new Headers({ 'X-Service-Signature': sign(body), 'X-Service-Timestamp': TS });
    expect(verifyWebhook(body, fetchHeaders, SECRET, { now }).id).toBe('evt_1');
    expect(
      verifyWebhook(body, { 'x-service-signature': [sign(body)], 'x-service-timestamp': [TS] }, SECRET, {
        now,
      }).id,
    ).toBe('evt_1');
  });

  it('checks multi-byte bodies byte for byte', () => {
    const text = JSON.stringify({ ...event, data: { note: '£250k, “three bed semi”' } });
    const headers = { 'x-service-signature': sign(Buffer.from(text, 'utf8')), 'x-service-timestamp': TS };
    expect(verifyWebhook(text, headers, SECRET, { now }).data).toEqual({ note: '£250k, “three bed semi”' });
  });

  it.each([
    [{ 'x-service-timestamp': TS }, 'missing_header'],
    [{ 'x-service-signature': sign(body) }, 'missing_header'],
    [{ 'x-service-signature': '', 'x-service-timestamp': TS }, 'missing_header'],
    [{ 'x-service-signature': sign(body), 'x-service-timestamp': '-5' }, 'bad_timestamp'],
    [{ 'x-service-signature': sign(body), 'x-service-timestamp': '1714557600.5' }, 'bad_timestamp'],
    [{ 'x-service-signature': sign(body), 'x-service-timestamp': [TS, TS] }, 'bad_timestamp'],
    [{ 'x-service-signature': sign(body).toUpperCase(), 'x-service-timestamp': TS }, 'bad_signature'],
    [{ 'x-service-signature': `v1=${sign(body)}`, 'x-service-timestamp': TS }, 'bad_signature'],
    [{ 'x-service-signature': 'a'.repeat(64), 'x-service-timestamp': TS }, 'bad_signature'],
    [
      { 'x-service-signature': sign(body), 'x-service-timestamp': String(Number(TS) - 301) },
      'timestamp_out_of_tolerance',
    ],
    [
      { 'x-service-signature': sign(body), 'x-service-timestamp': String(Number(TS) + 301) },
      'timestamp_out_of_tolerance',
    ],
  ])('rejects %o as %s', (headers, reason) => {
    expect(failure(() => verifyWebhook(body, headers, SECRET, { now })).reason).toBe(reason);
  });

  it('honours a custom tolerance', () => {
    const old = String(Number(TS) - 60);
    const headers = { 'x-service-signature': sign(body, old), 'x-service-timestamp': old };
    expect(failure(() => verifyWebhook(body, headers, SECRET, { now, toleranceSeconds: 30 })).reason).toBe(
      'timestamp_out_of_tolerance',
    );
    expect(verifyWebhook(body, headers, SECRET, { now, toleranceSeconds: 60 }).id).toBe('evt_1');
  });

  it.each(['not json', '[]', '{"id":"evt_1"}', JSON.stringify({ ...event, data: null })])(
    'rejects a correctly signed body that is not an envelope: %s',
    (raw) => {
      const headers = { 'x-service-signature': sign(raw), 'x-service-timestamp': TS };
      const err = failure(() => verifyWebhook(raw, headers, SECRET, { now }));
      expect(err.reason).toBe('invalid_json');
      expect(err.name).toBe('WebhookVerificationError');
    },
  );
});
