import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallagentClient } from '../../sdk/src/index.js';
import {
  ARTIFACTS,
  type Browser,
  expectAccessible,
  openBrowser,
  screenshot,
  signIn,
} from './support/browser.js';
import { addPerson, asSession, type NodeSession, ownerSetup, publishAllHours } from './support/seed.js';
import { type Service, startService } from './support/service.js';

// An admin tunes the agent (edit, try, diff, publish, restore) and runs the team, keys,
// webhooks and numbers.

let service: Service;
let browser: Browser;
let client: CallagentClient;
let admin: Awaited<ReturnType<typeof addPerson>>;

beforeAll(async () => {
  service = await startService();
  const owner = await ownerSetup(service.url);
  client = owner.client;
  await publishAllHours(client);
  admin = await addPerson(service.url, owner.session, 'admin');
  browser = await openBrowser();
  await signIn(browser.page, service.url, admin.email, admin.password);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

describe('an admin tunes the agent', () => {
  it('shows every validation problem at its field, in words, and saves nothing', async () => {
    const { page } = browser;
    // The refusals this test causes on purpose.
    browser.guard.allow(400, 'PUT', '/api/v1/agent/draft');
    await page.getByRole('link', { name: 'Agent' }).click();
    await page.getByRole('button', { name: 'Buy box' }).click();
    await page.getByLabel('Postcode areas and districts').fill('M, SK4, WA14, OL, BL, 9X');
    await page.getByLabel('Fewest bedrooms').fill('9');
    await page.getByLabel('Most bedrooms').fill('2');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The draft was not saved' });
    await alert.getByText('2 fields to fix').waitFor();
    await alert
      .getByText(
        'Postcode areas and districts, “9X” (the 6th): must be a postcode area (M) or district (M14), in capitals',
      )
      .waitFor();
    await alert.getByText('Fewest bedrooms: must not be above the most bedrooms').waitFor();
    // At the fields themselves, named by the field's own label.
    const postcodes = page.getByLabel('Postcode areas and districts');
    await expect(postcodes.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = (await postcodes.getAttribute('aria-describedby')) ?? '';
    const fieldMessage = await page
      .locator(
        describedBy
          .split(' ')
          .map((id) => `[id="${id}"]`)
          .join(', '),
      )
      .allTextContents();
    expect(fieldMessage.join(' ')).toContain(
      '“9X” (the 6th): must be a postcode area (M) or district (M14), in capitals',
    );
    await expect(page.getByLabel('Fewest bedrooms').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByRole('button', { name: /Buy box.*2 to fix/ }).waitFor();
    await expectAccessible(page, 'agent with problems');
    await screenshot(page, 'agent-problems', 'desktop');
    await page.getByLabel('Postcode areas and districts').fill('');
    await page.getByLabel('Fewest bedrooms').fill('1');
    await page.getByLabel('Most bedrooms').fill('6');
    await page.getByLabel('Price ceiling (£)').fill('275000');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText(/Draft: not live/).waitFor();
  });

  it('tries the form as it stands: an unsaved edit is saved first and reaches the test call', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Questions' }).click();
    await page.getByLabel('How the agent asks for name').fill('Who am I speaking to, please?');
    await page.getByText('· unsaved edits', { exact: false }).waitFor();
    await page.getByText(/starting saves them as the draft first/).waitFor();
    await page.getByRole('button', { name: 'Save and start a test call' }).click();
    await page.getByLabel('Say to the agent').fill("Hi, I'm looking to sell my house");
    await page.getByRole('button', { name: 'Say', exact: true }).click();
    await page.getByLabel('Test conversation').getByText('Who am I speaking to, please?').waitFor();
    expect((await client.agent.getDraft()).config.questions.find((q) => q.slot === 'name')?.prompt).toBe(
      'Who am I speaking to, please?',
    );
    await page.getByLabel('Say to the agent').fill('Sarah Jones');
    await page.getByRole('button', { name: 'Say', exact: true }).click();
    await page.getByLabel('What the agent has learnt').getByText('Sarah Jones').waitFor();
    // An edit made while the call runs is not what the call talks to: the panel says so.
    await page.getByLabel('Asking again').first().fill('Sorry, who is calling?');
    await page.getByText(/The form has changed since this call began/).waitFor();
    await page.getByRole('button', { name: 'Save and start over' }).click();
    await page.getByText(/The form has changed since this call began/).waitFor({ state: 'detached' });
    await expectAccessible(page, 'agent');
  });

  it('reads the differences in words and publishes', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish the draft?' });
    const changes = dialog.getByLabel('Changes from the live version');
    await changes.getByText('Price ceiling:').waitFor();
    const text = (await changes.textContent()) ?? '';
    expect(text).toContain('Price ceiling:£500,000 → £275,000');
    expect(text).toContain('Question on name: how the agent asks:');
    expect(text).toContain('Who am I speaking to, please?');
    expect(text).not.toMatch(/buy_box|max_price|questions\.0|500000|275000/);
    await expectAccessible(page, 'publish dialog');
    // The dialog alone: a full page would show the long form behind its overlay.
    mkdirSync(ARTIFACTS, { recursive: true });
    await dialog.screenshot({ path: join(ARTIFACTS, 'agent-publish-desktop.png') });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(/Live: version 2/).waitFor();
    const live = await client.agent.getPublished();
    expect(live.config.questions.find((q) => q.slot === 'name')?.prompt).toBe(
      'Who am I speaking to, please?',
    );
    expect(live.config.buy_box.max_price).toBe(275_000);
    // The draft test calls left no lead behind.
    expect((await client.leads.list({ q: 'Sarah' })).data).toEqual([]);
  });

  it('restores an earlier version into the draft', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Restore' }).last().click();
    await page.getByText(/Draft: not live/).waitFor();
    expect((await client.agent.getDraft()).based_on_version).toBe(1);
  });
  it('edits every opening window of a day: adds one, fixes an overlap at its field, removes one', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Hours', exact: true }).click();
    await page.getByRole('button', { name: 'Add hours on Monday' }).click();
    await page.getByLabel('Monday opens (1)').fill('09:00');
    await page.getByLabel('Monday closes (1)').fill('12:30');
    await page.getByLabel('Monday opens (2)').fill('12:00');
    await page.getByLabel('Monday closes (2)').fill('17:30');
    await page.getByRole('button', { name: 'Remove Sunday hours' }).click();
    await page.getByRole('group', { name: 'Sunday hours' }).getByText('Closed').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    const monday = page.getByRole('group', { name: 'Monday hours' });
    await monday.getByText('overlaps window 1 of the day').waitFor();
    await page.getByRole('alert').getByText('Monday hours (2): overlaps window 1 of the day').waitFor();
    await expectAccessible(page, 'agent hours with an error');
    await page.getByLabel('Monday opens (2)').fill('13:30');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page
      .getByText(/overlaps window 1 of the day/)
      .first()
      .waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await client.agent.getDraft()).config.hours.week.mon)
      .toEqual([
        { start: '09:00', end: '12:30' },
        { start: '13:30', end: '17:30' },
      ]);
    expect((await client.agent.getDraft()).config.hours.week.sun).toEqual([]);
  });

  it('turns the language model on with a daily cap', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Language model' }).click();
    await page.getByText(/Transcripts of calls are sent to the model's provider/).waitFor();
    await page.getByLabel('Ask the language model on calls').check();
    await page.getByLabel('Model requests a day, at most').fill('120');
    await expectAccessible(page, 'agent language model');
    await screenshot(page, 'agent-language-model', 'desktop');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect
      .poll(async () => (await client.agent.getDraft()).config.language_model)
      .toEqual({ enabled: true, max_calls_per_day: 120 });
  });
});

describe('an admin runs the settings', () => {
  it('creates an API key shown once, and revokes it', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'API keys' }).click();
    await page.getByLabel('Key name').fill('CRM sync');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('secret').textContent()) ?? '';
    expect(key).toMatch(/^cak_live_/);
    expect(
      (await fetch(`${service.url}/api/v1/calls`, { headers: { authorization: `Bearer ${key}` } })).status,
    ).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(key).count()).resolves.toBe(0);
    await page
      .getByRole('row', { name: /CRM sync/ })
      .getByRole('cell', { name: 'Admin Person' })
      .waitFor();
    await page.getByRole('button', { name: 'Revoke CRM sync' }).click();
    await page.getByText(/^revoked/).waitFor();
    expect(
      (await fetch(`${service.url}/api/v1/calls`, { headers: { authorization: `Bearer ${key}` } })).status,
    ).toBe(401);
    await expectAccessible(page, 'api keys');
  });

  it('adds a webhook endpoint (secret shown once), reads its delivery log and redelivers', async () => {
    const { page } = browser;
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByLabel('Endpoint URL (https)').fill('https://127.0.0.1:9/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect((await page.getByTestId('secret').textContent()) ?? '').toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText(/added by Admin Person/).waitFor();
    await client.leads.create({ name: 'Hook Test', phone: '07700 900444' });
    await client.testCalls.hangup((await client.testCalls.start({ from: '+447700900445' })).call_id);
    await page.reload();
    await page.getByRole('button', { name: 'call.completed' }).first().click({ timeout: 30_000 });
    await page
      .getByRole('dialog', { name: 'Delivery' })
      .getByText(/attempt/)
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Redeliver' }).first().click();
    await expectAccessible(page, 'webhooks');
  });

  it('adds a Twilio number and shows the URLs to paste into Twilio', async () => {
    const { page } = browser;
    const account = service.twilio.addAccount(['+441612345678']);
    browser.guard.allow(400, 'POST', '/api/v1/phone-numbers');
    await page.getByRole('tab', { name: 'Phone numbers' }).click();
    await page.getByLabel('Twilio number (E.164)').fill('+441612345678');
    await page.getByLabel('Twilio account SID').fill(account.sid);
    await page.locator('input[name=token]').fill('0123456789abcdef0123456789abcdef');
    await page.getByRole('button', { name: 'Add number' }).click();
    // Twilio refuses a token the account does not have, and the number is not added.
    await page
      .getByText(/Twilio did not accept this account SID and auth token/)
      .first()
      .waitFor();
    await page.locator('input[name=token]').fill(account.token);
    await page.getByRole('button', { name: 'Add number' }).click();
    await page.getByText('0161 234 5678 (Twilio)').waitFor();
    await expect(
      page.getByRole('textbox', { name: 'A call comes in (Voice, HTTP POST)', exact: true }).inputValue(),
    ).resolves.toBe(`${service.url}/telephony/twilio/voice`);
    await expectAccessible(page, 'phone numbers');
  });

  it('invites a member whose link sets a password and signs them in', async () => {
    const { page } = browser;
    await page.getByRole('tab', { name: 'Team' }).click();
    await page
      .getByText(/set this workspace up, so the link lets someone without an account create one/)
      .waitFor();
    await page.getByLabel('Email').fill('newcomer@desk.test');
    await page.getByRole('button', { name: 'Invite' }).click();
    const link = await page.getByTestId('invitation-link').inputValue();
    const other = await openBrowser('phone');
    try {
      await other.page.goto(link);
      await other.page.getByText(/invites newcomer@desk\.test as a member/).waitFor();
      await other.page.getByLabel('Your name').fill('New Comer');
      await other.page.locator('input[name=password]').fill('a long new password');
      await expectAccessible(other.page, 'accept invitation');
      await other.page.getByRole('button', { name: 'Create my account and join' }).click();
      await other.page.getByRole('heading', { name: 'Today' }).waitFor();
    } finally {
      await other.close();
    }
    await page.reload();
    await page.getByRole('cell', { name: 'New Comer' }).waitFor();
  });

  it('lets an account accept with its password an invitation of a workspace made in the console', async () => {
    const made = await fetch(`${service.url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const session: NodeSession = {
      cookie: (made.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      csrf: ((await made.json()) as { csrf_token: string }).csrf_token,
    };
    const side = await asSession<{ id: string }>(service.url, session, 'POST', '/api/v1/workspaces', {
      name: 'Side desk',
    });
    const there = await fetch(`${service.url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password, workspace_id: side.id }),
    });
    const sideSession: NodeSession = {
      cookie: (there.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      csrf: ((await there.json()) as { csrf_token: string }).csrf_token,
    };
    const invitation = await asSession<{ token: string }>(
      service.url,
      sideSession,
      'POST',
      '/api/v1/invitations',
      {
        email: 'newcomer@desk.test',
        role: 'viewer',
      },
    );
    const other = await openBrowser('phone');
    try {
      await other.page.goto(
        `${service.url}/invitations/accept?token=${encodeURIComponent(invitation.token)}`,
      );
      await other.page.getByText(/need a workspace set up by the operator of this service/).waitFor();
      await expect(other.page.getByLabel('Your name').count()).resolves.toBe(0);
      await other.page.getByLabel('Your password').fill('a long new password');
      await expectAccessible(other.page, 'accept invitation with an account');
      await other.page.getByRole('button', { name: 'Sign in and join' }).click();
      await other.page.getByRole('heading', { name: 'Today' }).waitFor();
    } finally {
      await other.close();
    }
  });
});
