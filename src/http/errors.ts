import { z } from 'zod';

/**
 * Every error code the API answers with, and its status (docs/api.md, Errors).
 * The table is the only place a status is chosen for an error.
 */
export const ERROR_STATUS = {
  /** No credentials, unknown or revoked key, expired or signed-out session. */
  unauthenticated: 401,
  /** Cookie session, state-changing method, X-CSRF-Token missing or not this session's, or a foreign Origin. */
  csrf_failed: 403,
  /** Bearer key lacks the scope for the operation; the message names the scope. */
  insufficient_scope: 403,
  /** The session user's role (or a key's creator's role) does not allow the operation. */
  forbidden: 403,
  /** Record of another workspace, or no such record. Never 403. */
  not_found: 404,
  /** No route for this method and path. */
  route_not_found: 404,
  /** The body is not valid JSON. */
  invalid_json: 400,
  /** Schema violation or bad query parameter; `details` lists each problem. */
  validation_failed: 400,
  /** A body without Content-Type: application/json. */
  unsupported_media_type: 415,
  /** Body over 1 MiB. */
  payload_too_large: 413,
  /** The request conflicts with the current state (duplicate, publish without change, ...). */
  conflict: 409,
  /** Same X-Request-Id, different body. */
  idempotency_conflict: 409,
  /** Too many requests; see Retry-After. */
  rate_limited: 429,
  /** A Range the resource cannot satisfy (past its end); Content-Range gives its size. */
  range_not_satisfiable: 416,
  /** Unexpected fault: nothing more is said. */
  internal: 500,
  /** A service the answer depends on (Twilio, for a recording's audio) failed or did not answer in time. */
  upstream_failed: 502,
  /** The database is unreachable or the connection was lost mid-request; see Retry-After. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

export function notFound(what: string, id: string): ApiError {
  return new ApiError('not_found', `No ${what} ${id.slice(0, 100)} in this workspace.`);
}

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      request_id: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

export function errorBody(error: ApiError, requestId: string): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      request_id: requestId,
      ...(error.details ? { details: error.details } : {}),
    },
  };
}
