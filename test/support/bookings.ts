/** A minimal iCalendar reader for tests: unfolds, splits properties and unescapes TEXT. */

export interface ParsedCalendar {
  /** Physical lines as sent, without their CRLF. */
  physical: string[];
  /** Properties of the VCALENDAR itself. */
  calendar: Map<string, string>;
  events: Map<string, string>[];
}

export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

export function parseCalendar(text: string): ParsedCalendar {
  if (!text.endsWith('\r\n')) throw new Error('calendar does not end with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    if (line.includes('\n') || line.includes('\r'))
      throw new Error(`bare line break in ${JSON.stringify(line)}`);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ')) logical[logical.length - 1] += line.slice(1);
    else logical.push(line);
  }
  const calendar = new Map<string, string>();
  const events: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  for (const line of logical) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (name === 'BEGIN' && value === 'VEVENT') {
      current = new Map();
      events.push(current);
    } else if (name === 'END' && value === 'VEVENT') {
      current = null;
    } else {
      (current ?? calendar).set(name, value);
    }
  }
  return { physical, calendar, events };
}
