import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '../support/built-cli.js';
import { CHROMIUM } from './support/browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The console built for this run, which every service under test serves. */
    consoleDir: string;
  }
}

let built: string | null = null;

/** Builds the console once per run (the service serves that build) and checks Chromium is there. */
export async function setup(project: TestProject): Promise<void> {
  ensureBuilt();
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium).`,
    );
  }
  built = mkdtempSync(join(tmpdir(), 'callagent-console-'));
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--config',
      'web/vite.config.ts',
      '--outDir',
      built,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { stdio: 'inherit' },
  );
  project.provide('consoleDir', built);
}

export async function teardown(): Promise<void> {
  if (built) rmSync(built, { recursive: true, force: true });
}
