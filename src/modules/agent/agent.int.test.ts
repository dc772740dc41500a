import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTenant, keyCaller, type Tenant } from '../../../test/support/factories.js';
import { errorCode, type Json, json, startTestApp, type TestContext } from '../../../test/support/harness.js';
import { loadDraftAgent, loadPublishedAgent } from './agent.service.js';
import { type AgentConfig, DEFAULT_AGENT_CONFIG } from './agent-config.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface DraftBody {
  config: AgentConfig;
  updated_at: string;
  updated_by: string | null;
  based_on_version: number | null;
}

function withName(name: string): AgentConfig {
  return { ...DEFAULT_AGENT_CONFIG, business_name: name };
}

async function workspaceCreatedAt(workspaceId: string): Promise<string> {
  const rows = await t.db.query<{ created_at: Date }>('SELECT created_at FROM workspaces WHERE id = $1', [
    workspaceId,
  ]);
  return rows[0]?.created_at.toISOString() ?? '';
}

describe('a workspace that never changed its agent', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(t.db, t.clock);
  });

  it('has the default configuration as its draft, dated from the workspace, and nothing published', async () => {
    const res = await call(t.app, tenant.callers.member, 'GET', '/api/v1/agent');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      draft: {
        config: DEFAULT_AGENT_CONFIG,
        updated_at: await workspaceCreatedAt(tenant.workspaceId),
        updated_by: null,
        based_on_version: null,
      },
      published: null,
    });
    const draft = await call(t.app, tenant.callers.member, 'GET', '/api/v1/agent/draft');
    expect(json(draft)).toEqual((json(res) as { draft: Json }).draft);
  });

  it('answers 404 not_found for the published configuration and an empty version history', async () => {
    const published = await call(t.app, tenant.callers.member, 'GET', '/api/v1/agent/published');
    expect([published.statusCode, errorCode(published)]).toEqual([404, 'not_found']);
    const versions = await call(t.app, tenant.callers.member, 'GET', '/api/v1/agent/versions');
    expect(json(versions)).toEqual({ data: [], next_cursor: null });
  });

  it('writes no draft row by being read', async () => {
    const rows = await t.db.query('SELECT 1 FROM agent_drafts WHERE workspace_id = $1', [tenant.workspaceId]);
    expect(rows).toHaveLength(0);
  });

  it('gives calls the default configuration with no version, published or draft', async () => {
    expect(await loadPublishedAgent(t.db, tenant.workspaceId)).toEqual({
      version: null,
      config: DEFAULT_AGENT_CONFIG,
    });
    expect(await loadDraftAgent(t.db, tenant.workspaceId)).toEqual({
      version: null,
      config: DEFAULT_AGENT_CONFIG,
    });
  });
});

describe('replacing the draft', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(t.db, t.clock);
  });

  it('answers the new draft with its author and time, and the draft reads back the same', async () => {
    t.clock.advance(1000);
    const res = await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/agent/draft', {
      config: withName('Northern Homes'),
    });
    expect(res.statusCode).toBe(200);
    const body = json<DraftBody>(res);
    expect(body).toEqual({
      config: withName('Northern Homes'),
      updated_at: t.clock.now().toISOString(),
      updated_by: tenant.users.admin.id,
      based_on_version: null,
    });
    const again = await call(t.app, tenant.callers.member, 'GET', '/api/v1/agent/draft');
    expect(json(again)).toEqual(body);
    expect((await loadDraftAgent(t.db, tenant.workspaceId)).config.business_name).toBe('Northern Homes');
    expect((await loadPublishedAgent(t.db, tenant.workspaceId)).config).toEqual(DEFAULT_AGENT_CONFIG);
  });

  it('records an API key’s creator as the author', async () => {
    const key = await keyCaller(t.app, tenant.callers.owner, ['agent:write']);
    const res = await call(t.app, key, 'PUT', '/api/v1/agent/draft', { config: withName('Via key') });
    expect(json<DraftBody>(res).updated_by).toBe(tenant.owner.id);
  });

  it('fills defaults the schema gives, such as a question’s ask', async () => {
    const questions = DEFAULT_AGENT_CONFIG.questions.map(({ ask: _ask, ...q }) => q);
    const res = await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/agent/draft', {
      config: { ...DEFAULT_AGENT_CONFIG, questions },
    });
    expect(res.statusCode).toBe(200);
    expect(json<DraftBody>(res).config.questions.every((q) => q.ask)).toBe(true);
  });

  it.each([
    [
      'a bedroom range upside down',
      { buy_box: { ...DEFAULT_AGENT_CONFIG.buy_box, min_bedrooms: 5, max_bedrooms: 2 } },
      'config.buy_box.min_bedrooms',
    ],
    [
      'a lowercase postcode area',
      { buy_box: { ...DEFAULT_AGENT_CONFIG.buy_box, postcode_areas: ['m14'] } },
      'config.buy_box.postcode_areas.0',
    ],
    [
      'a transfer without a number',
      { transfer: { number: null, on_request: true, when_hot: false } },
      'config.transfer.number',
    ],
    [
      'an empty greeting',
      { lines: { ...DEFAULT_AGENT_CONFIG.lines, greeting: ' ' } },
      'config.lines.greeting',
    ],
    ['an unknown field', { colour: 'blue' }, 'config.colour'],
  ])('refuses %s with 400 validation_failed pointing inside the config', async (_what, patch, path) => {
    const before = await call(t.app, tenant.callers.admin, 'GET', '/api/v1/agent/draft');
    const res = await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/agent/draft', {
      config: { ...DEFAULT_AGENT_CONFIG, ...patch },
    });
    expect([res.statusCode, errorCode(res)]).toEqual([400, 'validation_failed']);
    const details = (json(res) as { error: { details: { path: string; message: string }[] } }).error.details;
    expect(details.map((d) => d.path)).toContain(path);
    expect(details.every((d) => d.message.length > 0)).toBe(true);
    const after = await call(t.app, tenant.callers.admin, 'GET', '/api/v1/agent/draft');
    expect(after.body).toBe(before.body);
  });

  it('refuses a body without config, and a field beside it', async () => {
    const missing = await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/agent/draft', {});
    expect(json<{ error: { details: { path: string }[] } }>(missing).error.details[0]?.path).toBe('config');
    const extra = await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/agent/draft', {
      config: DEFAULT_AGENT_CONFIG,
      publish: true,
    });
    expect([extra.statusCode, errorCode(extra)]).toEqual([400, 'validation_failed']);
  });

  it('is not open to a member, who may read it', async () => {
    const res = await call(t.app, tenant.callers.member, 'PUT', '/api/v1/agent/draft', {
      config: DEFAULT_AGENT_CONFIG,
    });
    expect([res.statusCode, errorCode(res)]).toEqual([403, 'forbidden']);
  });
});

describe('the OpenAPI document', () => {
  it('shows the configuration schema in the draft body and the agent objects in answers', async () => {
    const doc = json<{
      paths: Record<string, Record<string, { requestBody?: unknown; tags?: string[]; summary?: string }>>;
      components: { schemas: Record<string, unknown> };
    }>(await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' }));
    const put = doc.paths['/api/v1/agent/draft']?.put;
    expect(JSON.stringify(put?.requestBody)).toContain('AgentConfig');
    for (const id of ['AgentConfig', 'AgentDraft', 'AgentVersion', 'Agent']) {
      expect(Object.keys(doc.components.schemas)).toContain(id);
    }
    for (const [path, ops] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/v1/agent'))) {
      for (const op of Object.values(ops)) {
        expect(op.tags, path).toEqual(['Agent configuration']);
        expect(op.summary, path).toBeTruthy();
      }
    }
  });
});
