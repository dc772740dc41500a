/** Error codes the API answers with (the service's docs/api.md, Errors). */
export type ApiErrorCode =
  | 'unauthenticated'
  | 'csrf_failed'
  | 'insufficient_scope'
  | 'forbidden'
  | 'not_found'
  | 'route_not_found'
  | 'invalid_json'
  | 'validation_failed'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'conflict'
  | 'idempotency_conflict'
  | 'rate_limited'
  | 'internal'
  | 'unavailable';

/**
 * Codes the SDK gives when there is no API answer to read:
 * - `network_error`: the request could not be sent or its answer could not be read (DNS failure,
 *   refused or reset connection, TLS failure);
 * - `timeout`: no complete answer within `timeoutMs`;
 * - `invalid_response`: an answer that is not the API's (a 2xx that is not JSON, or an error
 *   status without the contract's error body, such as a proxy's HTML page).
 */
export type SdkErrorCode = 'network_error' | 'timeout' | 'invalid_response';

/** Known codes, open to codes a later v1 server may add. */
export type CallagentErrorCode = ApiErrorCode | SdkErrorCode | (string & {});

export interface ErrorDetail {
  path: string;
  message: string;
}

export interface CallagentErrorInit {
  code: CallagentErrorCode;
  message: string;
  /** HTTP status; 0 when there was no answer (network_error, timeout). */
  status: number;
  requestId: string | null;
  details?: readonly ErrorDetail[];
  retryAfterSeconds?: number | null;
  cause?: unknown;
}

/** Every failure of a client call: an API error answer, or a network failure. */
export class CallagentError extends Error {
  /** HTTP status of the answer; 0 when there was none (network_error, timeout). */
  readonly status: number;
  /** The contract's error code (`not_found`, `conflict`, ...) or an SDK-side code. */
  readonly code: CallagentErrorCode;
  /** The request id: from the error body, else the X-Request-Id the SDK sent. Quote it to support. */
  readonly requestId: string | null;
  /** `validation_failed` lists each problem here; empty otherwise. */
  readonly details: readonly ErrorDetail[];
  /** For 429 (and a 503 that sends it): the server's Retry-After, in seconds; null otherwise. */
  readonly retryAfterSeconds: number | null;

  constructor(init: CallagentErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'CallagentError';
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}
