import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTenant } from '../../test/support/factories.js';
import { startTestApp, type TestContext } from '../../test/support/harness.js';
import { runTerminalCall } from './terminal-call.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('holds a conversation in the terminal and prints the summary', async () => {
  t.clock.set(Date.parse('2026-11-24T11:00:00Z'));
  const tenant = await createTenant(t.db, t.clock);
  const input = new PassThrough();
  const output = new PassThrough();
  let printed = '';
  output.on('data', (c: Buffer) => {
    printed += c.toString();
  });
  input.end("I'd like to sell my flat\nSarah Jones\n/hangup\n");
  const code = await runTerminalCall(
    ['--workspace', tenant.workspaceId, '--from', '+447700900321'],
    { db: t.db, clock: t.clock },
    { input, output },
  );
  expect(code).toBe(0);
  expect(printed).toMatch(/Agent: .*virtual assistant/);
  expect(printed).toMatch(/Agent: .*Sarah/);
  expect(printed).toMatch(/call completed; summary/);
  const leads = await t.db.query<{ name: string }>('SELECT name FROM leads WHERE workspace_id = $1', [
    tenant.workspaceId,
  ]);
  expect(leads).toEqual([{ name: 'Sarah Jones' }]);
});
