import { CallagentError, type ErrorDetail } from './errors.js';

/** The subset of `fetch` the client uses; the global fetch fits. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Per-call options every method accepts as its last argument. */
export interface RequestOptions {
  /**
   * Sent as X-Request-Id (1 to 128 characters of `A-Z a-z 0-9 . _ : -`); generated when absent.
   * Every attempt of one call sends the same id, so the server replays a POST it already acted on
   * instead of acting twice. Reuse an id across calls only to repeat the same request on purpose.
   */
  requestId?: string;
  /** Cancels the call (and its retries); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call (each attempt). */
  timeoutMs?: number;
}

export type QueryValue = string | number | boolean | Date | null | undefined;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: Method;
  path: string;
  query?: object | undefined;
  body?: unknown;
  /** How to read a 2xx answer: JSON (default), text (the calendar feed) or nothing (204). */
  expect?: 'json' | 'text' | 'empty';
  options?: RequestOptions | undefined;
}

export interface TransportConfig {
  baseUrl: string;
  /** A server's API key; null for a browser's session (the cookie travels by itself). */
  apiKey: string | null;
  /** A session's CSRF token, read at each change (POST, PUT, PATCH, DELETE); key clients have none. */
  csrfToken?: () => string | null;
  /** `include` sends the session cookie; key clients omit it. */
  credentials?: 'include' | 'same-origin' | 'omit';
  fetch: FetchLike;
  timeoutMs: number;
  maxRetries: number;
  /** null: leave User-Agent to the runtime (browsers do not let pages set it). */
  userAgent: string | null;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterSeconds: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

export type Transport = <T>(request: HttpRequest) => Promise<T>;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** `sdk_` and 32 hex digits from the platform's CSPRNG (Node 20 and browsers both have it). */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `sdk_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const UNSAFE_METHODS = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The headers that say who is asking: a key, or a session's CSRF token on changes. */
export function credentialHeaders(config: TransportConfig, method: Method): Record<string, string> {
  const headers: Record<string, string> = {};
  if (config.apiKey !== null) headers.Authorization = `Bearer ${config.apiKey}`;
  const csrf = UNSAFE_METHODS.has(method) ? (config.csrfToken?.() ?? null) : null;
  if (csrf !== null) headers['X-CSRF-Token'] = csrf;
  if (config.userAgent !== null) headers['User-Agent'] = config.userAgent;
  return headers;
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function queryString(query: object | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, QueryValue][]) {
    if (value === undefined || value === null) continue;
    params.append(key, value instanceof Date ? value.toISOString() : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Retry-After is seconds or an HTTP date; answers whole seconds from now, or null. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

interface ErrorBodyShape {
  error?: { code?: unknown; message?: unknown; request_id?: unknown; details?: unknown };
}

function isDetail(value: unknown): value is ErrorDetail {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.path === 'string' && typeof v.message === 'string';
}

export function errorFromAnswer(
  request: HttpRequest,
  status: number,
  text: string,
  headers: Headers,
  sentRequestId: string,
): CallagentError {
  const retryAfterSeconds = parseRetryAfter(headers.get('retry-after'), Date.now());
  const headerRequestId = headers.get('x-request-id');
  let body: ErrorBodyShape | null = null;
  try {
    body = JSON.parse(text) as ErrorBodyShape;
  } catch {
    body = null;
  }
  const error = typeof body === 'object' && body !== null ? body.error : undefined;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new CallagentError({
      status,
      code: error.code,
      message: error.message,
      requestId: typeof error.request_id === 'string' ? error.request_id : (headerRequestId ?? sentRequestId),
      details: Array.isArray(error.details) ? error.details.filter(isDetail) : [],
      retryAfterSeconds,
    });
  }
  const location = status >= 300 && status < 400 ? headers.get('location') : null;
  return new CallagentError({
    status,
    code: 'invalid_response',
    message:
      location === null
        ? `${request.method} ${request.path} answered HTTP ${status} without an API error body.`
        : `${request.method} ${request.path} answered a redirect (HTTP ${status}) to ${location}; redirects are not followed: set baseUrl to the API's own address.`,
    requestId: headerRequestId ?? sentRequestId,
    retryAfterSeconds,
  });
}

/** Transient: no answer, rate limited, or a fault on the server's side. */
function isTransient(error: CallagentError): boolean {
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** The attempt may have acted without us hearing the answer. */
function outcomeUnknown(error: CallagentError): boolean {
  return error.status === 0 || error.status >= 500;
}

/**
 * Builds the function every resource method calls. The API key lives only in this closure: it is
 * never a property of an object the caller can print.
 */
export function createTransport(config: TransportConfig): Transport {
  async function attempt(
    request: HttpRequest,
    url: string,
    requestId: string,
  ): Promise<{ ok: true; value: unknown } | { ok: false; error: CallagentError }> {
    const timeoutMs = request.options?.timeoutMs ?? config.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const callerSignal = request.options?.signal;
    const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
    const expect = request.expect ?? 'json';
    const headers: Record<string, string> = {
      ...credentialHeaders(config, request.method),
      Accept:
        expect === 'text'
          ? 'text/calendar, text/csv, text/plain;q=0.9, application/json;q=0.5'
          : 'application/json',
      'X-Request-Id': requestId,
    };
    const init: RequestInit = { method: request.method, headers, signal, redirect: 'manual' };
    if (config.credentials !== undefined) init.credentials = config.credentials;
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }

    let status: number;
    let text: string;
    let responseHeaders: Headers;
    try {
      const response = await config.fetch(url, init);
      status = response.status;
      responseHeaders = response.headers;
      text = await response.text();
    } catch (cause) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      const timedOut = timeout.aborted;
      return {
        ok: false,
        error: new CallagentError({
          status: 0,
          code: timedOut ? 'timeout' : 'network_error',
          message: timedOut
            ? `${request.method} ${request.path}: no answer within ${timeoutMs} ms.`
            : `${request.method} ${request.path}: the request failed before an answer was read (${describe(cause)}).`,
          requestId,
          cause,
        }),
      };
    }

    if (status < 200 || status > 299) {
      return { ok: false, error: errorFromAnswer(request, status, text, responseHeaders, requestId) };
    }
    if (expect === 'empty' || status === 204) return { ok: true, value: undefined };
    if (expect === 'text') return { ok: true, value: text };
    try {
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch (cause) {
      throw new CallagentError({
        status,
        code: 'invalid_response',
        message: `${request.method} ${request.path} answered HTTP ${status} with a body that is not JSON.`,
        requestId: responseHeaders.get('x-request-id') ?? requestId,
        cause,
      });
    }
  }

  function delayBefore(retry: number, error: CallagentError): number | null {
    const backoff = Math.min(config.maxDelayMs, config.baseDelayMs * 2 ** retry);
    // "Equal jitter": between half and all of the backoff, so clients that failed together spread out.
    const jittered = backoff / 2 + config.random() * (backoff / 2);
    const asked = error.retryAfterSeconds;
    if (asked === null) return jittered;
    if (asked > config.maxRetryAfterSeconds) return null;
    return Math.max(asked * 1000, jittered);
  }

  return async function send<T>(request: HttpRequest): Promise<T> {
    const requestId = request.options?.requestId ?? newRequestId();
    if (!REQUEST_ID.test(requestId)) {
      throw new TypeError('requestId must be 1 to 128 characters of A-Z a-z 0-9 . _ : -');
    }
    const url = `${config.baseUrl}${request.path}${queryString(request.query)}`;
    let unknownOutcome = false;
    for (let retry = 0; ; retry++) {
      const result = await attempt(request, url, requestId);
      if (result.ok) return result.value as T;
      const { error } = result;
      // A DELETE whose earlier attempt may have landed finds nothing left to delete: done.
      if (
        request.method === 'DELETE' &&
        unknownOutcome &&
        error.status === 404 &&
        error.code === 'not_found'
      ) {
        return undefined as T;
      }
      // A POST retried while its first attempt is still running is refused as in progress; the
      // same id later gets the first answer replayed, so waiting and asking again is safe.
      const inProgress = unknownOutcome && error.code === 'idempotency_conflict';
      if (!(isTransient(error) || inProgress) || retry >= config.maxRetries) throw error;
      const delay = delayBefore(retry, error);
      if (delay === null) throw error;
      unknownOutcome ||= outcomeUnknown(error);
      await config.sleep(delay, request.options?.signal);
    }
  };
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as Error & { cause?: unknown }).cause;
  const code =
    typeof inner === 'object' && inner !== null && 'code' in inner
      ? String((inner as { code: unknown }).code)
      : '';
  return code ? `${cause.message}: ${code}` : cause.message;
}
