import { describe, expect, it } from 'vitest';
import { parseCalendar, unescapeText } from '../../../test/support/bookings.js';
import { type CalendarEvent, escapeText, foldLine, formatUtc, renderCalendar } from './ical.js';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');

function anEvent(over: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    uid: 'bk_01@callagent',
    stamp: new Date('2026-11-20T10:00:00.000Z'),
    created: new Date('2026-11-20T09:00:00.000Z'),
    start: new Date('2026-11-24T09:00:00.000Z'),
    end: new Date('2026-11-24T09:15:00.000Z'),
    summary: 'Callback: Sam Smith',
    description: 'Phone: +447700900123',
    ...over,
  };
}

describe('iCalendar values', () => {
  it('writes UTC date-times in the Z form', () => {
    expect(formatUtc(new Date('2026-10-25T01:30:05.123Z'))).toBe('20261025T013005Z');
  });

  it.each([
    ['a, b; c', 'a\\, b\\; c'],
    ['back\\slash', 'back\\\\slash'],
    ['one\ntwo\r\nthree\rfour', 'one\\ntwo\\nthree\\nfour'],
    ['tab\tkept, bell\u0007 dropped', 'tab\tkept\\, bell dropped'],
    ['£250,000 café', '£250\\,000 café'],
  ])('escapes %j', (raw, escaped) => {
    expect(escapeText(raw)).toBe(escaped);
    expect(unescapeText(escaped)).toBe(raw.replace(/\r\n|\r/g, '\n').replace('\u0007', ''));
  });
});

describe('folding', () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('keeps every physical line within 75 octets, spaces included, and unfolds to the original', () => {
    const line = `DESCRIPTION:${'A long note, with commas; '.repeat(20)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(5);
    for (const p of parts) expect(octets(p)).toBeLessThanOrEqual(75);
    for (const p of parts.slice(1)) expect(p.startsWith(' ')).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });

  it('never splits a multi-byte character', () => {
    const line = `SUMMARY:${'é€😀'.repeat(40)}`;
    const parts = foldLine(line).split('\r\n');
    for (const p of parts) {
      expect(octets(p)).toBeLessThanOrEqual(75);
      expect(p).not.toContain('\uFFFD');
      expect(Buffer.from(p, 'utf8').toString('utf8')).toBe(p);
    }
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });
});

describe('renderCalendar', () => {
  it('writes a VCALENDAR with CRLF line endings that reads back', () => {
    const note = 'Ring after 6pm; ask for Sam, not Jo.\nGate code: 1234\\A';
    const text = renderCalendar('callagent bookings', [
      anEvent({ description: `Phone: +447700900123\n${note}` }),
      anEvent({ uid: 'bk_02@callagent', summary: 'Viewing: Priya Patel' }),
    ]);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const cal = parseCalendar(text);
    expect(cal.physical[0]).toBe('BEGIN:VCALENDAR');
    expect(cal.physical.at(-1)).toBe('END:VCALENDAR');
    expect(cal.calendar.get('VERSION')).toBe('2.0');
    expect(cal.calendar.get('PRODID')).toBeTruthy();
    expect(cal.events).toHaveLength(2);
    const [first, second] = cal.events;
    expect(first?.get('UID')).toBe('bk_01@callagent');
    expect(first?.get('DTSTAMP')).toBe('20261120T100000Z');
    expect(first?.get('DTSTART')).toBe('20261124T090000Z');
    expect(first?.get('DTEND')).toBe('20261124T091500Z');
    expect(first?.get('SUMMARY')).toBe('Callback: Sam Smith');
    expect(unescapeText(first?.get('DESCRIPTION') ?? '')).toBe(`Phone: +447700900123\n${note}`);
    expect(second?.get('SUMMARY')).toBe('Viewing: Priya Patel');
  });

  it('writes an empty calendar when there are no bookings', () => {
    const cal = parseCalendar(renderCalendar('x', []));
    expect(cal.events).toEqual([]);
    expect(cal.physical[0]).toBe('BEGIN:VCALENDAR');
  });
});
