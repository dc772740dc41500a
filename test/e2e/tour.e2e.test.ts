import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallagentClient } from '../../sdk/src/index.js';
import { WARM_SELLER } from '../support/dialog/sellers.js';
import {
  type Browser,
  expectAccessible,
  openBrowser,
  screenshot,
  signIn,
  type Width,
} from './support/browser.js';
import { ownerSetup, publishAllHours, sellerCall } from './support/seed.js';
import { OWNER, type Service, startService } from './support/service.js';

// Every page at a desk's 1280 px and a phone's 390 px: axe finds no serious or critical
// violation, nothing goes wrong in the browser's console (no error, no CSP violation, no failed
// request: test/e2e/support/setup.ts), and a screenshot of each is kept (test/e2e/artifacts).

let service: Service;
let client: CallagentClient;
let callId = '';
let leadId = '';

beforeAll(async () => {
  service = await startService();
  client = (await ownerSetup(service.url)).client;
  await publishAllHours(client);
  callId = await sellerCall(client, '+447700900111');
  await sellerCall(client, '+447700900222', {
    ...WARM_SELLER,
    name: 'Peter Gray',
    address: '8 Elm Road, M20 2AB',
  });
  const lead = (await client.leads.list({ q: 'Sarah' })).data[0];
  leadId = lead?.id ?? '';
  const tomorrow = new Date(Date.now() + 86_400_000);
  tomorrow.setUTCHours(10, 0, 0, 0);
  await client.bookings.create({
    kind: 'viewing',
    lead_id: leadId,
    starts_at: tomorrow,
    note: 'Bring the keys',
  });
});
afterAll(async () => {
  await service?.stop();
});

const PAGES: { name: string; path: () => string; ready: string }[] = [
  { name: 'today', path: () => '/', ready: 'Today' },
  { name: 'calls', path: () => '/calls', ready: 'Calls' },
  { name: 'call', path: () => `/calls/${callId}`, ready: 'Transcript' },
  { name: 'opportunities', path: () => '/opportunities', ready: 'Opportunities' },
  { name: 'leads', path: () => '/leads', ready: 'Leads' },
  { name: 'lead', path: () => `/leads/${leadId}`, ready: 'History' },
  { name: 'calendar', path: () => '/calendar', ready: 'Calendar' },
  { name: 'insights', path: () => '/insights', ready: 'Insights' },
  { name: 'agent', path: () => '/agent', ready: 'Agent' },
  { name: 'settings-team', path: () => '/settings/team', ready: 'Settings' },
  { name: 'settings-api-keys', path: () => '/settings/api-keys', ready: 'Settings' },
  { name: 'settings-webhooks', path: () => '/settings/webhooks', ready: 'Settings' },
  { name: 'settings-phone-numbers', path: () => '/settings/phone-numbers', ready: 'Settings' },
  { name: 'settings-workspace', path: () => '/settings/workspace', ready: 'Settings' },
];

for (const width of ['desktop', 'phone'] as Width[]) {
  describe(`every page at ${width === 'desktop' ? '1280' : '390'} px`, () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await openBrowser(width);
      await browser.page.goto(service.url);
      await expectAccessible(browser.page, 'sign in');
      await screenshot(browser.page, 'sign-in', width);
      await signIn(browser.page, service.url, OWNER.email, OWNER.password);
    });
    afterAll(() => browser?.close());

    for (const p of PAGES) {
      it(`${p.name}: accessible, and photographed`, async () => {
        const { page } = browser;
        await page.goto(`${service.url}${p.path()}`);
        await page.getByRole('heading', { name: p.ready, exact: true }).waitFor();
        // The live stream keeps a request open for good, so "network idle" never comes: wait for spinners.
        await page.locator('.mantine-Loader-root').first().waitFor({ state: 'detached' });
        await expectAccessible(page, `${p.name} at ${width}`);
        await screenshot(page, p.name, width);
      });
    }

    it('opens a menu, a dialog and a drawer with nothing refused by the Content-Security-Policy', async () => {
      const { page } = browser;
      await page.goto(`${service.url}/opportunities`);
      await page.getByRole('button', { name: /^Account/ }).click();
      await page.getByRole('menuitem', { name: 'Your account' }).waitFor();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page
        .getByRole('button', { name: /^Open / })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('combobox', { name: 'Owner' }).waitFor();
      await page.keyboard.press('Escape');
    });

    if (width === 'phone') {
      it('shows a call’s time, caller, status, outcome and summary without scrolling sideways', async () => {
        const { page } = browser;
        await page.goto(`${service.url}/calls`);
        const row = page.getByRole('row', { name: /Sarah Jones/ });
        await row.waitFor();
        const table = page.getByRole('region', { name: 'Calls' });
        const [scrollWidth, clientWidth] = await table.evaluate((el) => [el.scrollWidth, el.clientWidth]);
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
        for (const text of ['Sarah Jones', 'completed', /hot/i, 'M14 5AB']) {
          await expect(row.getByText(text).first().isVisible()).resolves.toBe(true);
        }
      });

      it('opens the calendar on the day with bookings, not on empty days', async () => {
        const { page } = browser;
        await page.goto(`${service.url}/calendar`);
        const booking = page.getByRole('button', { name: /viewing/ }).first();
        await booking.waitFor();
        const box = await booking.boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 999) + (box?.width ?? 0) <= 390).toBe(true);
      });
    }
  });
}
