import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallagentClient } from '../../sdk/src/index.js';
import { HOT_SELLER } from '../support/dialog/sellers.js';
import { type Browser, expectAccessible, openBrowser, screenshot, signIn } from './support/browser.js';
import { addPerson, ownerSetup, publishAllHours, sellerCall } from './support/seed.js';
import { type Service, startService } from './support/service.js';

// docs/console.md, "A lead": a seller who rings twice about one house has one deal with both
// calls; the lead page lists what is booked by when it happens, and moves and cancels it; a
// duplicate lead is merged into the seller's own.

const SELLER = '+447700900333';
const DAY = 86_400_000;

let service: Service;
let browser: Browser;
let client: CallagentClient;
let leadId: string;

/** An hour on a day to come, on the hour, so times read plainly. */
function daysAhead(days: number, hourUtc: number): Date {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
}

beforeAll(async () => {
  service = await startService();
  const owner = await ownerSetup(service.url);
  client = owner.client;
  await publishAllHours(client);
  const member = await addPerson(service.url, owner.session, 'member');
  await sellerCall(client, SELLER);
  // The second call: the address said another way, and a higher price.
  await sellerCall(client, SELLER, { ...HOT_SELLER, address: '12 acacia ave M14 5AB', price: '260k' });
  const [lead] = (await client.leads.list({ phone: SELLER })).data;
  leadId = lead?.id ?? '';
  browser = await openBrowser();
  await signIn(browser.page, service.url, member.email, member.password);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('one seller, one deal', () => {
  it('keeps a returning caller about the same house on one deal with both calls', async () => {
    const deals = (await client.opportunities.list({ limit: 100 })).data.filter((o) => o.lead_id === leadId);
    expect(deals).toHaveLength(1);
    expect(deals[0]?.facts.asking_price).toBe(260_000);
    const calls = (await client.calls.list({ from: SELLER })).data;
    expect(calls.map((c) => c.opportunity_id)).toEqual([deals[0]?.id, deals[0]?.id]);
    const { page } = browser;
    await page.goto(`${service.url}/leads/${leadId}`);
    await page.getByRole('heading', { name: 'Sarah Jones' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: /^Call \(/ }).count()).toBe(2);
    await expect(page.getByText(/^Opportunity: /).count()).resolves.toBe(1);
  });

  it('lists the bookings to come by when they happen, and moves and cancels them', async () => {
    const later = await client.bookings.create({
      kind: 'viewing',
      lead_id: leadId,
      starts_at: daysAhead(3, 10),
    });
    const sooner = await client.bookings.create({
      kind: 'callback',
      lead_id: leadId,
      starts_at: daysAhead(1, 9),
    });
    const { page } = browser;
    await page.reload();
    const list = page.getByRole('list', { name: 'Bookings to come' });
    await list.getByRole('listitem').nth(1).waitFor();
    const items = await list.getByRole('listitem').allTextContents();
    expect(items[0]).toMatch(/^Callback /);
    expect(items[1]).toMatch(/^Viewing /);
    await expectAccessible(page, 'lead with bookings');
    await screenshot(page, 'lead-bookings', 'desktop');

    await list
      .getByRole('listitem')
      .filter({ hasText: 'Viewing' })
      .getByRole('button', { name: 'Move' })
      .click();
    const moveForm = page.getByRole('form', { name: 'Move the viewing' });
    const input = moveForm.getByLabel('New time');
    const current = await input.inputValue();
    await input.fill(current.replace(/T\d\d:/, 'T15:'));
    await moveForm.getByRole('button', { name: 'Move' }).click();
    await moveForm.waitFor({ state: 'detached' });
    await expect.poll(async () => (await client.bookings.get(later.id)).starts_at).not.toBe(later.starts_at);

    await list.getByRole('button', { name: 'Cancel callback' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect((await client.bookings.get(sooner.id)).status).toBe('cancelled');
    const types = (await client.events.list({ limit: 50 })).data.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['booking.updated', 'booking.cancelled']));
  });

  it('merges a duplicate deal into another from the deal’s drawer', async () => {
    await sellerCall(client, SELLER, { ...HOT_SELLER, address: '3 Hill Rise, M14 7QQ' });
    const deals = (await client.opportunities.list({ limit: 100 })).data.filter((o) => o.lead_id === leadId);
    expect(deals).toHaveLength(2);
    const [newer, older] = deals;
    const { page } = browser;
    await page.goto(`${service.url}/opportunities?focus=${newer?.id}`);
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Merge into another deal…' }).click();
    await drawer.getByRole('combobox', { name: 'Deal to keep' }).click();
    await page.getByRole('option', { name: /12 Acacia/ }).click();
    await drawer.getByRole('button', { name: 'Merge' }).click();
    await drawer.waitFor({ state: 'detached' });
    expect((await client.opportunities.get(newer?.id ?? '')).merged_into).toBe(older?.id);
    const left = (await client.opportunities.list({ limit: 100 })).data.filter((o) => o.lead_id === leadId);
    expect(left.map((o) => o.id)).toEqual([older?.id]);
  });

  it('merges a duplicate lead into the seller’s own, keeping its history', async () => {
    const duplicate = await client.leads.create({
      name: 'S Jones',
      phone: '07700 900444',
      note: 'Rang from work',
    });
    const { page } = browser;
    await page.goto(`${service.url}/leads/${duplicate.id}`);
    await page.getByRole('heading', { name: 'S Jones' }).waitFor();
    await page.getByRole('button', { name: 'Merge into another lead…' }).click();
    const form = page.getByRole('form', { name: 'Merge this lead' });
    await form.getByRole('combobox', { name: 'Lead' }).fill('Sarah');
    await page.getByRole('option', { name: /Sarah Jones/ }).click();
    await expectAccessible(page, 'merging a lead');
    await form.getByRole('button', { name: 'Merge' }).click();
    await page.getByRole('heading', { name: 'Sarah Jones' }).waitFor();
    expect(page.url()).toContain(`/leads/${leadId}`);
    expect((await client.leads.get(duplicate.id)).merged_into).toBe(leadId);
    expect((await client.leads.get(leadId)).note).toContain('Rang from work');
  });
});
