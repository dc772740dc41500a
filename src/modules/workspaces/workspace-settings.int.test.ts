import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';

let t: TestContext;
let home: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  home = await createTenant(t.db, t.clock);
});
afterAll(() => t.close());

describe('workspace settings', () => {
  it('starts in Europe/London, and an admin renames it and changes its zone, which ping then says', async () => {
    const before = JSON.parse((await call(t.app, home.callers.viewer, 'GET', '/api/v1/ping')).body);
    expect(before.workspace.time_zone).toBe('Europe/London');
    const res = await call(t.app, home.callers.admin, 'PATCH', '/api/v1/workspace', {
      name: 'Acme North',
      time_zone: 'Europe/Dublin',
    });
    expect(JSON.parse(res.body)).toEqual({
      id: home.workspaceId,
      name: 'Acme North',
      time_zone: 'Europe/Dublin',
      call_recording: false,
    });
    const after = JSON.parse((await call(t.app, home.callers.viewer, 'GET', '/api/v1/ping')).body);
    expect(after.workspace).toMatchObject({ name: 'Acme North', time_zone: 'Europe/Dublin' });
  });

  it('refuses a zone that is not one, and changes only the workspace of the session', async () => {
    const bad = await call(t.app, home.callers.admin, 'PATCH', '/api/v1/workspace', {
      time_zone: 'Mars/Olympus',
    });
    expect([bad.statusCode, JSON.parse(bad.body).error.details[0].path]).toEqual([400, 'time_zone']);
    const other = await createTenant(t.db, t.clock);
    await call(t.app, other.callers.owner, 'PATCH', '/api/v1/workspace', { name: 'Other' });
    const mine = JSON.parse((await call(t.app, home.callers.viewer, 'GET', '/api/v1/ping')).body);
    expect(mine.workspace.name).not.toBe('Other');
  });
});
