import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, expectAccessible, openBrowser, screenshot, signIn } from './support/browser.js';
import { addPerson, asSession, signInNode } from './support/seed.js';
import { OWNER, type Service, startService } from './support/service.js';

let service: Service;
let browser: Browser;

beforeAll(async () => {
  service = await startService();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('the console is served at /', () => {
  it('sends index.html with a strict CSP for client routes, and keeps the API’s JSON 404', async () => {
    const page = await fetch(`${service.url}/calls/call_whatever`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html).toContain(`nonce="${nonce}"`);
    const api = await fetch(`${service.url}/api/v1/nothing-here`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('route_not_found');
  });
});

describe('the browser console guard', () => {
  it('notices an inline style the CSP refuses, a failed request and an error, and lets declared ones by', async () => {
    const { page } = browser;
    await page.goto(service.url);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    browser.guard.allow(404, 'GET', '/api/v1/nothing-at-all');
    await page.evaluate(`document.head.appendChild(Object.assign(document.createElement('style'), { textContent: 'b {}' }));
      fetch('/api/v1/nothing-here');
      fetch('/api/v1/nothing-at-all');
      console.error('something broke');`);
    const seen: string[] = [];
    await expect
      .poll(
        () => {
          seen.push(...browser.guard.take());
          return seen;
        },
        { timeout: 5_000 },
      )
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/CSP violation: style-src-elem/),
          '404 GET /api/v1/nothing-here',
          'console error: something broke',
        ]),
      );
    // The declared answer, and the signed-out page's ping, pass unremarked.
    expect(seen.filter((p) => /nothing-at-all|ping/.test(p))).toEqual([]);
  });
});

describe('access', () => {
  it('refuses a wrong password with the request id, asks the first owner their name, signs out', async () => {
    const { page } = browser;
    browser.guard.allow(401, 'POST', '/api/v1/auth/sign-in');
    await page.goto(service.url);
    await expectAccessible(page, 'sign in');
    await screenshot(page, 'sign-in', 'desktop');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.locator('input[name=password]').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Request id').waitFor();
    await signIn(page, service.url, OWNER.email, OWNER.password);
    // The first start named the owner after their email: they are asked for their name.
    const ask = page.getByRole('dialog', { name: 'What should the team call you?' });
    await ask.getByText('You are shown as “owner”').waitFor();
    await expectAccessible(page, 'name prompt');
    await screenshot(page, 'name-prompt', 'desktop');
    await ask.getByLabel('Your name').fill('Olivia Grant');
    await ask.getByRole('button', { name: 'Save name' }).click();
    await ask.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Account: Olivia Grant' }).waitFor();
    const members = await asSession<{ data: { email: string; name: string }[] }>(
      service.url,
      await signInNode(service.url, OWNER.email, OWNER.password),
      'GET',
      '/api/v1/members',
    );
    expect(members.data.find((m) => m.email === OWNER.email)?.name).toBe('Olivia Grant');
    await expectAccessible(page, 'today');
    await screenshot(page, 'today-empty', 'desktop');
    // No secret in browser storage: the session is an HttpOnly cookie, the CSRF token lives in memory.
    const stored = await page.evaluate(
      'JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })',
    );
    expect(stored).toBe('{}{}');
    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it('signs out everywhere from the account menu once confirmed, ending the user’s other sessions', async () => {
    const elsewhere = await signInNode(service.url, OWNER.email, OWNER.password);
    const { page } = browser;
    await signIn(page, service.url, OWNER.email, OWNER.password);
    const ask = async () => {
      await page.getByRole('button', { name: /Account/ }).click();
      await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
      return page.getByRole('dialog', { name: 'Sign out everywhere?' });
    };
    await (await ask()).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Today' }).waitFor();
    await (await ask()).getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const ping = await fetch(`${service.url}/api/v1/ping`, { headers: { cookie: elsewhere.cookie } });
    expect(ping.status).toBe(401);
  });
});

describe('your account', () => {
  it('changes your name and, with the current password, your password: your other sessions end', async () => {
    const owner = await signInNode(service.url, OWNER.email, OWNER.password);
    const member = await addPerson(service.url, owner, 'member');
    const elsewhere = await signInNode(service.url, member.email, member.password);
    const { page } = browser;
    browser.guard.allow(400, 'POST', '/api/v1/account/password');
    await signIn(page, service.url, member.email, member.password);
    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Your account' }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByLabel('Your name').fill('Sam Okafor');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('button', { name: 'Account: Sam Okafor' }).waitFor();

    await page.getByLabel('Current password').fill('not the password at all');
    await page.locator('input[name=new-password]').fill('a fresh long passphrase');
    await page.locator('input[name=new-password-again]').fill('a fresh long passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This is not your current password').waitFor();
    expect(
      (await fetch(`${service.url}/api/v1/ping`, { headers: { cookie: elsewhere.cookie } })).status,
    ).toBe(200);
    await expectAccessible(page, 'account with an error');

    await page.getByLabel('Current password').fill(member.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/Password changed. Every other session of yours has been signed out/).waitFor();
    await screenshot(page, 'account', 'desktop');
    expect(
      (await fetch(`${service.url}/api/v1/ping`, { headers: { cookie: elsewhere.cookie } })).status,
    ).toBe(401);
    // This browser goes on in its new session.
    await page.getByRole('link', { name: 'Calls' }).click();
    await page.getByRole('heading', { name: 'Calls' }).waitFor();
    await expect(signInNode(service.url, member.email, member.password)).rejects.toThrow(/401/);
    await signInNode(service.url, member.email, 'a fresh long passphrase');
    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });
});

describe('ownership', () => {
  it('moves from the owner to an admin by the Team page, and the old owner becomes an admin', async () => {
    const owner = await signInNode(service.url, OWNER.email, OWNER.password);
    const admin = await addPerson(service.url, owner, 'admin');
    const { page } = browser;
    await signIn(page, service.url, OWNER.email, OWNER.password);
    await page.getByRole('link', { name: 'Settings' }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('row', { name: new RegExp(admin.email) })
      .getByRole('button', { name: 'Make owner' })
      .click();
    await page
      .getByRole('row', { name: new RegExp(admin.email) })
      .getByRole('cell', { name: 'owner', exact: true })
      .waitFor();
    await page.getByText('admin', { exact: true }).first().waitFor();
    const ping = await asSession<{ user: { role: string } }>(service.url, owner, 'GET', '/api/v1/ping');
    expect(ping.user.role).toBe('admin');
  });
});
