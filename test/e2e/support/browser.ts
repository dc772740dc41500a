import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { type ConsoleGuard, guardConsole } from './console-guard.js';

/** Debian's chromium package; never a browser download. */
export const CHROMIUM = '/usr/bin/chromium';
export const WIDTHS = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } } as const;
export type Width = keyof typeof WIDTHS;
/** Screenshots of every page at both widths, kept as test artefacts (gitignored). */
export const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors, CSP violations and failed requests seen; checked after every test. */
  guard: ConsoleGuard;
  close(): Promise<void>;
}

const open = new Set<Browser>();
/** What browsers closed during a test saw, until the check after that test. */
let leftBehind: string[] = [];

/**
 * What every open browser saw go wrong since the last look, by the test's e2e setup after each
 * test (test/e2e/support/setup.ts): a test fails on anything it did not declare with `allow`.
 */
export function takeConsoleProblems(): string[] {
  const seen = [...leftBehind, ...[...open].flatMap((b) => b.guard.take())];
  leftBehind = [];
  return seen;
}

/**
 * A fresh browser profile (no shared cookies). Reduced motion is asked for, so that modals and
 * menus appear and vanish at once and axe never audits an element half-way through a fade.
 */
export async function openBrowser(width: Width = 'desktop'): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'callagent-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: WIDTHS[width],
    locale: 'en-GB',
    reducedMotion: 'reduce',
    args: [
      '--lang=en-GB',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const guard = await guardConsole(context);
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  const browser: Browser = {
    context,
    page,
    guard,
    async close() {
      open.delete(browser);
      await context.close();
      leftBehind.push(...guard.take());
      rmSync(profile, { recursive: true, force: true });
    },
  };
  open.add(browser);
  return browser;
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(baseUrl);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Today' }).waitFor();
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page (through the debugging protocol, which the page's CSP does not
 * govern) and fails on any serious or critical violation.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  if (!(await page.evaluate("'axe' in window"))) await page.evaluate(axeSource);
  const violations = (await page.evaluate('axe.run().then((result) => result.violations)')) as AxeViolation[];
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} [${n.failureSummary ?? ''}]`).join(', ')}`,
    );
  expect(bad, `${label}: axe violations`).toEqual([]);
}

/** Saves a full-page screenshot as an artefact: test/e2e/artifacts/<name>-<width>.png. */
export async function screenshot(page: Page, name: string, width: Width): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
}
