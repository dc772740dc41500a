import { createHash } from 'node:crypto';

/** Distinct statements a process names; more are sent unnamed (each connection keeps what it prepares). */
export const NAMED_STATEMENT_LIMIT = 500;

// SQLSTATE 0A000 with this message: a prepared statement whose result columns changed under it
// (a migration added a column to a table read with *). PostgreSQL re-plans a prepared statement
// after DDL by itself; only a change of its result shape fails.
const RESULT_TYPE_CHANGED = /cached plan must not change result type/i;

/**
 * Names for server-side prepared statements on PostgreSQL (docs/sizing.md, "Prepared statements").
 * Each connection parses and plans a named statement once and then only binds and runs it: for
 * the lead list that is about half of PostgreSQL's CPU per request, and the key check inside a
 * read's statement (src/auth/key-recheck.ts) costs almost nothing more than the read alone.
 *
 * Only statements with parameters are named: they already go through the extended protocol, one
 * statement per text, so naming changes nothing else. The name is a digest of the text, so every
 * connection of every process agrees on it.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  // Bumped when a prepared statement's result shape changed: every text is prepared afresh.
  private generation = 0;

  constructor(private readonly limit = NAMED_STATEMENT_LIMIT) {}

  /** The name to prepare `sql` under, or undefined to send it unnamed. */
  nameFor(sql: string, params: readonly unknown[] | undefined): string | undefined {
    if (params === undefined || params.length === 0) return undefined;
    const known = this.names.get(sql);
    if (known !== undefined || this.names.size >= this.limit) return known;
    const name = `ca${this.generation}_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
    this.names.set(sql, name);
    return name;
  }

  /**
   * True when `error` says a prepared statement's result shape changed since it was prepared. The
   * names are retired then, so the next use of each text prepares it again under a new name.
   */
  retireOnShapeChange(error: unknown): boolean {
    if (!(error instanceof Error) || (error as { code?: unknown }).code !== '0A000') return false;
    if (!RESULT_TYPE_CHANGED.test(error.message)) return false;
    this.generation += 1;
    this.names.clear();
    return true;
  }

  get size(): number {
    return this.names.size;
  }
}
