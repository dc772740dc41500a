/**
 * A start that cannot go on, with the one line that says why. Everything that can stop a start
 * (configuration, the data directory, the database, the secrets key, the port) becomes one of
 * these, so the operator reads a cause instead of a stack trace.
 */
export class StartError extends Error {
  override readonly name = 'StartError';
}

// Node's errno codes, and the WASI numbers PGlite's file system reports them with
// (`ErrnoError { errno: 51 }` is a full disk).
const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a file is in the way of the directory',
  EEXIST: 'already exists',
  EISDIR: 'is a directory',
  EIO: 'input/output error',
  ENOENT: 'no such file or directory',
  EMFILE: 'too many open files',
};
const WASI_ERRNO: Record<number, string> = {
  2: 'EACCES',
  20: 'EEXIST',
  29: 'EIO',
  31: 'EISDIR',
  44: 'ENOENT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/** The errno code of a Node or PGlite file-system error, or undefined. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errno, name, cause } = error as {
    code?: unknown;
    errno?: unknown;
    name?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  if (name === 'ErrnoError' && typeof errno === 'number') return WASI_ERRNO[errno] ?? `errno ${errno}`;
  // The database layer wraps a full or read-only disk as "unavailable"; the cause has the code.
  return cause === undefined ? undefined : errnoCode(cause);
}

/** "no space left on device" for a full disk, and so on; the error's own words otherwise. */
export function describeFault(error: unknown): string {
  const code = errnoCode(error);
  if (code !== undefined) return REASONS[code] ?? code;
  return oneLine(error instanceof Error ? error.message : String(error));
}

export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, '; ').trim();
}

/** The line printed for a start that failed: a StartError's own, or the cause in a few words. */
export function startFailureLine(error: unknown): string {
  if (error instanceof StartError) return error.message;
  return `could not start: ${describeFault(error)}`;
}
