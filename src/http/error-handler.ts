import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DatabaseUnavailableError } from '../db/client.js';
import { drainBody } from './drain-body.js';
import { ApiError, type ErrorDetail, errorBody } from './errors.js';

interface ValidationItem {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: unknown;
}

/** Turns validation errors into contract `details`, one per problem, unknown keys one each. */
function detailsFrom(validation: ReadonlyArray<ValidationItem>): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const v of validation) {
    const base = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const keys = (v.params as { keys?: unknown } | undefined)?.keys;
    if (v.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys) {
        details.push({
          path: base ? `${base}.${String(key)}` : String(key),
          message: `Unknown field "${String(key)}".`,
        });
      }
      continue;
    }
    details.push({ path: base, message: v.message ?? 'Invalid value.' });
  }
  return details;
}

/** Seconds a client should wait before retrying a request that met a lost database connection. */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

/** The contract's error for `error`, or null for a fault of our own (answered as 500 internal). */
export function toApiError(error: FastifyError | ApiError | Error): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof DatabaseUnavailableError)
    return new ApiError('unavailable', 'The service cannot reach its database just now; try again shortly.', {
      headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S) },
    });
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where =
      error.validationContext === 'body'
        ? 'body'
        : error.validationContext === 'querystring'
          ? 'query'
          : 'path';
    const details = detailsFrom(error.validation);
    const first = details[0];
    const message = first
      ? `Invalid ${where}: ${first.path ? `${first.path}: ` : ''}${first.message}`
      : `Invalid ${where}.`;
    return new ApiError('validation_failed', message, { details });
  }
  if (isResponseSerializationError(error)) return null;
  const fe = error as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 'The request body is larger than 1 MiB.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiError(
        'unsupported_media_type',
        'Send the body as JSON with Content-Type: application/json.',
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_json', 'The request body is not valid JSON.');
  }
  const status = fe.statusCode ?? 500;
  if (status === 413) return new ApiError('payload_too_large', 'The request body is too large.');
  if (status === 415)
    return new ApiError(
      'unsupported_media_type',
      'Send the body as JSON with Content-Type: application/json.',
    );
  if (status === 429) return new ApiError('rate_limited', 'Too many requests.');
  if (status === 400) return new ApiError('validation_failed', 'The request is malformed.');
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    async (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
      const apiError = toApiError(error);
      if (apiError) {
        if (error instanceof DatabaseUnavailableError)
          request.log.warn({ err: error.message }, 'database unavailable');
        if (apiError.code === 'payload_too_large') await drainBody(request.raw);
        for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
        return reply.code(apiError.status).send(errorBody(apiError, request.id));
      }
      // Only the log sees what went wrong; the body says nothing an attacker could use.
      request.log.error({ err: error }, 'unexpected fault');
      return reply
        .code(500)
        .send(errorBody(new ApiError('internal', 'Something went wrong on our side.'), request.id));
    },
  );

  app.setNotFoundHandler((request, reply) => {
    const err = new ApiError('route_not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
    return reply.code(404).send(errorBody(err, request.id));
  });
}

/**
 * Errors the router raises before any hook runs (an over-long path parameter, a URL that does not
 * decode) still answer in the contract's body. A parameter too long to be an id names no record.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const apiError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError('not_found', 'No such record: the id in the path is too long to be one.')
      : new ApiError('validation_failed', 'The request URL is malformed.');
  reply.header('X-Request-Id', request.id);
  if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  void reply.code(apiError.status).send(errorBody(apiError, request.id));
}
