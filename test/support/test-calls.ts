import { expect } from 'vitest';
import { call, type Tenant } from './factories.js';
import { json, type TestContext } from './harness.js';

/** Pairs of (a pattern of the agent's question, the caller's answer). */
export type CallScript = readonly (readonly [RegExp, string])[];

/**
 * A test call from `from` through the API that answers each of the agent's replies with the first
 * line of `script` whose pattern matches it, 5 s apart, until the call ends (at most 30 turns);
 * `after` runs after each turn that did not end it. A reply the script has no answer for fails
 * the test with the transcript so far.
 */
export async function scriptedTestCall(
  t: TestContext,
  tenant: Tenant,
  from: string,
  script: CallScript,
  after?: (reply: string) => Promise<void>,
): Promise<{ callId: string; transcript: string[]; ended: boolean }> {
  const started = await call(t.app, tenant.callers.admin, 'POST', '/api/v1/test-calls', { from });
  expect(started.statusCode).toBe(201);
  const callId = String(json(started).call_id);
  let reply = String(json(started).reply);
  const transcript = [reply];
  for (let turn = 0; turn < 30; turn++) {
    const answer = script.find(([question]) => question.test(reply));
    if (answer === undefined) throw new Error(`no answer scripted for: ${reply}\n${transcript.join('\n')}`);
    t.clock.advance(5_000);
    const res = await call(t.app, tenant.callers.admin, 'POST', `/api/v1/test-calls/${callId}/turns`, {
      text: answer[1],
    });
    expect(res.statusCode).toBe(200);
    reply = String(json(res).reply);
    transcript.push(answer[1], reply);
    if (json(res).ended === true) return { callId, transcript, ended: true };
    await after?.(reply);
  }
  return { callId, transcript, ended: false };
}
