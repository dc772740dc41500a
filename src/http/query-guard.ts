import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';
import { requestHook } from './hooks.js';

/** The name of the first query parameter whose percent-encoding does not decode, or null. */
export function findMalformedParameter(url: string): string | null {
  const at = url.indexOf('?');
  if (at === -1) return null;
  for (const pair of url.slice(at + 1).split('&')) {
    const [rawName = '', ...rest] = pair.split('=');
    const rawValue = rest.join('=');
    const decode = (text: string) => decodeURIComponent(text.replaceAll('+', ' '));
    let name: string;
    try {
      name = decode(rawName);
    } catch {
      return rawName;
    }
    try {
      decode(rawValue);
    } catch {
      return name;
    }
  }
  return null;
}

/**
 * A query string whose percent-encoding is malformed (`?q=%E0%A4%A`) is refused with 400
 * naming the parameter: the parser would otherwise pass the raw text on as if it were meant.
 */
export function registerQueryGuard(app: FastifyInstance): void {
  app.addHook(
    'onRequest',
    requestHook((request) => {
      const name = findMalformedParameter(request.url);
      if (name === null) return;
      throw new ApiError('validation_failed', `Invalid query: ${name} is not valid percent-encoding.`, {
        details: [{ path: name, message: 'Malformed percent-encoding.' }],
      });
    }),
  );
}
