import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyWebhook } from '../sdk/src/index.js';
import { spawnCli, type WorkerProcess, waitUntil } from './support/processes.js';
import { createTestPki, type Receiver, startReceiver } from './support/receivers.js';

// docs/webhooks.md, "Receiving webhooks on your laptop", end to end: a receiver on its own port
// with a self-signed certificate, the service trusting it through NODE_EXTRA_CA_CERTS and
// allowing loopback with WEBHOOK_ALLOW_PRIVATE_NETWORKS, the endpoint created through the API,
// and POST /api/v1/webhooks/{id}/test sending a signed example the SDK verifies.

const OWNER = { email: 'laptop@example.test', password: 'a long enough password' };
let dir: string;
let service: WorkerProcess;
let receiver: Receiver;
let base: string;
let secret = '';
const verified: { id: string; type: string }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'callagent-laptop-'));
  const { selfSigned } = await createTestPki();
  const certFile = join(dir, 'receiver-cert.pem');
  writeFileSync(certFile, selfSigned.cert);
  receiver = await startReceiver(selfSigned, (req, res) => {
    try {
      verified.push(verifyWebhook(req.body, req.headers, secret));
      res.writeHead(204).end();
    } catch {
      res.writeHead(400).end();
    }
  });
  service = await spawnCli(
    ['serve'],
    {
      DATA_DIR: join(dir, 'data'),
      PORT: '0',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      NODE_EXTRA_CA_CERTS: certFile,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      BOOTSTRAP_OWNER_EMAIL: OWNER.email,
      BOOTSTRAP_OWNER_PASSWORD: OWNER.password,
    },
    'listening on',
  );
  base = /listening on (http:\/\/[^\s"]+)/.exec(service.output())?.[1] ?? '';
});
afterAll(async () => {
  service?.child.kill('SIGKILL');
  await receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function asOwner(): Promise<(method: string, path: string, body?: unknown) => Promise<Response>> {
  const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  const { csrf_token } = (await signIn.json()) as { csrf_token: string };
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return (method, path, body) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        cookie,
        'x-csrf-token': csrf_token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

it('delivers a signed test event to an HTTPS receiver on the laptop, verified with the SDK, in the delivery log', async () => {
  const owner = await asOwner();
  const created = await owner('POST', '/api/v1/webhooks', {
    url: receiver.url('/callagent', 'localhost'),
    events: ['lead.created', 'call.completed'],
  });
  expect(created.status).toBe(201);
  const endpoint = (await created.json()) as { id: string; signing_secret: string };
  secret = endpoint.signing_secret;

  const sent = await owner('POST', `/api/v1/webhooks/${endpoint.id}/test`, { type: 'call.completed' });
  expect(sent.status).toBe(202);
  const delivery = (await sent.json()) as { id: string; event_id: string; event_type: string };
  expect(delivery.event_id).toMatch(/^evt_test_[0-9a-z]{26}$/);
  expect(delivery.event_type).toBe('call.completed');

  await waitUntil(() => verified.length === 1, 20_000, 'the receiver to verify the test event');
  expect(verified[0]).toMatchObject({ id: delivery.event_id, type: 'call.completed' });
  const log = (await (await owner('GET', `/api/v1/webhooks/${endpoint.id}/deliveries`)).json()) as {
    data: { id: string; status: string }[];
  };
  expect(log.data).toEqual([expect.objectContaining({ id: delivery.id, status: 'succeeded' })]);
  // An example, not something that happened: the event log leaves it out.
  const events = (await (await owner('GET', '/api/v1/events')).json()) as { data: unknown[] };
  expect(events.data).toEqual([]);
  // Without a type: the first type the endpoint subscribes to; a type it does not take: 400.
  const bare = await owner('POST', `/api/v1/webhooks/${endpoint.id}/test`);
  const first = (await bare.json()) as { event_type: string };
  expect(bare.status, JSON.stringify(first)).toBe(202);
  expect(first.event_type).toBe('lead.created');
  const wrong = await owner('POST', `/api/v1/webhooks/${endpoint.id}/test`, { type: 'booking.created' });
  expect(wrong.status).toBe(400);
});
