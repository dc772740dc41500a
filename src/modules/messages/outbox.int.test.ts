import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/database.js';
import { createUser, createWorkspace } from '../../../test/support/factories.js';
import type { Database } from '../../db/client.js';
import { ManualClock } from '../../lib/clock.js';
import { cancelPendingMessages, type NewMessage, queueMessages } from './outbox.repo.js';

let db: Database;
let workspaceId: string;
const clock = new ManualClock(new Date('2026-11-27T10:00:00Z'));

beforeAll(async () => {
  db = await openTestDatabase();
  workspaceId = await createWorkspace(db, clock, await createUser(db, clock));
});
afterAll(() => db.close());

function reminder(key: string, bookingId: string): NewMessage {
  return {
    workspaceId,
    channel: 'sms',
    purpose: 'booking_reminder',
    key,
    recipient: '+447700900123',
    sender: '+441612345678',
    bookingId,
    body: 'Reminder',
    sendAfter: new Date('2026-11-28T09:00:00Z'),
    quietHours: true,
  };
}

describe('the message outbox', () => {
  it('queues a key once, in the transaction, and never for a rollback', async () => {
    const at = clock.now();
    expect(await db.transaction((tx) => queueMessages(tx, [reminder('r:bk_1:a', 'bk_1')], at))).toBe(1);
    expect(await db.transaction((tx) => queueMessages(tx, [reminder('r:bk_1:a', 'bk_1')], at))).toBe(0);
    await expect(
      db.transaction(async (tx) => {
        await queueMessages(tx, [reminder('r:bk_1:b', 'bk_1')], at);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rows = await db.query<{ idempotency_key: string; status: string; next_attempt_at: Date }>(
      'SELECT idempotency_key, status, next_attempt_at FROM messages WHERE booking_id = $1',
      ['bk_1'],
    );
    expect(rows).toEqual([
      { idempotency_key: 'r:bk_1:a', status: 'pending', next_attempt_at: new Date('2026-11-28T09:00:00Z') },
    ]);
  });

  it("cancels a booking's pending messages but those it is told to keep", async () => {
    const at = clock.now();
    await db.transaction((tx) =>
      queueMessages(tx, [reminder('r:bk_2:old', 'bk_2'), reminder('r:bk_2:new', 'bk_2')], at),
    );
    const cancelled = await db.transaction((tx) =>
      cancelPendingMessages(
        tx,
        workspaceId,
        { bookingId: 'bk_2', purposes: ['booking_reminder'] },
        ['r:bk_2:new'],
        'The booking moved.',
        at,
      ),
    );
    expect(cancelled).toBe(1);
    const rows = await db.query<{ idempotency_key: string; status: string }>(
      'SELECT idempotency_key, status FROM messages WHERE booking_id = $1 ORDER BY idempotency_key',
      ['bk_2'],
    );
    expect(rows).toEqual([
      { idempotency_key: 'r:bk_2:new', status: 'pending' },
      { idempotency_key: 'r:bk_2:old', status: 'cancelled' },
    ]);
  });
});
