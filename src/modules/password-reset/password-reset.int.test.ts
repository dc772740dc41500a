import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  call,
  createTenant,
  sessionCaller,
  TEST_PASSWORD,
  type Tenant,
} from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { createLogger } from '../../http/logger.js';
import { openSecretBox } from '../../lib/encryption.js';
import { sha256Hex } from '../../lib/secrets.js';
import { openMessageBody } from '../messages/sealed-body.js';

// A forgotten password, by email (docs/api.md, "Forgotten password"; docs/notifications.md).

let t: TestContext;
let tenant: Tenant;
const MINUTE = 60 * 1000;

beforeAll(async () => {
  t = await startTestApp({ SMTP_URL: 'smtp://mail.callagent.test:2525' });
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

/** Each request from an address of its own unless given one: the per-address count has its own test. */
function ask(email: string, address = `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset',
    payload: { email },
    remoteAddress: address,
  });
}
const confirm = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: { token, password } });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password } });

interface ResetMail {
  id: string;
  workspace_id: string | null;
  channel: string;
  purpose: string;
  recipient: string;
  user_id: string;
  subject: string;
  body: string;
  body_sealed: string;
  quiet_hours: boolean;
}
async function mailsTo(email: string): Promise<ResetMail[]> {
  return t.db.query<ResetMail>(
    "SELECT * FROM messages WHERE purpose = 'password_reset' AND recipient = $1 ORDER BY created_at, id",
    [email],
  );
}
/** The token of the link in the sealed mail, as the person reading it would find it. */
function tokenIn(mail: ResetMail | undefined): string {
  if (!mail) throw new Error('no mail');
  const text = openMessageBody(openSecretBox(t.config, createLogger('silent')), mail.id, mail.body_sealed);
  const match = /\{console\}\/reset-password#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in ${text}`);
  return match[1];
}

describe('asking for a reset', () => {
  it('answers 202 with one body whether or not the email has an account; only an account gets the mail', async () => {
    const user = await addMember(t.db, t.clock, tenant.workspaceId, 'member');
    const known = await ask(user.email.toUpperCase());
    const unknown = await ask(`nobody-${randomBytes(4).toString('hex')}@example.test`);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(json(known)).toEqual({
      ok: true,
      message: expect.stringMatching(/^If an account has this email/),
    });

    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({
      workspace_id: null,
      channel: 'email',
      user_id: user.id,
      subject: 'Reset your callagent password',
      quiet_hours: false,
    });
    // The log's copy leaves the token out; the sealed one has the link, with the token in the fragment.
    expect(mail?.body).toContain(
      'Choose a new password: {console}/reset-password (the link is in the email)',
    );
    const token = tokenIn(mail);
    expect(mail?.body).not.toContain(token);
    const [reset] = await t.db.query<{ token_hash: string; created_at: Date; expires_at: Date }>(
      'SELECT token_hash, created_at, expires_at FROM password_resets WHERE user_id = $1',
      [user.id],
    );
    expect(reset?.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(await t.db.query('SELECT * FROM password_resets'))).not.toContain(token);
    expect((reset?.expires_at.getTime() ?? 0) - (reset?.created_at.getTime() ?? 0)).toBe(30 * MINUTE);
  });

  it('replaces an earlier link: only the latest one works', async () => {
    const user = await addMember(t.db, t.clock, tenant.workspaceId, 'member');
    await ask(user.email);
    t.clock.advance(1000);
    await ask(user.email);
    const [first, second] = await mailsTo(user.email);
    const stale = await confirm(tokenIn(first), 'a fresh passphrase here');
    expect([stale.statusCode, errorCode(stale)]).toEqual([400, 'validation_failed']);
    expect((await confirm(tokenIn(second), 'a fresh passphrase here')).statusCode).toBe(204);
  });

  it('counts requests per email and per address, whether or not the email has an account', async () => {
    const user = await addMember(t.db, t.clock, tenant.workspaceId, 'member');
    for (const email of [user.email, `nobody-${randomBytes(4).toString('hex')}@example.test`]) {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await ask(email)).statusCode);
      expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
    }
    expect(await mailsTo(user.email)).toHaveLength(5);
    const address = '192.0.2.77';
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await ask(`someone-${i}@example.test`, address)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 202)).toBe(true);
    expect(codes[20]).toBe(429);
    const refused = await ask('someone-else@example.test', address);
    expect([refused.statusCode, errorCode(refused)]).toEqual([429, 'rate_limited']);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('queues nothing when the service sends no email, and answers the same', async () => {
    const off = await startTestApp();
    try {
      const tn = await createTenant(off.db, off.clock);
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        payload: { email: tn.owner.email },
      });
      expect(res.statusCode).toBe(202);
      expect(await off.db.query('SELECT 1 FROM messages')).toEqual([]);
      expect(await off.db.query('SELECT 1 FROM password_resets')).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it('refuses a body that is not an email, and needs neither a session nor a CSRF token', async () => {
    const bad = await ask('not an email');
    expect([bad.statusCode, errorCode(bad)]).toEqual([400, 'validation_failed']);
    // A signed-in browser without the CSRF token is answered as anyone else.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      headers: tenant.callers.member.headers,
      payload: { email: tenant.users.member.email },
    });
    expect(res.statusCode).toBe(202);
  });
});

describe('choosing a new password with the link', () => {
  it('sets the password, works once, and ends every session of the account', async () => {
    const user = await addMember(t.db, t.clock, tenant.workspaceId, 'member');
    const session = await sessionCaller(t.db, t.clock, user, tenant.workspaceId);
    await ask(user.email);
    const token = tokenIn((await mailsTo(user.email))[0]);
    const short = await confirm(token, 'too short');
    expect(json<{ error: { details: { path: string }[] } }>(short).error.details[0]?.path).toBe('password');

    const res = await confirm(token, 'a fresh passphrase here');
    expect(res.statusCode, res.body).toBe(204);
    expect((await call(t.app, session, 'GET', '/api/v1/ping')).statusCode).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user.email, 'a fresh passphrase here')).statusCode).toBe(200);

    const again = await confirm(token, 'yet another passphrase');
    const unknown = await confirm(`car_${randomBytes(32).toString('base64url')}`, 'yet another passphrase');
    expect([again.statusCode, errorCode(again)]).toEqual([400, 'validation_failed']);
    expect(json<{ error: { message: string } }>(again).error.message).toBe(
      json<{ error: { message: string } }>(unknown).error.message,
    );
    expect((await signIn(user.email, 'a fresh passphrase here')).statusCode).toBe(200);
  });

  it('stops working after 30 minutes', async () => {
    const user = await addMember(t.db, t.clock, tenant.workspaceId, 'member');
    await ask(user.email);
    const token = tokenIn((await mailsTo(user.email))[0]);
    t.clock.advance(30 * MINUTE);
    const late = await confirm(token, 'a fresh passphrase here');
    expect([late.statusCode, errorCode(late)]).toEqual([400, 'validation_failed']);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
