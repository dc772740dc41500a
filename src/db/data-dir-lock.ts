import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class DataDirInUseError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is one process's: a second process opening the same directory would
 * not see the first one's writes and could corrupt the files. A lock file holding the owner's
 * pid keeps it to one; a lock left by a process that died is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}/callagent.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, String(process.pid));
      } catch (error) {
        // A full disk can take the file but not its pid: leave no empty lock behind.
        rmSync(file, { force: true });
        throw error;
      } finally {
        closeSync(fd);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) {
        throw new DataDirInUseError(
          `the embedded database in ${dir} is in use by another callagent process (pid ${pid}); stop it first, or use DATABASE_URL to share a PostgreSQL database`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirInUseError(`could not lock the embedded database in ${dir}`);
}
