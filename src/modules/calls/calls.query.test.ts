import { describe, expect, it } from 'vitest';
import { CallListQuery } from './calls.query.js';

describe('the calls list query', () => {
  it('turns from into E.164 and timestamps into instants, with the list defaults', () => {
    expect(
      CallListQuery.parse({
        from: '07700 900123',
        since: '2026-11-21T09:30:00Z',
        until: '2026-11-21T10:30:00+01:00',
      }),
    ).toEqual({
      limit: 50,
      order: 'desc',
      test: 'exclude',
      from: '+447700900123',
      since: new Date('2026-11-21T09:30:00Z'),
      until: new Date('2026-11-21T09:30:00Z'),
    });
  });

  it.each([
    [{ from: 'not a phone' }, 'from'],
    [{ since: 'yesterday' }, 'since'],
    [{ until: '2026-11-21' }, 'until'],
    [{ status: 'ringing' }, 'status'],
    [{ caller: '07700 900123' }, ''],
  ])('refuses %j at %s', (query, path) => {
    const result = CallListQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});
