import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/support/database.js';
import type { Database, Queryable } from './client.js';
import { HeldTransaction } from './held-transaction.js';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await db.query('CREATE TABLE held_notes (id serial PRIMARY KEY, body text NOT NULL)');
});
afterAll(() => db.close());

const note = (body: string) => async (tx: Queryable) => {
  await tx.query('INSERT INTO held_notes (body) VALUES ($1)', [body]);
};

async function notes(): Promise<string[]> {
  const rows = await db.query<{ body: string }>('SELECT body FROM held_notes ORDER BY id');
  return rows.map((r) => r.body);
}

describe('a held transaction', () => {
  it('commits what the work changed with its last write, and only then', async () => {
    await db.query('TRUNCATE held_notes');
    const held = new HeldTransaction(db, note('begun'));
    const work = held.view();
    await work.transaction(note('first'));
    await work.query("INSERT INTO held_notes (body) VALUES ('between')");
    await work.transaction(note('second'));
    expect(await held.finish(note('last'))).toBe(true);
    expect(await notes()).toEqual(['begun', 'first', 'between', 'second', 'last']);
    // Finished, the view is the database itself.
    await work.transaction(note('after'));
    expect(await notes()).toContain('after');
  });

  it('rolls a later transaction that throws back to its own start, keeping the rest', async () => {
    await db.query('TRUNCATE held_notes');
    const held = new HeldTransaction(db, async () => {});
    const work = held.view();
    await work.transaction(note('kept'));
    await expect(
      work.transaction(async (tx) => {
        await note('undone')(tx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await held.finish(async () => {});
    expect(await notes()).toEqual(['kept']);
  });

  it('leaves nothing when abandoned, when its first transaction throws, or when `begin` fails', async () => {
    await db.query('TRUNCATE held_notes');
    const abandoned = new HeldTransaction(db, async () => {});
    await abandoned.view().transaction(note('abandoned'));
    await abandoned.abandon();

    const thrown = new HeldTransaction(db, note('claim'));
    const failing = thrown.view().transaction(async (tx) => {
      await note('thrown')(tx);
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    // Nothing is left to commit: the last write is for the caller to make on its own.
    expect(await thrown.finish(note('never'))).toBe(false);

    const refused = new HeldTransaction(db, async () => {
      throw new Error('not yours');
    });
    await expect(refused.view().transaction(note('refused'))).rejects.toThrow('not yours');
    expect(await refused.finish(note('never'))).toBe(false);
    expect(await notes()).toEqual([]);
  });

  it('runs after-commit work once committed, and never for work rolled back', async () => {
    const ran: string[] = [];
    const kept = new HeldTransaction(db, async () => {});
    await kept.view().transaction(note('kept'));
    kept.view().afterCommit?.(() => ran.push('kept'));
    expect(ran).toEqual([]);
    await kept.finish(async () => {});
    const undone = new HeldTransaction(db, async () => {});
    await undone.view().transaction(note('undone'));
    undone.view().afterCommit?.(() => ran.push('undone'));
    await undone.abandon();
    expect(ran).toEqual(['kept']);
  });

  it('holds no connection for work that opens no transaction', async () => {
    const held = new HeldTransaction(db, async () => {});
    expect(await held.view().query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
    expect(await held.finish(note('never'))).toBe(false);
    expect(await notes()).not.toContain('never');
  });
});
