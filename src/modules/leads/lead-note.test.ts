import { describe, expect, it } from 'vitest';
import { capNote, mergeCallNote, NOTE_CUT } from './lead-note.js';
import { LEAD_NOTE_MAX } from './leads.schemas.js';

const DESK = 'Spoke 12/11, wants 260k, call after 5pm';
const ARREARS = 'Mortgage arrears: 4 months';
const FULLER = 'Mortgage arrears: 4 months. Service charge: £1,200 a year';

describe('mergeCallNote', () => {
  it('gives an empty note the call’s note whole', () => {
    expect(mergeCallNote(null, null, ARREARS)).toBe(ARREARS);
    expect(mergeCallNote('', null, ARREARS)).toBe(ARREARS);
    expect(mergeCallNote('  \n', ARREARS, FULLER)).toBe(FULLER);
  });

  it('replaces a note that is still exactly what this call wrote', () => {
    expect(mergeCallNote(ARREARS, ARREARS, FULLER)).toBe(FULLER);
  });

  it('keeps the desk’s note and adds the call’s as a paragraph of its own', () => {
    expect(mergeCallNote(DESK, null, ARREARS)).toBe(`${DESK}\n\n${ARREARS}`);
  });

  it('replaces this call’s paragraph rather than adding another', () => {
    const once = mergeCallNote(DESK, null, ARREARS);
    const twice = mergeCallNote(once, ARREARS, FULLER);
    expect(twice).toBe(`${DESK}\n\n${FULLER}`);
    expect(mergeCallNote(twice, FULLER, `${FULLER}. Called from +447700900123.`)).toBe(
      `${DESK}\n\n${FULLER}. Called from +447700900123.`,
    );
  });

  it('replaces the last occurrence of this call’s text, leaving what the desk wrote around it', () => {
    const edited = `${ARREARS}\n\n${DESK}\n\n${ARREARS} (checked with the lender)`;
    expect(mergeCallNote(edited, ARREARS, FULLER)).toBe(
      `${ARREARS}\n\n${DESK}\n\n${FULLER} (checked with the lender)`,
    );
  });

  it('adds a second call’s note as a second paragraph', () => {
    const first = mergeCallNote(DESK, null, ARREARS);
    expect(mergeCallNote(first, null, 'Asking price range: £200,000 to £220,000')).toBe(
      `${DESK}\n\n${ARREARS}\n\nAsking price range: £200,000 to £220,000`,
    );
  });

  it('adds this call’s note as a new paragraph when the desk rewrote what it wrote before', () => {
    expect(mergeCallNote(DESK, ARREARS, FULLER)).toBe(`${DESK}\n\n${FULLER}`);
  });

  it('leaves a note that already says what the call would add', () => {
    const both = `${DESK}\n\n${ARREARS}`;
    expect(mergeCallNote(both, null, ARREARS)).toBe(both);
    expect(mergeCallNote(both, 'Wrong number', ARREARS)).toBe(both);
  });

  it('stays within the limit by dropping the oldest text, marked with an ellipsis', () => {
    const long = 'x'.repeat(LEAD_NOTE_MAX - 10);
    const merged = mergeCallNote(long, null, ARREARS);
    expect(merged).toHaveLength(LEAD_NOTE_MAX);
    expect(merged.startsWith(NOTE_CUT)).toBe(true);
    expect(merged.endsWith(`x\n\n${ARREARS}`)).toBe(true);
    // A replacement that grows past the limit is cut the same way.
    expect(mergeCallNote(`${long}\n\n${ARREARS}`, ARREARS, FULLER)).toBe(
      `${NOTE_CUT}${'x'.repeat(LEAD_NOTE_MAX - 3 - FULLER.length)}\n\n${FULLER}`,
    );
  });

  it('keeps a short note as it is', () => {
    expect(mergeCallNote(DESK, null, ARREARS, 100)).toBe(`${DESK}\n\n${ARREARS}`);
  });
});

describe('capNote', () => {
  it('keeps a note within the limit untouched', () => {
    expect(capNote('abc', 3)).toBe('abc');
  });

  it('keeps the newest end, without leading blank space or half a character', () => {
    expect(capNote('first\n\nsecond', 8)).toBe(`${NOTE_CUT}second`);
    expect(capNote('old 😀new', 5)).toBe(`${NOTE_CUT}new`);
  });
});
