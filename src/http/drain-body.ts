import type { IncomingMessage } from 'node:http';

/** Past this much, an oversized body is not read on: the connection closes under the sender. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Reads and discards what is left of a request body that will not be used (it was too large),
 * so the client has sent everything by the time the 413 goes out and reads it, instead of
 * meeting a closed connection mid-upload (EPIPE, and no answer at all). Bounded in bytes and
 * time so a sender cannot keep the socket busy for free.
 */
export function drainBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_TIMEOUT_MS);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('error', finish);
    raw.once('close', finish);
    raw.resume();
  });
}
