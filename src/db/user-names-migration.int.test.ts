import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/support/database.js';
import type { Database } from './client.js';
import { migrate } from './migrate.js';

// Migration 0020 on a database that already holds people: an owner the first start named after
// their email is asked for a name; people who named themselves are not (docs/api.md, "Your name
// and password").

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
  // The schema as it was before 0020.
  await db.query('ALTER TABLE users DROP COLUMN name_chosen');
  await db.query("DELETE FROM schema_migrations WHERE version = '0020_user_names'");
});
afterAll(() => db.close());

describe('migration 0020 (names people chose)', () => {
  it('marks as unchosen only names that are their email’s local part', async () => {
    const at = new Date('2026-01-05T09:00:00.000Z');
    for (const [id, email, name] of [
      ['usr_owner', 'owner@desk.test', 'owner'],
      ['usr_priya', 'priya@desk.test', 'Priya Shah'],
    ]) {
      await db.query(
        "INSERT INTO users (id, email, name, password_hash, created_at) VALUES ($1, $2, $3, 'x', $4)",
        [id, email, name, at],
      );
    }
    expect(await migrate(db)).toEqual(['0020_user_names']);
    const rows = await db.query<{ id: string; name_chosen: boolean }>(
      "SELECT id, name_chosen FROM users WHERE id IN ('usr_owner', 'usr_priya') ORDER BY id",
    );
    expect(rows).toEqual([
      { id: 'usr_owner', name_chosen: false },
      { id: 'usr_priya', name_chosen: true },
    ]);
  });
});
