import { describe, expect, it } from 'vitest';
import { callEnding } from './ending.js';

const base = { status: 'completed', endReason: 'completed', booked: false, message: null } as const;

describe('how a call ended, in the desk’s words', () => {
  it('puts what the desk acts on first: a hand-over, then a booking, then a message', () => {
    expect(callEnding({ ...base, status: 'transferred', booked: true })).toBe('transferred');
    expect(callEnding({ ...base, endReason: 'caller_hung_up', booked: true })).toBe('booked');
    const note = { kind: 'estate_agent', note: 'ring me about Mill Lane' } as const;
    expect(callEnding({ ...base, endReason: 'caller_hung_up', message: note })).toBe('message');
  });

  it('reads hang-ups, silence and callers who are not selling', () => {
    expect(callEnding({ ...base, endReason: 'connection_lost' })).toBe('hung_up');
    expect(callEnding({ ...base, endReason: 'silent_too_long' })).toBe('silence');
    expect(
      callEnding({ ...base, endReason: 'not_seller', message: { kind: 'wrong_number', note: '' } }),
    ).toBe('not_seller');
    expect(callEnding({ ...base, endReason: 'out_of_hours' })).toBe('message');
    expect(callEnding({ ...base, status: 'failed', endReason: 'busy' })).toBe('failed');
    expect(callEnding(base)).toBe('completed');
  });
});
