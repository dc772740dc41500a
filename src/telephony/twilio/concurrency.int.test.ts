import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';
import {
  aPhoneCall,
  aTwilioLine,
  converse,
  type PhoneCall,
  ring,
  statusCallback,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
  WARM_SELLER,
} from '../../../test/support/twilio.js';
import { verbs } from './twiml-parse.js';

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
});
afterAll(() => t.close());

const FIRST = ['Alice', 'Bruno', 'Chloe', 'Daniel', 'Esther', 'Felix', 'Gemma', 'Harvey'];
const LAST = ['Brown', 'Clarke', 'Davies', 'Evans'];

/** One caller's whole call, their own name in it; Twilio repeats the voice webhook for some. */
async function runCall(c: PhoneCall, name: string, repeatRing: boolean) {
  const greeting = await ring(t, c);
  if (repeatRing) await ring(t, c);
  const lines = WARM_SELLER.map((l) => (l === 'Sarah Jones' ? name : l)).slice(0, -1);
  const { twiml } = await converse(t, c, greeting, lines);
  await statusCallback(t, c);
  return verbs(twiml);
}

describe('many calls at once', () => {
  it('keeps every call, caller and workspace apart under simultaneous turns and Twilio retries', async () => {
    const even = await aTwilioLine(t);
    const odd = await aTwilioLine(t);
    const lines = [even, odd];
    const calls = Array.from({ length: 16 }, (_, i) => ({
      c: aPhoneCall(i % 2 === 0 ? even : odd),
      name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
    }));
    await Promise.all(calls.map(({ c, name }, i) => runCall(c, name, i % 3 === 0)));

    for (const { c, name } of calls) {
      const rows = await t.db.query<{
        workspace_id: string;
        id: string;
        status: string;
        from_number: string;
        lead_name: string;
        lead_phone: string;
      }>(
        `SELECT c.workspace_id, c.id, c.status, c.from_number, l.name AS lead_name, l.phone AS lead_phone
           FROM calls c JOIN leads l ON l.workspace_id = c.workspace_id AND l.id = c.lead_id
          WHERE c.provider_call_id = $1`,
        [c.callSid],
      );
      expect(rows).toHaveLength(1);
      const row = rows[0];
      expect(row).toMatchObject({
        workspace_id: c.line.tenant.workspaceId,
        status: 'completed',
        from_number: c.from,
        lead_name: name,
        lead_phone: c.from,
      });
      const said = await t.db.query<{ text: string }>(
        "SELECT text FROM call_turns WHERE call_id = $1 AND speaker = 'caller' ORDER BY seq",
        [row?.id],
      );
      expect(said.map((s) => s.text)).toContain(name);
      expect(said.map((s) => s.text).filter((x) => /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(x))).toEqual([name]);
    }
    for (const line of lines) {
      const counts = await t.db.query<{ calls: number; completed: number; leads: number }>(
        `SELECT (SELECT count(*)::int FROM calls WHERE workspace_id = $1) AS calls,
                (SELECT count(*)::int FROM events WHERE workspace_id = $1 AND type = 'call.completed') AS completed,
                (SELECT count(*)::int FROM leads WHERE workspace_id = $1) AS leads`,
        [line.tenant.workspaceId],
      );
      expect(counts[0]).toEqual({ calls: 8, completed: 8, leads: 8 });
    }
  });
});
