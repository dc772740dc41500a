/**
 * Test calls with the language model on, through the real app and the test-call API, against
 * the scripted provider on loopback (chat-server.ts): a tenant with the model switched on, a
 * conversation from a fresh number, a call's model usage, and a wait for after-call work.
 */
import { expect } from 'vitest';
import { type AgentConfig, DEFAULT_AGENT_CONFIG } from '../../src/modules/agent/agent-config.js';
import type { ChatCall } from './chat-server.js';
import { sellerSteps, WARM_SELLER } from './dialog/sellers.js';
import { call, createTenant, type Tenant } from './factories.js';
import { json, type TestContext } from './harness.js';

/** Tuesday 24 November 2026, 11:00 in London: inside the default business hours. */
export const TUESDAY_11AM = Date.parse('2026-11-24T11:00:00Z');
/** A dated house told only through a picture of it, which the rules do not read as a condition. */
export const NAN_AT_HOME = 'honestly my nan would feel right at home in there';
export const UP_TO_CONDITION = sellerSteps(WARM_SELLER).slice(0, 6);

export const ON = { enabled: true, max_calls_per_day: 500 };
export const OFF = { enabled: false, max_calls_per_day: 500 };

/** What a request to the provider was for: the name of the schema it asked for. */
export function purpose(c: ChatCall): string {
  return c.body.response_format?.json_schema?.name ?? 'unknown';
}

/** A new workspace whose published agent has this language-model switch. */
export async function tenantWith(
  t: TestContext,
  languageModel: AgentConfig['language_model'],
  businessName = 'Acme Homes',
): Promise<Tenant> {
  t.clock.set(TUESDAY_11AM);
  const tenant = await createTenant(t.db, t.clock);
  const config = { ...DEFAULT_AGENT_CONFIG, business_name: businessName, language_model: languageModel };
  expect((await call(t.app, tenant.callers.admin, 'PUT', '/api/v1/agent/draft', { config })).statusCode).toBe(
    200,
  );
  expect((await call(t.app, tenant.callers.admin, 'POST', '/api/v1/agent/publish')).statusCode).toBe(201);
  return tenant;
}

let callers = 0;

/** Starts a test call from a new number each time, so no caller is greeted as a returning one. */
export async function startTestCall(t: TestContext, tenant: Tenant): Promise<string> {
  callers++;
  const started = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/test-calls', {
    from: `+447700900${String(callers).padStart(3, '0')}`,
  });
  expect(started.statusCode).toBe(201);
  return String(json(started).call_id);
}

/** Says each line in turn, five seconds apart, and answers the agent's replies. */
export async function sayLines(
  t: TestContext,
  tenant: Tenant,
  callId: string,
  lines: readonly string[],
): Promise<string[]> {
  const replies: string[] = [];
  for (const text of lines) {
    t.clock.advance(5_000);
    const res = await call(t.app, tenant.callers.admin, 'POST', `/api/v1/test-calls/${callId}/turns`, {
      text,
    });
    expect(res.statusCode).toBe(200);
    replies.push(String(json(res).reply));
  }
  return replies;
}

export async function converse(t: TestContext, tenant: Tenant, lines: readonly string[]) {
  const callId = await startTestCall(t, tenant);
  return { callId, replies: await sayLines(t, tenant, callId, lines) };
}

export async function getJson(t: TestContext, tenant: Tenant, url: string): Promise<Record<string, unknown>> {
  const res = await call(t.app, tenant.callers.admin, 'GET', url);
  expect(res.statusCode).toBe(200);
  return json(res);
}

export async function modelUsage(
  t: TestContext,
  tenant: Tenant,
  callId: string,
): Promise<{ purpose: string; outcome: string }[]> {
  return (await getJson(t, tenant, `/api/v1/calls/${callId}/model-usage`)).requests as {
    purpose: string;
    outcome: string;
  }[];
}

/** After-call work runs in the background: wait until `done` holds. */
export async function eventually(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the after-call work did not finish');
}
