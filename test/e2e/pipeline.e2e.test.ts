import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallagentClient } from '../../sdk/src/index.js';
import { WARM_SELLER } from '../support/dialog/sellers.js';
import { type Browser, expectAccessible, openBrowser, screenshot, signIn } from './support/browser.js';
import { addPerson, asSession, ownerSetup, publishAllHours, sellerCall } from './support/seed.js';
import { OWNER, type Service, startService } from './support/service.js';

// A desk member runs the pipeline: Today says what needs them (the hottest seller first, the
// call-backs the calls left, tomorrow's viewing with whom), the deal moves along its stages
// with a next action, and a dead one says why.

let service: Service;
let browser: Browser;
let client: CallagentClient;
let member: { email: string; password: string; name: string; id: string };

/** Tomorrow at 10:00 in London, where the workspace's day is. */
function tomorrowAt10(): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() + 86_400_000);
  // London is on GMT in the winter the tests are dated in, and within an hour of UTC all year.
  const guess = new Date(`${day}T10:00:00Z`);
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(
      guess,
    ),
  );
  return new Date(guess.getTime() - (hour - 10) * 3_600_000);
}

/**
 * Call-backs fall due a few minutes after the calls, and "Due today" ends at midnight in London:
 * set up in the last quarter of an hour of a day, they would fall due tomorrow. Wait the day out.
 */
async function clearOfMidnight(): Promise<void> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const at = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const left = (24 * 60 - (at('hour') * 60 + at('minute'))) * 60_000;
  if (left <= 15 * 60_000) await new Promise((resolve) => setTimeout(resolve, left + 5_000));
}

beforeAll(async () => {
  await clearOfMidnight();
  service = await startService();
  const owner = await ownerSetup(service.url);
  client = owner.client;
  await publishAllHours(client);
  // A call-back due within five minutes stays on today's list whenever the test runs.
  await asSession(service.url, owner.session, 'PATCH', '/api/v1/pipeline', {
    follow_up: { hot_minutes: 5, warm_minutes: 10 },
  });
  member = await addPerson(service.url, owner.session, 'member');
  await sellerCall(client, '+447700900222', {
    ...WARM_SELLER,
    name: 'Peter Gray',
    address: '8 Elm Road, M20 2AB',
  });
  await sellerCall(client, '+447700900111');
  const sarah = (await client.leads.list({ q: 'Sarah' })).data[0];
  await client.bookings.create({ kind: 'viewing', lead_id: sarah?.id ?? '', starts_at: tomorrowAt10() });
  browser = await openBrowser();
  await signIn(browser.page, service.url, member.email, member.password);
  // Up to a quarter of an hour more when set up just before midnight (clearOfMidnight).
}, 20 * 60_000);
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('the pipeline in the console', () => {
  it('Today lists the hottest seller first with their number, the call-backs due, and tomorrow’s viewing', async () => {
    const { page } = browser;
    const hot = page.getByTestId('hot-deal');
    await hot.first().waitFor();
    await expect(hot.first().textContent()).resolves.toContain('Sarah Jones');
    await expect(hot.first().getByRole('link', { name: '07700 900111' }).getAttribute('href')).resolves.toBe(
      'tel:+447700900111',
    );
    const tasks = page.getByTestId('task');
    await tasks.first().waitFor();
    const due = await tasks.allTextContents();
    // Sarah's viewing tomorrow, booked by the desk, is her deal's next step; Peter is rung back.
    expect(due.some((t) => t.includes('Call the seller back') && t.includes('Peter Gray'))).toBe(true);
    expect(due.some((t) => t.includes('Sarah Jones'))).toBe(false);
    const tomorrow = page
      .getByRole('group', { name: /^Tomorrow/ })
      .or(page.locator('[aria-label^="Tomorrow"]'));
    await tomorrow.getByText('Sarah Jones').waitFor();
    await expect(tomorrow.textContent()).resolves.toMatch(/10:00 viewing/);
    await page.getByText('1 tomorrow').first().waitFor();
    await expectAccessible(page, 'today');
    await screenshot(page, 'today', 'desktop');
  });

  it('moves the deal to Contacted and gives it a next action that My tasks then lists', async () => {
    const { page } = browser;
    await page
      .getByTestId('hot-deal')
      .first()
      .getByRole('link', { name: /12 Acacia Avenue/ })
      .click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('seller').first().getByText('Sarah Jones').waitFor();
    const stage = drawer.getByRole('combobox', { name: 'Stage' });
    await stage.click();
    await page.getByRole('option', { name: 'Contacted' }).click();
    await expect.poll(() => stage.inputValue()).toBe('Contacted');
    await drawer.getByLabel('What').fill('Send offer letter');
    await drawer.getByRole('combobox', { name: 'Who' }).click();
    await page.getByRole('option', { name: member.name }).click();
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(tomorrowAt10())
      .replace(' ', 'T');
    await drawer.getByLabel('Due').fill(local);
    await drawer.getByRole('button', { name: 'Set next action' }).click();
    await drawer
      .getByTestId('next-action')
      .getByText(/Send offer letter/)
      .waitFor();
    await expectAccessible(page, 'deal drawer');
    await page.keyboard.press('Escape');

    const deal = (await client.opportunities.list({ stage: 'contacted' })).data[0];
    expect(deal?.seller).toEqual({ name: 'Sarah Jones', phone: '+447700900111' });
    expect(deal?.next_action).toMatchObject({
      what: 'Send offer letter',
      owner_id: member.id,
      source: 'desk',
    });

    await page.getByRole('link', { name: 'Today' }).click();
    await page.locator('label', { hasText: 'My tasks' }).click();
    await page
      .getByTestId('task')
      .getByText(/Send offer letter/)
      .waitFor();
  });

  it('shows the board as stages at 1440 px, none cut off, and a dead deal says why', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('link', { name: 'Opportunities' }).click();
    const contacted = page.getByRole('region', { name: 'Contacted column' });
    await contacted.getByText('Sarah Jones').waitFor();
    await expect(contacted.getByRole('link', { name: '07700 900111' }).count()).resolves.toBe(1);
    const columns = page.locator('.board-column');
    expect(await columns.count()).toBe(7);
    await screenshot(page, 'opportunities', 'desktop');
    // The page itself never scrolls sideways; the board does, and every column can be seen whole.
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    for (const name of ['New', 'Dead']) {
      const column = page.getByRole('region', { name: `${name} column` });
      await column.scrollIntoViewIfNeeded();
      const box = await column.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 1440).toBe(true);
    }

    await contacted.getByRole('button', { name: /Move 12 Acacia Avenue/ }).click();
    await page.getByRole('menuitem', { name: 'Dead' }).click();
    const ask = page.getByRole('dialog', { name: 'Mark the deal dead' });
    await ask.getByLabel('Why is it dead?').fill('Sold to a neighbour');
    await expectAccessible(page, 'dead reason');
    await ask.getByRole('button', { name: 'Mark dead' }).click();
    await page.getByRole('region', { name: 'Dead column' }).getByText('12 Acacia Avenue').waitFor();
    const dead = (await client.opportunities.list({ stage: 'dead' })).data[0];
    expect(dead).toMatchObject({ dead_reason: 'Sold to a neighbour', next_action: null });
    const events = await client.events.list({ type: 'opportunity.updated' });
    expect(events.data.some((e) => (e.data as { stage?: string }).stage === 'dead')).toBe(true);
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('names the seller on the calendar card and in the booking dialog', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Calendar' }).click();
    await page.locator('[data-hour]').first().waitFor();
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(tomorrowAt10());
    if ((await page.locator(`[data-hour^="${day}T"]`).count()) === 0) {
      await page.getByRole('button', { name: 'Next week' }).click();
    }
    const card = page.locator(`[data-hour="${day}T10:00"]`).getByRole('button');
    await card.getByText('Sarah Jones').waitFor();
    await card.getByText('12 Acacia Avenue').waitFor();
    await screenshot(page, 'calendar', 'desktop');
    await card.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('link', { name: '07700 900111' }).getAttribute('href')).resolves.toBe(
      'tel:+447700900111',
    );
    await page.keyboard.press('Escape');
  });

  it('lets an admin rename and reorder the stages, which the board then shows', async () => {
    const admin = await openBrowser();
    try {
      const { page } = admin;
      await signIn(page, service.url, OWNER.email, OWNER.password);
      await page.goto(`${service.url}/settings/workspace`);
      const form = page.getByRole('form', { name: 'Pipeline' });
      await form.getByLabel('Stage 2').fill('Spoken to');
      await form.getByRole('button', { name: 'Move Appointment set up' }).click();
      await expect(form.getByLabel('Stage 2').inputValue()).resolves.toBe('Appointment set');
      await expectAccessible(page, 'pipeline settings');
      await form.getByRole('button', { name: 'Save pipeline' }).click();
      await form.getByText('Pipeline saved.').waitFor();
      await page.evaluate('window.scrollTo(0, 0)');
      await screenshot(page, 'settings-workspace', 'desktop');
      const saved = await client.opportunities.pipeline();
      expect(saved.stages.slice(0, 3)).toEqual([
        { key: 'new', name: 'New' },
        { key: 'appointment_set', name: 'Appointment set' },
        { key: 'contacted', name: 'Spoken to' },
      ]);
      await page.getByRole('link', { name: 'Opportunities' }).click();
      await page.getByRole('region', { name: 'Spoken to column' }).waitFor();
      const names = await page
        .locator('.board-column')
        .evaluateAll((columns) => columns.map((c) => c.getAttribute('aria-label')));
      expect(names.slice(0, 3)).toEqual(['New column', 'Appointment set column', 'Spoken to column']);
    } finally {
      await admin.close();
    }
  });
});
