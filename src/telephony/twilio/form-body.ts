import type { FastifyInstance } from 'fastify';

/** Twilio's posts are a few hundred bytes; anything near this is not from Twilio. */
export const TWILIO_BODY_LIMIT = 32 * 1024;

/** A form body as Twilio signs it: a key sent twice keeps both values. */
export type FormBody = Record<string, string | string[]>;

/**
 * Twilio posts application/x-www-form-urlencoded. The parser is added to the telephony scope
 * only, with the scope's JSON parser removed, so the JSON API keeps answering a form with 415
 * and the telephony routes take nothing but forms.
 */
export function registerFormParser(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: TWILIO_BODY_LIMIT },
    (_request, body, done) => {
      done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8')));
    },
  );
}

export function parseForm(text: string): FormBody {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(text)) {
    const values = grouped.get(key);
    if (values) values.push(value);
    else grouped.set(key, [value]);
  }
  // fromEntries defines own properties, so a key named __proto__ stays a plain field.
  return Object.fromEntries(
    [...grouped].map(([key, values]) => [key, values.length === 1 ? (values[0] ?? '') : values]),
  );
}

/** The single-valued fields, for reading; the signature is checked over the body as sent. */
export function singleValued(body: FormBody): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
