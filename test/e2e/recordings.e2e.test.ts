import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallagentClient } from '../../sdk/src/index.js';
import type { FakeTwilioRecording } from '../support/fake-twilio.js';
import { type Browser, expectAccessible, openBrowser, screenshot, signIn } from './support/browser.js';
import { completeRecording, type PhoneLine, phoneCall } from './support/phone-call.js';
import { addPerson, asSession, type NodeSession, ownerSetup, publishAllHours } from './support/seed.js';
import { type Service, startService } from './support/service.js';

// An admin turns call recording on; a recorded call then plays on its page with the transcript
// beside it, line by line; a member may listen but not delete; the admin deletes it; a test call
// says it was never recorded (docs/console.md, "Calls" and "Settings").

const NUMBER = '+441615550199';
const CALLER = '+447700900777';
/** What the caller says, a pause apart, so the lines lie apart in the 4-second recording. */
const SAID = ["Hi, I'm looking to sell my house", 'Sarah Jones', '12 Acacia Avenue, M14 5AB'];
const PAUSE_MS = 700;

let service: Service;
let owner: NodeSession;
let client: CallagentClient;
let line: PhoneLine;
let admin: Awaited<ReturnType<typeof addPerson>>;
let member: Awaited<ReturnType<typeof addPerson>>;
let browser: Browser;
let callId: string;
let recording: FakeTwilioRecording;

beforeAll(async () => {
  service = await startService();
  const setup = await ownerSetup(service.url);
  owner = setup.session;
  client = setup.client;
  await publishAllHours(client);
  const account = service.twilio.addAccount([NUMBER]);
  await asSession(service.url, owner, 'POST', '/api/v1/phone-numbers', {
    number: NUMBER,
    provider: 'twilio',
    twilio_account_sid: account.sid,
    twilio_auth_token: account.token,
  });
  line = { number: NUMBER, token: account.token };
  admin = await addPerson(service.url, owner, 'admin');
  member = await addPerson(service.url, owner, 'member');
  browser = await openBrowser();
  await signIn(browser.page, service.url, admin.email, admin.password);
});
afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** Seconds into the recording of each transcript line, as the API gives both. */
async function offsets(id: string): Promise<number[]> {
  const [call, transcript] = await Promise.all([client.calls.get(id), client.calls.transcript(id)]);
  const started = Date.parse(call.recording?.started_at ?? '');
  return transcript.turns.map((t) => Math.max(0, (Date.parse(t.at) - started) / 1000));
}

// The page's audio element, read in the page. The console's policy allows no eval, so the test
// waits by reading it again from here rather than with a predicate run in the page.
interface AudioState {
  time: number;
  paused: boolean;
  seeking: boolean;
  ready: number;
}
const audioState = (page: Page): Promise<AudioState> =>
  page
    .locator('audio')
    .evaluate((a: { currentTime: number; paused: boolean; seeking: boolean; readyState: number }) => ({
      time: a.currentTime,
      paused: a.paused,
      seeking: a.seeking,
      ready: a.readyState,
    }));

/** The next time the audio starts playing it pauses, so its place and the mark can be read at leisure. */
const pauseOnPlay = (page: Page) =>
  page
    .locator('audio')
    .evaluate(
      (a: {
        addEventListener(type: string, listener: () => void, options: { once: boolean }): void;
        pause(): void;
      }) => a.addEventListener('playing', () => a.pause(), { once: true }),
    );

/** Waits for the audio to stand, paused, within half a second of `seconds`. */
async function audioStandsAt(page: Page, seconds: number): Promise<void> {
  await expect
    .poll(() => audioState(page), { timeout: 10_000 })
    .toSatisfy((a: AudioState) => a.paused && !a.seeking && Math.abs(a.time - seconds) < 0.5);
}

describe('call recordings in the console', () => {
  it('lets an admin turn recording on in Settings, with the notice on the agent page', async () => {
    const { page } = browser;
    await page.goto(`${service.url}/settings/workspace`);
    const recordCalls = page.getByRole('switch', { name: 'Record calls' });
    await expect(recordCalls.isChecked()).resolves.toBe(false);
    await page.getByText(/Twilio records every call/).waitFor();
    await recordCalls.check();
    await page.getByText('Saved. Calls are recorded from the next one.').waitFor();
    const ping = await asSession<{ workspace: { call_recording: boolean } }>(
      service.url,
      owner,
      'GET',
      '/api/v1/ping',
    );
    expect(ping.workspace.call_recording).toBe(true);
    await expectAccessible(page, 'workspace settings with recording');
    await screenshot(page, 'settings-recording', 'desktop');

    await page.goto(`${service.url}/agent`);
    const notice = page.getByLabel('Recording notice');
    await expect(notice.inputValue()).resolves.not.toBe('');
  });

  it('plays a recorded call beside its transcript, from the line chosen', async () => {
    const callSid = await phoneCall(service, line, CALLER, SAID, PAUSE_MS);
    recording = await completeRecording(service, line, callSid);
    const [call] = (await client.calls.list({ from: CALLER })).data;
    callId = call?.id ?? '';
    expect(call?.recording?.status).toBe('completed');

    const { page } = browser;
    await page.goto(`${service.url}/calls/${callId}`);
    const audio = page.locator('audio');
    await audio.waitFor();
    await expect(audio.getAttribute('src')).resolves.toBe(`/api/v1/calls/${callId}/recording`);
    await page.getByText(`Recording, ${recording.durationSeconds} s`, { exact: false }).waitFor();
    // The browser reads the MP3's header through the service (a range request) and knows its length.
    await expect.poll(async () => (await audioState(page)).ready, { timeout: 10_000 }).toBeGreaterThan(0);

    // An agent's line well into the recording, the next line some way after it.
    const at = await offsets(callId);
    const lines = page.getByRole('log', { name: 'Transcript' }).getByRole('button');
    await expect(lines.count()).resolves.toBe(at.length);
    const turns = (await client.calls.transcript(callId)).turns;
    const target = turns.findLastIndex(
      (t, i) =>
        t.speaker === 'agent' &&
        (at[i] ?? 0) >= 1 &&
        (at[i] ?? 0) <= recording.durationSeconds - 1 &&
        (at[i + 1] ?? Number.POSITIVE_INFINITY) - (at[i] ?? 0) > 0.3,
    );
    expect(target, `offsets ${at.join(', ')}`).toBeGreaterThan(0);
    const offset = at[target] ?? 0;

    await pauseOnPlay(page);
    await lines.nth(target).click();
    await audioStandsAt(page, offset);
    expect(Math.abs((await audioState(page)).time - offset)).toBeLessThan(0.5);
    await expect(lines.nth(target).getAttribute('aria-current')).resolves.toBe('true');
    await expect(page.locator('[aria-current="true"]').count()).resolves.toBe(1);
    await expectAccessible(page, 'call page with its recording');
    await screenshot(page, 'call-recording', 'desktop');

    // The keyboard does the same: Tab to the first line and press Enter.
    await pauseOnPlay(page);
    await lines.nth(0).focus();
    await page.keyboard.press('Enter');
    await audioStandsAt(page, at[0] ?? 0);
    await expect(lines.nth(target).getAttribute('aria-current')).resolves.toBeNull();
  });

  it('lets a member listen but not delete', async () => {
    const other = await openBrowser();
    try {
      await signIn(other.page, service.url, member.email, member.password);
      await other.page.goto(`${service.url}/calls/${callId}`);
      await other.page.locator('audio').waitFor();
      await other.page.getByRole('heading', { name: 'Transcript' }).waitFor();
      await expect(other.page.getByRole('button', { name: 'Delete recording' }).count()).resolves.toBe(0);
    } finally {
      await other.close();
    }
  });

  it('lets the admin delete the recording, after asking', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Delete recording' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this recording' });
    await dialog.getByText(/deleted here and at Twilio, for good/).waitFor();
    await expectAccessible(page, 'delete recording dialog');
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText(/^Recording deleted on /).waitFor();
    await expect(page.locator('audio').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Delete recording' }).count()).resolves.toBe(0);
    // The transcript stays, without the buttons that played it.
    await page
      .getByRole('log', { name: 'Transcript' })
      .getByText(SAID[1] ?? '')
      .waitFor();
    const call = await client.calls.get(callId);
    expect(call.recording?.status).toBe('deleted');
    expect(service.twilio.recordings.find((r) => r.sid === recording.sid)?.deleted).toBe(true);
  });

  it('says a test call is not recorded', async () => {
    const started = await client.testCalls.start({ from: '+447700900778', agent: 'draft' });
    await client.testCalls.say(started.call_id, { text: SAID[0] ?? '' });
    await client.testCalls.hangup(started.call_id);
    const { page } = browser;
    await page.goto(`${service.url}/calls/${started.call_id}`);
    await page.getByText('Test calls are not recorded.').waitFor();
    await expect(page.locator('audio').count()).resolves.toBe(0);
  });
});
