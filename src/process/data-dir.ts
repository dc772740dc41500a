import { accessSync, constants, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock.js';
import { describeFault, errnoCode, StartError } from './start-error.js';

export interface DataDirClaim {
  /** The absolute path, as messages name it. */
  dir: string;
  /** Gives the directory back to the next process (removes the lock file). */
  release(): void;
  /** A failed start calls this: whatever this start created in the directory goes again. */
  discardCreated(): void;
  /** Remembers something this start created, so that discardCreated removes it. */
  created(path: string): void;
}

/** Why `dir` cannot be made: the nearest existing parent that refuses writes says it best. */
function whyNotCreated(dir: string, error: unknown): string {
  let parent = dirname(dir);
  while (!existsSync(parent) && parent !== dirname(parent)) parent = dirname(parent);
  try {
    accessSync(parent, constants.W_OK);
  } catch (denied) {
    return `${parent}: ${describeFault(denied)}`;
  }
  return describeFault(error);
}

function makeDir(dir: string): string | undefined {
  try {
    return mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new StartError(`DATA_DIR ${dir} cannot be created: ${whyNotCreated(dir, error)}`);
  }
}

/**
 * Makes DATA_DIR ready for this process before anything is written: it exists (created when
 * missing), it is a directory, it is writable, and no other callagent holds it. Each problem is
 * one line naming the directory.
 */
export function claimDataDir(configured: string): DataDirClaim {
  const dir = resolve(configured);
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new StartError(`DATA_DIR ${dir} is not a directory`);
  }
  const made: string[] = [];
  const first = makeDir(dir);
  if (first !== undefined) made.push(first);
  let unlock: () => void;
  try {
    unlock = lockDataDir(dir);
  } catch (error) {
    for (const path of made) rmSync(path, { recursive: true, force: true });
    if (error instanceof DataDirInUseError) throw new StartError(error.message);
    const code = errnoCode(error);
    const why =
      code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'is not writable' : 'cannot be used';
    throw new StartError(`DATA_DIR ${dir} ${why}: ${describeFault(error)}`);
  }
  return {
    dir,
    release: unlock,
    created: (path) => {
      made.push(path);
    },
    discardCreated() {
      for (const path of made.reverse()) rmSync(path, { recursive: true, force: true });
      made.length = 0;
    },
  };
}
