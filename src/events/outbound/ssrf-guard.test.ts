import { describe, expect, it } from 'vitest';
import { answer, useReceivers } from '../../../test/support/receivers.js';

const { receiver, client } = useReceivers();

const json = { 'content-type': 'application/json' };

const REFUSED =
  'host hooks.example.test is not allowed: webhooks go only to hosts that resolve to public addresses';

describe('SSRF guard in the client', () => {
  it('refuses a host that resolves to loopback before connecting', async () => {
    const r = await receiver(answer(200));
    const guarded = client({ allowPrivateNetworks: false, resolve: async () => ['127.0.0.1'] });
    const result = await guarded.post(r.url('/hook', 'hooks.example.test'), '{}', json);
    expect(result.ok).toBe(false);
    expect(result.error).toBe(REFUSED);
    expect(r.connections()).toBe(0);
    expect(r.requests).toHaveLength(0);
  });

  it('refuses when any one of several resolved addresses is private', async () => {
    const guarded = client({
      allowPrivateNetworks: false,
      resolve: async () => ['93.184.216.34', '10.1.2.3'],
    });
    const check = await guarded.checkUrl('https://hooks.example.test/hook');
    expect(check).toEqual({ ok: false, message: REFUSED });
  });

  it('closes the DNS rebinding window: vetted at creation, refused at send', async () => {
    const r = await receiver(answer(200));
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    const guarded = client({ allowPrivateNetworks: false, resolve: async () => answers.shift() ?? [] });
    const url = r.url('/hook', 'hooks.example.test');
    expect(await guarded.checkUrl(url)).toMatchObject({ ok: true, address: '93.184.216.34' });
    const result = await guarded.post(url, '{}', json);
    expect(result.ok).toBe(false);
    expect(result.error).toBe(REFUSED);
    expect(r.connections()).toBe(0);
  });

  it('connects to the vetted address while keeping the Host header and SNI name', async () => {
    const r = await receiver(answer(204));
    const lookups: string[] = [];
    const resolve = async (host: string) => {
      lookups.push(host);
      return ['127.0.0.1'];
    };
    const result = await client({ resolve }).post(r.url('/in', 'hooks.example.test'), '{}', json);
    expect(result).toMatchObject({ ok: true, status: 204 });
    expect(lookups).toEqual(['hooks.example.test']);
    expect(r.requests[0]?.headers.host).toBe(`hooks.example.test:${r.port}`);
    expect(r.requests[0]?.servername).toBe('hooks.example.test');
  });

  it('checks the certificate against the host name, not the vetted IP', async () => {
    // The certificate covers 127.0.0.1 but not this name, so connecting by IP must not mask it.
    const r = await receiver(answer(200));
    const result = await client({ resolve: async () => ['127.0.0.1'] }).post(
      r.url('/in', 'other.example.test'),
      '{}',
      json,
    );
    expect(result.ok).toBe(false);
    expect(result.error).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(r.requests).toHaveLength(0);
  });

  it('refuses bad URLs and resolver failures without throwing', async () => {
    const failing = client({
      allowPrivateNetworks: false,
      resolve: async () => Promise.reject(new Error('ENOTFOUND')),
    });
    expect((await failing.post('http://example.com/', '{}', json)).error).toBe('URL must use https');
    expect((await failing.post('https://10.0.0.1/', '{}', json)).error).toBe(
      'host 10.0.0.1 is a private address',
    );
    expect((await failing.post('https://hooks.example.test/', '{}', json)).error).toBe(REFUSED);
    const empty = client({ allowPrivateNetworks: false, resolve: async () => [] });
    expect((await empty.post('https://hooks.example.test/', '{}', json)).error).toBe(REFUSED);
  });

  it('says the same about a host name whatever its lookup found: no address, no DNS error, no timing', async () => {
    const lookups: ((host: string) => Promise<string[]>)[] = [
      async () => ['10.20.30.40'],
      async () => ['93.184.216.34', '169.254.169.254'],
      async () => ['::ffff:127.0.0.1'],
      async () => ['fd00::1234'],
      async () => ['not-an-address'],
      async () => [],
      async () =>
        Promise.reject(Object.assign(new Error('queryA ENOTFOUND db.corp.internal'), { code: 'ENOTFOUND' })),
      async () => Promise.reject(Object.assign(new Error('queryA ESERVFAIL'), { code: 'ESERVFAIL' })),
      () => new Promise<string[]>(() => {}),
    ];
    for (const resolve of lookups) {
      const guarded = client({ allowPrivateNetworks: false, timeoutMs: 100, resolve });
      expect(await guarded.checkUrl('https://hooks.example.test/in')).toEqual({
        ok: false,
        message: REFUSED,
      });
    }
  });

  it('applies the deadline to a resolver that hangs', async () => {
    const hanging = client({ timeoutMs: 100, resolve: () => new Promise<string[]>(() => {}) });
    expect((await hanging.post('https://example.com/', '{}', json)).error).toBe('timeout after 100 ms');
    expect(await hanging.checkUrl('https://example.com/')).toEqual({
      ok: false,
      message: 'host example.com is not allowed: webhooks go only to hosts that resolve to public addresses',
    });
  });
});
