import { readdirSync, readFileSync } from 'node:fs';
import type { Database } from './client.js';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK = 7_351_204;

/**
 * The database has migrations this build does not know: a newer callagent migrated it. Running
 * older code on a newer schema could corrupt it, so nothing is applied and the start stops.
 */
export class NewerSchemaError extends Error {
  constructor(readonly unknown: string[]) {
    super(`the database has migrations this version does not know: ${unknown.join(', ')}`);
    this.name = 'NewerSchemaError';
  }
}

export interface Migration {
  version: string;
  sql: string;
}

export function readMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      version: name.replace(/\.sql$/, ''),
      sql: readFileSync(new URL(name, MIGRATIONS_DIR), 'utf8'),
    }));
}

/**
 * Applies the committed SQL migrations not yet applied, in one transaction under an
 * advisory lock, so several processes starting together migrate exactly once.
 */
export async function migrate(db: Database): Promise<string[]> {
  const migrations = readMigrations();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const rows = await tx.query<{ version: string }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    const known = new Set(migrations.map((m) => m.version));
    const unknown = [...applied].filter((v) => !known.has(v)).sort();
    if (unknown.length > 0) throw new NewerSchemaError(unknown);
    const done: string[] = [];
    for (const m of migrations) {
      if (applied.has(m.version)) continue;
      await runScript(tx, m.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      done.push(m.version);
    }
    return done;
  });
}

/** Runs a script statement by statement: extended-protocol queries take one statement each. */
async function runScript(tx: { query(sql: string): Promise<unknown> }, sql: string): Promise<void> {
  for (const statement of splitStatements(sql)) await tx.query(statement);
}

export function splitStatements(sql: string): string[] {
  const withoutComments = sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n');
  return withoutComments
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
