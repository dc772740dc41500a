import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { publishDraft, saveDraft } from '../../src/modules/agent/agent.service.js';
import { DEFAULT_AGENT_CONFIG } from '../../src/modules/agent/agent-config.js';
import { createTenant, TEST_PASSWORD } from '../support/factories.js';
import { INSIGHTS_NOW, INSIGHTS_RANGE, seedKnownInsights } from '../support/insights.js';
import { type Browser, expectAccessible, openBrowser, signIn } from './support/browser.js';
import { type Service, startService } from './support/service.js';

// Insights read by a viewer over a seeded week whose figures are known (test/support/insights.ts):
// the numbers in the page's tables, the comparison with the week before, and the CSV download.

let service: Service;
let browser: Browser;
let viewerEmail = '';
let memberEmail = '';

beforeAll(async () => {
  service = await startService({}, async (db) => {
    const clock = new ManualClock(Date.parse('2026-11-15T09:00:00Z'));
    const tenant = await createTenant(db, clock);
    viewerEmail = tenant.users.viewer.email;
    memberEmail = tenant.users.member.email;
    // Versions 1 and 2 published before the week, so the agent page compares the two.
    for (const business_name of ['Acme Homes', 'Acme Homes Ltd']) {
      await saveDraft(db, clock, tenant.workspaceId, tenant.owner.id, {
        ...DEFAULT_AGENT_CONFIG,
        business_name,
      });
      await publishDraft(db, clock, tenant.workspaceId, tenant.owner.id);
    }
    await seedKnownInsights(db, clock, tenant.workspaceId, tenant.users.member.id);
  });
  browser = await openBrowser();
  await signIn(browser.page, service.url, viewerEmail, TEST_PASSWORD);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** The cells after the row header of the row so named, in the table with this caption. */
async function cellsOf(table: string, row: string): Promise<string[]> {
  const { page } = browser;
  const header = new RegExp(`^${row.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const found = page
    .getByRole('table', { name: table, exact: true })
    .locator('tr')
    .filter({ has: page.locator('th[scope=row]', { hasText: header }) });
  return found.getByRole('cell').allTextContents();
}

describe('insights', () => {
  it('shows the seeded week’s figures, against the week before', async () => {
    expect(Date.now()).toBeGreaterThan(INSIGHTS_NOW - 3 * 86_400_000);
    const { page } = browser;
    await page.getByRole('link', { name: 'Insights' }).click();
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    await page.getByLabel('From').fill(INSIGHTS_RANGE.from);
    await page.getByLabel('To', { exact: true }).fill(INSIGHTS_RANGE.to);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('2026-11-16 to 2026-11-22 in Europe/Paris').waitFor();
    await expect.poll(() => cellsOf('Summary', 'Calls'), { timeout: 15_000 }).toEqual(['7', '0', '+7']);
    expect(await cellsOf('Summary', 'Out of hours')).toEqual(['2', '0', '+2']);
    expect(await cellsOf('Funnel', 'Sellers')).toEqual(['4', '57%']);
    expect(await cellsOf('Funnel', 'Hot')).toEqual(['2', '29%']);
    expect(await cellsOf('Funnel', 'Offer made')).toEqual(['1', '14%']);
    expect(await cellsOf('How calls ended', 'Hung up')).toEqual(['1']);
    expect(await cellsOf('Calls by day of week', 'Monday')).toEqual(['3']);
    expect(await cellsOf('Calls by hour of day', '10:00')).toEqual(['2']);
    expect(await cellsOf('Speed to lead', 'Hot')).toEqual(['2', '2', '65', '109', '60', '1']);
    // Kept: the viewing of the 18th, and the desk's callback once its time (the 26th) has passed.
    const kept = Date.now() > Date.parse('2026-11-26T10:00:00Z') ? '2' : '1';
    expect(await cellsOf('Bookings', '3')).toEqual(['1', '2', kept, '1', '1']);
    await expect
      .poll(() => cellsOf('Agent versions', 'Version 2'), { timeout: 15_000 })
      .toEqual(['3', '6', '1', '67%', '1', '0']);
    expect(await cellsOf('Enquiries by postcode area', 'SW')).toEqual(['1', '80', '1', '100%']);
    await expectAccessible(page, 'insights');
  });

  it('downloads what is shown as CSV', async () => {
    const { page } = browser;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('insights-2026-11-16-to-2026-11-22.csv');
    const path = await download.path();
    const csv = readFileSync(path, 'utf8');
    expect(csv).toContain('Funnel\r\nStep,Count,Of calls\r\nCalls,7,100%\r\nSellers,4,57%\r\n');
    expect(csv).toContain(
      'Questions\r\nVersion,Question,Asked again,Given up,Hang-ups while waiting\r\nVersion 2,price,2,0,1\r\n',
    );
  });

  it('compares the live agent version with the one before, on the agent page', async () => {
    const member = await openBrowser();
    try {
      const { page } = member;
      await signIn(page, service.url, memberEmail, TEST_PASSWORD);
      await page.getByRole('link', { name: 'Agent' }).click();
      const table = page.getByRole('table', { name: 'Version 2 against version 1', exact: true });
      await table.waitFor();
      const row = async (name: string) =>
        table
          .locator('tr')
          .filter({ has: page.locator('th[scope=row]', { hasText: name }) })
          .getByRole('cell')
          .allTextContents();
      // The last 90 days hold the week and the call of Monday 23rd (version 1) after it.
      expect(await row('Calls')).toEqual(['3', '5']);
      expect(await row('Questions asked again, per call')).toEqual(['0.67', '0.00']);
      expect(await row('Questions given up, per call')).toEqual(['0.33', '0.20']);
      expect(await row('Callers who hung up')).toEqual(['33%', '0%']);
      expect(await row('Hot share')).toEqual(['67%', '0%']);
    } finally {
      await member.close();
    }
  });
});
