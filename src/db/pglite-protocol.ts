// The messages between the main thread and the embedded database's thread (pglite-thread.ts).

export type ToThread =
  | { kind: 'query'; id: number; sql: string; params: unknown[] | undefined; tx: number | null }
  | { kind: 'begin'; id: number }
  | { kind: 'end'; id: number; tx: number; commit: boolean }
  | { kind: 'listen'; id: number; channel: string }
  | { kind: 'close'; id: number };

/** A distributive Omit, so each message kind keeps its own fields. */
export type Request = ToThread extends infer T ? (T extends ToThread ? Omit<T, 'id'> : never) : never;

export interface ThreadError {
  name: string;
  message: string;
  /** The SQLSTATE of a database error, or the errno name of a file-system one (ENOSPC, EROFS, ...). */
  code: string | undefined;
  detail: string | undefined;
}

export type FromThread =
  | { kind: 'ready' }
  | { kind: 'failed'; error: ThreadError }
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: ThreadError }
  | { kind: 'notify'; channel: string; payload: string };

// Emscripten's errno numbers for the file-system failures an operator can fix.
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  29: 'EIO',
  51: 'ENOSPC',
  63: 'EPERM',
  69: 'EROFS',
};

/** An error as plain data (it crosses a thread boundary): its SQLSTATE or errno survives. */
export function serialiseError(error: unknown): ThreadError {
  if (!(error instanceof Error)) {
    // Emscripten's ErrnoError (a full or read-only disk while opening) is not an Error instance.
    const errno = (error as { errno?: unknown } | null)?.errno;
    const code = typeof errno === 'number' ? EMSCRIPTEN_ERRNO[errno] : undefined;
    return code === undefined
      ? { name: 'Error', message: String(error), code: undefined, detail: undefined }
      : { name: 'ErrnoError', message: `${code}: file-system error`, code, detail: undefined };
  }
  const fields = error as Error & { code?: unknown; errno?: unknown; detail?: unknown };
  const errno = typeof fields.errno === 'number' ? EMSCRIPTEN_ERRNO[fields.errno] : undefined;
  return {
    name: error.name,
    message: errno ? `${errno}: ${error.message || 'file-system error'}` : error.message,
    code: typeof fields.code === 'string' ? fields.code : errno,
    detail: typeof fields.detail === 'string' ? fields.detail : undefined,
  };
}

/** The error again on this side, with its code, so callers can tell a lost disk from a bad statement. */
export function reviveError(error: ThreadError): Error {
  const revived = new Error(error.message) as Error & { code?: string; detail?: string };
  revived.name = error.name;
  if (error.code !== undefined) revived.code = error.code;
  if (error.detail !== undefined) revived.detail = error.detail;
  return revived;
}
