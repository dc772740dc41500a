import { CallagentError, createSessionClient } from '@callagent/sdk';

/**
 * The console's one API client: the project's own SDK in session mode. The cookie is HttpOnly,
 * the CSRF token lives in the client's closure, and nothing is written to browser storage.
 */
export const api = createSessionClient({ baseUrl: window.location.origin, maxRetries: 1 });

export function isApiError(error: unknown, ...codes: string[]): error is CallagentError {
  return error instanceof CallagentError && (codes.length === 0 || codes.includes(error.code));
}
