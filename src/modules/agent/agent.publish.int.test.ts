import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, type Tenant } from '../../../test/support/factories.js';
import { errorCode, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { loadPublishedAgent } from './agent.service.js';
import { type AgentConfig, DEFAULT_AGENT_CONFIG } from './agent-config.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface VersionBody {
  id: string;
  version: number;
  config: AgentConfig;
  published_at: string;
  published_by: string | null;
}

const withName = (name: string): AgentConfig => ({ ...DEFAULT_AGENT_CONFIG, business_name: name });

/** Each change a second after the last, so events sort in the order they happened. */
async function putDraft(tenant: Tenant, name: string) {
  t.clock.advance(1000);
  const res = await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/agent/draft', {
    config: withName(name),
  });
  expect(res.statusCode).toBe(200);
}

const publish = (tenant: Tenant) => call(t.app, tenant.callers.admin, 'POST', '/api/v1/agent/publish');

async function publishedEvents(workspaceId: string) {
  return t.db.query<{ id: string; data: unknown; created_at: Date }>(
    "SELECT id, data, created_at FROM events WHERE workspace_id = $1 AND type = 'agent.published' ORDER BY id",
    [workspaceId],
  );
}

describe('publishing', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(t.db, t.clock);
  });

  it('publishes the default as version 1 when nothing was published, and answers 201', async () => {
    const res = await publish(tenant);
    expect(res.statusCode).toBe(201);
    const body = json<VersionBody>(res);
    expect(body).toEqual({
      id: expect.stringMatching(/^agv_/),
      version: 1,
      config: DEFAULT_AGENT_CONFIG,
      published_at: t.clock.now().toISOString(),
      published_by: tenant.users.admin.id,
    });
    const published = await call(t.app, tenant.callers.member, 'GET', '/api/v1/agent/published');
    expect(json(published)).toEqual(body);
  });

  it('answers 409 conflict, with no new version or event, when the draft equals the published version', async () => {
    const before = await publishedEvents(tenant.workspaceId);
    const res = await publish(tenant);
    expect([res.statusCode, errorCode(res)]).toEqual([409, 'conflict']);
    expect(await publishedEvents(tenant.workspaceId)).toEqual(before);
    const versions = await call(t.app, tenant.callers.member, 'GET', '/api/v1/agent/versions');
    expect(json<{ data: VersionBody[] }>(versions).data.map((v) => v.version)).toEqual([1]);
  });

  it('numbers versions 1, 2, 3 and marks the draft as based on the newest', async () => {
    await putDraft(tenant, 'Second');
    t.clock.advance(1000);
    expect(json<VersionBody>(await publish(tenant)).version).toBe(2);
    await putDraft(tenant, 'Third');
    const third = json<VersionBody>(await publish(tenant));
    expect(third.version).toBe(3);
    const agent = json<{ draft: { based_on_version: number; config: AgentConfig }; published: VersionBody }>(
      await call(t.app, tenant.callers.member, 'GET', '/api/v1/agent'),
    );
    expect(agent.published).toEqual(third);
    expect(agent.draft.based_on_version).toBe(3);
    expect(agent.draft.config.business_name).toBe('Third');
    expect(await loadPublishedAgent(t.db, tenant.workspaceId)).toEqual({ version: 3, config: third.config });
  });

  it('writes agent.published with the answered version as data, once per publish', async () => {
    await putDraft(tenant, 'Fourth');
    const body = json<VersionBody>(await publish(tenant));
    const events = await publishedEvents(tenant.workspaceId);
    expect(events.map((e) => (e.data as VersionBody).version)).toEqual([1, 2, 3, 4]);
    const last = events.at(-1);
    expect(last?.data).toEqual(body);
    expect(last?.created_at.toISOString()).toBe(body.published_at);
  });

  it('is refused to a member, and their attempt publishes nothing', async () => {
    await putDraft(tenant, 'Member try');
    const res = await call(t.app, tenant.callers.member, 'POST', '/api/v1/agent/publish');
    expect([res.statusCode, errorCode(res)]).toEqual([403, 'forbidden']);
    expect((await loadPublishedAgent(t.db, tenant.workspaceId)).version).toBe(4);
  });
});

describe('concurrent publishes', () => {
  it('never give two versions one number and never fail with 500', async () => {
    const tenant = await createTenant(t.db, t.clock);
    for (let round = 0; round < 4; round++) {
      const results = await Promise.all(
        ['A', 'B'].map(async (name) => {
          await putDraft(tenant, `Round ${round} ${name}`);
          return publish(tenant);
        }),
      );
      const statuses = results.map((r) => r.statusCode);
      for (const status of statuses) expect([201, 409]).toContain(status);
      expect(statuses).toContain(201);
    }
    const rows = await t.db.query<{ version: number }>(
      'SELECT version FROM agent_versions WHERE workspace_id = $1 ORDER BY version',
      [tenant.workspaceId],
    );
    const versions = rows.map((r) => r.version);
    expect(versions).toEqual(versions.map((_v, i) => i + 1));
    expect((await publishedEvents(tenant.workspaceId)).length).toBe(versions.length);
  });

  it('of one draft publish it once and answer the other 409 conflict', async () => {
    const tenant = await createTenant(t.db, t.clock);
    await putDraft(tenant, 'Base');
    const [first, second] = await Promise.all([publish(tenant), publish(tenant)]);
    // One publishes the draft; the other finds it already live. Neither fails.
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([201, 409]);
  });
});

describe('version history and restore', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(t.db, t.clock);
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      await putDraft(tenant, name);
      t.clock.advance(1000);
      expect((await publish(tenant)).statusCode).toBe(201);
    }
  });

  it('lists versions newest first, and walks every page with the cursor', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=2&cursor=${cursor}` : 'limit=2';
      const res = await call(t.app, tenant.callers.member, 'GET', `/api/v1/agent/versions?${query}`);
      expect(res.statusCode).toBe(200);
      const page = json<{ data: VersionBody[]; next_cursor: string | null }>(res);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((v) => v.version));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([5, 4, 3, 2, 1]);
    const asc = await call(t.app, tenant.callers.member, 'GET', '/api/v1/agent/versions?order=asc');
    expect(json<{ data: VersionBody[] }>(asc).data.map((v) => v.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a cursor it did not issue and a limit out of range', async () => {
    for (const query of ['cursor=bm90LWEtY3Vyc29y', 'limit=0', 'limit=201', 'colour=blue']) {
      const res = await call(t.app, tenant.callers.member, 'GET', `/api/v1/agent/versions?${query}`);
      expect([res.statusCode, errorCode(res)], query).toEqual([400, 'validation_failed']);
    }
  });

  it('reads one version, and answers 404 for a number not published and 400 for one that is not a number', async () => {
    const two = await call(t.app, tenant.callers.member, 'GET', '/api/v1/agent/versions/2');
    expect(json<VersionBody>(two).config.business_name).toBe('Two');
    const missing = await call(t.app, tenant.callers.member, 'GET', '/api/v1/agent/versions/6');
    expect([missing.statusCode, errorCode(missing)]).toEqual([404, 'not_found']);
    const bad = await call(t.app, tenant.callers.member, 'GET', '/api/v1/agent/versions/two');
    expect([bad.statusCode, errorCode(bad)]).toEqual([400, 'validation_failed']);
  });

  it('restores a version into the draft, and publishing it makes it the next version', async () => {
    t.clock.advance(1000);
    const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/agent/versions/2/restore');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      config: withName('Two'),
      updated_at: t.clock.now().toISOString(),
      updated_by: tenant.users.admin.id,
      based_on_version: 2,
    });
    const published = json<VersionBody>(await publish(tenant));
    expect(published.version).toBe(6);
    expect(published.config).toEqual(withName('Two'));
    const events = await publishedEvents(tenant.workspaceId);
    expect(events.at(-1)?.data).toEqual(published);
  });

  it('answers 404 when restoring a version that does not exist, and keeps the draft', async () => {
    const before = await call(t.app, tenant.callers.admin, 'GET', '/api/v1/agent/draft');
    const res = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/agent/versions/99/restore');
    expect([res.statusCode, errorCode(res)]).toEqual([404, 'not_found']);
    expect((await call(t.app, tenant.callers.admin, 'GET', '/api/v1/agent/draft')).body).toBe(before.body);
  });

  it('keeps each workspace’s versions to itself', async () => {
    const other = await createTenant(t.db, t.clock);
    const res = await call(t.app, other.callers.member, 'GET', '/api/v1/agent/versions/1');
    expect([res.statusCode, errorCode(res)]).toEqual([404, 'not_found']);
    const list = await call(t.app, other.callers.member, 'GET', '/api/v1/agent/versions');
    expect(json<{ data: unknown[] }>(list).data).toEqual([]);
  });
});
