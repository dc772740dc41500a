import type { BrowserContext } from 'playwright-core';

/**
 * Watches a browser for what a person would see go wrong in its developer console: an error
 * logged, an uncaught exception, a Content-Security-Policy violation, a response of 400 or more,
 * a request that failed. A test declares the failures it causes on purpose (a wrong password, a
 * refused draft); anything else is a problem, and the e2e setup fails the test that saw it.
 */
export interface ConsoleGuard {
  /** Lets `status` answers to `method path` (a path under the origin, or a pattern) pass unremarked. */
  allow(status: number, method: string, path: string | RegExp): void;
  /** What went wrong since the last call, and forgets it. */
  take(): string[];
}

interface Allowance {
  status: number;
  method: string;
  path: string | RegExp;
}

// A page opened signed out asks who is signed in, and the answer is 401: that is how the console
// learns to show the sign-in form, not a fault.
const ALWAYS: Allowance[] = [{ status: 401, method: 'GET', path: '/api/v1/ping' }];

/** Chromium's console line for a response it counts as failed: the response listener judges those. */
const RESOURCE_LINE = /^Failed to load resource: the server responded with a status of \d+/;

const matches = (a: Allowance, status: number, method: string, path: string) =>
  a.status === status &&
  a.method === method &&
  (typeof a.path === 'string' ? a.path === path : a.path.test(path));

export async function guardConsole(context: BrowserContext): Promise<ConsoleGuard> {
  const allowed: Allowance[] = [...ALWAYS];
  let problems: string[] = [];
  // Reported from inside the page too: a violation's event names the directive and the sample.
  // (A string: it runs in the page, which the test's own types do not describe.)
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
    console.error('CSP violation: ' + event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline'));
  });`);
  context.on('console', (message) => {
    if (message.type() !== 'error' && !/Content Security Policy|Refused to/i.test(message.text())) return;
    if (RESOURCE_LINE.test(message.text())) return;
    problems.push(`console ${message.type()}: ${message.text()}`);
  });
  context.on('weberror', (error) => problems.push(`uncaught: ${error.error().message}`));
  context.on('response', (response) => {
    const status = response.status();
    if (status < 400) return;
    const request = response.request();
    const url = new URL(response.url());
    if (allowed.some((a) => matches(a, status, request.method(), url.pathname))) return;
    problems.push(`${status} ${request.method()} ${url.pathname}${url.search}`);
  });
  context.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // Leaving a page cancels what it still had open (the live stream, a fetch in flight).
    if (/ERR_ABORTED/.test(failure)) return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${failure})`);
  });
  return {
    allow(status, method, path) {
      allowed.push({ status, method, path });
    },
    take() {
      const seen = problems;
      problems = [];
      return seen;
    },
  };
}
