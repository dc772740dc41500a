/**
 * The call corpus as vitest tests (docs/agent.md, "The call corpus"): each call at its clock
 * times, through the real service and the test-call API, on the embedded database or on
 * PostgreSQL when TEST_DATABASE_URL is set. One app per file, one workspace per clock time.
 * Known gaps run with it.fails (see known-gaps.ts): green while they fail, red once fixed.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type ChatScript, type ChatServer, startChatServer } from '../support/chat-server.js';
import {
  type CorpusTenant,
  createCorpusTenant,
  runCorpusCall,
  runFailure,
  transcriptOf,
} from '../support/corpus-runner.js';
import { startTestApp, type TestContext } from '../support/harness.js';
import { CORPUS } from './all.js';
import { CLOCKS, clocksFor } from './clocks.js';
import { knownGap } from './known-gaps.js';

/** With `model`, the calls run with the language model on, answered by this script. */
export function defineCorpusSuite(clockIds: readonly string[], model?: ChatScript): void {
  let t: TestContext;
  let server: ChatServer | null = null;
  beforeAll(async () => {
    server = model === undefined ? null : await startChatServer(model);
    const llm: Record<string, string> =
      server === null ? {} : { LLM_BASE_URL: server.url, LLM_MODEL: 'corpus-model' };
    t = await startTestApp({ LOG_LEVEL: 'warn', ...llm });
  });
  afterAll(async () => {
    await t.close();
    await server?.close();
  });

  for (const clock of CLOCKS.filter((c) => clockIds.includes(c.id))) {
    describe(`at ${clock.id}`, () => {
      let tenant: CorpusTenant;
      beforeAll(async () => {
        tenant = await createCorpusTenant(t, clock, (config) => {
          if (model !== undefined) config.language_model = { enabled: true, max_calls_per_day: 100_000 };
        });
      });
      CORPUS.forEach((c, index) => {
        if (!clocksFor(c.class).includes(clock)) return;
        const gap = knownGap(c, clock.id);
        const test = gap ? it.fails : it;
        test(`${c.id}: ${gap ? `known gap: ${gap}` : c.about}`, async () => {
          const run = await runCorpusCall(t, tenant, c, index);
          const failure = runFailure(run);
          if (failure) throw new Error(`${failure}\n\n${transcriptOf(run)}`);
        });
      });
    });
  }
}
