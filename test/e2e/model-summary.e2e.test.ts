import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CallagentClient } from '../../sdk/src/index.js';
import { type ChatServer, NO_READING, startChatServer } from '../support/chat-server.js';
import { purpose } from '../support/language-model.js';
import { type Browser, expectAccessible, openBrowser, signIn } from './support/browser.js';
import { ownerSetup, sellerCall } from './support/seed.js';
import { OWNER, type Service, startService } from './support/service.js';

// The call page shows the language model's summary apart from the record's own, under its own
// label (docs/console.md), with a provider on loopback writing a summary that passes the check.

const WRITTEN = 'Sarah Jones rang about her 3-bed semi at 12 Acacia Avenue, M14 5AB.';

let chat: ChatServer;
let service: Service;
let browser: Browser;
let client: CallagentClient;
let callId: string;

beforeAll(async () => {
  chat = await startChatServer((c) => {
    if (purpose(c) === 'call_summary') return { content: { summary: WRITTEN } };
    if (purpose(c) === 'transcript_reading') return { content: NO_READING };
    return { content: { ...NO_READING, answer: null, chosen_time: null } };
  });
  service = await startService({ LLM_BASE_URL: chat.url, LLM_MODEL: 'fake-model' });
  client = (await ownerSetup(service.url)).client;
  const draft = await client.agent.getDraft();
  const open = [{ start: '00:00', end: '23:59' }];
  const week = { mon: open, tue: open, wed: open, thu: open, fri: open, sat: open, sun: open };
  await client.agent.putDraft({
    config: {
      ...draft.config,
      hours: { ...draft.config.hours, week },
      language_model: { enabled: true, max_calls_per_day: 500 },
    },
  });
  await client.agent.publish();
  callId = await sellerCall(client, '+447700900111');
  browser = await openBrowser();
  await signIn(browser.page, service.url, OWNER.email, OWNER.password);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await chat?.close();
});

it("shows the language model's summary under its own label, beside the record's summary", async () => {
  await expect
    .poll(async () => (await client.calls.get(callId)).model_summary, { timeout: 15_000 })
    .toBe(WRITTEN);
  const { page } = browser;
  await page.goto(`${service.url}/calls/${callId}`);
  await page.getByRole('heading', { name: "Language model's summary" }).waitFor();
  await page.getByText(WRITTEN).waitFor();
  await page.getByText(/^Sarah Jones \(new seller\)/).waitFor();
  await expectAccessible(page, "call page with the language model's summary");
});
