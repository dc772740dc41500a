import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';
import { requestHook } from './hooks.js';

/** The first path (a.b.0.c) at which a string holds a NUL character, or null. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNul(inner, path === '' ? key : `${path}.${key}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function refuse(where: string, path: string): ApiError {
  return new ApiError('validation_failed', `Invalid ${where}: ${path || where} contains a NUL character.`, {
    details: [{ path, message: 'Text must not contain NUL characters.' }],
  });
}

/**
 * PostgreSQL text cannot hold NUL (U+0000): such a string would fail in the database as a 500.
 * Refused up front, in the path, the query and the body, before anything looks a record up.
 * Register before the authentication hooks so this runs first.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook(
    'onRequest',
    requestHook((request) => {
      const inParams = findNul(request.params, '');
      if (inParams !== null)
        throw new ApiError('not_found', 'No such record: the path holds a NUL character.');
      const inQuery = findNul(request.query, '');
      if (inQuery !== null) throw refuse('query', inQuery);
    }),
  );
  app.addHook(
    'preValidation',
    requestHook((request) => {
      const inBody = findNul(request.body, '');
      if (inBody !== null) throw refuse('body', inBody);
    }),
  );
}
