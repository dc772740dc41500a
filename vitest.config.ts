import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', './test/summary-reporter.ts'],
    pool: 'forks',
    projects: [
      {
        // The console's modules name the SDK as the console's build does (web/vite.config.ts).
        resolve: {
          alias: { '@callagent/sdk': fileURLToPath(new URL('sdk/src/browser.ts', import.meta.url)) },
        },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'sdk/**/*.test.ts', 'web/src/**/*.test.ts'],
          exclude: ['test/e2e/**'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest's default leaves a core idle (one worker on two cores), yet the unit files spend
          // much of their time waiting on databases and child processes: a worker per core.
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        // The console in real Chromium against the real service (docs/console.md, "Tests").
        test: {
          name: 'e2e',
          // After the unit project, not beside it: both start real processes on a 2-core machine.
          sequence: { groupOrder: 1 },
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          setupFiles: ['test/e2e/support/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file runs a service and a browser: two at a time keeps a 2-core machine responsive.
          maxWorkers: 2,
        },
      },
    ],
  },
});
