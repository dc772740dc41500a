import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, call, createTenant, keyCaller } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { createWebhookClient } from '../../events/delivery/client.js';
import { createSecretBox, parseSecretsKey } from '../../lib/encryption.js';
import { insertEndpoint } from './webhooks.repo.js';
import { createWebhook } from './webhooks.service.js';

const SECRETS_KEY = randomBytes(32).toString('base64');
let t: TestContext;
/** Production rules: no private networks. */
let strict: TestContext;
let admin: Caller;
let strictAdmin: Caller;

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', SECRETS_KEY });
  strict = await startTestApp({ SECRETS_KEY });
  admin = (await createTenant(t.db, t.clock)).callers.admin;
  strictAdmin = (await createTenant(strict.db, strict.clock)).callers.admin;
});
afterAll(async () => {
  await t.close();
  await strict.close();
});

// Resolves without network access; the permissive app lets loopback through.
const URL_OK = 'https://localhost:8443/in';
const SECRET_SHAPE = /^whsec_[A-Za-z0-9_-]{43}$/;
const ENDPOINT_KEYS = [
  'created_at',
  'created_by',
  'description',
  'disabled_reason',
  'events',
  'id',
  'status',
  'updated_at',
  'url',
];

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  status: string;
  created_by: string | null;
  signing_secret?: string;
}

async function create(body: Record<string, unknown>, caller = admin, app = t) {
  return call(app.app, caller, 'POST', '/api/v1/webhooks', body);
}

async function created(body: Record<string, unknown> = { url: URL_OK, events: ['lead.created'] }) {
  const res = await create(body);
  expect(res.statusCode).toBe(201);
  return json<Endpoint>(res);
}

function detailsOf(res: { body: string }): { path: string; message: string }[] {
  return json<{ error: { details?: { path: string; message: string }[] } }>(res as never).error.details ?? [];
}

describe('registering an endpoint', () => {
  it('answers 201 with the endpoint and a whsec_ signing secret shown once', async () => {
    const res = await create({
      url: URL_OK,
      events: ['lead.created', 'opportunity.updated', 'lead.created'],
      description: ' CRM ',
    });
    expect(res.statusCode).toBe(201);
    const body = json<Endpoint>(res);
    expect(body.id).toMatch(/^wh_/);
    expect(body).toMatchObject({
      url: URL_OK,
      events: ['lead.created', 'opportunity.updated'],
      description: 'CRM',
      status: 'enabled',
      disabled_reason: null,
      created_by: admin.userId,
      created_at: t.clock.now().toISOString(),
    });
    expect(body.signing_secret).toMatch(SECRET_SHAPE);
    expect(Object.keys(body).sort()).toEqual([...ENDPOINT_KEYS, 'signing_secret'].sort());

    for (const url of ['/api/v1/webhooks', `/api/v1/webhooks/${body.id}`]) {
      const read = await call(t.app, admin, 'GET', url);
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain(body.signing_secret ?? 'x');
      expect(read.body).not.toContain('signing_secret');
    }
    const one = json<Endpoint>(await call(t.app, admin, 'GET', `/api/v1/webhooks/${body.id}`));
    expect(Object.keys(one).sort()).toEqual(ENDPOINT_KEYS);
  });

  it('stores the secret encrypted under SECRETS_KEY, bound to the endpoint', async () => {
    const body = await created();
    const rows = await t.db.query<{ secret_ciphertext: string }>(
      'SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1',
      [body.id],
    );
    const sealed = rows[0]?.secret_ciphertext ?? '';
    expect(sealed).not.toContain((body.signing_secret ?? '').slice(6));
    const box = createSecretBox(parseSecretsKey(SECRETS_KEY));
    expect(box.open(sealed, body.id)).toBe(body.signing_secret);
    expect(() => box.open(sealed, 'wh_other')).toThrow();
  });

  it('replays a repeated X-Request-Id without the secret and without a second endpoint', async () => {
    const headers = { 'x-request-id': `idem-${randomBytes(6).toString('hex')}` };
    const payload = { url: URL_OK, events: ['lead.updated'], description: 'replayed' };
    const first = await call(t.app, admin, 'POST', '/api/v1/webhooks', payload, headers);
    const again = await call(t.app, admin, 'POST', '/api/v1/webhooks', payload, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const { signing_secret, ...rest } = json<Endpoint>(first);
    expect(signing_secret).toMatch(SECRET_SHAPE);
    expect(json(again)).toEqual(rest);
    const list = json<{ data: Endpoint[] }>(await call(t.app, admin, 'GET', '/api/v1/webhooks?limit=200'));
    expect(list.data.filter((e) => e.description === 'replayed')).toHaveLength(1);
  });

  it('refuses an unknown event type with 400 validation_failed naming the field and the types', async () => {
    const res = await create({ url: URL_OK, events: ['lead.created', 'lead.deleted'] });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('validation_failed');
    const [detail] = detailsOf(res);
    expect(detail?.path).toBe('events.1');
    expect(detail?.message).toContain('booking.created');
    expect(errorCode(await create({ url: URL_OK, events: [] }))).toBe('validation_failed');
    expect(errorCode(await create({ url: URL_OK }))).toBe('validation_failed');
    expect(errorCode(await create({ url: URL_OK, events: ['lead.created'], secret: 'mine' }))).toBe(
      'validation_failed',
    );
  });

  it.each([
    ['http://hooks.example.com/in', 'URL must use https'],
    ['ftp://hooks.example.com/in', 'URL must use https'],
    ['not a url', 'URL is not valid'],
    ['https://user:pass@hooks.example.com/in', 'URL must not contain credentials'],
    ['https://10.0.0.5/in', 'host 10.0.0.5 is a private address'],
    ['https://127.0.0.1:8443/in', 'host 127.0.0.1 is a loopback address'],
    ['https://[::1]/in', 'host ::1 is a loopback address'],
    ['https://169.254.169.254/latest', 'link-local'],
    ['https://localhost/in', 'host localhost is a local network name'],
  ])('refuses %s with 400 saying why', async (url, why) => {
    const res = await create({ url, events: ['lead.created'] }, strictAdmin, strict);
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('validation_failed');
    expect(json<{ error: { message: string } }>(res).error.message).toContain(why);
    expect(detailsOf(res)).toEqual([{ path: 'url', message: expect.stringContaining(why) }]);
  });

  it('says how to allow loopback and private addresses for development, and only for those', async () => {
    for (const url of ['https://127.0.0.1:8443/in', 'https://localhost/in', 'https://192.168.1.20/in']) {
      const res = await create({ url, events: ['lead.created'] }, strictAdmin, strict);
      expect(json<{ error: { message: string } }>(res).error.message).toContain(
        'for development, set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true',
      );
    }
    const http = await create(
      { url: 'http://hooks.example.com/in', events: ['lead.created'] },
      strictAdmin,
      strict,
    );
    expect(json<{ error: { message: string } }>(http).error.message).not.toContain(
      'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
    );
  });

  it('refuses a host name that resolves to a non-public address or not at all, saying only that it is not allowed', async () => {
    const lookups = [
      async () => ['8.8.8.8', '10.1.2.3'],
      async () => Promise.reject(new Error('getaddrinfo ENOTFOUND rebind.example.test')),
    ];
    for (const resolve of lookups) {
      const client = createWebhookClient({ allowPrivateNetworks: false, resolve });
      const refused = await createWebhook(
        {
          db: strict.db,
          clock: strict.clock,
          secrets: () => createSecretBox(parseSecretsKey(SECRETS_KEY)),
          checkUrl: (url) => client.checkUrl(url),
        },
        strictAdmin.workspaceId,
        strictAdmin.userId,
        { url: 'https://rebind.example.test/in', events: ['lead.created'] },
      ).then(
        () => null,
        (e: unknown) => e as { code?: string; message?: string },
      );
      expect(refused?.code).toBe('validation_failed');
      expect(refused?.message).toBe(
        'Invalid body: url: host rebind.example.test is not allowed: webhooks go only to hosts that resolve to public addresses; for development, set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true on the service to allow loopback and private addresses (still https).',
      );
    }
  });

  it('lets loopback through only when WEBHOOK_ALLOW_PRIVATE_NETWORKS is on, and never http', async () => {
    expect((await create({ url: 'https://127.0.0.1:8443/in', events: ['lead.created'] })).statusCode).toBe(
      201,
    );
    expect(errorCode(await create({ url: 'http://127.0.0.1:8443/in', events: ['lead.created'] }))).toBe(
      'validation_failed',
    );
  });

  it('accepts a public literal address in production mode', async () => {
    const res = await create(
      { url: 'https://93.184.216.34/in', events: ['lead.created'] },
      strictAdmin,
      strict,
    );
    expect(res.statusCode).toBe(201);
  });
});

describe('changing, rotating and deleting', () => {
  it('PATCH changes the fields given and keeps the others', async () => {
    const e = await created({ url: URL_OK, events: ['lead.created'], description: 'first' });
    t.clock.advance(1000);
    const res = await call(t.app, admin, 'PATCH', `/api/v1/webhooks/${e.id}`, {
      events: ['booking.created', 'call.completed'],
      description: null,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      url: URL_OK,
      events: ['booking.created', 'call.completed'],
      description: null,
      status: 'enabled',
      updated_at: t.clock.now().toISOString(),
    });
    const moved = await call(t.app, admin, 'PATCH', `/api/v1/webhooks/${e.id}`, {
      url: 'https://127.0.0.1:9443/x',
      status: 'disabled',
    });
    expect(json(moved)).toMatchObject({ url: 'https://127.0.0.1:9443/x', status: 'disabled' });
    const back = await call(t.app, admin, 'PATCH', `/api/v1/webhooks/${e.id}`, { status: 'enabled' });
    expect(json(back)).toMatchObject({ status: 'enabled', disabled_reason: null });
  });

  it('PATCH vets a new URL and refuses unknown fields and event types', async () => {
    const e = await created();
    for (const body of [
      { url: 'http://x.example.com/' },
      { events: ['nope'] },
      { secret: 'x' },
      { status: 'paused' },
    ]) {
      const res = await call(t.app, admin, 'PATCH', `/api/v1/webhooks/${e.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorCode(res)).toBe('validation_failed');
    }
    const res = await call(strict.app, strictAdmin, 'POST', '/api/v1/webhooks', {
      url: 'https://93.184.216.34/in',
      events: ['lead.created'],
    });
    const id = json<Endpoint>(res).id;
    const refused = await call(strict.app, strictAdmin, 'PATCH', `/api/v1/webhooks/${id}`, {
      url: 'https://10.0.0.1/',
    });
    expect(json<{ error: { message: string } }>(refused).error.message).toContain('private address');
  });

  it('rotate-secret returns a new secret once; the stored one changes', async () => {
    const e = await created();
    const res = await call(t.app, admin, 'POST', `/api/v1/webhooks/${e.id}/rotate-secret`);
    expect(res.statusCode).toBe(200);
    const rotated = json<Endpoint>(res);
    expect(rotated.signing_secret).toMatch(SECRET_SHAPE);
    expect(rotated.signing_secret).not.toBe(e.signing_secret);
    const box = createSecretBox(parseSecretsKey(SECRETS_KEY));
    const rows = await t.db.query<{ secret_ciphertext: string }>(
      'SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1',
      [e.id],
    );
    expect(box.open(rows[0]?.secret_ciphertext ?? '', e.id)).toBe(rotated.signing_secret);

    const headers = { 'x-request-id': `idem-${randomBytes(6).toString('hex')}` };
    const first = await call(
      t.app,
      admin,
      'POST',
      `/api/v1/webhooks/${e.id}/rotate-secret`,
      undefined,
      headers,
    );
    const replay = await call(
      t.app,
      admin,
      'POST',
      `/api/v1/webhooks/${e.id}/rotate-secret`,
      undefined,
      headers,
    );
    expect(json<Endpoint>(first).signing_secret).toMatch(SECRET_SHAPE);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(json(replay)).not.toHaveProperty('signing_secret');
  });

  it('DELETE answers 204, then the endpoint is gone', async () => {
    const e = await created();
    const del = await call(t.app, admin, 'DELETE', `/api/v1/webhooks/${e.id}`);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    for (const [method, url] of [
      ['GET', `/api/v1/webhooks/${e.id}`],
      ['DELETE', `/api/v1/webhooks/${e.id}`],
      ['POST', `/api/v1/webhooks/${e.id}/rotate-secret`],
      ['GET', `/api/v1/webhooks/${e.id}/deliveries`],
    ] as const) {
      const res = await call(t.app, admin, method, url);
      expect([res.statusCode, errorCode(res)]).toEqual([404, 'not_found']);
    }
  });

  it("records who made an endpoint: the signed-in user, a key's creator, or null for one made before", async () => {
    const tenant = await createTenant(t.db, t.clock);
    const key = await keyCaller(t.app, tenant.callers.owner, ['webhooks:manage']);
    const byKey = await create({ url: URL_OK, events: ['lead.created'] }, key);
    expect(json<Endpoint>(byKey).created_by).toBe(tenant.users.owner.id);
    const bySession = await create({ url: URL_OK, events: ['lead.created'] }, tenant.callers.admin);
    expect(json<Endpoint>(bySession).created_by).toBe(tenant.users.admin.id);
    const now = t.clock.now();
    await insertEndpoint(t.db, {
      workspace_id: tenant.workspaceId,
      id: `wh_${randomBytes(8).toString('hex')}`,
      url: URL_OK,
      events: ['lead.created'],
      description: 'made before created_by was kept',
      status: 'enabled',
      disabled_reason: null,
      secret_ciphertext: 'sealed',
      created_at: now,
      updated_at: now,
    });
    // The two made through the API have no description; the list's order among endpoints made
    // at the same instant is not fixed, so any of the three may come first.
    const listed = json<{ data: (Endpoint & { description: string | null })[] }>(
      await call(t.app, tenant.callers.admin, 'GET', '/api/v1/webhooks?limit=10'),
    ).data;
    expect(Object.fromEntries(listed.map((e) => [e.id, e.created_by]))).toEqual({
      [json<Endpoint>(byKey).id]: tenant.users.owner.id,
      [json<Endpoint>(bySession).id]: tenant.users.admin.id,
      [listed.find((e) => e.description?.startsWith('made before') === true)?.id ?? '']: null,
    });
  });

  it('works with an API key holding webhooks:manage, and lists with a cursor', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const key = await keyCaller(t.app, tenant.callers.admin, ['webhooks:manage']);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1); // ids sort by creation time
      const res = await create({ url: URL_OK, events: ['lead.created'], description: `n${i}` }, key);
      expect(res.statusCode).toBe(201);
      ids.push(json<Endpoint>(res).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const page = json<{ data: Endpoint[]; next_cursor: string | null }>(
        await call(t.app, key, 'GET', `/api/v1/webhooks?limit=2${q}`),
      );
      seen.push(...page.data.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });
});
