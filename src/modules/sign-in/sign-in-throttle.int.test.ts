import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  createWorkspace,
  randomEmail,
  TEST_PASSWORD,
  type TestUser,
} from '../../../test/support/factories.js';
import { errorCode, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { SIGN_IN_LIMITS, THROTTLE_WINDOW_MS } from '../../auth/throttle.js';

// The sign-in throttle of docs/api.md, "Sign-in throttling": attempts are counted before the
// password is checked, per email and address, per address, and per email across addresses.

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let nextAddress = 1;
/** A client address no other test uses. */
function freshAddress(): string {
  const n = nextAddress++;
  return `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

function signIn(email: string, password: string, address: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email, password },
    remoteAddress: address,
  });
}

async function owner(): Promise<TestUser> {
  const user = await createUser(t.db, t.clock);
  await createWorkspace(t.db, t.clock, user);
  return user;
}

const WRONG = 'not the password at all';

describe('sign-in throttling', () => {
  it('verifies no more than the limit of a concurrent burst, so a right password late in it is refused', async () => {
    const user = await owner();
    const address = freshAddress();
    const burst = Array.from({ length: 60 }, (_, i) => (i >= 50 ? TEST_PASSWORD : WRONG));
    const answers = await Promise.all(burst.map((password) => signIn(user.email, password, address)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_LIMITS.pair);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - SIGN_IN_LIMITS.pair);
    expect(statuses.slice(50)).toEqual(Array(10).fill(429));
    const refused = answers.find((res) => res.statusCode === 429);
    expect(refused && errorCode(refused)).toBe('rate_limited');
    expect(Number(refused?.headers['retry-after'])).toBe(THROTTLE_WINDOW_MS / 1000);
  });

  it('lets the owner in from an address they signed in from before while a guesser’s address is blocked', async () => {
    const user = await owner();
    const home = freshAddress();
    expect((await signIn(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    const guesser = freshAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) {
      expect((await signIn(user.email, WRONG, guesser)).statusCode).toBe(401);
    }
    expect((await signIn(user.email, TEST_PASSWORD, guesser)).statusCode).toBe(429);
    expect((await signIn(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
  });

  it('blocks a new address by the per-email ceiling after failures from many addresses, but not a known one', async () => {
    const user = await owner();
    const home = freshAddress();
    expect((await signIn(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    const failures = await Promise.all(
      Array.from({ length: SIGN_IN_LIMITS.email }, () => signIn(user.email, WRONG, freshAddress())),
    );
    expect(failures.map((res) => res.statusCode)).toEqual(Array(SIGN_IN_LIMITS.email).fill(401));
    const fromNewAddress = await signIn(user.email, TEST_PASSWORD, freshAddress());
    expect([fromNewAddress.statusCode, errorCode(fromNewAddress)]).toEqual([429, 'rate_limited']);
    expect((await signIn(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    t.clock.advance(THROTTLE_WINDOW_MS);
    expect((await signIn(user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('clears the email and address’s failures at a successful sign-in', async () => {
    const user = await owner();
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.pair - 1; i++) {
      expect((await signIn(user.email, WRONG, address)).statusCode).toBe(401);
    }
    expect((await signIn(user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) {
      expect((await signIn(user.email, WRONG, address)).statusCode).toBe(401);
    }
    expect((await signIn(user.email, WRONG, address)).statusCode).toBe(429);
  });

  it('limits one address trying many emails, unknown ones included, without touching other addresses', async () => {
    const user = await owner();
    const sprayer = freshAddress();
    const emails = [user.email, ...Array.from({ length: SIGN_IN_LIMITS.address - 1 }, randomEmail)];
    for (const email of emails) expect((await signIn(email, WRONG, sprayer)).statusCode).toBe(401);
    expect((await signIn(randomEmail(), WRONG, sprayer)).statusCode).toBe(429);
    expect((await signIn(user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('answers a wrong email and a wrong password alike when throttled', async () => {
    const user = await owner();
    const address = freshAddress();
    const unknown = randomEmail();
    for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) {
      await signIn(user.email, WRONG, address);
      await signIn(unknown, WRONG, address);
    }
    const known = await signIn(user.email, WRONG, address);
    const other = await signIn(unknown, WRONG, address);
    const strip = (body: string) => ({ error: { ...(JSON.parse(body).error as object), request_id: 'x' } });
    expect([known.statusCode, other.statusCode]).toEqual([429, 429]);
    expect(strip(known.body)).toEqual(strip(other.body));
    expect(known.headers['retry-after']).toBe(other.headers['retry-after']);
  });

  it('counts the addresses of one IPv6 /64 network as one address', async () => {
    const user = await owner();
    for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) {
      expect((await signIn(user.email, WRONG, `2001:db8:7:9::${(i + 1).toString(16)}`)).statusCode).toBe(401);
    }
    expect((await signIn(user.email, TEST_PASSWORD, '2001:db8:7:9:ffff::1')).statusCode).toBe(429);
    expect((await signIn(user.email, TEST_PASSWORD, '2001:db8:7:a::1')).statusCode).toBe(200);
  });

  it('remembers a known address as a keyed digest, never the address itself', async () => {
    const user = await owner();
    await signIn(user.email, TEST_PASSWORD, '192.0.2.77');
    const rows = await t.db.query<{ text: string }>(
      'SELECT row_to_json(k)::text AS text FROM known_addresses k WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text).not.toContain('192.0.2');
  });
});
