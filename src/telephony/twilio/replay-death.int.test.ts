import { randomBytes } from 'node:crypto';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeTwilioApi } from '../../../test/support/fake-twilio.js';
import {
  createPostgresForProcesses,
  postgresForProcesses,
  type SharedDatabase,
  spawnCli,
  type WorkerProcess,
  waitUntil,
} from '../../../test/support/processes.js';
import { aCallerNumber, aCallSid, callFields } from '../../../test/support/twilio.js';
import type { Database } from '../../db/client.js';
import { systemClock } from '../../lib/clock.js';
import { createSecretBox, parseSecretsKey } from '../../lib/encryption.js';
import type { PausePoint } from '../../lib/test-pause.js';
import { registerPhoneNumber } from '../../modules/phone-numbers/phone-numbers.service.js';
import { createTwilioNumberCheck } from '../../modules/phone-numbers/twilio-account.js';
import { createOwnerAndWorkspace } from '../../modules/workspaces/workspaces.service.js';

// Two instances on one PostgreSQL database, as behind a load balancer. The one taking a Gather
// turn is stopped for good at a point of the turn (TEST_PAUSE_AT) and killed there with SIGKILL;
// the same request, re-sent to the other with the same I-Twilio-Idempotency-Token, is answered
// at once and the caller's words are recorded once.

const PUBLIC_URL = 'https://callagent.example.test';
const SECRETS_KEY = randomBytes(32).toString('base64');
const line = { number: '+441610000002', token: '' };

let shared: SharedDatabase;
let db: Database;
let survivor: Instance;
const children: WorkerProcess[] = [];

interface Instance {
  process: WorkerProcess;
  url: string;
}

async function startInstance(pauseAt?: PausePoint): Promise<Instance> {
  const env: Record<string, string> = {
    DATABASE_URL: shared.url ?? '',
    SECRETS_KEY,
    PUBLIC_URL,
    PORT: '0',
    ...(pauseAt ? { TEST_PAUSE_AT: pauseAt } : {}),
  };
  const started = await spawnCli(['serve', '--no-worker'], env, 'listening on');
  children.push(started);
  return { process: started, url: /listening on (http:\/\/[^\s"]+)/.exec(started.output())?.[1] ?? '' };
}

function post(to: Instance, path: string, fields: Record<string, string>, token?: string) {
  return fetch(`${to.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': getExpectedTwilioSignature(line.token, `${PUBLIC_URL}${path}`, fields),
      ...(token ? { 'i-twilio-idempotency-token': token } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

/** A call answered by the survivor: its id, the Gather's path and the turn Twilio will post. */
async function aCallInProgress() {
  const fields = callFields(line, aCallSid(), aCallerNumber());
  const greeting = await (await post(survivor, '/telephony/twilio/voice', fields)).text();
  const action = /<Gather [^>]*action="([^"]+)"/.exec(greeting)?.[1]?.replaceAll('&amp;', '&') ?? '';
  return {
    callId: new URL(action).searchParams.get('call') ?? '',
    path: action.slice(PUBLIC_URL.length),
    turn: { ...fields, SpeechResult: "I'd like to sell my house", Confidence: '0.9' },
    token: `${fields.CallSid}-turn-1`,
  };
}

async function callerLines(callId: string): Promise<string[]> {
  const rows = await db.query<{ text: string }>(
    "SELECT text FROM call_turns WHERE call_id = $1 AND speaker = 'caller' ORDER BY seq",
    [callId],
  );
  return rows.map((r) => r.text);
}

async function keptAnswer(callId: string, token: string): Promise<string | undefined> {
  const rows = await db.query<{ answer: string }>(
    'SELECT answer FROM twilio_replays WHERE call_id = $1 AND token = $2',
    [callId, token],
  );
  return rows[0]?.answer;
}

/** Starts the turn on an instance that stops at `point`, waits until it is there, and kills it. */
async function dieMidTurn(point: PausePoint, call: Awaited<ReturnType<typeof aCallInProgress>>) {
  const doomed = await startInstance(point);
  // It never answers: the connection breaks when the process dies.
  const lost = post(doomed, call.path, call.turn, call.token).catch(() => null);
  await waitUntil(() => doomed.process.output().includes('"event":"test.paused"'), 20_000, 'the pause');
  return {
    async kill() {
      doomed.process.child.kill('SIGKILL');
      await doomed.process.exited;
      expect(await lost).toBeNull();
    },
  };
}

describe.skipIf(!postgresForProcesses)('a Gather turn whose instance dies mid-turn', () => {
  beforeAll(async () => {
    shared = await createPostgresForProcesses();
    db = await shared.open();
    const { workspaceId } = await createOwnerAndWorkspace(db, systemClock, {
      email: 'replay@example.test',
      password: 'a long enough password',
      name: 'Replay',
      workspaceName: 'Replay',
    });
    const box = createSecretBox(parseSecretsKey(SECRETS_KEY));
    // Twilio's REST API, on loopback, vouches that the number is on the account (docs/telephony.md).
    const twilio = await startFakeTwilioApi(inject('twilioTls'));
    const account = twilio.addAccount([line.number]);
    line.token = account.token;
    const checkTwilioNumber = createTwilioNumberCheck({ baseUrl: twilio.url, ca: twilio.ca });
    await registerPhoneNumber(
      { db, clock: systemClock, secrets: () => box, checkTwilioNumber },
      workspaceId,
      {
        number: line.number,
        provider: 'twilio',
        twilio_account_sid: account.sid,
        twilio_auth_token: account.token,
      },
    );
    await twilio.close();
    survivor = await startInstance();
  }, 120_000);

  afterAll(async () => {
    for (const c of children) c.child.kill('SIGKILL');
    await db?.close();
    await shared?.drop();
  });

  it('killed after the turn committed: the re-sent request gets the kept TwiML at once, one turn', async () => {
    const call = await aCallInProgress();
    const doomed = await dieMidTurn('twilio-turn-committed', call);
    await doomed.kill();
    const kept = await keptAnswer(call.callId, call.token);
    expect(kept).toMatch(/<Gather /);

    const sent = Date.now();
    const again = await post(survivor, call.path, call.turn, call.token);
    const waited = Date.now() - sent;
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(kept);
    expect(waited, `the re-sent request waited ${waited} ms`).toBeLessThan(2_000);
    expect(await callerLines(call.callId)).toEqual(["I'd like to sell my house"]);
  });

  it('killed before the turn committed: the re-sent request waits only until the dead connection is gone', async () => {
    const call = await aCallInProgress();
    const doomed = await dieMidTurn('twilio-turn-written', call);
    // The doomed instance holds the call's row lock, with the turn and its answer written but
    // not committed: the re-sent request waits for it.
    const again = post(survivor, call.path, call.turn, call.token);
    await waitUntil(
      async () =>
        (
          await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        )[0]?.n === 1,
      10_000,
      'the re-sent request to wait for the call row',
    );
    const killed = Date.now();
    await doomed.kill();
    const answer = await again;
    const waited = Date.now() - killed;
    expect(answer.status).toBe(200);
    const twiml = await answer.text();
    expect(twiml).toMatch(/<Gather /);
    expect(await keptAnswer(call.callId, call.token)).toBe(twiml);
    expect(waited, `answered ${waited} ms after the kill`).toBeLessThan(2_000);
    expect(await callerLines(call.callId)).toEqual(["I'd like to sell my house"]);
  });
});
