import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, keyCaller, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { aBusinessNumber, aTwilioToken, TEST_SECRETS_KEY } from '../../../test/support/twilio.js';
import { createSecretBox, parseSecretsKey } from '../../lib/encryption.js';

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

function register(caller: Tenant['callers']['admin'], number: string, token: string, extra: object = {}) {
  return call(t.app, caller, 'POST', '/api/v1/phone-numbers', {
    number,
    provider: 'twilio',
    twilio_auth_token: token,
    ...extra,
  });
}

describe('phone numbers', () => {
  it('registers a number with its token sealed, returns and lists it without the token, and deletes it', async () => {
    const number = aBusinessNumber();
    const token = aTwilioToken();
    const res = await register(tenant.callers.admin, number, token);
    expect(res.statusCode).toBe(201);
    const created = json(res);
    expect(Object.keys(created).sort()).toEqual(['created_at', 'id', 'number', 'provider']);
    expect(created).toMatchObject({ number, provider: 'twilio' });
    expect(String(created.id)).toMatch(/^pn_/);
    expect(res.body).not.toContain(token);

    const list = await call(t.app, tenant.callers.admin, 'GET', '/api/v1/phone-numbers');
    expect(list.statusCode).toBe(200);
    expect(json(list).data).toEqual([created]);
    expect(list.body).not.toContain(token);

    const rows = await t.db.query<{ auth_token_ciphertext: string }>(
      'SELECT auth_token_ciphertext FROM phone_numbers WHERE id = $1',
      [created.id],
    );
    const sealed = rows[0]?.auth_token_ciphertext ?? '';
    expect(sealed).not.toContain(token);
    const box = createSecretBox(parseSecretsKey(TEST_SECRETS_KEY));
    expect(box.open(sealed, String(created.id))).toBe(token);

    const del = await call(
      t.app,
      tenant.callers.admin,
      'DELETE',
      `/api/v1/phone-numbers/${String(created.id)}`,
    );
    expect(del.statusCode).toBe(204);
    expect(json(await call(t.app, tenant.callers.admin, 'GET', '/api/v1/phone-numbers')).data).toEqual([]);
    const again = await call(
      t.app,
      tenant.callers.admin,
      'DELETE',
      `/api/v1/phone-numbers/${String(created.id)}`,
    );
    expect([again.statusCode, errorCode(again)]).toEqual([404, 'not_found']);
  });

  it('gives a number to one workspace: registering it again, here or elsewhere, is 409 without naming the holder', async () => {
    const number = aBusinessNumber();
    expect((await register(tenant.callers.admin, number, aTwilioToken())).statusCode).toBe(201);
    const here = await register(tenant.callers.owner, number, aTwilioToken());
    expect([here.statusCode, errorCode(here)]).toEqual([409, 'conflict']);
    const other = await createTenant(t.db, t.clock);
    const there = await register(other.callers.admin, number, aTwilioToken());
    expect([there.statusCode, errorCode(there)]).toEqual([409, 'conflict']);
    expect(there.body).not.toContain(tenant.workspaceId);
    expect(json(await call(t.app, other.callers.admin, 'GET', '/api/v1/phone-numbers')).data).toEqual([]);
  });

  it('frees a deleted number for another workspace', async () => {
    const number = aBusinessNumber();
    const created = json(await register(tenant.callers.admin, number, aTwilioToken()));
    await call(t.app, tenant.callers.admin, 'DELETE', `/api/v1/phone-numbers/${String(created.id)}`);
    const other = await createTenant(t.db, t.clock);
    expect((await register(other.callers.admin, number, aTwilioToken())).statusCode).toBe(201);
  });

  it('refuses numbers that are not E.164, short or spaced tokens, other providers and unknown fields', async () => {
    const cases: [string, string, object][] = [
      ['0161 496 0000', aTwilioToken(), {}],
      ['+44 161 496 0000', aTwilioToken(), {}],
      [aBusinessNumber(), 'short', {}],
      [aBusinessNumber(), 'has spaces in it but is long', {}],
      [aBusinessNumber(), aTwilioToken(), { provider: 'vonage' }],
      [aBusinessNumber(), aTwilioToken(), { friendly_name: 'x' }],
    ];
    for (const [number, token, extra] of cases) {
      const res = await register(tenant.callers.admin, number, token, extra);
      expect([res.statusCode, errorCode(res)], `${number} ${JSON.stringify(extra)}`).toEqual([
        400,
        'validation_failed',
      ]);
    }
  });

  it('is for admins and owners only, and never for API keys', async () => {
    const member = await register(tenant.callers.member, aBusinessNumber(), aTwilioToken());
    expect([member.statusCode, errorCode(member)]).toEqual([403, 'forbidden']);
    const key = await keyCaller(t.app, tenant.callers.owner, ['agent:write', 'webhooks:manage']);
    const viaKey = await register(key, aBusinessNumber(), aTwilioToken());
    expect([viaKey.statusCode, errorCode(viaKey)]).toEqual([403, 'forbidden']);
  });

  it('keeps refusing form bodies on the JSON API (415): forms are parsed on telephony routes only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/phone-numbers',
      headers: { ...tenant.callers.admin.unsafeHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `number=${encodeURIComponent(aBusinessNumber())}&provider=twilio&twilio_auth_token=${aTwilioToken()}`,
    });
    expect([res.statusCode, errorCode(res)]).toEqual([415, 'unsupported_media_type']);
  });

  it('never writes the token to the log, nor keeps it for a replay', async () => {
    const token = aTwilioToken();
    const number = aBusinessNumber();
    const headers = { 'x-request-id': `pn-${token.slice(0, 8)}` };
    const first = await call(
      t.app,
      tenant.callers.admin,
      'POST',
      '/api/v1/phone-numbers',
      {
        number,
        provider: 'twilio',
        twilio_auth_token: token,
      },
      headers,
    );
    const replay = await call(
      t.app,
      tenant.callers.admin,
      'POST',
      '/api/v1/phone-numbers',
      {
        number,
        provider: 'twilio',
        twilio_auth_token: token,
      },
      headers,
    );
    expect(first.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await register(tenant.callers.admin, 'not a number', token);
    await register(tenant.callers.admin, number, token);
    expect(t.logs.join('\n')).not.toContain(token);
    const stored = await t.db.query<{ response_body: string | null }>(
      'SELECT response_body FROM idempotency_keys WHERE request_id = $1',
      [headers['x-request-id']],
    );
    expect(stored[0]?.response_body ?? '').not.toContain(token);
  });
});
