/**
 * What a second reading by the language model catches (docs/agent.md, "Cross-checks"): whole
 * calls the rules misread without failing, run with the model off and with a provider on
 * loopback that reads those answers correctly. Off, the misread fact is left wrong; on, the
 * agent reads it back, the caller answers, and the fact is right. The figures are printed for
 * docs/benchmarks.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatScript, type ChatServer, NO_READING, startChatServer } from '../support/chat-server.js';
import {
  type CallRun,
  type CorpusTenant,
  createCorpusTenant,
  runCorpusCall,
  runFailure,
  transcriptOf,
} from '../support/corpus-runner.js';
import { call } from '../support/factories.js';
import { json, startTestApp, type TestContext } from '../support/harness.js';
import { CLOCKS } from './clocks.js';
import { MISREAD, MODEL_READINGS } from './misread.js';

/** The caller's words in a turn's prompt. */
function wordsOf(user: string): string {
  const quoted = /quoted: (".*")$/s.exec(user)?.[1];
  return quoted === undefined ? '' : String(JSON.parse(quoted));
}

/** Reads the misread answers correctly and hears nothing in any other; the after-call work fails. */
const provider: ChatScript = (c) => {
  if (c.body.response_format?.json_schema?.name !== 'caller_reading') return { status: 500 };
  const reading = MODEL_READINGS[wordsOf(c.user)] ?? {};
  return { content: { ...NO_READING, answer: null, chosen_time: null, ...reading } };
};

const CLOCK = CLOCKS.find((c) => c.id === 'tue-0940');

describe('cross-checks on calls the rules misread', () => {
  let t: TestContext;
  let server: ChatServer;
  let off: CorpusTenant;
  let on: CorpusTenant;
  const runs: { id: string; off: CallRun; on: CallRun }[] = [];

  beforeAll(async () => {
    if (CLOCK === undefined) throw new Error('no such clock');
    server = await startChatServer(provider);
    t = await startTestApp({ LOG_LEVEL: 'warn', LLM_BASE_URL: server.url, LLM_MODEL: 'cross-check-model' });
    off = await createCorpusTenant(t, CLOCK);
    on = await createCorpusTenant(t, CLOCK, (config) => {
      config.language_model = { enabled: true, max_calls_per_day: 100_000 };
    });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  MISREAD.forEach((c, index) => {
    it(`${c.id}: ${c.about}`, async () => {
      const withoutModel = await runCorpusCall(t, off, c, index);
      const withModel = await runCorpusCall(t, on, c, index);
      runs.push({ id: c.id, off: withoutModel, on: withModel });
      const failure = runFailure(withModel);
      if (failure) throw new Error(`${failure}\n\n${transcriptOf(withModel)}`);
      // Where the rules alone got it wrong, the model's reading was put to the caller.
      if (runFailure(withoutModel) !== null)
        expect(withModel.replies.some((r) => /just to check/i.test(r))).toBe(true);
    });
  });

  it('records both readings and the caller’s answer on the opportunity', async () => {
    const run = runs.find((r) => r.id === 'misread-kitchen-quote');
    if (run === undefined) throw new Error('the kitchen quote call did not run');
    const get = async (url: string) => json(await call(t.app, on.admin, 'GET', url));
    const theCall = await get(`/api/v1/calls/${run.on.callId}`);
    const opportunity = await get(`/api/v1/opportunities/${String(theCall.opportunity_id)}`);
    expect(opportunity.cross_checks).toEqual([
      { fact: 'asking_price', rules: 9_000, model: null, read_back: 9_000, answer: 'no' },
    ]);
    expect((opportunity.facts as Record<string, unknown>).asking_price).toBe(150_000);
  });

  it('reports the figures', () => {
    const fields = (r: CallRun) => [r.checks.filter((c) => c.ok).length, r.checks.length];
    const [offRight, total] = runs.reduce(
      ([a, n], r) => [a + (fields(r.off)[0] ?? 0), n + (fields(r.off)[1] ?? 0)],
      [0, 0],
    );
    const onRight = runs.reduce((a, r) => a + (fields(r.on)[0] ?? 0), 0);
    const callsOff = runs.filter((r) => runFailure(r.off) === null).length;
    const callsOn = runs.filter((r) => runFailure(r.on) === null).length;
    console.log(
      `cross-checks: model off ${callsOff}/${runs.length} calls, ${offRight}/${total} fields right; ` +
        `scripted model on ${callsOn}/${runs.length} calls, ${onRight}/${total} fields right`,
    );
    expect(callsOn).toBe(runs.length);
  });
});
