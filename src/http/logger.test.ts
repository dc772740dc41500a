import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { createLogger } from './logger.js';

// Error logs carry what went wrong, never the values of a row (docs/privacy.md, "Logs").

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

it('leaves out the fields in which a database error quotes the values it refused', () => {
  const { logger, lines } = capture();
  const error = Object.assign(
    new Error('duplicate key value violates unique constraint "leads_workspace_id_phone_key"'),
    {
      code: '23505',
      constraint: 'leads_workspace_id_phone_key',
      detail: 'Key (workspace_id, phone)=(ws_1, +447700900123) already exists.',
      where: 'SQL function "lead_search" statement 1: Sarah Jones',
      internalQuery: "SELECT 'Sarah Jones'",
      parameters: ['Sarah Jones', '+447700900123'],
    },
  );
  logger.error({ err: error }, 'unexpected fault');
  const line = lines.join('');
  expect(line).toContain('23505');
  expect(line).toContain('leads_workspace_id_phone_key');
  expect(line).not.toContain('+447700900123');
  expect(line).not.toContain('Sarah');
});
