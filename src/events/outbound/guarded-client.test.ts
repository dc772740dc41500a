import { describe, expect, it } from 'vitest';
import { answer, useReceivers } from '../../../test/support/receivers.js';

const { receiver, client } = useReceivers();

const json = { 'content-type': 'application/json' };

describe('guarded client against real HTTPS receivers', () => {
  it('delivers to a 200 receiver with the body, headers and user agent intact', async () => {
    const r = await receiver(answer(200, {}, 'thanks'));
    const result = await client().post(r.url('/hook?x=1'), '{"a":1}', {
      ...json,
      'X-Service-Timestamp': '1',
    });
    expect(result).toMatchObject({ ok: true, status: 200, error: null, responseBodyStart: 'thanks' });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const [seen] = r.requests;
    expect(seen?.method).toBe('POST');
    expect(seen?.path).toBe('/hook?x=1');
    expect(seen?.body.toString()).toBe('{"a":1}');
    expect(seen?.headers).toMatchObject({
      'user-agent': 'callagent-test/1',
      'content-type': 'application/json',
    });
    expect(seen?.headers['x-service-timestamp']).toBe('1');
    expect(seen?.headers['content-length']).toBe('7');
  });

  it.each([500, 410, 404])('reports a %i answer as a failure with its status', async (status) => {
    const r = await receiver(answer(status, {}, 'nope'));
    const result = await client().post(r.url(), '{}', json);
    expect(result).toMatchObject({ ok: false, status, error: `receiver answered HTTP ${status}` });
    expect(result.responseBodyStart).toBe('nope');
  });

  it('reads Retry-After seconds from a 429', async () => {
    const r = await receiver(answer(429, { 'retry-after': '120' }));
    const result = await client().post(r.url(), '{}', json);
    expect(result).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 120 });
  });

  it('reads a Retry-After HTTP date from a 503', async () => {
    const later = new Date(Date.now() + 90_000).toUTCString();
    const r = await receiver(answer(503, { 'retry-after': later }));
    const result = await client().post(r.url(), '{}', json);
    expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(85);
    expect(result.retryAfterSeconds).toBeLessThanOrEqual(90);
  });

  it('does not follow a 302 redirect', async () => {
    const target = await receiver(answer(200));
    const r = await receiver(answer(302, { location: target.url('/elsewhere') }));
    const result = await client().post(r.url(), '{}', json);
    expect(result).toMatchObject({ ok: false, status: 302, error: 'redirect (302) not followed' });
    expect(target.requests).toHaveLength(0);
  });

  it('aborts a receiver that never answers at the deadline', async () => {
    const r = await receiver(() => {});
    const result = await client({ timeoutMs: 300 }).post(r.url(), '{}', json);
    expect(result).toMatchObject({ ok: false, status: null, error: 'timeout after 300 ms' });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
  });

  it('counts the body against the same deadline (headers sent, body never finished)', async () => {
    const r = await receiver((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
    });
    // Long enough for the headers to arrive on a busy machine; the body never does.
    const result = await client({ timeoutMs: 2_000 }).post(r.url(), '{}', json);
    expect(result).toMatchObject({ ok: false, status: 200, error: 'timeout after 2000 ms' });
  });

  it('reports a connection closed mid-response', async () => {
    const r = await receiver((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('partial', () => res.socket?.destroy());
    });
    const result = await client().post(r.url(), '{}', json);
    expect(result.ok).toBe(false);
    expect(result.error).toContain('connection closed mid-response');
  });

  it('reports a connection reset before any response', async () => {
    const r = await receiver((_req, res) => res.socket?.destroy());
    const result = await client().post(r.url(), '{}', json);
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toMatch(/^request failed: /);
  });

  it('reads at most maxResponseBytes of a huge body and then hangs up', async () => {
    const r = await receiver((_req, res) => {
      res.writeHead(200);
      const chunk = 'x'.repeat(64 * 1024);
      // Would be 16 MiB if the client kept reading; it must stop at the cap.
      const pump = (left: number): void => {
        if (left === 0 || res.destroyed) return void res.end();
        if (res.write(chunk)) pump(left - 1);
        else res.once('drain', () => pump(left - 1));
      };
      pump(256);
    });
    const result = await client({ maxResponseBytes: 64 * 1024 }).post(r.url(), '{}', json);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.responseBodyStart.length).toBe(64 * 1024);
    const small = await client({ maxResponseBytes: 10 }).post(r.url(), '{}', json);
    expect(small.responseBodyStart).toBe('x'.repeat(10));
  });

  it('rejects a certificate the trusted CA did not sign', async () => {
    const r = await receiver(answer(200), false);
    const result = await client().post(r.url(), '{}', json);
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toMatch(/certificate/i);
    expect(r.requests).toHaveLength(0);
  });

  it('rejects even the right certificate when its CA is not trusted (no ca option)', async () => {
    const r = await receiver(answer(200));
    const result = await client({ ca: undefined }).post(r.url(), '{}', json);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/certificate/i);
  });
});
