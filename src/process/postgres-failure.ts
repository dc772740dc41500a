import { DatabaseUnavailableError } from '../db/client.js';
import { oneLine } from './start-error.js';

/** host:port/database of a DATABASE_URL, never its password. */
export function postgresPlace(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || '5432'}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return 'DATABASE_URL';
  }
}

function userOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).username) || 'the default user';
  } catch {
    return 'the configured user';
  }
}

/**
 * Why PostgreSQL could not be used, in the words an operator acts on. node-postgres reports
 * socket failures by errno, server refusals by SQLSTATE, and a few things only in prose.
 */
export function describePostgresFailure(url: string, error: unknown): string {
  const place = postgresPlace(url);
  // The database layer wraps a lost or refused connection; the cause has the errno.
  const cause = error instanceof DatabaseUnavailableError ? error.cause : error;
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? oneLine(message) : String(cause);
  switch (code) {
    case 'ECONNREFUSED':
      return `PostgreSQL at ${place} refused the connection: is it running, and are DATABASE_URL's host and port right?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `PostgreSQL host in DATABASE_URL (${place}) cannot be resolved`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `PostgreSQL at ${place} cannot be reached (${code})`;
    case '28P01':
      return `PostgreSQL at ${place} rejected the password of user ${userOf(url)}`;
    case '28000':
      return `PostgreSQL at ${place} refused user ${userOf(url)}: ${text}`;
    case '3D000':
      return `PostgreSQL at ${place}: ${text}`;
    case '53300':
      return `PostgreSQL at ${place} has no connection to spare (too many clients)`;
  }
  if (/timeout exceeded when trying to connect/i.test(text)) {
    return `PostgreSQL at ${place} did not answer within 5 s`;
  }
  if (/SASL|password must be a string/i.test(text)) {
    return `PostgreSQL at ${place} asks user ${userOf(url)} for a password and DATABASE_URL has none`;
  }
  if (cause instanceof TypeError && /URL/i.test(text)) {
    return 'Invalid DATABASE_URL: not a URL such as postgres://user:password@host:5432/callagent';
  }
  return `PostgreSQL at ${place} cannot be used: ${text}`;
}
