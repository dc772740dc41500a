import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';
import { acceptInvitation, callerFrom, invite } from '../../../test/support/invitations.js';

let t: TestContext;
let home: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  home = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

async function booking(tenant: Tenant, name: string, phone: string, assignee: string | null, hour: number) {
  const lead = JSON.parse(
    (await call(t.app, tenant.callers.member, 'POST', '/api/v1/leads', { name, phone })).body,
  ) as { id: string };
  const starts = new Date(t.clock.now().getTime() + 86_400_000);
  starts.setUTCHours(hour, 0, 0, 0);
  const res = await call(t.app, tenant.callers.member, 'POST', '/api/v1/bookings', {
    kind: 'callback',
    lead_id: lead.id,
    starts_at: starts.toISOString(),
    assignee_id: assignee,
  });
  expect(res.statusCode).toBe(201);
}

const pathOf = (url: string) => new URL(url).pathname;

describe('calendar feed addresses', () => {
  it('makes a personal address that serves the workspace’s bookings without credentials', async () => {
    await booking(home, 'Desk Lead', '07700 900901', null, 9);
    await booking(home, 'Member Lead', '07700 900902', home.users.member.id, 10);
    await booking(home, 'Admin Lead', '07700 900903', home.users.admin.id, 11);
    const other = await createTenant(t.db, t.clock);
    await booking(other, 'Other Lead', '07700 900904', null, 9);

    const none = await call(t.app, home.callers.member, 'GET', '/api/v1/calendar-feed');
    expect([none.statusCode, none.body]).toEqual([204, '']);
    const made = await call(t.app, home.callers.member, 'POST', '/api/v1/calendar-feed', { scope: 'mine' });
    expect(made.statusCode).toBe(201);
    const feed = JSON.parse(made.body) as { url: string; scope: string };
    expect(feed.url).toMatch(
      /^https:\/\/callagent\.test\/api\/v1\/calendar-feeds\/[A-Za-z0-9_-]{43}\/bookings\.ics$/,
    );
    expect(
      JSON.parse((await call(t.app, home.callers.member, 'GET', '/api/v1/calendar-feed')).body),
    ).toMatchObject(feed);

    const ics = await t.app.inject({ method: 'GET', url: pathOf(feed.url) });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('SUMMARY:Callback: Desk Lead');
    expect(ics.body).toContain('SUMMARY:Callback: Member Lead');
    expect(ics.body).not.toContain('Admin Lead');
    expect(ics.body).not.toContain('Other Lead');
    // Someone else's address is theirs alone: the admin's own feed of every booking.
    const admins = JSON.parse(
      (await call(t.app, home.callers.admin, 'POST', '/api/v1/calendar-feed', {})).body,
    ) as { url: string };
    expect((await t.app.inject({ method: 'GET', url: pathOf(admins.url) })).body).toContain('Admin Lead');
  });

  it('stops an address when it is replaced, revoked, or its owner leaves', async () => {
    const first = JSON.parse(
      (await call(t.app, home.callers.viewer, 'POST', '/api/v1/calendar-feed', {})).body,
    ) as { url: string };
    const second = JSON.parse(
      (await call(t.app, home.callers.viewer, 'POST', '/api/v1/calendar-feed', {})).body,
    ) as { url: string };
    expect((await t.app.inject({ method: 'GET', url: pathOf(first.url) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pathOf(second.url) })).statusCode).toBe(200);
    expect((await call(t.app, home.callers.viewer, 'DELETE', '/api/v1/calendar-feed')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: pathOf(second.url) })).statusCode).toBe(404);

    const leaving = await createTenant(t.db, t.clock);
    const theirs = JSON.parse(
      (await call(t.app, leaving.callers.member, 'POST', '/api/v1/calendar-feed', {})).body,
    ) as { url: string };
    expect((await t.app.inject({ method: 'GET', url: pathOf(theirs.url) })).statusCode).toBe(200);
    await call(t.app, leaving.callers.owner, 'DELETE', `/api/v1/members/${leaving.users.member.id}`);
    expect((await t.app.inject({ method: 'GET', url: pathOf(theirs.url) })).statusCode).toBe(404);
  });

  it('keeps the address of someone who left dead when they are added back', async () => {
    const tenant = await createTenant(t.db, t.clock);
    const member = tenant.users.member;
    const old = JSON.parse(
      (await call(t.app, tenant.callers.member, 'POST', '/api/v1/calendar-feed', {})).body,
    ) as { url: string };
    await call(t.app, tenant.callers.admin, 'DELETE', `/api/v1/members/${member.id}`);
    const inv = await invite(t.app, tenant.callers.admin, member.email, 'member');
    const back = await acceptInvitation(t.app, { token: inv.token, password: member.password });
    expect(back.statusCode, back.body).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: pathOf(old.url) })).statusCode).toBe(404);
    const again = callerFrom(back, member.id, tenant.workspaceId);
    expect((await call(t.app, again, 'GET', '/api/v1/calendar-feed')).statusCode).toBe(204);
    const fresh = JSON.parse((await call(t.app, again, 'POST', '/api/v1/calendar-feed', {})).body) as {
      url: string;
    };
    expect((await t.app.inject({ method: 'GET', url: pathOf(fresh.url) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: pathOf(old.url) })).statusCode).toBe(404);
  });

  it('answers unknown and malformed addresses 404 in the error body', async () => {
    for (const token of ['x'.repeat(43), 'short', '%27%20OR%201%3D1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/calendar-feeds/${token}/bookings.ics` });
      expect([res.statusCode, JSON.parse(res.body).error.code]).toEqual([404, 'not_found']);
    }
  });
});
