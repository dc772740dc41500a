import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallagentClient } from '../../sdk/src/index.js';
import { type Browser, expectAccessible, openBrowser, screenshot, signIn } from './support/browser.js';
import { addPerson, OWNER_NAME, ownerSetup, publishAllHours, sellerCall } from './support/seed.js';
import { OWNER, type Service, startService } from './support/service.js';

// An admin answers a seller's request for their data, then their request to be forgotten; the
// owner reads in the audit log who did what (docs/privacy.md).

const PHONE = '+447700900333';

let service: Service;
let browser: Browser;
let client: CallagentClient;
let admin: Awaited<ReturnType<typeof addPerson>>;
let leadId: string;

beforeAll(async () => {
  service = await startService();
  const owner = await ownerSetup(service.url);
  client = owner.client;
  await publishAllHours(client);
  admin = await addPerson(service.url, owner.session, 'admin');
  await sellerCall(client, PHONE);
  const [lead] = (await client.leads.list({ phone: PHONE })).data;
  leadId = lead?.id ?? '';
  browser = await openBrowser();
  await signIn(browser.page, service.url, admin.email, admin.password);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('a person’s data in the console', () => {
  it('downloads everything held about the seller as one JSON file', async () => {
    const { page } = browser;
    await page.goto(`${service.url}/leads/${leadId}`);
    await page.getByRole('heading', { name: 'Sarah Jones' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download data (JSON)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${leadId}.json`);
    const doc = JSON.parse(await new Response(await file.createReadStream()).text()) as {
      leads: { name: string; phone: string }[];
      calls: { transcript: { text: string }[] }[];
      opportunities: unknown[];
    };
    expect(doc.leads.map((l) => [l.name, l.phone])).toEqual([['Sarah Jones', PHONE]]);
    expect(doc.calls[0]?.transcript.map((t) => t.text).join(' ')).toContain('12 Acacia Avenue');
    expect(doc.opportunities).toHaveLength(1);
  });

  it('erases the seller only once their number is typed', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Erase…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this person’s data' });
    const erase = dialog.getByRole('button', { name: 'Erase for good' });
    await expect(erase.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel(/Type their number/).fill('07700 900334');
    await expect(erase.isDisabled()).resolves.toBe(true);
    await expectAccessible(page, 'erase dialog');
    await screenshot(page, 'privacy-erase', 'desktop');
    await dialog.getByLabel(/Type their number/).fill('07700 900333');
    await erase.click();
    await page.getByRole('heading', { name: 'Erased' }).waitFor();
    await page.getByText('This person’s data was erased.').waitFor();
    await expect(page.getByRole('button', { name: 'Erase…' }).count()).resolves.toBe(0);
    const lead = await client.leads.get(leadId);
    expect([lead.name, lead.phone]).toEqual(['Erased', `erased:${leadId}`]);
    const calls = await client.calls.list({ limit: 10 });
    expect(calls.data.map((c) => c.summary)).toEqual([null]);
  });

  it('lets an admin set how long data is kept', async () => {
    const { page } = browser;
    await page.goto(`${service.url}/settings/privacy`);
    const transcripts = page.getByLabel('Call transcripts');
    await expect(transcripts.inputValue()).resolves.toBe('730 days');
    await transcripts.fill('365');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved. The next run of the housekeeping applies it.').waitFor();
    // The audit log is the owner's alone.
    await expect(page.getByRole('heading', { name: 'Audit log' }).count()).resolves.toBe(0);
    await expectAccessible(page, 'privacy settings');
  });

  it('shows the owner who downloaded and erased, and who changed the retention', async () => {
    const owner = await openBrowser();
    try {
      await signIn(owner.page, service.url, OWNER.email, OWNER.password);
      await owner.page.goto(`${service.url}/settings/privacy`);
      const table = owner.page.getByRole('region', { name: 'Audit log' });
      await table.getByRole('row', { name: /Erased a person/ }).waitFor();
      for (const what of ['Erased a person', 'Downloaded a person’s data', 'Changed how long data is kept']) {
        // Each row is waited for before it is counted: the log may still be filling when the first shows.
        await table
          .getByRole('row', { name: new RegExp(`${admin.name}.*${what}`) })
          .first()
          .waitFor();
        await expect(
          table.getByRole('row', { name: new RegExp(`${admin.name}.*${what}`) }).count(),
        ).resolves.toBe(1);
      }
      await expect(table.getByText(OWNER_NAME).count()).resolves.toBe(0);
      await expectAccessible(owner.page, 'audit log');
      await screenshot(owner.page, 'privacy-audit-log', 'desktop');
    } finally {
      await owner.close();
    }
  });
});
