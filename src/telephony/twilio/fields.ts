import type { z } from 'zod';
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
