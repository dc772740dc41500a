import type { Reporter, TestModule } from 'vitest/node';

/** Prints `N passed, N failed, N skipped` as the very last line, the form CI reads. */
export class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (mod.state() === 'failed' && !mod.ok()) {
        // A file that failed to load has no tests; count it so the run cannot look green.
        if ([...mod.children.allTests()].length === 0) failed++;
      }
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

export default SummaryReporter;
