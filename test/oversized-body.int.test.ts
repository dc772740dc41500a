import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnCli, type WorkerProcess } from './support/processes.js';

// An upload larger than the body limit is answered 413 before it has all arrived. The client
// must still read that answer: the service reads the rest and discards it, rather than closing
// the connection under a client that is still sending (which the client sees as EPIPE and no
// answer). Over a real socket to the service's own process, as a client would meet it.

let dir: string;
let service: WorkerProcess;
let base: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'callagent-413-'));
  service = await spawnCli(
    ['serve', '--no-worker'],
    { DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'info' },
    'listening on',
  );
  base = /listening on (http:\/\/[^\s"]+)/.exec(service.output())?.[1] ?? '';
});
afterAll(() => {
  service?.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function upload(path: string, contentType: string, size: number): Promise<{ status: number; text: string }> {
  const body = Buffer.alloc(size, 'a');
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method: 'POST', headers: { 'content-type': contentType, 'content-length': body.length } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

it('lets a client sending 8 MiB of JSON read the 413, every time', async () => {
  for (let i = 0; i < 4; i++) {
    const answer = await upload('/api/v1/auth/sign-in', 'application/json', 8 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'payload_too_large' } });
  }
});

it('does the same for an oversized Twilio form', async () => {
  const answer = await upload(
    '/telephony/twilio/voice',
    'application/x-www-form-urlencoded',
    8 * 1024 * 1024,
  );
  expect(answer.status).toBe(413);
});
