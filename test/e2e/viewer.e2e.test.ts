import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, expectAccessible, openBrowser, signIn } from './support/browser.js';
import {
  addPerson,
  asSession,
  type NodeSession,
  ownerSetup,
  publishAllHours,
  sellerCall,
} from './support/seed.js';
import { type Service, startService } from './support/service.js';

// Roles: what a role cannot do is not offered, and a 403 from the API is still shown clearly.

let service: Service;
let owner: NodeSession;

beforeAll(async () => {
  service = await startService();
  const setup = await ownerSetup(service.url);
  owner = setup.session;
  await publishAllHours(setup.client);
  await sellerCall(setup.client, '+447700900111');
});
afterAll(async () => {
  await service?.stop();
});

describe('a viewer', () => {
  let browser: Browser;
  beforeAll(async () => {
    const viewer = await addPerson(service.url, owner, 'viewer');
    browser = await openBrowser();
    await signIn(browser.page, service.url, viewer.email, viewer.password);
  });
  afterAll(() => browser?.close());

  it('reads calls, opportunities and leads, and is offered no change', async () => {
    const { page } = browser;
    await expect(page.getByRole('link', { name: 'Agent' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Calls' }).click();
    await page
      .getByRole('row', { name: /Sarah Jones/ })
      .getByRole('link')
      .click();
    await page.getByRole('heading', { name: 'Opportunity' }).waitFor();
    await expect(page.getByLabel('Add a note').count()).resolves.toBe(0);
    await expect(page.getByRole('combobox', { name: 'Owner' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('link', { name: 'Opportunities' }).click();
    await page.getByText('12 Acacia Avenue').waitFor();
    await expect(page.getByRole('button', { name: /^Move/ }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Leads' }).click();
    await page.getByRole('link', { name: 'Sarah Jones' }).waitFor();
    await expect(page.getByRole('button', { name: 'New lead' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('tab').allTextContents()).resolves.toEqual([
      'Team',
      'Notifications',
      'Workspace',
    ]);
    await expect(page.getByRole('button', { name: 'Invite' }).count()).resolves.toBe(0);
    await expectAccessible(page, 'settings as viewer');
    // Straight to the agent's address: not offered, so the console goes home.
    await page.goto(`${service.url}/agent`);
    await page.getByRole('heading', { name: 'Today' }).waitFor();
  });
});

describe('a member demoted while the page is open', () => {
  it('sees the API’s 403 with its request id', async () => {
    const member = await addPerson(service.url, owner, 'member');
    const browser = await openBrowser();
    // The refusal this test is about.
    browser.guard.allow(403, 'POST', /^\/api\/v1\/opportunities\/[^/]+\/notes$/);
    try {
      const { page } = browser;
      await signIn(page, service.url, member.email, member.password);
      await page.getByRole('link', { name: 'Calls' }).click();
      await page
        .getByRole('row', { name: /Sarah Jones/ })
        .getByRole('link')
        .click();
      await page.getByLabel('Add a note').fill('Called back.');
      await asSession(service.url, owner, 'PATCH', `/api/v1/members/${member.id}`, { role: 'viewer' });
      await page.getByRole('button', { name: 'Save note' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Your role does not allow this' });
      await alert.waitFor();
      await expect(alert.getByText(/Request id: /).textContent()).resolves.toMatch(
        /Request id: sdk_[0-9a-f]{32}/,
      );
    } finally {
      await browser.close();
    }
  });
});

describe('a member removed while the page is open', () => {
  it('loses the live stream at once, not at its next heartbeat', async () => {
    const member = await addPerson(service.url, owner, 'member');
    const browser = await openBrowser();
    // Once removed, every request of theirs is refused: that is what the test is about.
    browser.guard.allow(401, 'GET', /^\/api\/v1\//);
    try {
      const { page } = browser;
      await signIn(page, service.url, member.email, member.password);
      await page.getByText('Live', { exact: true }).waitFor();
      await asSession(service.url, owner, 'DELETE', `/api/v1/members/${member.id}`);
      // The stream's heartbeat is 15 s apart; the revocation ends it well before that.
      await page.getByText('Reconnecting', { exact: true }).waitFor({ timeout: 5_000 });
    } finally {
      await browser.close();
    }
  });
});
