import { describe, expect, it } from 'vitest';
import { afterId } from './list-page.js';
import { optional } from './optional-filter.js';

describe('optional filters', () => {
  it('writes the predicate when the value is given, and a typed test of the parameter when not', () => {
    expect(optional('working', 3, 'text', 'status = $3')).toBe('status = $3');
    expect(optional(null, 3, 'text', 'status = $3')).toBe('$3::text IS NULL');
    expect(optional(undefined, 5, 'integer', 'score >= $5')).toBe('$5::integer IS NULL');
  });

  it('counts falsy values that are not null or undefined as given', () => {
    expect(optional('', 6, 'text', 'name ILIKE $6')).toBe('name ILIKE $6');
    expect(optional(0, 5, 'integer', 'score >= $5')).toBe('score >= $5');
    expect(optional(false, 2, 'boolean', 'test = $2')).toBe('test = $2');
  });

  it('names the other parameters of a two-column cursor when it is absent', () => {
    const before = '(started_at, id) < ($6::timestamptz, $7::text)';
    const at = new Date('2026-11-25T10:00:00Z');
    expect(optional(at, 6, 'timestamptz', before, [7, 'text'])).toBe(before);
    expect(optional(null, 6, 'timestamptz', before, [7, 'text'])).toBe(
      '$6::timestamptz IS NULL AND $7::text IS NULL',
    );
  });

  it('gives a keyset page its bound only when there is a cursor', () => {
    expect(afterId('desc', 2, 'id', 'lead_0042')).toBe('id < $2');
    expect(afterId('asc', 3, 'w.id', 'ws_01')).toBe('w.id > $3');
    expect(afterId('desc', 2, 'id', null)).toBe('$2::text IS NULL');
  });
});
