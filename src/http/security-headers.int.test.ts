import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../test/support/harness.js';

// The headers of docs/api.md, "Caching and framing": API answers are never cached, the API
// reference cannot be framed and runs under its own Content-Security-Policy, and the console's
// files keep their caching.

let t: TestContext;
let tenant: Tenant;
let consoleDir: string;
beforeAll(async () => {
  consoleDir = mkdtempSync(join(tmpdir(), 'callagent-console-'));
  mkdirSync(join(consoleDir, 'assets'));
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>desk</title>');
  writeFileSync(join(consoleDir, 'assets', 'app-1a2b3c.js'), 'console.log(1);');
  writeFileSync(join(consoleDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await startTestApp({ CONSOLE_DIR: consoleDir, AUTH_FAILURE_LIMIT: '1' });
  tenant = await createTenant(t.db, t.clock);
});
afterAll(async () => {
  await t.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

describe('API answers', () => {
  it('carry Cache-Control: no-store, successes and errors alike', async () => {
    const owner = tenant.callers.owner;
    const lead = { name: 'Cache Test', phone: '+447700900931' };
    const requests: [InjectOptions, number][] = [
      [{ method: 'GET', url: '/api/v1/ping', headers: owner.headers }, 200],
      [
        {
          method: 'POST',
          url: '/api/v1/leads',
          headers: { ...owner.unsafeHeaders, 'x-request-id': 'cache-1' },
          payload: lead,
        },
        201,
      ],
      [
        {
          method: 'POST',
          url: '/api/v1/leads',
          headers: { ...owner.unsafeHeaders, 'x-request-id': 'cache-1' },
          payload: lead,
        },
        201,
      ],
      [{ method: 'GET', url: '/api/v1/openapi.json' }, 200],
      [{ method: 'GET', url: '/api/v1/leads', remoteAddress: '192.0.2.1' }, 401],
      [{ method: 'GET', url: '/api/v1/leads', remoteAddress: '192.0.2.1' }, 429],
      [{ method: 'GET', url: '/api/v1/leads/lead_nothing', headers: owner.headers }, 404],
      [{ method: 'GET', url: '/api/v1/no-such-route' }, 404],
      [{ method: 'GET', url: '/api/v1/leads/%E0%A4%A', headers: owner.headers }, 400],
      [{ method: 'GET', url: '/api/v1/leads?limit=0', headers: owner.headers }, 400],
      [
        {
          method: 'POST',
          url: '/api/v1/leads',
          headers: { ...owner.unsafeHeaders, 'content-type': 'application/json' },
          payload: '{"name":',
        },
        400,
      ],
      [
        {
          method: 'POST',
          url: '/api/v1/leads',
          headers: { ...owner.unsafeHeaders, 'content-type': 'text/plain' },
          payload: 'x',
        },
        415,
      ],
      [{ method: 'POST', url: '/api/v1/api-keys', headers: owner.headers, payload: {} }, 403],
    ];
    for (const [request, status] of requests) {
      const res = await t.app.inject(request);
      expect([request.url, res.statusCode]).toEqual([request.url, status]);
      expect([request.url, res.headers['cache-control']]).toEqual([request.url, 'no-store']);
    }
  });
});

describe('the console', () => {
  it('keeps its files cached and its page uncached', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    const page = await t.app.inject({ method: 'GET', url: '/calls' });
    expect(page.headers['cache-control']).toBe('no-store');
  });
});

/** The value of each directive of a Content-Security-Policy. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describe('the API reference at /docs', () => {
  it('cannot be framed, and runs under a policy of its own origin with no inline script or style', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const policy = directives(String(page.headers['content-security-policy']));
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    // "Try it out" calls the API at PUBLIC_URL.
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://callagent.test']);
  });

  it('loads only what that policy allows: its own scripts and stylesheets, and data: images', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    const policy = page.headers['content-security-policy'];
    expect(policy).toContain("script-src 'self'");
    const html = page.body;
    // Nothing inline that 'self' would block: no script body, style element, style attribute or
    // event handler attribute.
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=|javascript:/i);
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((m) => m[1] ?? '');
    const sheets = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/gi)].map(
      (m) => m[1] ?? '',
    );
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(sheets.length).toBeGreaterThanOrEqual(1);
    for (const [url, type] of [
      ...scripts.map((u) => [u, /javascript/] as const),
      ...sheets.map((u) => [u, /text\/css/] as const),
    ]) {
      // Same origin: a path of this service, served under the same headers.
      expect(url).toMatch(/^\/docs\/static\//);
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['content-type']).toMatch(type);
      expect(res.headers['content-security-policy']).toBe(policy);
      expect(res.headers['x-frame-options']).toBe('DENY');
      if (type.source === 'text\\/css') {
        const urls = [...res.body.matchAll(/url\(\s*["']?([^"')]+)/g)].map((m) => m[1] ?? '');
        expect(urls.filter((u) => !u.startsWith('data:'))).toEqual([]);
      }
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect((await t.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
  });
});
