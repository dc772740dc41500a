import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files are named, so a run that grows shows where its time went. */
const SLOWEST_SHOWN = 12;

/**
 * Prints the slowest files, then `N passed, N failed, N skipped` as the very last line, the form
 * CI reads.
 */
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
    process.stdout.write(slowestFiles(testModules));
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

/** Each file's own time (importing it and running its tests), slowest first. */
function slowestFiles(testModules: ReadonlyArray<TestModule>): string {
  const timed = testModules.map((mod) => {
    const d = mod.diagnostic();
    return { name: mod.relativeModuleId, seconds: (d.collectDuration + d.duration) / 1000 };
  });
  if (timed.length === 0) return '';
  timed.sort((a, b) => b.seconds - a.seconds);
  const lines = timed
    .slice(0, SLOWEST_SHOWN)
    .map((t) => `  ${t.seconds.toFixed(1).padStart(7)} s  ${t.name}`);
  return `\nSlowest files:\n${lines.join('\n')}\n`;
}

export default SummaryReporter;
