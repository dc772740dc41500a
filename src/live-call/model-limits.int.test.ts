import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChatCall,
  type ChatScript,
  NO_READING,
  startChatServer,
} from '../../test/support/chat-server.js';
import type { Tenant } from '../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../test/support/harness.js';
import {
  converse,
  modelUsage,
  NAN_AT_HOME,
  ON,
  purpose,
  sayLines,
  startTestCall,
  tenantWith,
  UP_TO_CONDITION,
} from '../../test/support/language-model.js';
import { createLogger } from '../http/logger.js';
import { createLanguageModel } from '../llm/language-model.js';
import { DEFAULT_AGENT_CONFIG } from '../modules/agent/agent-config.js';

// The language model's limits are each workspace's own, kept in the database (docs/agent.md,
// "Budgets"): a 429 answered to one workspace's call pauses that workspace alone, on every
// instance; the operator's LLM_MAX_CALLS_PER_WORKSPACE_PER_DAY bounds every workspace's own cap;
// and concurrent turns cannot take more than the cap.

let t: TestContext;
let model: Awaited<ReturnType<typeof startChatServer>>;

/** The operator's daily ceiling in this file. */
const OPERATOR_CAP = 3;
// Longer than the few test calls in between take on the test clock (five seconds a turn).
const RETRY_AFTER_S = 600;

/** A provider that reads the nan at home as needing modernisation. */
const understanding: ChatScript = (c) => {
  const reading = c.user.includes('nan would feel right at home') ? { condition: 'needs_modernisation' } : {};
  return { content: { ...NO_READING, answer: null, chosen_time: null, ...reading } };
};

const forAcme = (c: ChatCall) => c.system.includes('Acme Homes');

beforeAll(async () => {
  model = await startChatServer(understanding);
  t = await startTestApp({
    LLM_BASE_URL: model.url,
    LLM_MODEL: 'fake-model',
    LLM_TURN_BUDGET_MS: '2000',
    LLM_MAX_CALLS_PER_WORKSPACE_PER_DAY: String(OPERATOR_CAP),
  });
});
afterAll(async () => {
  await t.close();
  await model.close();
});
beforeEach(() => {
  model.script(understanding);
  model.calls.length = 0;
});

/** A call whose last answer only the model reads: its reply says whether the model was asked. */
async function nanAtHomeCall(tenant: Tenant): Promise<{ callId: string; read: boolean }> {
  const { callId, replies } = await converse(t, tenant, [...UP_TO_CONDITION, NAN_AT_HOME]);
  return { callId, read: /modernising/.test(replies.at(-1) ?? '') };
}

describe('a 429 from the provider', () => {
  it('pauses the workspace whose call it answered, on every instance, and no other', async () => {
    const acme = await tenantWith(t, ON, 'Acme Homes');
    const brick = await tenantWith(t, ON, 'Brick Lane Homes');
    model.script((c) =>
      forAcme(c) ? { status: 429, headers: { 'retry-after': String(RETRY_AFTER_S) } } : understanding(c),
    );
    const limited = await nanAtHomeCall(acme);
    expect(limited.read).toBe(false);
    expect((await modelUsage(t, acme, limited.callId)).map((u) => u.outcome)).toEqual(['rate_limited']);
    expect(t.logs.join('')).toMatch(/"paused_until":"[^"]+"[^\n]*rate limited, paused for this workspace/);

    // Another workspace is served as before.
    expect((await nanAtHomeCall(brick)).read).toBe(true);

    // The paused workspace sends nothing, from this instance or another on the same database.
    model.script(understanding);
    const sent = model.calls.filter(forAcme).length;
    expect((await nanAtHomeCall(acme)).read).toBe(false);
    const other = createLanguageModel({
      config: t.config,
      db: t.db,
      clock: t.clock,
      logger: createLogger('silent'),
    });
    const asked = await other?.ask(
      {
        workspaceId: acme.workspaceId,
        callId: limited.callId,
        agent: { ...DEFAULT_AGENT_CONFIG, language_model: ON },
      },
      'summary',
      {
        system: 'Acme Homes',
        user: '"hello"',
        schemaName: 'call_summary',
        schema: {},
        parse: (v) => v,
        maxTokens: 50,
      },
    );
    expect(asked).toBeNull();
    expect(model.calls.filter(forAcme).length).toBe(sent);

    // Once Retry-After has passed, it is served again.
    t.clock.advance(RETRY_AFTER_S * 1000);
    expect((await nanAtHomeCall(acme)).read).toBe(true);
  });
});

describe('the daily caps', () => {
  it("hold a workspace to the operator's cap when its own is higher, and to its own when lower", async () => {
    const generous = await tenantWith(t, { enabled: true, max_calls_per_day: 500 });
    const reads = [];
    for (let i = 0; i <= OPERATOR_CAP; i++) reads.push((await nanAtHomeCall(generous)).read);
    expect(reads).toEqual([true, true, true, false]);

    const frugal = await tenantWith(t, { enabled: true, max_calls_per_day: 1 });
    expect((await nanAtHomeCall(frugal)).read).toBe(true);
    const over = await nanAtHomeCall(frugal);
    // Over the cap the call goes on with the rules alone, as with the model off.
    expect(over.read).toBe(false);
    expect(await modelUsage(t, frugal, over.callId)).toEqual([]);
  });

  it('are not overshot by turns taken at the same moment', async () => {
    const tenant = await tenantWith(t, { enabled: true, max_calls_per_day: 2 });
    const callIds = [];
    for (let i = 0; i < 6; i++) {
      const callId = await startTestCall(t, tenant);
      await sayLines(t, tenant, callId, UP_TO_CONDITION);
      callIds.push(callId);
    }
    expect(model.calls).toEqual([]);
    // Each answer is slow, so every turn has checked the cap before any answer is recorded.
    model.script((c) => ({ ...understanding(c), delayMs: 200 }));
    const replies = await Promise.all(callIds.map((id) => sayLines(t, tenant, id, [NAN_AT_HOME])));
    expect(model.calls.filter((c) => purpose(c) === 'caller_reading')).toHaveLength(2);
    expect(replies.filter(([reply]) => /modernising/.test(reply ?? ''))).toHaveLength(2);
  });
});
