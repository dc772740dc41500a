import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  call,
  createTenant,
  keyCaller,
  sessionCaller,
  type Tenant,
} from '../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../test/support/harness.js';
import { insertMembership } from '../modules/workspaces/workspaces.repo.js';
import { queueDeskAlert } from './alerts/queue-alert.js';

// Each member's alerts (docs/notifications.md, "Alerts to the desk") and whether email and texts
// can go at all.

let t: TestContext;
let tenant: Tenant;

beforeAll(async () => {
  t = await startTestApp({ SMTP_URL: 'smtp://mail.callagent.test:2525' });
  tenant = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

const URL = '/api/v1/account/notifications';
const everyKind = (channels: { email: boolean; sms: boolean }) => ({
  hot_lead: channels,
  handover_missed: channels,
  booking_due: channels,
  seller_reply: channels,
  task_overdue: channels,
});
type Details = { error: { details: { path: string; message: string }[] } };

async function registerNumber(tn: Tenant, number: string): Promise<void> {
  const account = t.twilio.addAccount([number]);
  const res = await call(t.app, tn.callers.admin, 'POST', '/api/v1/phone-numbers', {
    number,
    provider: 'twilio',
    twilio_account_sid: account.sid,
    twilio_auth_token: account.token,
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('your alerts', () => {
  it('start at the defaults: every alert by email, none by text; none at all for a viewer', async () => {
    const member = json(await call(t.app, tenant.callers.member, 'GET', URL));
    expect(member).toEqual({
      mobile: null,
      alerts: everyKind({ email: true, sms: false }),
      email_available: true,
      texts_available: false,
    });
    const viewer = json<{ alerts: unknown }>(await call(t.app, tenant.callers.viewer, 'GET', URL));
    expect(viewer.alerts).toEqual(everyKind({ email: false, sms: false }));
  });

  it('change only what is given; the mobile is kept in E.164 and texts need it', async () => {
    const user = await addMember(t.db, t.clock, tenant.workspaceId, 'member');
    const me = await sessionCaller(t.db, t.clock, user, tenant.workspaceId);
    const noMobile = await call(t.app, me, 'PUT', URL, { alerts: { hot_lead: { sms: true } } });
    expect([noMobile.statusCode, errorCode(noMobile)]).toEqual([400, 'validation_failed']);
    expect(json<Details>(noMobile).error.details).toEqual([
      { path: 'alerts.hot_lead.sms', message: 'needs a mobile number to text' },
    ]);

    const saved = await call(t.app, me, 'PUT', URL, {
      mobile: '07700 900123',
      alerts: { hot_lead: { sms: true }, booking_due: { email: false } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved)).toEqual({
      mobile: '+447700900123',
      alerts: {
        ...everyKind({ email: true, sms: false }),
        hot_lead: { email: true, sms: true },
        booking_due: { email: false, sms: false },
      },
      email_available: true,
      texts_available: false,
    });
    // A later change keeps the rest; an international mobile is taken as given.
    const intl = await call(t.app, me, 'PUT', URL, {
      mobile: '+33 6 12 34 56 78',
      alerts: { task_overdue: { sms: true } },
    });
    expect(json<{ mobile: string; alerts: Record<string, unknown> }>(intl)).toMatchObject({
      mobile: '+33612345678',
      alerts: {
        hot_lead: { email: true, sms: true },
        booking_due: { email: false, sms: false },
        task_overdue: { email: true, sms: true },
      },
    });
    // Clearing the mobile turns every text off, as none could go.
    const cleared = json<{ mobile: null; alerts: unknown }>(
      await call(t.app, me, 'PUT', URL, { mobile: null }),
    );
    expect(cleared).toMatchObject({
      mobile: null,
      alerts: { ...everyKind({ email: true, sms: false }), booking_due: { email: false, sms: false } },
    });
    // Clearing it while asking for a text is refused, and changes nothing.
    const both = await call(t.app, me, 'PUT', URL, { mobile: null, alerts: { seller_reply: { sms: true } } });
    expect(json<Details>(both).error.details[0]?.path).toBe('alerts.seller_reply.sms');
  });

  it('refuse what is not a setting, each at its path', async () => {
    const me = tenant.callers.admin;
    const cases: [unknown, string][] = [
      [{ mobile: 'not a phone' }, 'mobile'],
      [{ mobile: '' }, 'mobile'],
      [{ alerts: { hot_lead: { email: 'yes' } } }, 'alerts.hot_lead.email'],
      [{ alerts: { birthdays: { email: true } } }, 'alerts.birthdays'],
      [{ alerts: { hot_lead: { email: true, push: true } } }, 'alerts.hot_lead.push'],
      [{ alerts: [] }, 'alerts'],
      [{ colour: 'blue' }, 'colour'],
    ];
    for (const [body, path] of cases) {
      const res = await call(t.app, me, 'PUT', URL, body);
      expect([res.statusCode, errorCode(res)], JSON.stringify(body)).toEqual([400, 'validation_failed']);
      expect(json<Details>(res).error.details[0]?.path, JSON.stringify(body)).toBe(path);
    }
    expect(json<{ alerts: unknown }>(await call(t.app, me, 'GET', URL)).alerts).toEqual(
      everyKind({ email: true, sms: false }),
    );
  });

  it('are a session’s, in its own workspace: not an API key’s, and not shared with another workspace', async () => {
    const key = await keyCaller(t.app, tenant.callers.owner, ['calls:read']);
    const viaKey = await call(t.app, key, 'GET', URL);
    expect([viaKey.statusCode, errorCode(viaKey)]).toEqual([403, 'forbidden']);

    const user = await addMember(t.db, t.clock, tenant.workspaceId, 'member');
    const here = await sessionCaller(t.db, t.clock, user, tenant.workspaceId);
    const other = await createTenant(t.db, t.clock);
    await insertMembership(t.db, other.workspaceId, user.id, 'member', t.clock.now());
    const there = await sessionCaller(t.db, t.clock, user, other.workspaceId);
    await call(t.app, here, 'PUT', URL, { mobile: '07700 900200', alerts: { hot_lead: { email: false } } });
    expect(json(await call(t.app, there, 'GET', URL))).toMatchObject({
      mobile: null,
      alerts: everyKind({ email: true, sms: false }),
    });
  });

  it('go with a member who leaves: their settings, and the alerts still waiting for them', async () => {
    const tn = await createTenant(t.db, t.clock);
    await call(t.app, tn.callers.member, 'PUT', URL, { mobile: '07700 900300' });
    const at = t.clock.now();
    await t.db.transaction((tx) =>
      queueDeskAlert(
        tx,
        {
          workspaceId: tn.workspaceId,
          kind: 'booking_due',
          about: 'bk_leaving',
          ownerId: tn.users.member.id,
          subject: 'Callback soon',
          text: 'Callback soon.',
          path: '/calendar',
          sendAfter: new Date(at.getTime() + 60 * 60 * 1000),
        },
        at,
      ),
    );
    const res = await call(t.app, tn.callers.admin, 'DELETE', `/api/v1/members/${tn.users.member.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(
      await t.db.query('SELECT 1 FROM member_notifications WHERE workspace_id = $1 AND user_id = $2', [
        tn.workspaceId,
        tn.users.member.id,
      ]),
    ).toEqual([]);
    const [alert] = await t.db.query<{ status: string; status_reason: string }>(
      "SELECT status, status_reason FROM messages WHERE idempotency_key LIKE 'alert:booking_due:bk_leaving:%'",
    );
    expect(alert).toEqual({ status: 'cancelled', status_reason: 'No longer a member.' });
  });
});

describe('GET /api/v1/notifications/status', () => {
  it('says in words whether email and texts can go', async () => {
    const tn = await createTenant(t.db, t.clock);
    const before = json(await call(t.app, tn.callers.viewer, 'GET', '/api/v1/notifications/status'));
    expect(before).toEqual({
      email: { available: true, reason: expect.stringMatching(/^Email is on/) },
      texts: {
        available: false,
        reason: expect.stringMatching(/^Texts are off: this workspace has no Twilio number/),
      },
    });
    await registerNumber(tn, '+441615550201');
    const after = json<{ texts: unknown }>(
      await call(t.app, tn.callers.viewer, 'GET', '/api/v1/notifications/status'),
    );
    expect(after.texts).toEqual({ available: true, reason: 'Texts are on: they go from +441615550201.' });
    expect(json(await call(t.app, tn.callers.member, 'GET', URL))).toMatchObject({ texts_available: true });
  });

  it('says email is off without SMTP_URL', async () => {
    const off = await startTestApp();
    try {
      const tn = await createTenant(off.db, off.clock);
      const res = json(await call(off.app, tn.callers.member, 'GET', '/api/v1/notifications/status'));
      expect(res).toMatchObject({
        email: { available: false, reason: 'Email is off: the service has no SMTP_URL.' },
      });
      expect(json(await call(off.app, tn.callers.member, 'GET', URL))).toMatchObject({
        email_available: false,
      });
    } finally {
      await off.close();
    }
  });
});
