import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeTwilioApi, startFakeTwilioApi } from '../../../test/support/fake-twilio.js';
import {
  createDatabaseForProcess,
  type SharedDatabase,
  spawnCli,
  type WorkerProcess,
  waitUntil,
} from '../../../test/support/processes.js';
import { aBusinessNumber, aCallerNumber } from '../../../test/support/twilio.js';
import { createSecretBox, parseSecretsKey } from '../../lib/encryption.js';
import { newId } from '../../lib/ids.js';
import type { PausePoint } from '../../lib/test-pause.js';
import { queueMessages } from '../../modules/messages/outbox.repo.js';
import { insertPhoneNumber } from '../../modules/phone-numbers/phone-numbers.repo.js';
import { insertWorkspace } from '../../modules/workspaces/workspaces.repo.js';

// Real `callagent worker` processes killed with SIGKILL at the two dangerous points of a text:
// after its claim committed and before the send, and after the send and before its record. Either
// way the text reaches Twilio exactly once (docs/notifications.md, Sending: after a crash).

const SECRETS_KEY = randomBytes(32).toString('base64');
let dir: string;
let caFile: string;
let twilio: FakeTwilioApi;
const children: WorkerProcess[] = [];
const databases: SharedDatabase[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'callagent-sender-'));
  caFile = join(dir, 'ca.pem');
  const tls = inject('twilioTls');
  // The child trusts the fake Twilio's CA the way production trusts a private CA.
  writeFileSync(caFile, tls.ca);
  twilio = await startFakeTwilioApi(tls);
});
afterAll(async () => {
  for (const c of children) c.child.kill('SIGKILL');
  await twilio.close();
  await Promise.all(databases.map((d) => d.drop()));
  rmSync(dir, { recursive: true, force: true });
});

interface Seeded {
  db: SharedDatabase;
  dataDir: string;
  from: string;
  to: string;
  messageId: string;
}

/** A workspace, its number on a fake Twilio account, and one text due now. */
async function seed(): Promise<Seeded> {
  const dataDir = mkdtempSync(join(dir, 'data-'));
  const db = await createDatabaseForProcess(dataDir);
  databases.push(db);
  const conn = await db.open();
  const box = createSecretBox(parseSecretsKey(SECRETS_KEY));
  const now = new Date();
  const workspaceId = newId('ws');
  await insertWorkspace(conn, workspaceId, 'Sender test', now);
  const from = aBusinessNumber();
  const account = twilio.addAccount([from]);
  const phoneId = newId('pn');
  await insertPhoneNumber(conn, {
    workspace_id: workspaceId,
    id: phoneId,
    number: from,
    provider: 'twilio',
    auth_token_ciphertext: box.seal(account.token, phoneId),
    account_sid_ciphertext: box.seal(account.sid, `${phoneId}:account_sid`),
    created_at: now,
  });
  const to = aCallerNumber();
  const key = `test:${newId('msg')}`;
  await conn.transaction((tx) =>
    queueMessages(
      tx,
      [
        {
          workspaceId,
          channel: 'sms',
          purpose: 'booking_confirmed',
          key,
          recipient: to,
          sender: from,
          body: 'Your viewing is booked for Saturday at 11:00.',
          quietHours: false,
        },
      ],
      now,
    ),
  );
  const rows = await conn.query<{ id: string }>('SELECT id FROM messages WHERE idempotency_key = $1', [key]);
  await conn.close();
  return { db, dataDir, from, to, messageId: rows[0]?.id ?? '' };
}

async function startWorker(s: Seeded, pause?: PausePoint): Promise<WorkerProcess> {
  const w = await spawnCli(
    ['worker'],
    {
      ...(s.db.url ? { DATABASE_URL: s.db.url } : { DATA_DIR: s.dataDir }),
      SECRETS_KEY,
      NODE_EXTRA_CA_CERTS: caFile,
      TWILIO_API_URL: twilio.url,
      PUBLIC_URL: 'https://callagent.test',
      ...(pause ? { TEST_PAUSE_AT: pause } : {}),
    },
    'callagent worker delivering webhooks and sending messages',
  );
  children.push(w);
  return w;
}

/** Kills the worker where it paused, then ages the lease as the passing minute would. */
async function killPaused(s: Seeded, w: WorkerProcess): Promise<void> {
  await waitUntil(() => w.output().includes('paused for a test'), 60_000, 'the worker to pause');
  w.child.kill('SIGKILL');
  await w.exited;
  const conn = await s.db.open();
  const leased = await conn.query(
    `UPDATE messages SET locked_until = now() - interval '1 second'
      WHERE id = $1 AND locked_until IS NOT NULL RETURNING id`,
    [s.messageId],
  );
  await conn.close();
  expect(leased).toHaveLength(1);
}

/** Lets a worker run until it records the text, stops it, and answers the message's row. */
async function finish(s: Seeded) {
  const w = await startWorker(s);
  await waitUntil(() => w.output().includes('"message sent"'), 60_000, 'the text to be recorded');
  w.child.kill('SIGTERM');
  expect(await w.exited).toBe(0);
  const conn = await s.db.open();
  const [row] = await conn.query<{ status: string; provider_id: string | null; attempts: number }>(
    'SELECT status, provider_id, attempts FROM messages WHERE id = $1',
    [s.messageId],
  );
  const attempts = await conn.query<{ reply: string | null }>(
    'SELECT reply FROM message_attempts WHERE message_id = $1 ORDER BY id',
    [s.messageId],
  );
  await conn.close();
  return { row, attempts };
}

const posts = (to: string) => twilio.requests.filter((r) => r.method === 'POST' && r.form.get('To') === to);
const lookups = (to: string) => twilio.requests.filter((r) => r.method === 'GET' && r.query.get('To') === to);

describe('a worker killed between the claim and the send', () => {
  it('loses nothing: after a restart the text is sent, once', { timeout: 180_000 }, async () => {
    const s = await seed();
    await killPaused(s, await startWorker(s, 'message-claimed'));
    expect(posts(s.to)).toEqual([]);
    const { row } = await finish(s);
    const sent = twilio.messages.filter((m) => m.to === s.to);
    expect(sent).toHaveLength(1);
    expect(posts(s.to)).toHaveLength(1);
    expect(row).toMatchObject({ status: 'sent', provider_id: sent[0]?.sid });
  });
});

describe('a worker killed between the send and its record', () => {
  it('does not send again: the restarted worker finds the text at Twilio and records it', {
    timeout: 180_000,
  }, async () => {
    const s = await seed();
    await killPaused(s, await startWorker(s, 'message-sent'));
    expect(posts(s.to)).toHaveLength(1);
    const { row, attempts } = await finish(s);
    const sent = twilio.messages.filter((m) => m.to === s.to);
    expect(sent).toHaveLength(1);
    expect(posts(s.to)).toHaveLength(1);
    const [lookup] = lookups(s.to);
    expect(lookup?.query.get('From')).toBe(s.from);
    expect(lookup?.query.get('DateSent>')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(row).toMatchObject({ status: 'sent', provider_id: sent[0]?.sid });
    expect(attempts.map((a) => a.reply)).toEqual([`Already sent as ${sent[0]?.sid} (sent): not sent again`]);
  });
});
