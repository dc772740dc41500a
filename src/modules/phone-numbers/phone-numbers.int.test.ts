import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, keyCaller, type Tenant } from '../../../test/support/factories.js';
import type { FakeTwilioAccount } from '../../../test/support/fake-twilio.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { aBusinessNumber, aTwilioToken, TEST_SECRETS_KEY } from '../../../test/support/twilio.js';
import { createSecretBox, parseSecretsKey } from '../../lib/encryption.js';
import { newId } from '../../lib/ids.js';
import { insertPhoneNumber } from './phone-numbers.repo.js';

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

/** Registers `number` with the credentials of `account` (by default a new Twilio account that owns it). */
function register(
  caller: Tenant['callers']['admin'],
  number: string,
  account: FakeTwilioAccount = t.twilio.addAccount([number]),
  extra: object = {},
) {
  return call(t.app, caller, 'POST', '/api/v1/phone-numbers', {
    number,
    provider: 'twilio',
    twilio_account_sid: account.sid,
    twilio_auth_token: account.token,
    ...extra,
  });
}

async function listed(caller: Tenant['callers']['admin'] = tenant.callers.admin) {
  return json(await call(t.app, caller, 'GET', '/api/v1/phone-numbers')).data as { number: string }[];
}

const box = () => createSecretBox(parseSecretsKey(TEST_SECRETS_KEY));

describe('phone numbers', () => {
  it('registers a number Twilio confirms, with its credentials sealed, and returns it without them', async () => {
    const number = aBusinessNumber();
    const account = t.twilio.addAccount([number]);
    const res = await register(tenant.callers.admin, number, account);
    expect(res.statusCode).toBe(201);
    const created = json(res);
    expect(Object.keys(created).sort()).toEqual(['created_at', 'id', 'number', 'provider']);
    expect(created).toMatchObject({ number, provider: 'twilio' });
    expect(String(created.id)).toMatch(/^pn_/);
    expect(res.body).not.toContain(account.token);
    expect(res.body).not.toContain(account.sid);

    // Twilio was asked, as that account, for that account's numbers matching this one.
    const asked = t.twilio.requests.at(-1);
    expect(asked).toMatchObject({
      method: 'GET',
      path: `/2010-04-01/Accounts/${account.sid}/IncomingPhoneNumbers.json`,
      user: account.sid,
    });
    expect(asked?.query.get('PhoneNumber')).toBe(number);

    const list = await call(t.app, tenant.callers.admin, 'GET', '/api/v1/phone-numbers');
    expect(list.statusCode).toBe(200);
    expect(json(list).data).toEqual([created]);
    expect(list.body).not.toContain(account.token);
    expect(list.body).not.toContain(account.sid);

    const rows = await t.db.query<{ auth_token_ciphertext: string; account_sid_ciphertext: string }>(
      'SELECT auth_token_ciphertext, account_sid_ciphertext FROM phone_numbers WHERE id = $1',
      [created.id],
    );
    const sealed = rows[0];
    expect(`${sealed?.auth_token_ciphertext} ${sealed?.account_sid_ciphertext}`).not.toMatch(
      new RegExp(`${account.token}|${account.sid}`),
    );
    expect(box().open(sealed?.auth_token_ciphertext ?? '', String(created.id))).toBe(account.token);
    expect(box().open(sealed?.account_sid_ciphertext ?? '', `${String(created.id)}:account_sid`)).toBe(
      account.sid,
    );

    const del = await call(
      t.app,
      tenant.callers.admin,
      'DELETE',
      `/api/v1/phone-numbers/${String(created.id)}`,
    );
    expect(del.statusCode).toBe(204);
    expect(await listed()).toEqual([]);
    const again = await call(
      t.app,
      tenant.callers.admin,
      'DELETE',
      `/api/v1/phone-numbers/${String(created.id)}`,
    );
    expect([again.statusCode, errorCode(again)]).toEqual([404, 'not_found']);
  });

  it('refuses a made-up auth token (400), so nobody can claim a number and keep its owner out', async () => {
    const number = aBusinessNumber();
    const owner = t.twilio.addAccount([number]);
    const squatter = await createTenant(t.db, t.clock);
    const res = await register(squatter.callers.admin, number, { sid: owner.sid, token: aTwilioToken() });
    expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    expect(json<{ error: { message: string; details: unknown } }>(res).error).toMatchObject({
      message: expect.stringContaining('Twilio did not accept this account SID and auth token'),
      details: [{ path: 'twilio_auth_token', message: expect.any(String) }],
    });
    expect(await listed(squatter.callers.admin)).toEqual([]);
    expect((await register(tenant.callers.admin, number, owner)).statusCode).toBe(201);
  });

  it('refuses an account SID Twilio does not know, and credentials of another account', async () => {
    const number = aBusinessNumber();
    t.twilio.addAccount([number]);
    const stranger = t.twilio.addAccount();
    const unknown = await register(tenant.callers.admin, number, {
      sid: `AC${'f'.repeat(32)}`,
      token: aTwilioToken(),
    });
    expect([unknown.statusCode, errorCode(unknown)]).toEqual([400, 'validation_failed']);
    const mixed = await register(tenant.callers.admin, number, {
      sid: `AC${'e'.repeat(32)}`,
      token: stranger.token,
    });
    expect([mixed.statusCode, errorCode(mixed)]).toEqual([400, 'validation_failed']);
    expect((await listed()).map((n) => n.number)).not.toContain(number);
  });

  it('refuses a number that is not on the account (400), even one that contains it', async () => {
    const number = aBusinessNumber();
    const elsewhere = t.twilio.addAccount([`${number}9`]);
    const res = await register(tenant.callers.admin, number, elsewhere);
    expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    expect(json<{ error: { message: string; details: unknown } }>(res).error).toMatchObject({
      message: expect.stringContaining(`${number} is not a number of that Twilio account`),
      details: [{ path: 'number', message: expect.any(String) }],
    });
    expect((await listed()).map((n) => n.number)).not.toContain(number);
  });

  it('answers 503 with Retry-After and saves nothing when Twilio cannot be asked', async () => {
    const number = aBusinessNumber();
    const account = t.twilio.addAccount([number]);
    t.twilio.failWith(500);
    try {
      const res = await register(tenant.callers.admin, number, account);
      expect([res.statusCode, errorCode(res)]).toEqual([503, 'unavailable']);
      expect(res.headers['retry-after']).toBe('30');
    } finally {
      t.twilio.failWith(null);
    }
    expect((await listed()).map((n) => n.number)).not.toContain(number);
    expect((await register(tenant.callers.admin, number, account)).statusCode).toBe(201);
  });

  it('gives a number to one workspace: registering it again, here or elsewhere, is 409 without naming the holder', async () => {
    const number = aBusinessNumber();
    const account = t.twilio.addAccount([number]);
    expect((await register(tenant.callers.admin, number, account)).statusCode).toBe(201);
    const here = await register(tenant.callers.owner, number, account);
    expect([here.statusCode, errorCode(here)]).toEqual([409, 'conflict']);
    const other = await createTenant(t.db, t.clock);
    const there = await register(other.callers.admin, number, account);
    expect([there.statusCode, errorCode(there)]).toEqual([409, 'conflict']);
    expect(there.body).not.toContain(tenant.workspaceId);
    expect(await listed(other.callers.admin)).toEqual([]);
  });

  it('lets a registration Twilio confirms take over a number registered before the check existed', async () => {
    const number = aBusinessNumber();
    const squatter = await createTenant(t.db, t.clock);
    const id = newId('pn', t.clock.now().getTime());
    // As a registration made before the account SID was asked for: no SID, nothing confirmed.
    await insertPhoneNumber(t.db, {
      workspace_id: squatter.workspaceId,
      id,
      number,
      provider: 'twilio',
      auth_token_ciphertext: box().seal(aTwilioToken(), id),
      account_sid_ciphertext: null,
      created_at: t.clock.now(),
    });
    const res = await register(tenant.callers.admin, number, t.twilio.addAccount([number]));
    expect(res.statusCode).toBe(201);
    expect(await listed(squatter.callers.admin)).toEqual([]);
    expect((await listed()).map((n) => n.number)).toContain(number);
  });

  it('frees a deleted number for another workspace', async () => {
    const number = aBusinessNumber();
    const created = json(await register(tenant.callers.admin, number));
    await call(t.app, tenant.callers.admin, 'DELETE', `/api/v1/phone-numbers/${String(created.id)}`);
    const other = await createTenant(t.db, t.clock);
    expect((await register(other.callers.admin, number)).statusCode).toBe(201);
  });

  it('refuses numbers that are not E.164, bad account SIDs and tokens, other providers and unknown fields', async () => {
    const token = (value: string) => ({ twilio_auth_token: value });
    const cases: [string, object][] = [
      ['0161 496 0000', {}],
      ['+44 161 496 0000', {}],
      [aBusinessNumber(), token('short')],
      [aBusinessNumber(), token('has spaces in it but is long')],
      [aBusinessNumber(), { twilio_account_sid: 'AC123' }],
      [aBusinessNumber(), { twilio_account_sid: `SK${'0'.repeat(32)}` }],
      [aBusinessNumber(), { twilio_account_sid: undefined }],
      [aBusinessNumber(), { provider: 'vonage' }],
      [aBusinessNumber(), { friendly_name: 'x' }],
    ];
    const before = t.twilio.requests.length;
    for (const [number, extra] of cases) {
      const res = await register(tenant.callers.admin, number, t.twilio.addAccount([number]), extra);
      expect([res.statusCode, errorCode(res)], `${number} ${JSON.stringify(extra)}`).toEqual([
        400,
        'validation_failed',
      ]);
    }
    // Refused before Twilio is asked.
    expect(t.twilio.requests.length).toBe(before);
  });

  it('is for admins and owners only, and never for API keys', async () => {
    const member = await register(tenant.callers.member, aBusinessNumber());
    expect([member.statusCode, errorCode(member)]).toEqual([403, 'forbidden']);
    const key = await keyCaller(t.app, tenant.callers.owner, ['agent:write', 'webhooks:manage']);
    const viaKey = await register(key, aBusinessNumber());
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

  it('never writes the token or the account SID to the log, nor keeps them for a replay', async () => {
    const number = aBusinessNumber();
    const account = t.twilio.addAccount([number]);
    const headers = { 'x-request-id': `pn-${account.token.slice(0, 8)}` };
    const body = {
      number,
      provider: 'twilio',
      twilio_account_sid: account.sid,
      twilio_auth_token: account.token,
    };
    const first = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/phone-numbers', body, headers);
    const replay = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/phone-numbers', body, headers);
    expect(first.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await register(tenant.callers.admin, 'not a number', account);
    await register(tenant.callers.admin, number, account);
    await register(tenant.callers.admin, aBusinessNumber(), account);
    expect(t.logs.join('\n')).not.toContain(account.token);
    expect(t.logs.join('\n')).not.toContain(account.sid);
    const stored = await t.db.query<{ response_body: string | null }>(
      'SELECT response_body FROM idempotency_keys WHERE request_id = $1',
      [headers['x-request-id']],
    );
    expect(stored[0]?.response_body ?? '').not.toContain(account.token);
    expect(stored[0]?.response_body ?? '').not.toContain(account.sid);
  });
});
