/**
 * A minimal RFC 5545 writer for the bookings feed: one VCALENDAR of VEVENTs in UTC, CRLF line
 * endings, lines folded at 75 octets, TEXT values escaped. Pure, so it is tested on its own.
 */

export interface CalendarEvent {
  uid: string;
  /** DTSTAMP and LAST-MODIFIED: when the booking last changed, so the feed is stable between changes. */
  stamp: Date;
  created: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string;
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** 2026-10-25T09:00:00.000Z → 20261025T090000Z (the UTC "form #2" of RFC 5545 3.3.5). */
export function formatUtc(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** TEXT escaping (RFC 5545 3.3.11); other control characters are not allowed in TEXT and are dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .split('')
    .filter((c) => c === '\t' || (c >= ' ' && c !== '\u007f'))
    .join('');
}

/**
 * Folds a content line so no physical line exceeds 75 octets of UTF-8 (RFC 5545 3.1). A fold is
 * CRLF plus one space, and never splits a multi-byte character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function eventLines(e: CalendarEvent): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(e.uid)}`,
    `DTSTAMP:${formatUtc(e.stamp)}`,
    `CREATED:${formatUtc(e.created)}`,
    `LAST-MODIFIED:${formatUtc(e.stamp)}`,
    `DTSTART:${formatUtc(e.start)}`,
    `DTEND:${formatUtc(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

export function renderCalendar(name: string, events: readonly CalendarEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//callagent//bookings//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeText(name)}`,
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
