import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/support/harness.js';
import {
  aPhoneCall,
  aTwilioLine,
  callFields,
  callsOf,
  converse,
  pathOf,
  ring,
  TEST_SECRETS_KEY,
  TUESDAY_11AM,
  twilioPost,
} from '../../../test/support/twilio.js';
import { find, parseTwiml } from './twiml-parse.js';

// A turn posted by Twilio is committed with the TwiML that answers it, or not at all; a request
// re-sent with the same I-Twilio-Idempotency-Token is answered with that TwiML and takes no
// second turn, on every route that takes a turn. (Instances that die mid-turn:
// replay-death.int.test.ts.)

let t: TestContext;

beforeAll(async () => {
  t = await startTestApp({ SECRETS_KEY: TEST_SECRETS_KEY });
  t.clock.set(TUESDAY_11AM);
});
afterAll(() => t.close());

async function linesOf(callId: string | undefined) {
  return t.db.query<{ speaker: string; text: string }>(
    'SELECT speaker, text FROM call_turns WHERE call_id = $1 ORDER BY seq',
    [callId],
  );
}

async function keptAnswers(callId: string | undefined) {
  const rows = await t.db.query<{ answer: string }>('SELECT answer FROM twilio_replays WHERE call_id = $1', [
    callId,
  ]);
  return rows.map((r) => r.answer);
}

describe('a turn and its kept answer', () => {
  it('commit together: a failure after the turn is written rolls back both, and the retry acts once', async () => {
    const line = await aTwilioLine(t);
    const c = aPhoneCall(line);
    const path = pathOf(t, find(await ring(t, c), 'Gather')?.attrs.action);
    const [row] = await callsOf(t, line);
    const fields = {
      ...callFields(line, c.callSid, c.from),
      SpeechResult: "I'd like to sell my house",
      Confidence: '0.9',
    };
    const headers = { 'i-twilio-idempotency-token': `${c.callSid}-turn-1` };
    const before = await linesOf(row?.id);
    const state = async () =>
      (await t.db.query('SELECT state, updated_at FROM calls WHERE id = $1', [row?.id]))[0];
    const stateBefore = await state();

    // The database refuses the answer, which is written after the turn's transcript and records.
    await t.db.query(`CREATE FUNCTION refuse_answer() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN RAISE EXCEPTION 'the answer cannot be kept'; END $$`);
    await t.db.query(`CREATE TRIGGER refuse_answer BEFORE INSERT OR UPDATE ON twilio_replays
      FOR EACH ROW WHEN (NEW.answer IS NOT NULL) EXECUTE FUNCTION refuse_answer()`);
    const failed = await twilioPost(t, line.token, path, fields, { headers });
    await t.db.query('DROP TRIGGER refuse_answer ON twilio_replays');
    await t.db.query('DROP FUNCTION refuse_answer()');
    expect(failed.statusCode).toBe(500);
    expect(await linesOf(row?.id)).toEqual(before);
    expect(await state()).toEqual(stateBefore);
    expect(await keptAnswers(row?.id)).toEqual([]);

    const retried = await twilioPost(t, line.token, path, fields, { headers });
    expect(retried.statusCode).toBe(200);
    const said = (await linesOf(row?.id)).filter((l) => l.speaker === 'caller');
    expect(said.map((l) => l.text)).toEqual(["I'd like to sell my house"]);
    expect(await keptAnswers(row?.id)).toEqual([retried.body]);
  });

  it('keeps a re-sent dial action (same token) to one turn: the failed transfer is told once', async () => {
    const DESK = '+441610000000';
    const line = await aTwilioLine(t, { transfer: { number: DESK, on_request: true, when_hot: false } });
    const c = aPhoneCall(line);
    const { twiml: dial } = await converse(t, c, await ring(t, c), ['can I speak to someone please']);
    const path = pathOf(t, find(dial, 'Dial')?.attrs.action);
    const fields = {
      ...callFields(line, c.callSid, c.from),
      DialCallSid: 'CAdddddddddddddddddddddddddddddddd',
      DialCallStatus: 'no-answer',
      DialCallDuration: '0',
    };
    const headers = { 'i-twilio-idempotency-token': `${c.callSid}-dial` };
    const first = await twilioPost(t, line.token, path, fields, { headers });
    const again = await twilioPost(t, line.token, path, fields, { headers });
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(find(parseTwiml(first.body), 'Say')?.text).toMatch(/nobody was able to take your call/);
    const [row] = await callsOf(t, line);
    const lines = await linesOf(row?.id);
    expect(lines.filter((l) => l.text.startsWith('The transfer was not answered'))).toHaveLength(1);
    expect(lines.filter((l) => /nobody was able to take your call/.test(l.text))).toHaveLength(1);
  });
});
