import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../test/support/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ CORS_ORIGINS: 'https://desk.example.com' });
});
afterAll(() => t.close());

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
  components: { schemas: Record<string, unknown> };
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and describes every API route with its error responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as OpenApiDoc;
    expect(doc.openapi).toBe('3.1.0');
    for (const route of t.app.apiRoutes) {
      if (route.url === '/api/v1/openapi.json') continue;
      const path = route.url.replace(/:([a-z_]+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${path}`).toBeDefined();
      for (const status of ['400', '401', '403', '404', '500'])
        expect(op?.responses[status], `${path} ${status}`).toBeDefined();
    }
    expect(doc.components.schemas.Error).toBeDefined();
  });

  it("describes Twilio's webhooks: signed form bodies in, TwiML out", async () => {
    const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).body) as {
      paths: Record<string, { post?: Record<string, unknown> }>;
    };
    for (const path of [
      '/telephony/twilio/voice',
      '/telephony/twilio/gather',
      '/telephony/twilio/status',
      '/telephony/twilio/sms',
    ]) {
      const post = doc.paths[path]?.post;
      expect(post, path).toMatchObject({
        parameters: [expect.objectContaining({ name: 'X-Twilio-Signature', in: 'header' })],
        requestBody: { content: { 'application/x-www-form-urlencoded': expect.anything() } },
        responses: { 200: { content: { 'application/xml': expect.anything() } }, 403: expect.anything() },
      });
    }
    expect(doc.paths['/telephony/twilio/message-status']?.post).toMatchObject({
      parameters: expect.arrayContaining([expect.objectContaining({ name: 'X-Twilio-Signature' })]),
      responses: { 204: expect.anything(), 403: expect.anything() },
    });
  });

  it('keeps only schemas the paths use, one model per resource', async () => {
    const doc = JSON.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).body,
    ) as OpenApiDoc;
    const text = JSON.stringify(doc.paths);
    const names = Object.keys(doc.components.schemas);
    expect(names).toContain('Lead');
    for (const name of names) {
      const used =
        text.includes(`#/components/schemas/${name}"`) ||
        Object.values(doc.components.schemas).some((other) =>
          JSON.stringify(other).includes(`#/components/schemas/${name}"`),
        );
      expect(used, name).toBe(true);
    }
  });

  it('documents request bodies from the same schemas that validate them', async () => {
    const doc = JSON.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).body,
    ) as OpenApiDoc;
    const body = JSON.stringify(doc.paths['/api/v1/api-keys']?.post?.requestBody);
    expect(body).toContain('webhooks:manage');
    expect(body).toContain('"additionalProperties":false');
  });

  it('serves readable docs at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('health and CORS', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('allows configured origins with credentials and never a wildcard', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/ping',
      headers: { origin: 'https://desk.example.com', 'access-control-request-method': 'POST' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('https://desk.example.com');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ping',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
