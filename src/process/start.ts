import { rmSync } from 'node:fs';
import type { Config } from '../config.js';
import { claimDataDir } from './data-dir.js';
import { migrateOrExplain, type OpenedDatabase, openCheckedPostgres, openEmbedded } from './open-database.js';
import { startFailureLine } from './start-error.js';

/** Undo steps of a start, run newest first if the start fails, so it leaves nothing half-made. */
export class Rollback {
  private readonly steps: (() => unknown)[] = [];

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    for (const step of this.steps.reverse()) {
      try {
        await step();
      } catch {
        // Undoing is best effort: the line that says why the start failed matters more.
      }
    }
    this.steps.length = 0;
  }
}

/**
 * Runs a command's start. A failure undoes what the start made and ends the process with one
 * line on stderr; `showStack` (LOG_LEVEL debug or trace) adds the stack for a developer.
 */
export async function startOrExit<T>(run: (rollback: Rollback) => Promise<T>, showStack = false): Promise<T> {
  const rollback = new Rollback();
  try {
    return await run(rollback);
  } catch (error) {
    await rollback.run();
    process.stderr.write(`callagent: ${startFailureLine(error)}\n`);
    if (showStack && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  }
}

export interface Store extends OpenedDatabase {
  /** Closes the database and gives the data directory back. */
  close(): Promise<void>;
}

/**
 * The database a command works on, migrated: PostgreSQL at DATABASE_URL, or the embedded one in
 * DATA_DIR (claimed for this process first, so nothing is written to a directory another
 * callagent holds). A failed start closes it and removes what it created.
 */
export async function openStore(config: Config, rollback: Rollback): Promise<Store> {
  if (config.DATABASE_URL !== undefined) {
    const opened = await openCheckedPostgres(config.DATABASE_URL, {
      preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    });
    rollback.add(() => opened.db.close());
    await migrateOrExplain(opened);
    return { ...opened, close: () => opened.db.close() };
  }
  const claim = claimDataDir(config.DATA_DIR);
  rollback.add(() => claim.release());
  rollback.add(() => claim.discardCreated());
  const opened = await openEmbedded(claim);
  rollback.add(() => opened.db.close());
  await migrateOrExplain(opened);
  return {
    ...opened,
    async close() {
      try {
        await opened.db.close();
      } finally {
        claim.release();
      }
    },
  };
}

/** Removes a file a failed start created (the generated secrets key). */
export function removeOnRollback(rollback: Rollback): (file: string) => void {
  return (file) => rollback.add(() => rmSync(file, { force: true }));
}
