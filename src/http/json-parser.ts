import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

/**
 * The first path (a.b.0.c) holding a key that could reach an object's prototype: `__proto__`,
 * or `constructor` with a `prototype` inside. JSON.parse makes such keys plain own properties,
 * so walking its result is safe.
 */
function findPrototypeKey(value: unknown, path: string, depth = 0): string | null {
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = path === '' ? key : `${path}.${key}`;
    if (key === '__proto__') return here;
    if (key === 'constructor' && inner !== null && typeof inner === 'object' && 'prototype' in inner)
      return here;
    const found = findPrototypeKey(inner, here, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Valid JSON refused for a prototype key names the field, like any other unknown field. */
function explain(text: string): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return new ApiError('invalid_json', 'The request body is not valid JSON.');
  }
  const path = findPrototypeKey(parsed, '') ?? '';
  return new ApiError('validation_failed', `Invalid body: ${path} is not an allowed field name.`, {
    details: [{ path, message: 'Field names that reach an object prototype are not allowed.' }],
  });
}

/**
 * JSON bodies: an empty body is "no body" (so bodiless POSTs may still send the header),
 * malformed JSON is 400 invalid_json, and `__proto__`/`constructor.prototype` keys are 400
 * validation_failed naming the field.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(/^application\/json(;.*)?$/i, { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    strict(request, text, (error: Error | null, value?: unknown) => {
      if (error) done(explain(text), undefined);
      else done(null, value);
    });
  });
}
