import { describe, expect, it } from 'vitest';
import {
  parseContentRange,
  parseRange,
  parseUnsatisfiedSize,
  rangeHeader,
  resolveRange,
} from './byte-range.js';

describe('byte ranges (RFC 9110)', () => {
  it('reads a single range in each of its forms', () => {
    expect(parseRange('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-')).toEqual({ start: 100, end: null });
    expect(parseRange('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseRange(' bytes=5-5 ')).toEqual({ start: 5, end: 5 });
  });

  it('ignores what it cannot serve as one range: the whole file is answered', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=-0',
      'bytes=9-1',
      'bytes=0-1,4-5',
      'items=0-5',
      'bytes=a-b',
      `bytes=0-${'9'.repeat(20)}`,
    ]) {
      expect(parseRange(header)).toBeNull();
    }
  });

  it('resolves against the size, clamping the end; past the end is unsatisfiable', () => {
    expect(resolveRange({ start: 0, end: 99 }, 1000)).toEqual({ start: 0, end: 99 });
    expect(resolveRange({ start: 900, end: 5000 }, 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveRange({ start: 10, end: null }, 1000)).toEqual({ start: 10, end: 999 });
    expect(resolveRange({ suffix: 100 }, 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveRange({ suffix: 5000 }, 1000)).toEqual({ start: 0, end: 999 });
    expect(resolveRange({ start: 1000, end: null }, 1000)).toBeNull();
    expect(resolveRange({ suffix: 1 }, 0)).toBeNull();
  });

  it('forwards a range as it was asked, and reads the answers', () => {
    expect(rangeHeader({ start: 3, end: null })).toBe('bytes=3-');
    expect(rangeHeader({ start: 3, end: 9 })).toBe('bytes=3-9');
    expect(rangeHeader({ suffix: 7 })).toBe('bytes=-7');
    expect(parseContentRange('bytes 0-99/1000')).toEqual({ start: 0, end: 99, size: 1000 });
    expect(parseContentRange('bytes */1000')).toBeNull();
    expect(parseUnsatisfiedSize('bytes */1000')).toBe(1000);
    expect(parseUnsatisfiedSize(undefined)).toBeNull();
  });
});
