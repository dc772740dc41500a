/**
 * The console's weight and speed: the JavaScript and CSS it sends (raw and gzipped, as served),
 * and how long a cold page takes to become interactive in Chromium on loopback, against a
 * baseline of the same server sending a static file. `npm run bench -- console [--runs N]`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { ROOT } from './support.js';

// Loaded by Node itself: the TypeScript loader the benchmarks run under (jiti) mistranslates
// playwright-core's bundled CommonJS on Node 20.
const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');

const OWNER = { email: 'bench@console.test', password: 'a long bench password' };

function buildConsole(): string {
  const out = mkdtempSync(join(tmpdir(), 'callagent-bench-web-'));
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--config',
      'web/vite.config.ts',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { stdio: 'inherit' },
  );
  return out;
}

function sizes(dir: string): { js: number; jsGzip: number; css: number; cssGzip: number } {
  const total = { js: 0, jsGzip: 0, css: 0, cssGzip: 0 };
  for (const name of readdirSync(join(dir, 'assets'))) {
    const body = readFileSync(join(dir, 'assets', name));
    const gz = gzipSync(body, { level: 9 }).length;
    if (name.endsWith('.js')) {
      total.js += body.length;
      total.jsGzip += gz;
    } else if (name.endsWith('.css')) {
      total.css += body.length;
      total.cssGzip += gz;
    }
  }
  return total;
}

async function startServe(
  consoleDir: string,
  dataDir: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'server', 'cli.js'), 'serve'], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      DATA_DIR: dataDir,
      CONSOLE_DIR: consoleDir,
      LOG_LEVEL: 'warn',
      BOOTSTRAP_OWNER_EMAIL: OWNER.email,
      BOOTSTRAP_OWNER_PASSWORD: OWNER.password,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const match = /listening on (http:\/\/[^\s"]+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error(`serve exited:\n${out}`)));
  });
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Milliseconds from navigation start until `ready` holds, read from the page's own clock. */
async function timeTo(page: Page, url: string, ready: (page: Page) => Promise<unknown>): Promise<number> {
  await page.goto('about:blank');
  await page.goto(url);
  await ready(page);
  return (await page.evaluate('performance.now()')) as number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function runConsoleBenchmark(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({ args: [...argv], options: { runs: { type: 'string', default: '7' } } });
  const runs = Number(values.runs);
  const consoleDir = buildConsole();
  const dataDir = mkdtempSync(join(tmpdir(), 'callagent-bench-data-'));
  const size = sizes(consoleDir);
  const serve = await startServe(consoleDir, dataDir);
  const profile = mkdtempSync(join(tmpdir(), 'callagent-bench-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    const baseline: number[] = [];
    const signIn: number[] = [];
    const today: number[] = [];
    for (let i = 0; i < runs; i++) {
      // Cold each time: no cache, as a first visit.
      await browser.clearCookies();
      const cdp = await browser.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      baseline.push(await timeTo(page, `${serve.url}/favicon.svg`, async () => {}));
      signIn.push(await timeTo(page, serve.url, (p) => p.getByRole('button', { name: 'Sign in' }).waitFor()));
      await page.getByLabel('Email').fill(OWNER.email);
      await page.locator('input[name=password]').fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Today' }).waitFor();
      await cdp.send('Network.clearBrowserCache');
      today.push(await timeTo(page, serve.url, (p) => p.getByText('No hot enquiry waiting').waitFor()));
    }
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    const lines = [
      `console bundle: JS ${kb(size.js)} (${kb(size.jsGzip)} gzipped), CSS ${kb(size.css)} (${kb(size.cssGzip)} gzipped)`,
      `cold loads on loopback, median of ${runs} (ms from navigation start):`,
      `  baseline, a static file from the same server: ${median(baseline).toFixed(0)}`,
      `  sign-in page interactive (form rendered by the app): ${median(signIn).toFixed(0)} (${(median(signIn) / median(baseline)).toFixed(1)}x baseline)`,
      `  Today, signed in, with its data shown: ${median(today).toFixed(0)} (${(median(today) / median(baseline)).toFixed(1)}x baseline)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await browser.close();
    await serve.stop();
    for (const dir of [consoleDir, dataDir, profile]) rmSync(dir, { recursive: true, force: true });
  }
}
