import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

/**
 * JSON bodies: an empty body is "no body" (so bodiless POSTs may still send the header),
 * malformed JSON is 400 invalid_json, and `__proto__`/`constructor.prototype` keys are refused.
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
      if (error) done(new ApiError('invalid_json', 'The request body is not valid JSON.'), undefined);
      else done(null, value);
    });
  });
}
