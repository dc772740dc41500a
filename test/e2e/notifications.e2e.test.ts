import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallagentClient } from '../../sdk/src/index.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.js';
import { type Browser, expectAccessible, openBrowser, screenshot, signIn } from './support/browser.js';
import { addPerson, asSession, type NodeSession, ownerSetup } from './support/seed.js';
import { OWNER, type Service, startService } from './support/service.js';

// Notifications in the console (docs/notifications.md): a forgotten password reset by email,
// a member's own alerts, texts in the agent configuration, a lead's messages, and an invitation
// the service emails. Email goes to a real SMTP server on loopback; texts to Twilio's API as a
// loopback server.

const NUMBER = '+441612345678';

let smtp: TestSmtpServer;
let service: Service;
let client: CallagentClient;
let owner: NodeSession;
let member: Awaited<ReturnType<typeof addPerson>>;
let browser: Browser;

/** The mails to `to` received so far. */
function mailsTo(to: string) {
  return smtp.mails.filter((m) => m.envelope.to.includes(to));
}

async function mailTo(to: string, subject: RegExp) {
  await expect
    .poll(() => mailsTo(to).some((m) => subject.test(m.parsed.subject ?? '')), { timeout: 15_000 })
    .toBe(true);
  const mail = mailsTo(to).find((m) => subject.test(m.parsed.subject ?? ''));
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  service = await startService({ SMTP_URL: smtp.url, SMTP_FROM: 'Acme Homes <desk@acme.test>' });
  const setup = await ownerSetup(service.url);
  client = setup.client;
  owner = setup.session;
  const account = service.twilio.addAccount([NUMBER]);
  await asSession(service.url, owner, 'POST', '/api/v1/phone-numbers', {
    number: NUMBER,
    provider: 'twilio',
    twilio_account_sid: account.sid,
    twilio_auth_token: account.token,
  });
  member = await addPerson(service.url, owner, 'member');
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await smtp?.close();
});

describe('notifications in the console', () => {
  it('resets a forgotten password by the emailed link, once', async () => {
    const { page } = browser;
    await page.goto(service.url);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(member.email);
    await expectAccessible(page, 'forgot password');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByText(/a link to choose a new password is on its way/).waitFor();
    const mail = await mailTo(member.email, /password/i);
    const link = /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? '')?.[0];
    expect(link, mail.parsed.text).toBeDefined();
    await page.goto(link ?? '');
    await page.getByLabel('New password').fill('a brand new long password');
    await page.getByLabel('The same again').fill('a brand new long password');
    await expectAccessible(page, 'reset password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Password changed').waitFor();
    // The link is spent: used again, it is refused in words.
    browser.guard.allow(400, 'POST', '/api/v1/auth/password-reset/confirm');
    await page.goto(service.url);
    await page.goto(link ?? '');
    await page.getByLabel('New password').fill('yet another long password');
    await page.getByLabel('The same again').fill('yet another long password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('alert').waitFor();
    await signIn(page, service.url, member.email, 'a brand new long password');
    member.password = 'a brand new long password';
  });

  it('keeps a member’s own alerts: a mobile and a hot seller by text', async () => {
    const { page } = browser;
    await page.goto(`${service.url}/settings/notifications`);
    await page.getByRole('heading', { name: 'Your alerts' }).waitFor();
    // Email and texts are both on here, so nothing says they are off.
    await expect(page.getByText('Some notifications are off').count()).resolves.toBe(0);
    const byText = page.getByRole('checkbox', { name: 'Hot seller by text' });
    await expect(byText.isDisabled()).resolves.toBe(true);
    await page.getByLabel('Your mobile').fill('+447700900555');
    await byText.check();
    await page.getByRole('checkbox', { name: 'Overdue task by email' }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await expectAccessible(page, 'notification settings');
    await screenshot(page, 'settings-notifications', 'desktop');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Hot seller by text' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('checkbox', { name: 'Overdue task by email' }).isChecked()).resolves.toBe(
      false,
    );
    await expect(page.getByLabel('Your mobile').inputValue()).resolves.toBe('+447700900555');
  });

  it('lists a lead’s texts once the agent configuration turns texts on', async () => {
    const draft = await client.agent.getDraft();
    await client.agent.putDraft({
      config: { ...draft.config, texts: { ...draft.config.texts, enabled: true } },
    });
    await client.agent.publish();
    const lead = await client.leads.create({ name: 'Sarah Jones', phone: '07700 900111' });
    const landline = await client.leads.create({ name: 'Tom Hall', phone: '0161 496 0000' });
    const starts = new Date(Date.now() + 3 * 86_400_000);
    starts.setUTCHours(10, 0, 0, 0);
    await client.bookings.create({ kind: 'viewing', lead_id: lead.id, starts_at: starts });
    const { page } = browser;
    await page.goto(`${service.url}/leads/${lead.id}`);
    const card = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Messages' }) });
    await card.getByText('Booking confirmed').waitFor();
    await card.getByText('Reminder').first().waitFor();
    await expect(card.textContent()).resolves.toContain('Sarah Jones');
    await expectAccessible(page, 'lead messages');
    await screenshot(page, 'lead-messages', 'desktop');
    // A landline cannot take a text, and the page says so.
    await page.goto(`${service.url}/leads/${landline.id}`);
    await page.getByText(/No texts go to this seller/).waitFor();
  });

  it('edits the wording of the texts in the agent configuration', async () => {
    const admin = await openBrowser();
    try {
      const { page } = admin;
      await signIn(page, service.url, OWNER.email, OWNER.password);
      await page.getByRole('link', { name: 'Agent' }).click();
      await page.getByRole('button', { name: 'Texts to sellers' }).click();
      await expect(
        page.getByRole('switch', { name: 'Text sellers to confirm and remind' }).isChecked(),
      ).resolves.toBe(true);
      await page
        .getByLabel('Text: booking confirmed')
        .fill('{business}: see you {day} at {time}, {name}. Reply C to cancel.');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.getByText(/Draft: not live/).waitFor();
      await expectAccessible(page, 'agent texts');
      const saved = await client.agent.getDraft();
      expect(saved.config.texts.wording.booking_confirmed).toBe(
        '{business}: see you {day} at {time}, {name}. Reply C to cancel.',
      );
    } finally {
      await admin.close();
    }
  });

  it('emails an invitation and still shows its link to the inviter', async () => {
    const admin = await openBrowser();
    try {
      const { page } = admin;
      await signIn(page, service.url, OWNER.email, OWNER.password);
      await page.goto(`${service.url}/settings/team`);
      await page.getByLabel('Email').fill('invited@desk.test');
      await page.getByRole('button', { name: 'Invite' }).click();
      await page.getByText(/We are emailing the invitation to invited@desk\.test/).waitFor();
      const link = await page.getByTestId('invitation-link').inputValue();
      const mail = await mailTo('invited@desk.test', /invited you/);
      expect(mail.parsed.text).toContain(link);
    } finally {
      await admin.close();
    }
  });
});
