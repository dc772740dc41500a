import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallagentClient } from '../../sdk/src/index.js';
import { HOT_SELLER, sellerSteps } from '../support/dialog/sellers.js';
import { type Browser, openBrowser, screenshot, signIn } from './support/browser.js';
import { addPerson, ownerSetup, publishAllHours } from './support/seed.js';
import { type Service, startService } from './support/service.js';

// A call in progress appears in an open console at once and its transcript grows line by line,
// through the live event stream: no reload, no polling.

let service: Service;
let browser: Browser;
let client: CallagentClient;

beforeAll(async () => {
  service = await startService();
  const owner = await ownerSetup(service.url);
  client = owner.client;
  await publishAllHours(client);
  const member = await addPerson(service.url, owner.session, 'member');
  browser = await openBrowser();
  await signIn(browser.page, service.url, member.email, member.password);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('a live call', () => {
  it('appears on the calls page and grows on its own page while the caller speaks', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Calls' }).click();
    await page.getByText('No calls yet').waitFor();
    // The header says Live once the page's stream is subscribed; a call started before would be missed live.
    await page.getByText('Live', { exact: true }).waitFor();
    const started = await client.testCalls.start({ from: '+447700900333', agent: 'published' });
    const row = page.getByRole('row', { name: /07700 900333/ });
    await row.getByText('live').waitFor();
    await row.getByRole('link').click();
    await page.getByRole('heading', { name: 'Transcript' }).waitFor();
    const lines = page.getByLabel('Transcript').locator('p');
    const steps = sellerSteps(HOT_SELLER);
    let before = await lines.count();
    for (const text of steps.slice(0, 4)) {
      await client.testCalls.say(started.call_id, { text });
      await page.getByLabel('Transcript').getByText(text, { exact: true }).waitFor();
      const now = await lines.count();
      expect(now).toBeGreaterThan(before);
      before = now;
    }
    await screenshot(page, 'call-live', 'desktop');
    await client.testCalls.hangup(started.call_id);
    await page.getByText('completed', { exact: true }).waitFor();
  });
});
