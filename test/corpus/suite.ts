/**
 * The call corpus as vitest tests (docs/agent.md, "The call corpus"): each call at its clock
 * times, through the real service and the test-call API, on the embedded database or on
 * PostgreSQL when TEST_DATABASE_URL is set. One app per file, one workspace per clock time.
 * Known gaps run with it.fails (see known-gaps.ts): green while they fail, red once fixed.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
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

export function defineCorpusSuite(clockIds: readonly string[]): void {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'warn' });
  });
  afterAll(() => t.close());

  for (const clock of CLOCKS.filter((c) => clockIds.includes(c.id))) {
    describe(`at ${clock.id}`, () => {
      let tenant: CorpusTenant;
      beforeAll(async () => {
        tenant = await createCorpusTenant(t, clock);
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
