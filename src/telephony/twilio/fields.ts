import type { z } from 'zod';
import type { CallerInput } from '../../dialog/engine/index.js';
import { ApiError } from '../../http/errors.js';

/** Twilio's fields, read by a schema at the edge; a post missing what Twilio always sends is 400. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  throw new ApiError('validation_failed', `Invalid body: ${path}: ${issue?.message ?? 'invalid value'}`, {
    details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

/**
 * What a <Gather> heard. Empty speech is silence (actionOnEmptyResult posts it too), so the
 * engine decides when silence has gone on long enough.
 */
export function gatheredInput(fields: Record<string, string>): CallerInput {
  const text = (fields.SpeechResult ?? '').trim();
  if (text !== '') {
    const confidence = Number.parseFloat(fields.Confidence ?? '');
    return Number.isFinite(confidence) && confidence >= 0 && confidence <= 1
      ? { kind: 'speech', text, confidence }
      : { kind: 'speech', text };
  }
  const digits = (fields.Digits ?? '').trim();
  if (/^[0-9*#]+$/.test(digits)) return { kind: 'dtmf', digits };
  return { kind: 'silence' };
}
