import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallagentClient } from '../../sdk/src/index.js';
import { HOT_SELLER, sellerSteps } from '../support/dialog/sellers.js';
import { type Browser, openBrowser, screenshot, signIn } from './support/browser.js';
import { addPerson, ownerSetup, publishAllHours } from './support/seed.js';
import { type Service, startService } from './support/service.js';

// A call in progress appears in an open console at once and its transcript grows line by line,
// through the live event stream: no reload, no polling. A page opened mid-call shows what was
// said so far and follows the call from there.

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

  it('is followed whole by a call page and by Today opened after it started', async () => {
    const { page } = browser;
    const started = await client.testCalls.start({ from: '+447700900444', agent: 'published' });
    const steps = sellerSteps(HOT_SELLER);
    for (const text of steps.slice(0, 3)) await client.testCalls.say(started.call_id, { text });
    const transcript = page.getByLabel('Transcript');

    // A fresh load: this tab's stream subscribes after the call started.
    await page.goto(`${service.url}/calls/${started.call_id}`);
    for (const text of steps.slice(0, 3)) await transcript.getByText(text, { exact: true }).waitFor();
    for (const text of steps.slice(3, 5)) {
      await client.testCalls.say(started.call_id, { text });
      await transcript.getByText(text, { exact: true }).waitFor();
    }
    // Every line once: what was read and what streamed in are not shown twice.
    const lines = await transcript.locator('p').allTextContents();
    for (const text of steps.slice(0, 5)) expect(lines.filter((l) => l === text)).toHaveLength(1);

    await page.goto(service.url);
    await page.getByRole('heading', { name: 'Today' }).waitFor();
    const inProgress = page.getByRole('link', { name: '07700 900444' });
    await inProgress.waitFor();
    // Today shows a call's latest line: the agent's answer to what the caller just said.
    const { reply } = await client.testCalls.say(started.call_id, { text: steps[5] ?? '' });
    await page.getByText(reply, { exact: true }).waitFor();
    await client.testCalls.hangup(started.call_id);
    await inProgress.waitFor({ state: 'detached' });
  });

  it('shows how each call ended, filters by it, and keeps tests of the draft out unless asked', async () => {
    const { page } = browser;
    const draft = await client.testCalls.start({ from: '+447700900555', agent: 'draft' });
    await client.testCalls.hangup(draft.call_id);
    await page.getByRole('link', { name: 'Calls' }).click();
    const hungUp = page.getByRole('row', { name: /07700 900444/ });
    await hungUp.getByText('Hung up').waitFor();
    await hungUp.getByText('Test', { exact: true }).waitFor();
    expect(await page.getByRole('row', { name: /07700 900555/ }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Test calls' }).click();
    await page.getByRole('option', { name: 'Test calls only' }).click();
    await page.getByRole('row', { name: /07700 900555/ }).waitFor();
    expect(await page.getByRole('row', { name: /07700 900444/ }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Test calls' }).click();
    await page.getByRole('option', { name: 'With test calls' }).click();
    await page.getByRole('combobox', { name: 'Ended' }).click();
    await page.getByRole('option', { name: 'Hung up' }).click();
    await page.getByRole('row', { name: /07700 900555/ }).waitFor();
    await hungUp.waitFor();
    // The first call was hung up mid-call too; nothing else ended another way here.
    await screenshot(page, 'calls-ended', 'desktop');
  });
});
