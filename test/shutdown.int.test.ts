import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { systemClock } from '../src/lib/clock.js';
import { createSecretBox, parseSecretsKey } from '../src/lib/encryption.js';
import { registerPhoneNumber } from '../src/modules/phone-numbers/phone-numbers.service.js';
import { createTwilioNumberCheck } from '../src/modules/phone-numbers/twilio-account.js';
import { createOwnerAndWorkspace } from '../src/modules/workspaces/workspaces.service.js';
import { ROOT } from './support/built-cli.js';
import { startFakeTwilioApi } from './support/fake-twilio.js';
import {
  createPostgresForProcesses,
  type SharedDatabase,
  spawnCli,
  type WorkerProcess,
  waitUntil,
} from './support/processes.js';

// Stopping, whatever started the service: a signal to `npm start` stops the service itself (the
// port and the data directory are free again); while draining /readyz answers 503; a Gather turn
// in flight when the signal comes is answered before the process exits.

const dirs: string[] = [];
const children: ChildProcess[] = [];
const databases: SharedDatabase[] = [];
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await Promise.all(databases.map((d) => d.drop()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function scratch(): string {
  const d = mkdtempSync(join(tmpdir(), 'callagent-stop-'));
  dirs.push(d);
  return d;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const baseUrl = (output: string) => /listening on (http:\/\/[^\s"]+)/.exec(output)?.[1];

async function npmStart(
  dataDir: string,
): Promise<{ npm: ChildProcess; url: string; exited: Promise<unknown> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' };
  for (const k of ['DATABASE_URL', 'SECRETS_KEY', 'BOOTSTRAP_OWNER_EMAIL', 'BOOTSTRAP_OWNER_PASSWORD'])
    delete env[k];
  const npm = spawn('npm', ['start'], { cwd: ROOT, env });
  children.push(npm);
  const exited = new Promise((resolve) => npm.once('exit', resolve));
  let output = '';
  npm.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  npm.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  await waitUntil(() => baseUrl(output) !== undefined, 60_000, `npm start to listen:\n${output}`);
  return { npm, url: baseUrl(output) ?? '', exited };
}

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('stops the service itself on %s to npm', async (signal) => {
    const dir = scratch();
    const { npm, url, exited } = await npmStart(dir);
    const lock = join(dir, 'callagent.lock');
    const servicePid = Number.parseInt(readFileSync(lock, 'utf8'), 10);
    expect(servicePid).not.toBe(npm.pid);
    npm.kill(signal);
    await exited;
    await waitUntil(() => !isRunning(servicePid), 20_000, 'the service to stop after npm');
    expect(existsSync(lock)).toBe(false);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});

describe('a stopping service', () => {
  it('answers /readyz 503 while it drains, still serves, and exits 0', async () => {
    const dir = scratch();
    const service = await spawnCli(
      ['serve'],
      { DATA_DIR: dir, PORT: '0', SHUTDOWN_DRAIN_DELAY: '3' },
      'listening on',
    );
    children.push(service.child);
    const url = baseUrl(service.output()) ?? '';
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    service.child.kill('SIGTERM');
    await waitUntil(
      async () => (await fetch(`${url}/readyz`)).status === 503,
      5_000,
      '/readyz to answer 503',
    );
    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toEqual({ ok: false, reason: 'shutting down' });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await service.exited).toBe(0);
    expect(existsSync(join(dir, 'callagent.lock'))).toBe(false);
  });

  it('exits within SHUTDOWN_TIMEOUT when a request in flight never finishes', async () => {
    const dir = scratch();
    const service = await spawnCli(
      ['serve'],
      { DATA_DIR: dir, PORT: '0', SHUTDOWN_TIMEOUT: '2' },
      'listening on',
    );
    children.push(service.child);
    const url = new URL(baseUrl(service.output()) ?? '');
    // A client that announced a body and stopped sending it: the request stays in flight.
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email"',
    );
    socket.on('error', () => {});
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(6_000);
    socket.destroy();
  });

  it('answers a Gather turn in flight before it exits', async () => {
    const shared = await createPostgresForProcesses();
    databases.push(shared);
    const db = await shared.open();
    const secretsKey = randomBytes(32).toString('base64');
    const publicUrl = 'https://callagent.example.test';
    const { workspaceId } = await createOwnerAndWorkspace(db, systemClock, {
      email: 'stop@example.test',
      password: 'a long enough password',
      name: 'Stop',
      workspaceName: 'Stop',
    });
    const twilio = await startFakeTwilioApi(inject('twilioTls'));
    const number = '+441610000001';
    const account = twilio.addAccount([number]);
    const line = { number, token: account.token };
    const box = createSecretBox(parseSecretsKey(secretsKey));
    const checkTwilioNumber = createTwilioNumberCheck({ baseUrl: twilio.url, ca: twilio.ca });
    await registerPhoneNumber(
      { db, clock: systemClock, secrets: () => box, checkTwilioNumber },
      workspaceId,
      {
        number,
        provider: 'twilio',
        twilio_account_sid: account.sid,
        twilio_auth_token: account.token,
      },
    );
    await twilio.close();
    const service: WorkerProcess = await spawnCli(
      ['serve', '--no-worker'],
      { DATABASE_URL: shared.url ?? '', SECRETS_KEY: secretsKey, PUBLIC_URL: publicUrl, PORT: '0' },
      'listening on',
    );
    children.push(service.child);
    const url = baseUrl(service.output()) ?? '';
    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': getExpectedTwilioSignature(line.token, `${publicUrl}${path}`, fields),
        },
        body: new URLSearchParams(fields),
      });
    const fields = {
      AccountSid: `AC${'0'.repeat(32)}`,
      CallSid: `CA${randomBytes(16).toString('hex')}`,
      CallStatus: 'in-progress',
      From: '+447700900777',
      To: line.number,
      Direction: 'inbound',
    };
    const answer = await (await post('/telephony/twilio/voice', fields)).text();
    const action = /<Gather [^>]*action="([^"]+)"/.exec(answer)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const gatherPath = action.slice(publicUrl.length);
    const callId = new URL(action).searchParams.get('call') ?? '';

    // The test holds the call's row, so the turn waits in the service for as long as it likes.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The row is held before the turn is sent, and the wait below counts only other connections:
    // otherwise this transaction, queued behind the service's own write of the answered call,
    // could pass for the turn while the turn has not reached the service yet.
    let holder = 0;
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = db.transaction(async (tx) => {
      holder = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]?.pid ?? 0;
      await tx.query('SELECT 1 FROM calls WHERE id = $1 FOR UPDATE', [callId]);
      locked();
      await held;
    });
    await lockTaken;
    const turn = post(gatherPath, {
      ...fields,
      SpeechResult: "I'd like to sell my house",
      Confidence: '0.9',
    });
    await waitUntil(
      async () =>
        (
          await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1",
            [holder],
          )
        )[0]?.n === 1,
      10_000,
      'the turn to wait for the call row',
    );
    service.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(service.child.exitCode).toBeNull();
    release();
    await holding;
    const reply = await turn;
    expect(reply.status).toBe(200);
    expect(await reply.text()).toMatch(/<Response>.*<(Say|Gather)/s);
    expect(await service.exited, service.output()).toBe(0);
    await db.close();
  });
});
