import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOT_SELLER, WARM_SELLER } from '../support/dialog/sellers.js';
import { type Browser, openBrowser, signIn } from './support/browser.js';
import { addPerson, ownerSetup, publishAllHours, sellerCall } from './support/seed.js';
import { type Service, startService } from './support/service.js';

// Search as a desk member types it: part of a number with its spaces, a street, a postcode
// without its space, in the Leads, Calls and Opportunities boxes and in Ctrl-K.

let service: Service;
let browser: Browser;

beforeAll(async () => {
  service = await startService();
  const owner = await ownerSetup(service.url);
  await publishAllHours(owner.client);
  const member = await addPerson(service.url, owner.session, 'member');
  await sellerCall(owner.client, '+447700900101', {
    ...HOT_SELLER,
    name: 'Sarah Jones',
    address: '14 Union Street, M14 5AB',
  });
  await sellerCall(owner.client, '+447700911222', {
    ...WARM_SELLER,
    name: 'Peter Gray',
    address: '8 Elm Road, M20 2AB',
  });
  browser = await openBrowser();
  await signIn(browser.page, service.url, member.email, member.password);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('searching the desk', () => {
  it('finds a lead in Leads by part of its number and by its street', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Leads' }).click();
    const box = page.getByLabel('Search', { exact: true });
    await page.getByRole('link', { name: 'Peter Gray' }).waitFor();
    for (const typed of ['900101', '07700 90', 'union street', 'm145ab']) {
      await box.fill(typed);
      await page.getByRole('link', { name: 'Peter Gray' }).waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Sarah Jones' }).waitFor();
      // Never the red "Invalid query" of a refused search.
      await expect(page.getByRole('alert').count()).resolves.toBe(0);
    }
    await box.fill('elm road');
    await page.getByRole('link', { name: 'Sarah Jones' }).waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Peter Gray' }).waitFor();
  });

  it('finds a call in Calls by part of the number as written, with its spaces', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Calls' }).click();
    await page.getByRole('cell', { name: /Peter Gray/ }).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('07700 90');
    await page.getByRole('cell', { name: /Peter Gray/ }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: /Sarah Jones/ }).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('Union St');
    await page.getByRole('cell', { name: /Sarah Jones/ }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
  });

  it('finds the deal in Opportunities by its street', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Opportunities' }).click();
    await page.getByText('8 Elm Road').first().waitFor();
    await page.getByLabel('Search', { exact: true }).fill('union street');
    await page.getByText('8 Elm Road').first().waitFor({ state: 'detached' });
    await page.getByText('14 Union Street').first().waitFor();
  });

  it('jumps with Ctrl K to the lead by part of its number, and to the deal by its street', async () => {
    const { page } = browser;
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Control+k');
    const palette = page.getByLabel('Name, number, street or postcode');
    await palette.fill('900101');
    await page.getByRole('option', { name: /Sarah Jones.*Lead/ }).waitFor();
    await expect(page.getByRole('option', { name: /Peter Gray/ }).count()).resolves.toBe(0);
    await palette.fill('Union Street');
    await page.getByRole('option', { name: /14 Union Street.*Opportunity/ }).waitFor();
    await palette.fill('07700 900 101');
    await page.getByRole('option', { name: /Sarah Jones.*Lead/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sarah Jones' }).waitFor();
  });
});
