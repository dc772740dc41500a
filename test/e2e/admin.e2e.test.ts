import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallagentClient } from '../../sdk/src/index.js';
import { type Browser, expectAccessible, openBrowser, screenshot, signIn } from './support/browser.js';
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
  it('shows a validation error at its field and saves nothing', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Agent' }).click();
    await page.getByRole('button', { name: 'Buy box' }).click();
    await page.getByLabel('Fewest bedrooms').fill('9');
    await page.getByLabel('Most bedrooms').fill('2');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('must not be above max_bedrooms').waitFor();
    await page.getByText(/The draft was not saved/).waitFor();
    await page.getByLabel('Fewest bedrooms').fill('1');
    await page.getByLabel('Most bedrooms').fill('6');
  });

  it('changes a question, tries it in the test panel, reads the diff and publishes', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Questions' }).click();
    await page.getByLabel('How the agent asks for name').fill('Who am I speaking to, please?');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText(/Draft: not live/).waitFor();
    await page.getByRole('button', { name: 'Start a test call' }).click();
    await page.getByLabel('Say to the agent').fill("Hi, I'm looking to sell my house");
    await page.getByRole('button', { name: 'Say', exact: true }).click();
    await page.getByLabel('Test conversation').getByText('Who am I speaking to, please?').waitFor();
    await page.getByLabel('Say to the agent').fill('Sarah Jones');
    await page.getByRole('button', { name: 'Say', exact: true }).click();
    await page.getByLabel('What the agent has learnt').getByText('Sarah Jones').waitFor();
    await expectAccessible(page, 'agent');
    await page.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish the draft?' });
    await dialog.getByText('questions.0.prompt').waitFor();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.getByText(/Live: version 2/).waitFor();
    const live = await client.agent.getPublished();
    expect(live.config.questions.find((q) => q.slot === 'name')?.prompt).toBe(
      'Who am I speaking to, please?',
    );
    // The draft test call left no lead behind.
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
    await page.getByText('overlaps window 1 of the day').waitFor();
    await expectAccessible(page, 'agent hours with an error');
    await page.getByLabel('Monday opens (2)').fill('13:30');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('overlaps window 1 of the day').waitFor({ state: 'detached' });
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
