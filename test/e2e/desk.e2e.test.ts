import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallagentClient } from '../../sdk/src/index.js';
import { WARM_SELLER } from '../support/dialog/sellers.js';
import { type Browser, expectAccessible, openBrowser, screenshot, signIn } from './support/browser.js';
import { addPerson, ownerSetup, publishAllHours, sellerCall } from './support/seed.js';
import { type Service, startService } from './support/service.js';

/** Tomorrow's date in the workspace's zone (Europe/London), as the booking form's YYYY-MM-DD. */
function tomorrowInLondon(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() + 86_400_000);
}

/** The week view opens on this week; on a Sunday tomorrow is in the next one. */
async function showDay(page: Browser['page'], day: string): Promise<void> {
  // The week's hour slots render once its bookings have loaded.
  await page.locator('[data-hour]').first().waitFor();
  if ((await page.locator(`[data-hour^="${day}T"]`).count()) === 0) {
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.locator(`[data-hour^="${day}T"]`).first().waitFor();
  }
}

// A desk member's day: find a hot lead from its call, move it along, note it, book a callback,
// and read the calendar from its subscription address.

let service: Service;
let browser: Browser;
let client: CallagentClient;
let member: { email: string; password: string; name: string };

beforeAll(async () => {
  service = await startService();
  const owner = await ownerSetup(service.url);
  client = owner.client;
  await publishAllHours(client);
  member = await addPerson(service.url, owner.session, 'member');
  await sellerCall(client, '+447700900111');
  await sellerCall(client, '+447700900222', {
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

describe('a member works the desk', () => {
  it('finds a call by its transcript and reads it: conversation, summary, score by criterion', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Calls' }).click();
    await page.getByRole('cell', { name: /Sarah Jones/ }).waitFor();
    await expectAccessible(page, 'calls');
    await page.getByLabel('Search', { exact: true }).fill('mum passed away');
    await page.getByRole('cell', { name: /Peter Gray/ }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: /Sarah Jones/ }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page
      .getByRole('row', { name: /Sarah Jones/ })
      .getByRole('link')
      .click();
    await page.getByRole('heading', { name: 'Transcript' }).waitFor();
    await page.getByText('my mum passed away').waitFor();
    await page.getByRole('cell', { name: 'location' }).waitFor();
    await expect(page.getByText('Score, criterion by criterion').isVisible()).resolves.toBe(true);
    await expectAccessible(page, 'call page');
  });

  it('moves through lists with j and k, opens the selection with Enter, and lists the shortcuts on ?', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Calls' }).click();
    await page.getByRole('cell', { name: /Peter Gray/ }).waitFor();
    const selected = page.locator('[data-row-link]:focus');
    await page.keyboard.press('j');
    await expect(selected.textContent()).resolves.toBe(
      await page.locator('[data-row-link]').first().textContent(),
    );
    // The selection shows its focus ring.
    await expect(page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).resolves.toBe(
      'solid',
    );
    await page.keyboard.press('j');
    await expect(selected.textContent()).resolves.toBe(
      await page.locator('[data-row-link]').nth(1).textContent(),
    );
    await page.keyboard.press('k');
    await expect(selected.textContent()).resolves.toBe(
      await page.locator('[data-row-link]').first().textContent(),
    );
    // Not while typing: j is a letter in the search box.
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByLabel('Search', { exact: true }).press('j');
    await expect(page.getByLabel('Search', { exact: true }).inputValue()).resolves.toBe('j');
    await expect(page.locator('[data-search]:focus').count()).resolves.toBe(1);
    await page.getByLabel('Search', { exact: true }).fill('');
    await page.getByRole('heading', { name: 'Calls' }).click();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('Next / previous record in a list').waitFor();
    await expectAccessible(page, 'shortcuts dialog');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: /Peter Gray/ }).waitFor();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Transcript' }).waitFor();
    // The same keys in the leads list and on the opportunities board.
    await page.keyboard.press('g');
    await page.keyboard.press('l');
    await page.getByRole('link', { name: 'Sarah Jones' }).waitFor();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Sarah Jones|Peter Gray/ }).waitFor();
    await page.keyboard.press('g');
    await page.keyboard.press('o');
    await page.getByText('12 Acacia Avenue').waitFor();
    await page.keyboard.press('j');
    await expect(selected.getAttribute('aria-label')).resolves.toMatch(/^Open /);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('combobox', { name: 'Owner' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('counts the calls since the last visit beside Calls, and marks them new in the list', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Today' }).click();
    await page.getByText('Live', { exact: true }).waitFor();
    const started = await client.testCalls.start({ from: '+447700900666', agent: 'published' });
    await client.testCalls.hangup(started.call_id);
    const counted = page.getByRole('link', { name: /Calls\s*1 new since your last visit/ });
    await counted.click();
    await page
      .getByRole('row', { name: /07700 900666/ })
      .getByText('new', { exact: true })
      .waitFor();
    await expect(
      page
        .getByRole('row', { name: /Peter Gray/ })
        .getByText('new', { exact: true })
        .count(),
    ).resolves.toBe(0);
    await expectAccessible(page, 'calls with a new one');
    // Looking at the list is the visit: the count goes.
    await counted.waitFor({ state: 'detached' });
    // What the browser keeps is a timestamp, never a secret.
    const stored = JSON.parse(
      (await page.evaluate('JSON.stringify({ ...localStorage, ...sessionStorage })')) as string,
    ) as Record<string, string>;
    const [entry, ...more] = Object.entries(stored);
    expect(more).toEqual([]);
    expect(entry?.[0]).toMatch(/^callagent:calls-seen:ws_[\w-]+:usr_[\w-]+$/);
    expect(new Date(entry?.[1] ?? '').toISOString()).toBe(entry?.[1]);
  });

  it('moves the opportunity on the board by its menu, assigns it and leaves a note', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Opportunities' }).click();
    await page.getByText('12 Acacia Avenue').first().waitFor();
    await expectAccessible(page, 'opportunities');
    await page.getByRole('button', { name: /Move 12 Acacia Avenue/ }).click();
    await page.getByRole('menuitem', { name: 'Offer made' }).click();
    const offered = page.getByRole('region', { name: 'Offer made column' });
    await offered.getByText('12 Acacia Avenue').waitFor();
    await offered.getByRole('button', { name: /Open 12 Acacia Avenue/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('combobox', { name: 'Owner' }).click();
    await page.getByRole('option', { name: member.name }).click();
    await drawer.getByLabel('Add a note').fill('Rang back: wants an offer by Friday.');
    await drawer.getByRole('button', { name: 'Save note' }).click();
    // Cleared once the service has stored the note (until then the box's text matches too).
    await expect.poll(() => drawer.getByLabel('Add a note').inputValue()).toBe('');
    await drawer.getByText('Rang back: wants an offer by Friday.').waitFor();
    await drawer.getByText(new RegExp(`${member.name}, \\w{3} \\d{1,2} \\w{3}, \\d{2}:\\d{2}`)).waitFor();
    const stored = await client.opportunities.list({ stage: 'offer_made' });
    expect(stored.data[0]?.notes[0]?.body).toBe('Rang back: wants an offer by Friday.');
    await page.keyboard.press('Escape');
  });

  it('exports opportunities as CSV through the API', async () => {
    const { page } = browser;
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('opportunities.csv');
    const text = await new Response(await file.createReadStream()).text();
    expect(text.split('\r\n')[0]).toMatch(
      /^id,created_at,updated_at,stage,dead_reason,outcome,score,seller_name,seller_phone,address,postcode/,
    );
    expect(text).toContain('12 Acacia Avenue');
    expect(text).toContain('Offer made');
    expect(text).not.toContain('usr_');
  });

  it('creates a lead, works it and books a callback that the calendar shows', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Leads' }).click();
    await page.getByRole('button', { name: 'New lead' }).click();
    await page.getByLabel('Name').fill('Tom Manning');
    await page.getByLabel('Phone').fill('07700 900555');
    await page.getByRole('button', { name: 'Create lead' }).click();
    await page.getByRole('heading', { name: 'Tom Manning' }).waitFor();
    await page.getByText('07700 900555').first().waitFor();
    await expectAccessible(page, 'lead page');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'working' }).click();
    await page.getByLabel('Note', { exact: true }).fill('Prefers mornings.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect
      .poll(async () => (await client.leads.list({ q: 'Tom Manning' })).data[0]?.status)
      .toBe('working');
    const tomorrow = tomorrowInLondon();
    await page.getByLabel('When').fill(`${tomorrow}T10:00`);
    await page.getByRole('button', { name: 'Book callback' }).click();
    await page.getByText(/^Booked for/).waitFor();
    await page.getByText(/^Callback booked for /).waitFor();
    await page.getByRole('link', { name: 'Calendar' }).click();
    await showDay(page, tomorrow);
    await page
      .getByRole('button', { name: /10:00–10:15 callback/ })
      .first()
      .waitFor();
    await expectAccessible(page, 'calendar');
  });

  it('subscribes a calendar app to its secret feed address, then revokes it', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Create my feed address' }).click();
    const url = (await page.getByTestId('feed-url').textContent()) ?? '';
    expect(url).toMatch(/\/api\/v1\/calendar-feeds\/[A-Za-z0-9_-]{43}\/bookings\.ics$/);
    const feed = await fetch(url);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain('SUMMARY:Callback: Tom Manning');
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Create my feed address' }).waitFor();
    expect((await fetch(url)).status).toBe(404);
  });

  it('reschedules and cancels a booking from the week view', async () => {
    const { page } = browser;
    await page
      .getByRole('button', { name: /10:00–10:15 callback/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const when = await dialog.getByLabel('Move to').inputValue();
    await dialog.getByLabel('Move to').fill(when.replace('T10:00', 'T11:30'));
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await page
      .getByRole('button', { name: /11:30–11:45 callback/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: /11:30–11:45 callback/ }).waitFor({ state: 'detached' });
    await screenshot(page, 'calendar-member', 'desktop');
  });

  it('finds a lead with Ctrl K, and books a viewing for it from the calendar', async () => {
    const { page } = browser;
    await page.keyboard.press('Control+k');
    await page.getByLabel('Name, number, street or postcode').fill('07700 900111');
    await page
      .getByRole('option', { name: /Sarah Jones/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sarah Jones' }).waitFor();
    await page.getByRole('link', { name: 'Calendar' }).click();
    await page.getByRole('button', { name: 'New booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'New booking' });
    await dialog.getByRole('combobox', { name: 'Lead' }).fill('Sarah');
    await page.getByRole('option', { name: /Sarah Jones/ }).click();
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'viewing' }).click();
    const tomorrow = tomorrowInLondon();
    await dialog.getByLabel('When').fill(`${tomorrow}T14:00`);
    await dialog.getByRole('button', { name: 'Book viewing' }).click();
    await showDay(page, tomorrow);
    await page
      .getByRole('button', { name: /14:00–15:00 viewing/ })
      .first()
      .waitFor();
    await screenshot(page, 'calendar-new-booking', 'desktop');
    await expectAccessible(page, 'calendar with a new booking');
  });

  it('moves a booking by dragging it to another hour; a clash opens the dialog instead', async () => {
    const { page } = browser;
    const tomorrow = tomorrowInLondon();
    const sarah = (await client.leads.list({ q: 'Sarah Jones' })).data[0];
    if (!sarah) throw new Error('no lead Sarah Jones');
    const viewingOf = async () =>
      (await client.bookings.listAll({ lead_id: sarah.id, status: 'scheduled' })).find(
        (b) => b.kind === 'viewing',
      );
    const before = await viewingOf();
    await page
      .getByRole('button', { name: /14:00–15:00 viewing/ })
      .first()
      .dragTo(page.locator(`[data-hour="${tomorrow}T16:00"]`));
    await page.getByText(/^Moved the viewing to/).waitFor();
    await page
      .getByRole('button', { name: /16:00–17:00 viewing/ })
      .first()
      .waitFor();
    const after = await viewingOf();
    expect(Date.parse(after?.starts_at ?? '') - Date.parse(before?.starts_at ?? '')).toBe(2 * 3600_000);
    // A callback on the shared desk calendar at 10:00: dropping the viewing there moves nothing.
    const callback = await client.bookings.create({
      kind: 'callback',
      lead_id: sarah.id,
      starts_at: new Date(Date.parse(after?.starts_at ?? '') - 6 * 3600_000),
    });
    await page
      .getByRole('button', { name: /10:00–10:15 callback/ })
      .first()
      .waitFor();
    await page
      .getByRole('button', { name: /16:00–17:00 viewing/ })
      .first()
      .dragTo(page.locator(`[data-hour="${tomorrow}T10:00"]`));
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Clashes with a callback/).waitFor();
    await expect(dialog.getByLabel('Move to').inputValue()).resolves.toBe(`${tomorrow}T10:00`);
    await expectAccessible(page, 'calendar, a clash');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await viewingOf())?.starts_at).toBe(after?.starts_at);
    expect((await client.bookings.get(callback.id)).status).toBe('scheduled');
  });
});
